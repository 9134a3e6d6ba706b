/**
 * A JSON reader for hand-written znode data that keeps what Kafka's own reader (Jackson 2.10's
 * `ObjectMapper.readTree`, wrapped by `kafka.utils.Json`) can see and `JSON.parse` cannot:
 *
 *   value   = object | array | string | number | "true" | "false" | "null"
 *   object  = "{" [ string ":" value { "," string ":" value } ] "}"
 *   array   = "[" [ value { "," value } ] "]"
 *   number  = [ "-" ] ( "0" | digit1-9 { digit } ) [ "." digit { digit } ] [ ( "e" | "E" ) [ "+" | "-" ] digit { digit } ]
 *
 * * a number remembers its source text, so `1` (Jackson IntNode, accepted by `to[Int]`) stays
 *   distinct from `1.0` or `1e0` (DoubleNode, refused) and from `2147483648` (LongNode, refused);
 * * members keep their order and duplicates are reported (Jackson silently keeps the last one);
 * * every node knows its source offsets, so an error can point at line and column;
 * * content after the first value is reported, not refused (Jackson's `readTree` ignores it).
 *
 * Syntax errors are worded as Jackson words them, so what a person reads matches Kafka's logs.
 */
import type { JsonArrayNode, JsonMember, JsonNode, JsonNumberNode, JsonObjectNode } from './json-node';

export interface JsonSyntaxError {
  readonly message: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export interface JsonDocument {
  readonly text: string;
  readonly root: JsonNode;
  /** Offset of the first non-blank character after the root value, or null when there is none. */
  readonly trailingAt: number | null;
}

export type JsonReadResult = { ok: true; doc: JsonDocument } | { ok: false; error: JsonSyntaxError; text: string };
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Decodes znode bytes as UTF-8 the way a person would read them (invalid sequences are an error). */
export function utf8Text(data: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  try {
    let text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data);
    // Jackson skips a UTF-8 byte order mark.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { ok: true, text };
  } catch {
    const bad = firstInvalidUtf8Offset(data);
    const byte = data[bad] ?? 0;
    return { ok: false, message: `Invalid UTF-8 start byte 0x${byte.toString(16).padStart(2, '0')} at byte ${bad}` };
  }
}

function firstInvalidUtf8Offset(data: Uint8Array): number {
  let i = 0;
  while (i < data.length) {
    const b = data[i];
    const need = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) if (i + k >= data.length || (data[i + k] & 0xc0) !== 0x80) return i;
    i += need + 1;
  }
  return 0;
}

class SyntaxFailure {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 32) return `(CTRL-CHAR, code ${code})`;
  return `('${ch}' (code ${code}))`;
}

/** Reads one JSON document from text. */
export function readJson(text: string): JsonReadResult {
  const reader = new Reader(text);
  try {
    const root = reader.readDocument();
    return { ok: true, doc: { text, root, trailingAt: reader.trailing() } };
  } catch (e) {
    if (e instanceof SyntaxFailure) {
      const { line, column } = lineAndColumn(text, e.offset);
      return { ok: false, error: { message: e.message, offset: e.offset, line, column }, text };
    }
    throw e;
  }
}

class Reader {
  private pos = 0;

  constructor(private readonly text: string) {}

  readDocument(): JsonNode {
    this.skipBlanks();
    if (this.pos >= this.text.length) throw new SyntaxFailure('No content to map due to end-of-input', this.pos);
    return this.readValue();
  }

  trailing(): number | null {
    this.skipBlanks();
    return this.pos < this.text.length ? this.pos : null;
  }

