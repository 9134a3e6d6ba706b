import { describe, expect, it } from 'vitest';
import { readJson } from '../../../src-main/core/kafka-zk';
import { isJavaInt, isJavaLong, renderNode } from '../../../src-main/core/kafka-zk/json-node';
import { jacksonQuote, writeJson, jsonObject } from '../../../src-main/core/kafka-zk/json-writer';

function syntaxError(text: string): string {
  const r = readJson(text);
  if (r.ok) throw new Error(`expected a syntax error for ${text}`);
  return `${r.error.message} @${r.error.line}:${r.error.column}`;
}

describe('readJson', () => {
  it('keeps integral literals apart from decimals, as Jackson does for to[Int]', () => {
    const r = readJson('[1,-0,1.0,1e2,2147483647,2147483648,9223372036854775808]');
    if (!r.ok || r.doc.root.type !== 'array') throw new Error('parse failed');
    const items = r.doc.root.items;
    expect(items.map((n) => isJavaInt(n))).toEqual([true, true, false, false, true, false, false]);
    expect(items.map((n) => isJavaLong(n))).toEqual([true, true, false, false, true, true, false]);
  });

  it('keeps member order and reports content after the value instead of refusing it', () => {
    const r = readJson('{"b":1,"a":2} trailing');
    if (!r.ok || r.doc.root.type !== 'object') throw new Error('parse failed');
    expect(r.doc.root.members.map((m) => m.key)).toEqual(['b', 'a']);
    expect(r.doc.trailingAt).toBe(14);
  });

  it('renders nodes compactly for messages', () => {
    const r = readJson('{ "a" : [ 1 , "x" ], "b": null }');
    if (!r.ok) throw new Error('parse failed');
    expect(renderNode(r.doc.root)).toBe('{"a":[1,"x"],"b":null}');
  });

  it.each([
    ['', 'No content to map due to end-of-input @1:1'],
    ['   ', 'No content to map due to end-of-input @1:4'],
    ['{', 'Unexpected end-of-input: expected close marker for Object @1:2'],
    ['{"a":1,}', "Unexpected character ('}' (code 125)): was expecting double-quote to start field name @1:8"],
    ["{'a':1}", "Unexpected character (''' (code 39)): was expecting double-quote to start field name @1:2"],
    ['{"a" 1}', "Unexpected character ('1' (code 49)): was expecting a colon to separate field name and value @1:6"],
    ['{"a":1 "b":2}', "Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries @1:8"],
    ['[1 2]', "Unexpected character ('2' (code 50)): was expecting comma to separate Array entries @1:4"],
    ['[1,', 'Unexpected end-of-input: expected close marker for Array @1:4'],
    ['[,1]', "Unexpected character (',' (code 44)): expected a value @1:2"],
    ['{"a":01}', 'Invalid numeric value: Leading zeroes not allowed @1:6'],
    ['{"a":1.}', "Unexpected character ('}' (code 125)) in numeric value: Decimal point not followed by a digit @1:8"],
    [
      '{"a":-}',
      "Unexpected character ('}' (code 125)) in numeric value: expected digit (0-9) to follow minus sign, for valid numeric value @1:7",
    ],
    ['{"a":tru}', "Unrecognized token 'tru': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false') @1:6"],
    ['{"a":"x', 'Unexpected end-of-input: was expecting closing quote for a string value @1:8'],
    ['{"a":"\\q"}', "Unrecognized character escape ('q' (code 113)) @1:8"],
    [
      '{"a":"x\ny"}',
      'Illegal unquoted character (CTRL-CHAR, code 10): has to be escaped using backslash to be included in string value @1:8',
    ],
    ['{\n  "a": ]\n}', "Unexpected character (']' (code 93)): expected a value @2:8"],
  ])('reports %j as Jackson would', (input, expected) => {
    expect(syntaxError(input)).toBe(expected);
  });

  it('decodes escapes', () => {
    const r = readJson('"a\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9"');
    if (!r.ok || r.doc.root.type !== 'string') throw new Error('parse failed');
    expect(r.doc.root.value).toBe('a"\\/\b\f\n\r\té');
  });
});

describe('writeJson', () => {
  it('writes compact JSON with Jackson escapes (upper-case hex, / not escaped, non-ASCII raw)', () => {
    expect(jacksonQuote('a"b\\c/d\u0001\n\té')).toBe('"a\\"b\\\\c/d\\u0001\\n\\té"');
    expect(
      writeJson(
        jsonObject([
          ['b', [1, null, true]],
          ['a', 12345678901234567890n],
        ]),
      ),
    ).toBe('{"b":[1,null,true],"a":12345678901234567890}');
  });
});
