/** How the node editor shows a znode's bytes: text, formatted JSON or hex. */
import type { ZnodeDataDto } from '../../api/types';

export type DataView = 'text' | 'json' | 'hex';

export function bytesOf(data: ZnodeDataDto): Uint8Array {
  const raw = atob(data.base64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Hex, 16 bytes a line, with the offset first. */
export function hexDump(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const hex = [...bytes.subarray(i, i + 16)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    lines.push(`${i.toString(16).padStart(8, '0')}  ${hex}`);
  }
  return lines.join('\n');
}

/** Plain hex (two digits a byte), as the write form's hex encoding takes it. */
export function plainHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The JSON re-indented with two spaces, or null when the text is not JSON. Re-indented as text,
 * not parsed and printed: JavaScript objects would put integer keys first, and the key order of a
 * Kafka znode is part of what it shows.
 */
export function formattedJson(text: string | null): string | null {
  if (text === null) return null;
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = (): string => '\n' + '  '.repeat(depth);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      let j = i + 1;
      while (/\s/.test(text[j] ?? '')) j++;
      if (text[j] === close) {
        out += c + close;
        i = j;
      } else {
        depth++;
        out += c + newline();
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') {
      out += ',' + newline();
    } else if (c === ':') {
      out += ': ';
    } else if (!/\s/.test(c)) {
      out += c;
    }
  }
  // Arrays of numbers (replica lists, ISRs) on one line, as people write them.
  return out.replace(/\[\n\s*(-?[0-9.eE+-]+(?:,\n\s*-?[0-9.eE+-]+)*)\n\s*\]/g, (_, items: string) => `[${items.replace(/,\n\s*/g, ', ')}]`);
}

/** What the data view shows, and whether it had to fall back (not text → hex, not JSON → text). */
export function renderData(data: ZnodeDataDto, view: DataView): { text: string; fallback: 'notText' | 'notJson' | null } {
  if (view === 'hex' || data.text === null) return { text: hexDump(bytesOf(data)), fallback: view !== 'hex' ? 'notText' : null };
  if (view === 'json') {
    const json = formattedJson(data.text);
    return json === null ? { text: data.text, fallback: 'notJson' } : { text: json, fallback: null };
  }
  return { text: data.text, fallback: null };
}
