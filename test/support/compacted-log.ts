/** Keyed records in a Log and what compaction must leave of them, for the log cleaner's tests. */
import type { Log } from '../../src-main/core/log/log';
import { buildRecordBatch } from '../../src-main/core/record';

export const enc = (s: string) => new TextEncoder().encode(s);
export const dec = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

export interface Entry {
  offset: number;
  key: string | null;
  value: string | null;
}

/** Every record of the log, in file order, read through our own codec. */
export function entriesOf(log: Log): Entry[] {
  return log.segments.flatMap((s) =>
    [...s.batches({ full: true })].flatMap((b) =>
      b.batch.records().map((r) => ({ offset: r.offset, key: dec(r.key), value: dec(r.value) })),
    ),
  );
}

/** The latest entry of each key, in offset order (what compaction keeps). */
export function latestPerKey(entries: readonly Entry[]): Entry[] {
  const latest = new Map<string | null, Entry>();
  for (const e of entries) latest.set(e.key, e);
  return [...latest.values()].sort((a, b) => a.offset - b.offset);
}

/** One batch of keyed records appended as leader, the high watermark moved to the end. */
export function produce(log: Log, records: Array<[string, string | null]>, now: number): void {
  log.appendAsLeader(
    buildRecordBatch(
      records.map(([k, v]) => ({ key: enc(k), value: v === null ? null : enc(v) })),
      { now },
    ),
    0,
  );
  log.updateHighWatermark(log.logEndOffset);
}