  private skipBlanks(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) this.pos++;
      else break;
    }
  }

  private readValue(): JsonNode {
    const ch = this.text.charAt(this.pos);
    switch (ch) {
      case '{':
        return this.readObject();
      case '[':
        return this.readArray();
      case '"': {
        const start = this.pos;
        const value = this.readString(false);
        return { type: 'string', value, start, end: this.pos };
      }
      case '-':
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        return this.readNumber();
      case '':
        throw new SyntaxFailure('Unexpected end-of-input: expected a value', this.pos);
      case ']':
      case '}':
      case ',':
      case ':':
        throw new SyntaxFailure(`Unexpected character ${describeChar(ch)}: expected a value`, this.pos);
      default:
        return this.readToken();
    }
  }

  private readToken(): JsonNode {
    const start = this.pos;
    let end = start;
    while (end < this.text.length && /[A-Za-z0-9_$+.\-'"\\]/.test(this.text.charAt(end))) end++;
    if (end === start) end = start + 1;
    const word = this.text.slice(start, end);
    if (word === 'true' || word === 'false') {
      this.pos = end;
      return { type: 'boolean', value: word === 'true', start, end };
    }
    if (word === 'null') {
      this.pos = end;
      return { type: 'null', start, end };
    }
    if (word.charAt(0) === "'") {
      throw new SyntaxFailure(
        "Unexpected character (''' (code 39)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')",
        start,
      );
    }
    throw new SyntaxFailure(
      `Unrecognized token '${word}': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')`,
      start,
    );
  }

  private readObject(): JsonObjectNode {
    const start = this.pos;
    this.pos++; // {
    const members: JsonMember[] = [];
    this.skipBlanks();
    if (this.text.charAt(this.pos) === '}') {
      this.pos++;
      return { type: 'object', members, start, end: this.pos };
    }
    for (;;) {
      this.skipBlanks();
      const ch = this.text.charAt(this.pos);
      if (ch === '') {
        throw new SyntaxFailure('Unexpected end-of-input: expected close marker for Object', this.pos);
      }
      if (ch !== '"') {
        throw new SyntaxFailure(`Unexpected character ${describeChar(ch)}: was expecting double-quote to start field name`, this.pos);
      }
      const keyStart = this.pos;
      const key = this.readString(true);
      this.skipBlanks();
      const colon = this.text.charAt(this.pos);
      if (colon !== ':') {
        if (colon === '') throw new SyntaxFailure('Unexpected end-of-input: expected close marker for Object', this.pos);
        throw new SyntaxFailure(
          `Unexpected character ${describeChar(colon)}: was expecting a colon to separate field name and value`,
          this.pos,
        );
      }
      this.pos++;
      this.skipBlanks();
      const value = this.readValue();
      members.push({ key, keyStart, value });
      this.skipBlanks();
      const sep = this.text.charAt(this.pos);
      if (sep === ',') {
        this.pos++;
        continue;
      }
      if (sep === '}') {
        this.pos++;
        return { type: 'object', members, start, end: this.pos };
      }
      if (sep === '') throw new SyntaxFailure('Unexpected end-of-input: expected close marker for Object', this.pos);
      throw new SyntaxFailure(`Unexpected character ${describeChar(sep)}: was expecting comma to separate Object entries`, this.pos);
    }
  }

  private readArray(): JsonArrayNode {
    const start = this.pos;
    this.pos++; // [
    const items: JsonNode[] = [];
    this.skipBlanks();
    if (this.text.charAt(this.pos) === ']') {
      this.pos++;
      return { type: 'array', items, start, end: this.pos };
    }
    for (;;) {
      this.skipBlanks();
      if (this.pos >= this.text.length) {
        throw new SyntaxFailure('Unexpected end-of-input: expected close marker for Array', this.pos);
      }
      items.push(this.readValue());
      this.skipBlanks();
      const sep = this.text.charAt(this.pos);
      if (sep === ',') {
        this.pos++;
        continue;
      }
      if (sep === ']') {
        this.pos++;
        return { type: 'array', items, start, end: this.pos };
      }
      if (sep === '') throw new SyntaxFailure('Unexpected end-of-input: expected close marker for Array', this.pos);
      throw new SyntaxFailure(`Unexpected character ${describeChar(sep)}: was expecting comma to separate Array entries`, this.pos);
    }
  }

  private readString(fieldName: boolean): string {
    this.pos++; // opening quote
    let out = '';
    for (;;) {
      if (this.pos >= this.text.length) {
        throw new SyntaxFailure(
          fieldName ? 'Unexpected end-of-input in field name' : 'Unexpected end-of-input: was expecting closing quote for a string value',
          this.pos,
        );
      }
      const ch = this.text.charAt(this.pos);
      const code = ch.charCodeAt(0);
      if (ch === '"') {
        this.pos++;
        return out;
      }
      if (code < 0x20) {
        throw new SyntaxFailure(
          `Illegal unquoted character (${describeChar(ch).slice(1, -1)}): has to be escaped using backslash to be included in ${fieldName ? 'name' : 'string value'}`,
          this.pos,
        );
      }
      if (ch !== '\\') {
        out += ch;
        this.pos++;
        continue;
      }
      const esc = this.text.charAt(this.pos + 1);
      switch (esc) {
        case '"':
        case '\\':
        case '/':
          out += esc;
          this.pos += 2;
          break;
        case 'b':
          out += '\b';
          this.pos += 2;
          break;
        case 'f':
          out += '\f';
          this.pos += 2;
          break;
        case 'n':
          out += '\n';
          this.pos += 2;
          break;
        case 'r':
          out += '\r';
          this.pos += 2;
          break;
        case 't':
          out += '\t';
          this.pos += 2;
          break;
        case 'u': {
          const hex = this.text.slice(this.pos + 2, this.pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            const bad = [...hex].find((c) => !/[0-9a-fA-F]/.test(c)) ?? '';
            throw new SyntaxFailure(
              bad === ''
                ? 'Unexpected end-of-input in character escape sequence'
                : `Unexpected character ${describeChar(bad)}: expected a hex-digit for character escape sequence`,
              this.pos + 2,
            );
          }
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 6;
          break;
        }
        case '':
          throw new SyntaxFailure('Unexpected end-of-input in character escape sequence', this.pos + 1);
        default:
          throw new SyntaxFailure(`Unrecognized character escape ${describeChar(esc)}`, this.pos + 1);
      }
    }
  }

  private readNumber(): JsonNumberNode {
    const start = this.pos;
    const t = this.text;
    let p = this.pos;
    if (t.charAt(p) === '-') p++;
    const intStart = p;
    if (!/[0-9]/.test(t.charAt(p))) {
      const c = t.charAt(p);
      throw new SyntaxFailure(
        c === ''
          ? 'Unexpected end-of-input in numeric value'
          : `Unexpected character ${describeChar(c)} in numeric value: expected digit (0-9) to follow minus sign, for valid numeric value`,
        p,
      );
    }
    while (/[0-9]/.test(t.charAt(p))) p++;
    if (p - intStart > 1 && t.charAt(intStart) === '0') {
      throw new SyntaxFailure('Invalid numeric value: Leading zeroes not allowed', intStart);
    }
    let integral = true;
    if (t.charAt(p) === '.') {
      integral = false;
      p++;
      if (!/[0-9]/.test(t.charAt(p))) {
        const c = t.charAt(p);
        throw new SyntaxFailure(
          c === ''
            ? 'Unexpected end-of-input in numeric value'
            : `Unexpected character ${describeChar(c)} in numeric value: Decimal point not followed by a digit`,
          p,
        );
      }
      while (/[0-9]/.test(t.charAt(p))) p++;
    }
    if (t.charAt(p) === 'e' || t.charAt(p) === 'E') {
      integral = false;
      p++;
      if (t.charAt(p) === '+' || t.charAt(p) === '-') p++;
      if (!/[0-9]/.test(t.charAt(p))) {
        const c = t.charAt(p);
        throw new SyntaxFailure(
          c === ''
            ? 'Unexpected end-of-input in numeric value'
            : `Unexpected character ${describeChar(c)} in numeric value: Exponent indicator not followed by a digit`,
          p,
        );
      }
      while (/[0-9]/.test(t.charAt(p))) p++;
    }
    this.pos = p;
    return { type: 'number', raw: t.slice(start, p), integral, start, end: p };
  }
}
