import { describe, expect, it } from 'vitest';
import {
  atLeast,
  between,
  ConfigException,
  convertToString,
  define,
  NO_DEFAULT_VALUE,
  parseConfigs,
  parseType,
  parseValue,
  validList,
  validString,
} from '../../../src-main/core/common/config-def';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigException) return e.message;
    throw e;
  }
  throw new Error('expected a ConfigException');
}

describe('ConfigDef.parseType', () => {
  it('parses each type from a trimmed string', () => {
    expect(parseType('x', ' TRUE ', 'BOOLEAN')).toBe(true);
    expect(parseType('x', ' 7 ', 'INT')).toBe(7);
    expect(parseType('x', '7', 'SHORT')).toBe(7);
    expect(parseType('x', '9223372036854775807', 'LONG')).toBe(9223372036854775807n);
    expect(parseType('x', '0.25', 'DOUBLE')).toBe(0.25);
    expect(parseType('x', ' a , b,c ', 'LIST')).toEqual(['a', 'b', 'c']);
    expect(parseType('x', 'a,,', 'LIST')).toEqual(['a', '', '']);
    expect(parseType('x', '  ', 'LIST')).toEqual([]);
    expect(parseType('x', ' s ', 'STRING')).toBe('s');
  });

  it('reports a bad number as "Not a number of type X" with the value as given', () => {
    expect(messageOf(() => parseType('x', ' 1.5 ', 'INT'))).toBe('Invalid value  1.5  for configuration x: Not a number of type INT');
    expect(messageOf(() => parseType('x', 'big', 'LONG'))).toBe('Invalid value big for configuration x: Not a number of type LONG');
    expect(messageOf(() => parseType('x', 'maybe', 'BOOLEAN'))).toBe(
      'Invalid value maybe for configuration x: Expected value to be either true or false',
    );
  });
});

describe('validators', () => {
  it('Range prints its bounds and the parsed value', () => {
    expect(atLeast(1).description).toBe('[1,...]');
    expect(between(0, 1).description).toBe('[0,...,1]');
    expect(messageOf(() => atLeast(1).ensureValid('n', 0, 'INT'))).toBe('Invalid value 0 for configuration n: Value must be at least 1');
    expect(messageOf(() => between(0, 1).ensureValid('r', 1.5, 'DOUBLE'))).toBe(
      'Invalid value 1.5 for configuration r: Value must be no more than 1',
    );
    expect(messageOf(() => atLeast(0).ensureValid('l', -1n, 'LONG'))).toBe(
      'Invalid value -1 for configuration l: Value must be at least 0',
    );
    expect(messageOf(() => atLeast(0).ensureValid('l', null, 'LONG'))).toBe(
      'Invalid value null for configuration l: Value must be non-null',
    );
  });

  it('ValidString and ValidList match exactly', () => {
    expect(validString('a', 'b').description).toBe('[a, b]');
    expect(messageOf(() => validString('a', 'b').ensureValid('s', 'A', 'STRING'))).toBe(
      'Invalid value A for configuration s: String must be one of: a, b',
    );
    expect(() => validList('a', 'b').ensureValid('l', ['a', 'b'], 'LIST')).not.toThrow();
    expect(messageOf(() => validList('a', 'b').ensureValid('l', ['a', 'c'], 'LIST'))).toBe(
      'Invalid value c for configuration l: String must be one of: a, b',
    );
  });
});

describe('parseValue / parseConfigs', () => {
  const keys = [
    define('a', 'INT', 1, atLeast(1), 'HIGH', ''),
    define('b', 'STRING', NO_DEFAULT_VALUE, null, 'LOW', ''),
    define('c', 'LONG', null, null, 'LOW', ''),
  ];

  it('takes the default when a key is absent and requires keys without one', () => {
    expect(parseValue(keys[0], undefined)).toBe(1);
    expect(parseValue(keys[2], undefined)).toBeNull();
    expect(messageOf(() => parseValue(keys[1], undefined))).toBe('Missing required configuration "b" which has no default value.');
  });

  it('collects every failure in definition order', () => {
    const { values, errors } = parseConfigs(keys, { c: 'x', a: '0' });
    expect(errors.map((e) => e.configName)).toEqual(['a', 'b', 'c']);
    expect(values.size).toBe(0);
    expect(parseConfigs(keys, { b: 'ok' }).values.get('a')).toBe(1);
  });

  it('converts values back to strings as DescribeConfigs does', () => {
    expect(convertToString(['a', 'b'], 'LIST')).toBe('a,b');
    expect(convertToString(1, 'DOUBLE')).toBe('1.0');
    expect(convertToString(9223372036854775807n, 'LONG')).toBe('9223372036854775807');
    expect(convertToString(null, 'STRING')).toBeNull();
    expect(convertToString('secret', 'PASSWORD')).toBe('[hidden]');
  });
});
