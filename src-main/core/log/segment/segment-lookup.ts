import type { LogSegment } from './log-segment';

/** The segment holding `offset` in segments sorted by base offset (the last one whose base offset is ≤ it). */
export function floorSegment(segments: readonly LogSegment[], offset: number): LogSegment | undefined {
  let lo = 0;
  let hi = segments.length - 1;
  let found: LogSegment | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid].baseOffset <= offset) {
      found = segments[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** `Log.logSegments(from, to)`: the segments that may hold offsets in [from, to). */
export function segmentsBetween(segments: readonly LogSegment[], from: number, to: number): LogSegment[] {
  const out: LogSegment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    const next = segments[i + 1];
    if (s.baseOffset >= to) break;
    if (next && next.baseOffset <= from) continue;
    out.push(s);
  }
  return out;
}
