/** How the viewer shows bytes: as text, as JSON pretty-printed, or as hex. */
import { prettyJson } from '../../lib/format';

export type BytesFormat = 'text' | 'json' | 'hex';
export const BYTES_FORMATS: readonly BytesFormat[] = ['text', 'json', 'hex'];

export interface ShownBytes {
  readonly text: string | null;
  readonly base64: string;
  readonly size: number;
}

/** `0a 1b 2c …`, 16 bytes a line. */
export function hexOf(base64: string): string {
  const raw = atob(base64);
  const parts: string[] = [];
  for (let i = 0; i < raw.length; i++) parts.push(raw.charCodeAt(i).toString(16).padStart(2, '0') + (i % 16 === 15 ? '\n' : ''));
  return parts.join(' ').replace(/\n /g, '\n').trimEnd();
}

/** The bytes as the chosen format shows them; text that is not UTF-8 falls back to hex. */
export function showBytes(bytes: ShownBytes | null, format: BytesFormat): string {
  if (bytes === null) return 'null';
  if (format === 'hex' || bytes.text === null) return hexOf(bytes.base64);
  return format === 'json' ? prettyJson(bytes.text) : bytes.text;
}
