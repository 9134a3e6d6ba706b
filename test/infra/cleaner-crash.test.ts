/**
 * The log cleaner under SIGKILL (issue 17 §1): a child process (test/fixtures/cleaner-crash-writer.ts)
 * writes a compacted partition and lets its cleaner run until the pass is at a given point — a
 * `.cleaned` segment half written, a cleaned segment just renamed `.swap`, the old segments just
 * renamed `.deleted` — says so, and is killed there. The test then opens the same log dir: the
 * log recovers as 2.5's `Log.loadSegmentFiles` does (a `.cleaned` removed; a complete `.swap` put
 * in place of the segments it replaces), no acknowledged key loses its latest value, offsets and
 * order are kept, and the next cleaning finishes the job.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import { CRASH_COMPACT, CRASH_RECORDS, CRASH_START_MS, CRASH_TP } from '../fixtures/cleaner-crash-writer';
import { makeLogManager } from '../core/log/log-test-helpers';
import { type Entry, entriesOf, latestPerKey } from '../support/compacted-log';
import { runAndKillAfterReady } from '../support/kill-after-ready';
import { makeTempDir } from '../support/temp-dir';

const WRITER = join(import.meta.dirname, '..', 'fixtures', 'cleaner-crash-writer.ts');

function acked(lines: readonly string[]): Entry[] {
  return lines.flatMap((l) => {
    const [kind, offset, key, value] = l.split(' ');
    if (kind === 'ERROR') throw new Error(`writer failed: ${l}`);
    return kind === 'ACK' ? [{ offset: Number(offset), key, value }] : [];
  });
}

describe('log cleaner crash recovery (issue 17 §1)', () => {
  it.each([
    ['cleaned', /\.log\.cleaned$/],
    ['swap', /\.log\.swap$/],
    ['deleted', /\.log\.deleted$/],
  ])('killed with the pass at %s: the log recovers with every latest value, offsets and order kept', async (phase, leftover) => {
    const { dir, cleanup } = makeTempDir(`cleaner-crash-${phase}-`);
    try {
      const logDir = join(dir, 'kafka-logs');
      const run = await runAndKillAfterReady(WRITER, [logDir, phase], 0, {
        startupTimeoutMs: 30_000,
        keepCutLine: false,
        describe: `cleaner writer (${phase})`,
      });
      expect(run.exitSignal, run.stderr).toBe('SIGKILL');
      expect(run.lines.at(-1)).toBe(`READY ${phase}`);
      const written = acked(run.lines);
      expect(written).toHaveLength(CRASH_RECORDS);
      const partitionDir = join(logDir, 'keyed-0');
      expect(readdirSync(partitionDir).some((f) => leftover.test(f))).toBe(true);

      const h = makeLogManager([logDir], {
        time: new ManualTime(CRASH_START_MS + 3_600_000),
        topicConfigs: new Map([['keyed', CRASH_COMPACT]]),
        cleanerConfig: { backOffMs: 15_000 },
      });
      await h.manager.startup();
      try {
        const log = h.manager.getLog(CRASH_TP)!;
        expect(readdirSync(partitionDir).filter((f) => /\.(cleaned|swap)$/.test(f))).toEqual([]);
        expect(log.logEndOffset).toBe(CRASH_RECORDS);
        const entries = entriesOf(log);
        // Offsets strictly increasing, each record the one acknowledged at its offset.
        expect(entries.every((e, i) => i === 0 || e.offset > entries[i - 1].offset)).toBe(true);
        const byOffset = new Map(written.map((e) => [e.offset, e]));
        for (const e of entries) expect(e).toEqual(byOffset.get(e.offset));
        // A `.swap` made whole is put in place at startup: the cleaned group is there.
        if (phase !== 'cleaned') expect(entries.length).toBeLessThan(CRASH_RECORDS);
        else expect(entries).toEqual(written);
        // No key lost its latest value (what compaction may never drop).
        const latest = latestPerKey(written);
        const kept = new Set(entries.map((e) => e.offset));
        expect(latest.filter((e) => !kept.has(e.offset))).toEqual([]);

        // The next passes finish what the killed one began.
        h.time.advance(60_000);
        const activeBase = log.activeSegment.baseOffset;
        expect(entriesOf(log)).toEqual([
          ...latestPerKey(entries.filter((e) => e.offset < activeBase)),
          ...entries.filter((e) => e.offset >= activeBase),
        ]);
      } finally {
        h.manager.kill();
      }
    } finally {
      cleanup();
    }
  });
});
