/**
 * Compact JSON as Kafka's `Json.encodeAsBytes` (Jackson 2.10 `ObjectMapper.writeValueAsBytes`)
 * produces it: no whitespace, members in the order given, UTF-8, non-ASCII written as is, and
 * Jackson's escapes: `\"`, `\\`, `\b \t \n \f \r`, other control characters as `\u00XX`
 * (upper-case hex). `/` is not escaped.
 *
 * Member order is the caller's business: each znode encoder puts the keys in the order the JVM
 * collection Kafka builds iterates them (see jvm-hash-order.ts).
 */

export type JsonOut = null | boolean | number | bigint | string | readonly JsonOut[] | JsonOutObject;

export interface JsonOutObject {
  readonly entries: readonly (readonly [string, JsonOut])[];
}

export function jsonObject(entries: readonly (readonly [string, JsonOut])[]): JsonOutObject {
  return { entries };
}

const HEX = '0123456789ABCDEF';

export function jacksonQuote(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c < 0x20) {
      switch (c) {
        case 0x08:
          out += '\\b';
          break;
        case 0x09:
          out += '\\t';
          break;
        case 0x0a:
          out += '\\n';
          break;
        case 0x0c:
          out += '\\f';
          break;
        case 0x0d:
          out += '\\r';
          break;
        default:
          out += `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
      }
    } else out += s.charAt(i);
  }
  return `${out}"`;
}

export function writeJson(value: JsonOut): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`Cannot write ${value} as JSON`);
      return String(value);
    case 'bigint':
      return value.toString();
    case 'string':
      return jacksonQuote(value);
  }
  if (Array.isArray(value)) return `[${(value as readonly JsonOut[]).map(writeJson).join(',')}]`;
  const obj = value as JsonOutObject;
  return `{${obj.entries.map(([k, v]) => `${jacksonQuote(k)}:${writeJson(v)}`).join(',')}}`;
}

const encoder = new TextEncoder();

export function jsonBytes(value: JsonOut): Uint8Array {
  return encoder.encode(writeJson(value));
}

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}
