/** Small formatting helpers shared by the views (numbers and times as an operator reads them). */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}

/** `2 d 03 h`, `1 h 02 min`, `3 min 05 s`, `42.3 s`, `120 ms`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const totalS = Math.floor(s);
  const d = Math.floor(totalS / 86400);
  const h = Math.floor((totalS % 86400) / 3600);
  const m = Math.floor((totalS % 3600) / 60);
  const rest = totalS % 60;
  if (d > 0) return h === 0 ? `${d} d` : `${d} d ${pad(h)} h`;
  return h > 0 ? `${h} h ${pad(m)} min` : `${m} min ${pad(rest)} s`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `2024-05-01 12:03:04.005` in local time. */
export function formatTimestamp(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** `12:03:04.005` in local time. */
export function formatTime(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/**
 * JSON indented by two spaces, with arrays of numbers kept on one line (`[0, 1, 2]`): replica lists
 * stay readable.
 */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /\[\s*(-?\d+(?:\s*,\s*-?\d+)*)\s*\]/g,
    (_, inner: string) => `[${inner.split(/\s*,\s*/).join(', ')}]`,
  );
}

/** JSON text pretty-printed when it parses, else as it is. */
export function prettyJson(text: string | null): string {
  if (text === null) return 'null';
  try {
    return formatJson(JSON.parse(text));
  } catch {
    return text;
  }
}

export function formatReplicas(replicas: readonly number[]): string {
  return `[${replicas.join(', ')}]`;
}

/** The last `segments` parts of a file path (`broker-1/kafka-logs`); the whole path goes in a tooltip. */
export function shortPath(path: string, segments = 2): string {
  const parts = path.split(/[\\/]/).filter((p) => p !== '');
  return parts.length <= segments ? path : `…/${parts.slice(-segments).join('/')}`;
}
