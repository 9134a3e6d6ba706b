/**
 * The `java.util.Properties` text format, as `Properties.store(OutputStream, comments)` writes it
 * and `Properties.load(InputStream)` reads it (ISO-8859-1, `\uXXXX` escapes).
 *
 *   file     = [ "#" comments NL ] "#" date NL *( key "=" value NL )
 *   date     = Date.toString(), e.g. "Sun Nov 29 12:00:00 UTC 2026"
 *   key, value: `\`-escaped: space (in keys, and leading in values), \t \n \r \f = : # ! \ ;
 *               characters outside 0x20–0x7E as \uXXXX (upper-case hex)
 *
 * Reading accepts the whole grammar: `#`/`!` comment lines, blank lines, `=`, `:` or whitespace
 * between key and value, line continuation with a trailing `\`, escapes.
 */
import { javaDateToString } from '../common/java-lang';
import { javaHashtableOrder } from '../common/jvm-hash-order';

function saveConvert(text: string, escapeSpace: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const code = text.charCodeAt(i);
    switch (c) {
      case ' ':
        out += i === 0 || escapeSpace ? '\\ ' : ' ';
        break;
      case '\t':
        out += '\\t';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\r':
        out += '\\r';
        break;
      case '\f':
        out += '\\f';
        break;
      case '=':
      case ':':
      case '#':
      case '!':
        out += `\\${c}`;
        break;
      case '\\':
        out += '\\\\';
        break;
      default:
        out += code < 0x20 || code > 0x7e ? `\\u${code.toString(16).toUpperCase().padStart(4, '0')}` : c;
    }
  }
  return out;
}

/**
 * `Properties.store(out, comments)` on a JVM in UTC: the comment line, the date line, then the
 * entries in the order a Java 8 `Hashtable` (which `Properties` was) enumerates them. Lines end
 * with `\n` (a Linux broker's line separator).
 */
export function storeJavaProperties(entries: ReadonlyArray<readonly [string, string]>, comments: string | null, nowMs: number): string {
  let text = '';
  if (comments !== null) text += `#${comments.replace(/\r\n|\r|\n/g, '\n#')}\n`;
  text += `#${javaDateToString(nowMs)}\n`;
  const values = new Map<string, string>();
  for (const [k, v] of entries) values.set(k, v);
  for (const key of javaHashtableOrder(values.keys())) {
    text += `${saveConvert(key, true)}=${saveConvert(values.get(key) as string, false)}\n`;
  }
  return text;
}

/** Splits into logical lines: comments and blank lines dropped, `\`-continued lines joined. */
function logicalLines(text: string): string[] {
  const physical = text.split(/\r\n|\r|\n/);
  const out: string[] = [];
  let pending: string | null = null;
  for (const raw of physical) {
    const line = raw.replace(/^[ \t\f]+/, '');
    if (pending === null && (line.length === 0 || line[0] === '#' || line[0] === '!')) continue;
    let trailing = 0;
    for (let i = line.length - 1; i >= 0 && line[i] === '\\'; i--) trailing++;
    const content = trailing % 2 === 1 ? line.slice(0, -1) : line;
    pending = (pending ?? '') + content;
    if (trailing % 2 === 0) {
      out.push(pending);
      pending = null;
    }
  }
  if (pending !== null) out.push(pending);
  return out;
}

function loadConvert(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\' || i === text.length - 1) {
      out += c;
      continue;
    }
    const n = text[++i];
    if (n === 'u') {
      const hex = text.slice(i + 1, i + 5);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Error(`Malformed \\uxxxx encoding: \\u${hex}`);
      out += String.fromCharCode(parseInt(hex, 16));
      i += 4;
    } else {
      out += n === 't' ? '\t' : n === 'r' ? '\r' : n === 'n' ? '\n' : n === 'f' ? '\f' : n;
    }
  }
  return out;
}

/** `Properties.load(InputStream)`: decodes ISO-8859-1 bytes and parses; a key given twice keeps its last value. */
export function loadJavaProperties(bytes: Uint8Array): Map<string, string> {
  // ISO-8859-1 maps each byte to the code point of the same value (TextDecoder's 'latin1' is windows-1252).
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  const props = new Map<string, string>();
  for (const line of logicalLines(text)) {
    let keyEnd = 0;
    let escaped = false;
    for (; keyEnd < line.length; keyEnd++) {
      const c = line[keyEnd];
      if (escaped) {
        escaped = false;
      } else if (c === '\\') {
        escaped = true;
      } else if (c === '=' || c === ':' || c === ' ' || c === '\t' || c === '\f') {
        break;
      }
    }
    let valueStart = keyEnd;
    while (valueStart < line.length && /[ \t\f]/.test(line[valueStart])) valueStart++;
    if (valueStart < line.length && (line[valueStart] === '=' || line[valueStart] === ':')) {
      valueStart++;
      while (valueStart < line.length && /[ \t\f]/.test(line[valueStart])) valueStart++;
    }
    props.set(loadConvert(line.slice(0, keyEnd)), loadConvert(line.slice(valueStart)));
  }
  return props;
}
