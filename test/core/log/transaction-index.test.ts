/**
 * The `.txnindex` of Kafka 2.5's `TransactionIndex` / `LogSegment.recover` at the log level: a
 * transaction aborted in a later segment than it began gets its entry in the marker's segment
 * (found by a read_committed read from the first segment, across segments), and after a crash that
 * lost that file, recovery rebuilds it byte for byte from the log (the earlier segments give the
 * transaction's start).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Log } from '../../../src-main/core/log/log';
import { LogConfig } from '../../../src-main/core/log/log-config';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { buildRecordBatch } from '../../../src-main/core/record';
import { ControlRecordType } from '../../../src-main/core/record/control-record-type';
import { buildControlBatch } from '../../../src-main/core/record/end-transaction-marker';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();
const T0 = 1_600_000_000_000;
const CONFIG = LogConfig.of({ 'segment.index.bytes': 1024 });
const name = (base: number, suffix: string): string => `${String(base).padStart(20, '0')}${suffix}`;

const txn = (pid: number, seq: number) =>
  buildRecordBatch([{ key: null, value: new TextEncoder().encode(`v${pid}-${seq}`), timestamp: T0 }], {
    producerId: pid,
    producerEpoch: 0,
    baseSequence: seq,
    isTransactional: true,
    now: T0,
  });
const abort = (pid: number) => buildControlBatch(ControlRecordType.ABORT, 3, { producerId: pid, producerEpoch: 0, timestamp: T0 });

describe('the transaction index of a segment', () => {
  const tmp = makeTempDir('kafka-dojo-txnindex-');
  afterEach(() => tmp.cleanup());

  it('a transaction aborted two segments after it began: the entry is in the marker segment, found from the first, and rebuilt by recovery', () => {
    const time = new ManualTime(T0);
    const dir = join(tmp.dir, 'orders-0');
    const log = Log.create({ fs, time, dir, config: CONFIG });
    log.appendAsLeader(txn(7, 0), 0, false); // offset 0, segment 0
    log.roll();
    log.appendAsLeader(txn(8, 0), 0, false); // offset 1, segment 1
    log.roll();
    log.appendAsLeader(abort(7), 0, false); // offset 2, segment 2
    log.updateHighWatermark(log.logEndOffset);
    expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 1, 2]);
    expect([existsSync(join(dir, name(0, '.txnindex'))), existsSync(join(dir, name(1, '.txnindex')))]).toEqual([false, false]);
    const bytes = readFileSync(join(dir, name(2, '.txnindex')));
    expect([...bytes]).toEqual([
      ...[0, 0], // version
      ...[0, 0, 0, 0, 0, 0, 0, 7], // producer id
      ...[0, 0, 0, 0, 0, 0, 0, 0], // first offset
      ...[0, 0, 0, 0, 0, 0, 0, 2], // last offset (the marker)
      ...[0, 0, 0, 0, 0, 0, 0, 1], // last stable offset: producer 8's open transaction
    ]);
    expect(log.lastStableOffset).toBe(1);
    const read = log.read(0, 1 << 20, 'txn-committed', true);
    expect(read.abortedTransactions).toEqual([{ producerId: 7, firstOffset: 0 }]);
    expect(log.collectAbortedTransactions(1, 3)).toEqual([
      { version: 0, producerId: 7, firstOffset: 0, lastOffset: 2, lastStableOffset: 1 },
    ]);

    // A crash (nothing closed) that lost the marker segment's index: recovery from the first segment rebuilds it.
    log.closeHandlers();
    rmSync(join(dir, name(2, '.txnindex')));
    const loaded = Log.load({ fs, time, dir, config: CONFIG, recoveryPoint: 0, hadCleanShutdown: false });
    expect(readFileSync(join(dir, name(2, '.txnindex')))).toEqual(bytes);
    expect(loaded.producerStateManager.ongoingTransactions.map((t) => [t.producerId, t.firstOffset])).toEqual([[8, 1]]);
    loaded.updateHighWatermark(loaded.logEndOffset);
    expect(loaded.lastStableOffset).toBe(1);
    loaded.close();
  });
});
