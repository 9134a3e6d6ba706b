import { describe, expect, it } from 'vitest';
import {
  javaStringHashCode,
  javaHashIterationOrder,
  javaLongHashCode,
  javaDoubleToString,
  javaListToString,
  javaSplit,
  NumberFormatException,
  parseJavaDouble,
  parseJavaInt,
  parseJavaLong,
  parseJavaShort,
} from '../../../src-main/core/common/java-lang';

describe('Integer/Long/Short.parse*', () => {
  it('accepts a sign and ASCII digits only', () => {
    expect(parseJavaInt('+42')).toBe(42);
    expect(parseJavaInt('-2147483648')).toBe(-2147483648);
    for (const bad of ['', ' 1', '1.0', '1e3', '0x10', '1_000', '2147483648']) {
      expect(() => parseJavaInt(bad)).toThrow(NumberFormatException);
    }
    expect(() => parseJavaInt('a')).toThrow('For input string: "a"');
  });

  it('keeps Long.MAX_VALUE exact and refuses one more', () => {
    expect(parseJavaLong('9223372036854775807')).toBe(9223372036854775807n);
    expect(() => parseJavaLong('9223372036854775808')).toThrow(NumberFormatException);
  });

  it('bounds shorts to 16 bits', () => {
    expect(parseJavaShort('-32768')).toBe(-32768);
    expect(() => parseJavaShort('32768')).toThrow(NumberFormatException);
  });
});

describe('Double.parseDouble and Double.toString', () => {
  it('parses what Java parses', () => {
    expect(parseJavaDouble('0.5')).toBe(0.5);
    expect(parseJavaDouble(' 1e-3 ')).toBe(0.001);
    expect(parseJavaDouble('2d')).toBe(2);
    expect(parseJavaDouble('.5f')).toBe(0.5);
    expect(parseJavaDouble('-Infinity')).toBe(-Infinity);
    expect(Number.isNaN(parseJavaDouble('NaN'))).toBe(true);
    expect(parseJavaDouble('0x1p3')).toBe(8);
    for (const bad of ['', 'half', '1,5', '0x1']) expect(() => parseJavaDouble(bad)).toThrow(NumberFormatException);
  });

  it('prints as Java prints: always a decimal point, scientific outside [1e-3, 1e7)', () => {
    expect(javaDoubleToString(2)).toBe('2.0');
    expect(javaDoubleToString(0.5)).toBe('0.5');
    expect(javaDoubleToString(0)).toBe('0.0');
    expect(javaDoubleToString(1e7)).toBe('1.0E7');
    expect(javaDoubleToString(1.5e-4)).toBe('1.5E-4');
    expect(javaDoubleToString(1.7976931348623157e308)).toBe('1.7976931348623157E308');
    expect(javaDoubleToString(-Infinity)).toBe('-Infinity');
  });
});

describe('String.split and List.toString', () => {
  it('drops trailing empty strings but keeps inner ones', () => {
    expect(javaSplit('a,b,,', ',')).toEqual(['a', 'b']);
    expect(javaSplit('a,,b', ',')).toEqual(['a', '', 'b']);
    expect(javaSplit('', ',')).toEqual(['']);
    expect(javaSplit(',', ',')).toEqual([]);
  });

  it('prints lists as [a, b]', () => {
    expect(javaListToString(['a', 'b'])).toBe('[a, b]');
    expect(javaListToString([])).toBe('[]');
  });

  it('hashes longs as Long.hashCode and iterates a HashSet by bucket, insertion order within one', () => {
    expect([javaLongHashCode(0x1_0000_0000n), javaLongHashCode(-1n), javaLongHashCode(-2n), javaLongHashCode(7n)]).toEqual([1, 0, 1, 7]);
    // In a 16-slot table "banana" falls in bucket 0, "apple" and "cherry" both in bucket 1.
    expect(javaHashIterationOrder(['cherry', 'apple', 'banana'], javaStringHashCode)).toEqual(['banana', 'cherry', 'apple']);
    expect(javaHashIterationOrder(['apple', 'banana', 'cherry'], javaStringHashCode)).toEqual(['banana', 'apple', 'cherry']);
    // "Aa" and "BB" share String.hashCode 2112: the one inserted first comes first.
    expect(javaHashIterationOrder(['BB', 'Aa'], javaStringHashCode)).toEqual(['BB', 'Aa']);
    expect(javaHashIterationOrder(['Aa', 'BB'], javaStringHashCode)).toEqual(['Aa', 'BB']);
  });
});
