/**
 * Transactions under SIGKILL (issue 17 §2): a child process (test/fixtures/txn-crash-writer.ts)
 * writes interleaved transactions of two producers to a partition and is killed at a moment it
 * does not choose. The test opens the same log dir: producer state and `.txnindex` are recovered
 * from the snapshots and the log, and a read_committed read — filtered by the aborted transactions
 * the fetch returns, as a Kafka consumer filters — sees every record of every acknowledged commit,
 * nothing of an aborted transaction, and nothing of the one the kill left open (held back by the
 * last stable offset).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Log } from '../../src-main/core/log/log';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import { batchesIn } from '../../src-main/core/record';
import { ControlRecordType } from '../../src-main/core/record/control-record-type';
import { readControlRecord } from '../../src-main/core/record/end-transaction-marker';
import { RECORDS_PER_TXN, TXN_CRASH_CONFIG, TXN_CRASH_START_MS, TXN_CRASH_TP, abortsTxn, valueOf } from '../fixtures/txn-crash-writer';
import { makeLogManager } from '../core/log/log-test-helpers';
import { runAndKillAfterReady } from '../support/kill-after-ready';
import { makeTempDir } from '../support/temp-dir';

const WRITER = join(import.meta.dirname, '..', 'fixtures', 'txn-crash-writer.ts');
const dec = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

/**
 * What a read_committed consumer delivers from the start, fetch after fetch (a read covers one
 * segment), filtered as the Fetcher filters with the aborted transactions each fetch returns.
 */
function readCommitted(log: Log): string[] {
  const abortedProducers = new Set<number>();
  const delivered: string[] = [];
  for (let offset = 0; ;) {
    const info = log.read(offset, 1 << 30, 'txn-committed', true);
    const aborted = [...(info.abortedTransactions ?? [])].sort((a, b) => a.firstOffset - b.firstOffset);
    const batches = [...batchesIn(info.records)];
    if (batches.length === 0) return delivered;
    for (const batch of batches) {
      while (aborted.length > 0 && aborted[0]!.firstOffset <= batch.lastOffset) abortedProducers.add(aborted.shift()!.producerId);
      offset = batch.lastOffset + 1;
      if (batch.isControlBatch) {
        const control = readControlRecord(batch.records()[0]!);
        if (control.type === ControlRecordType.ABORT) abortedProducers.delete(batch.producerId);
        continue;
      }
      if (batch.isTransactional && abortedProducers.has(batch.producerId)) continue;
      for (const record of batch.records()) delivered.push(dec(record.value)!);
    }
  }
}

describe('transactions crash recovery (issue 17 §2)', () => {
  it.each([150, 400])(
    'killed %i ms into the stream: read_committed sees the acknowledged commits, no aborted or open transaction',
    async (killAfterMs) => {
      const { dir, cleanup } = makeTempDir(`txn-crash-${killAfterMs}-`);
      try {
        const logDir = join(dir, 'kafka-logs');
        const run = await runAndKillAfterReady(WRITER, [logDir], killAfterMs, {
          startupTimeoutMs: 30_000,
          keepCutLine: false,
          describe: 'txn writer',
        });
        expect(run.exitSignal, run.stderr).toBe('SIGKILL');
        const errors = run.lines.filter((l) => l.startsWith('ERROR'));
        expect(errors).toEqual([]);
        const acked = run.lines.filter((l) => l.startsWith('ACK ')).map((l) => ({ txn: Number(l.split(' ')[1]), result: l.split(' ')[2] }));
        expect(acked.length, 'transactions acknowledged before the kill').toBeGreaterThan(10);

        const h = makeLogManager([logDir], {
          time: new ManualTime(TXN_CRASH_START_MS + 3_600_000),
          topicConfigs: new Map([['txn', TXN_CRASH_CONFIG]]),
        });
        await h.manager.startup();
        try {
          const log = h.manager.getLog(TXN_CRASH_TP)!;
          // The high watermark as a leader would find it again once its followers caught up.
          log.updateHighWatermark(log.logEndOffset);
          const delivered = readCommitted(log);
          const seen = new Set(delivered);
          for (const { txn, result } of acked) {
            const values = Array.from({ length: RECORDS_PER_TXN }, (_, i) => valueOf(txn, i));
            if (result === 'COMMIT')
              expect(
                values.filter((v) => !seen.has(v)),
                `committed transaction ${txn}`,
              ).toEqual([]);
            else
              expect(
                values.filter((v) => seen.has(v)),
                `aborted transaction ${txn}`,
              ).toEqual([]);
          }
          // Past the acknowledged ones: a transaction shows whole and only if its plan was a commit (its
          // marker was written but the kill beat the ACK); the one left open not at all.
          const byTxn = new Map<number, number>();
          for (const v of delivered) {
            const txn = Number(/^t(\d+)-/.exec(v)![1]);
            byTxn.set(txn, (byTxn.get(txn) ?? 0) + 1);
          }
          for (const [txn, count] of byTxn) {
            expect(abortsTxn(txn), `transaction ${txn} delivered though it aborts`).toBe(false);
            expect(count, `transaction ${txn} delivered whole`).toBe(RECORDS_PER_TXN);
          }
          const lastAcked = acked.at(-1)!.txn;
          expect([...byTxn.keys()].every((txn) => txn <= lastAcked + 1)).toBe(true);
          // The open transaction holds the last stable offset below the log end.
          expect(log.lastStableOffset).toBeLessThan(log.logEndOffset);
        } finally {
          h.manager.kill();
        }
      } finally {
        cleanup();
      }
    },
  );
});
