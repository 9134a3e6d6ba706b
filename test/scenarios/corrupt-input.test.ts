/**
 * Damaged files on a broker's disk (scenario P5 at cluster level): a broker is killed (`kill -9`:
 * nothing trimmed, no `.kafka_cleanshutdown`), one of its files is damaged, and it starts again.
 * Recovery cuts what it cannot trust; replication and the other replicas make sure no acknowledged
 * record is lost cluster-wide; the events and server.log lines say what happened.
 */
import { readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Log } from '../../src-main/core/log/log';
import type { LogEventBody } from '../../src-main/core/log/log-event';
import type { LogManagerEvent } from '../../src-main/core/log/log-manager/log-manager-event';
import { RecordBatch } from '../../src-main/core/record';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { CREATE, adminOf, dec, drive, enc, eventsSince, killAndExpire, linesSince, mark, topic, tp } from '../support/scenario';

/** One 79-byte batch of one record per offset: key `k<nn>`, value `value-<nn>`. */
const BATCH = 79;
const record = (i: number) => ({ key: enc(`k${String(i).padStart(2, '0')}`), value: enc(`value-${String(i).padStart(2, '0')}`) });
const valuesUpTo = (n: number): string[] => Array.from({ length: n }, (_, i) => `value-${String(i).padStart(2, '0')}`);
const segmentName = (base: number, suffix: string): string => `${String(base).padStart(20, '0')}${suffix}`;

describe('damaged files on a killed broker (P5, cluster)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  function logOf(brokerId: number, topicName = 'pay', partition = 0): Log {
    const p = h.cluster.broker(brokerId).replicaManager?.getPartition(tp(topicName, partition));
    if (!p || p === 'offline' || !p.log) throw new Error(`broker ${brokerId} has no log for ${topicName}-${partition} (seed ${h.seed})`);
    return p.log;
  }

  /** The partition dir of `pay-0` on a broker. */
  const partitionDir = (brokerId: number, name = 'pay-0'): string => join(h.logDir(brokerId), name);

  async function produce(from: number, to: number, topicName = 'pay'): Promise<void> {
    for (let i = from; i < to; i++) {
      const outcome = await drive(h, h.client.produce({ topic: topicName, partition: 0, records: [record(i)], acks: -1 }));
      expect(outcome, `seed ${h.seed}`).toMatchObject({ error: 'NONE', baseOffset: i });
    }
  }

  /** What a consumer reads from the leader, from offset 0. */
  function consumed(topicName = 'pay'): Array<string | null> {
    const read = h.client.read({ topic: topicName, partition: 0, fromOffset: 0, maxRecords: 1000 });
    expect(read.error, `seed ${h.seed}`).toBe('NONE');
    return read.records.map((r) => dec(r.value));
  }

  /** The LogManager events of a broker since `from` (with the partition `Log`'s own events unwrapped). */
  function logManagerEvents(brokerId: number, from: number): LogManagerEvent[] {
    return eventsSince(h, from).flatMap((e) => (e.kind === 'log-manager' && e.brokerId === brokerId ? [e.event] : []));
  }

  function logEvents(brokerId: number, from: number): LogEventBody[] {
    return logManagerEvents(brokerId, from).flatMap((e) => (e.type === 'log' ? [e.event] : []));
  }

  it("a flipped byte in the middle of a follower's active segment: recovery cuts it there, the follower copies the rest again from the leader", async () => {
    const seed = 5101;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const zk = await ZnodeReader.open(h);
    const [created] = await adminOf(h).createTopics(
      [topic('pay', { assignment: [[0, 1, 2]], configs: { 'min.insync.replicas': '2' } })],
      CREATE,
    );
    expect(created.errorCode, `seed ${seed}`).toBe(0);
    await h.settle();
    await produce(0, 10);

    await killAndExpire(h, 2);
    expect((await zk.state('pay', 0)).isr, `seed ${seed}`).toEqual([0, 1]);
    // Acknowledged while broker 2 is down (ISR 0,1; leader epoch 1).
    await produce(10, 13);

    // Batch 5 sits at byte 395 of broker 2's only segment; byte 70 of it is in the record value.
    const logFile = join(partitionDir(2), segmentName(0, '.log'));
    const bytes = readFileSync(logFile);
    expect(bytes.length, `seed ${seed}`).toBe(10 * BATCH);
    bytes[5 * BATCH + 70] ^= 0xff;
    writeFileSync(logFile, bytes);
    const damaged = RecordBatch.readAt(bytes, 5 * BATCH);
    const crc = `stored crc = ${damaged.storedChecksum}, computed crc = ${damaged.computeChecksum()}`;

    const from = mark(h);
    await h.cluster.startBroker(2);
    await h.advance(2000);

    // Recovery, in the LogManager's events and in server.log.
    const problem = `Found invalid messages in log segment ${logFile} at byte offset 395: Record is corrupt (${crc}). null`;
    expect(logEvents(2, from), `seed ${seed}`).toEqual([
      { type: 'log-message' },
      { type: 'segment-recovered', baseOffset: 0, truncatedBytes: 5 * BATCH, problem },
      { type: 'log-message' },
      { type: 'log-message' },
      { type: 'log-message' },
    ]);
    const prefix = `[Log partition=pay-0, dir=${h.logDir(2)}] `;
    const server2 = linesSince(h, from, 'server.log', 2);
    const recoveryLines = [
      `Attempting recovery for all logs in ${h.logDir(2)} since no clean shutdown file was found`,
      `${prefix}Recovering unflushed segment 0`,
      `${prefix}${problem}`,
      `${prefix}Truncated 395 invalid bytes at the end of segment ${logFile} during recovery`,
      `${prefix}Corruption found in segment 0, truncating to offset 5`,
    ];
    expect(
      server2.filter((l) => recoveryLines.includes(l)),
      `seed ${seed}`,
    ).toEqual(recoveryLines);
    // The follower fetches from its recovered log end, truncates by leader epoch (nothing to cut), catches up.
    expect(server2, `seed ${seed}`).toContain(
      '[ReplicaFetcherManager on broker 2] Added fetcher to broker BrokerEndPoint(id=0) for partitions Map(pay-0 -> (offset=5, leaderEpoch=1))',
    );
    expect(server2, `seed ${seed}`).toContain(
      '[ReplicaFetcher replicaId=2, leaderId=0, fetcherId=0] Truncating partition pay-0 to offset 5 with leader epoch 0 end offset 10',
    );
    expect(linesSince(h, from, 'server.log', 0), `seed ${seed}`).toContain('[Partition pay-0 broker=0] Expanding ISR from 0,1 to 0,1,2');
    expect((await zk.state('pay', 0)).isr, `seed ${seed}`).toEqual([0, 1, 2]);

    // Every acknowledged record is on all three replicas again, byte for byte.
    const leaderBytes = readFileSync(join(partitionDir(0), segmentName(0, '.log')));
    expect(leaderBytes.length, `seed ${seed}`).toBe(13 * BATCH);
    for (const id of [1, 2]) {
      expect(readFileSync(join(partitionDir(id), segmentName(0, '.log'))).equals(leaderBytes), `broker ${id}, seed ${seed}`).toBe(true);
      expect([logOf(id).logEndOffset, logOf(id).highWatermark], `broker ${id}, seed ${seed}`).toEqual([13, 13]);
    }
    expect(readFileSync(join(partitionDir(2), 'leader-epoch-checkpoint'), 'utf8'), `seed ${seed}`).toBe('0\n2\n0 0\n1 10\n');
    expect(consumed(), `seed ${seed}`).toEqual(valuesUpTo(13));
    expect(
      h.cluster.runningBrokers().map((b) => b.id),
      `seed ${seed}`,
    ).toEqual([0, 1, 2]);
  });

  it('a garbage recovery-point-offset-checkpoint: a clear error, recovery points fall back to 0 (every segment re-validated), nothing acknowledged is lost', async () => {
    const seed = 5102;
    // Small segments (3 batches) flushed at every append, so the checkpoint holds a real recovery point.
    h = await ClusterHarness.create({ brokers: 3, seed });
    const [created] = await adminOf(h).createTopics(
      [topic('pay', { assignment: [[0, 1, 2]], configs: { 'segment.bytes': '300', 'flush.messages': '1' } })],
      CREATE,
    );
    expect(created.errorCode, `seed ${seed}`).toBe(0);
    await h.settle();
    await produce(0, 10);
    // kafka-recovery-point-checkpoint runs 30 s after startup, then every 60 s.
    await h.advance(31_000);
    const checkpoint = join(h.logDir(2), 'recovery-point-offset-checkpoint');
    expect(readFileSync(checkpoint, 'utf8'), `seed ${seed}`).toBe('0\n1\npay 0 10\n');
    expect(
      logOf(2).segments.map((s) => s.baseOffset),
      `seed ${seed}`,
    ).toEqual([0, 3, 6, 9]);

    await killAndExpire(h, 2);
    await produce(10, 12);
    writeFileSync(checkpoint, '0\n1\npay zero 10\n');

    const from = mark(h);
    await h.cluster.startBroker(2);
    await h.advance(2000);

    const events = logManagerEvents(2, from);
    const readError = events.find((e) => e.message === `Error while reading checkpoint file ${checkpoint}`);
    expect(readError, `seed ${seed}`).toMatchObject({
      level: 'ERROR',
      type: 'error',
      dir: h.logDir(2),
      logger: 'kafka.server.LogDirFailureChannel',
    });
    expect(readError?.cause, `seed ${seed}`).toBe(`java.io.IOException: Malformed line in checkpoint file (${checkpoint}): pay zero 10'`);
    const server2 = linesSince(h, from, 'server.log', 2);
    const prefix = `[Log partition=pay-0, dir=${h.logDir(2)}] `;
    // With the recovery point back at 0, every segment is re-validated (from 9 only, had the file been read).
    const expected = [
      `Error while reading checkpoint file ${checkpoint}`,
      `Error occurred while reading recovery-point-offset-checkpoint file of directory ${h.logDir(2)}`,
      'Resetting the recovery checkpoint to 0',
      `${prefix}Recovering unflushed segment 0`,
      `${prefix}Recovering unflushed segment 3`,
      `${prefix}Recovering unflushed segment 6`,
      `${prefix}Recovering unflushed segment 9`,
    ];
    expect(
      server2.filter((l) => expected.includes(l)),
      `seed ${seed}`,
    ).toEqual(expected);
    // Nothing was found wrong in the segments themselves.
    expect(
      logEvents(2, from).filter((e) => ['segment-recovered', 'segments-removed-by-recovery', 'index-rebuilt'].includes(e.type)),
      `seed ${seed}`,
    ).toEqual([]);

    // Nothing acknowledged is lost: the leader and broker 1 hold the 12 records byte for byte, and
    // broker 2's recovered files are the same bytes as far as they go (at least its 10 records).
    await h.advance(1000);
    const files = (id: number) =>
      readdirSync(partitionDir(id))
        .filter((n) => n.endsWith('.log'))
        .map((n) => readFileSync(join(partitionDir(id), n)));
    const leaderFiles = files(0);
    expect(
      leaderFiles.map((b) => b.length),
      `seed ${seed}`,
    ).toEqual([3, 3, 3, 3].map((n) => n * BATCH));
    const follower = files(1);
    expect(follower.length, `seed ${seed}`).toBe(4);
    follower.forEach((b, i) => expect(b.equals(leaderFiles[i]), `broker 1, segment ${i}, seed ${seed}`).toBe(true));
    const recovered = files(2);
    expect(recovered.length, `seed ${seed}`).toBe(4);
    recovered.forEach((b, i) => expect(leaderFiles[i].subarray(0, b.length).equals(b), `broker 2, segment ${i}, seed ${seed}`).toBe(true));
    expect(
      recovered.reduce((n, b) => n + b.length, 0),
      `seed ${seed}`,
    ).toBeGreaterThanOrEqual(10 * BATCH);
    expect(consumed(), `seed ${seed}`).toEqual(valuesUpTo(12));
  });

  // Kafka 2.5's CheckpointFile.read reports the dir to the LogDirFailureChannel before LogManager
  // falls back to 0, and ReplicaManager's LogDirFailureHandler takes the dir offline once it starts
  // (the only dir here: "Shutdown broker because all log dirs … have failed").
  it('the dir reported failed while loading (bad recovery-point checkpoint) is taken offline once the ReplicaManager runs', async () => {
    const seed = 5103;
    h = await ClusterHarness.create({ brokers: 3, seed });
    await adminOf(h).createTopics([topic('pay', { assignment: [[0, 1, 2]] })], CREATE);
    await h.settle();
    await produce(0, 3);
    await killAndExpire(h, 2);
    writeFileSync(join(h.logDir(2), 'recovery-point-offset-checkpoint'), 'garbage\n');
    const from = mark(h);
    await h.cluster.startBroker(2);
    await h.advance(2000);
    expect(h.cluster.broker(2).logManager?.offlineLogDirs, `seed ${seed}`).toEqual([h.logDir(2)]);
    expect(
      logManagerEvents(2, from).some((e) => e.type === 'log-dir-failed'),
      `seed ${seed}`,
    ).toBe(true);
  });

  it('a garbage replication-offset-checkpoint: the first LeaderAndIsr cannot read it, the dir goes offline, the leader keeps every record; repaired, the replica comes back', async () => {
    const seed = 5104;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const zk = await ZnodeReader.open(h);
    await adminOf(h).createTopics([topic('pay', { assignment: [[0, 1, 2]] })], CREATE);
    await h.settle();
    await produce(0, 10);
    // highwatermark-checkpoint: every 5 s.
    await h.advance(5000);
    await killAndExpire(h, 2);
    const checkpoint = join(h.logDir(2), 'replication-offset-checkpoint');
    expect(readFileSync(checkpoint, 'utf8'), `seed ${seed}`).toBe('0\n1\npay 0 10\n');
    writeFileSync(checkpoint, 'garbage\n');

    const from = mark(h);
    await h.cluster.startBroker(2);
    await h.advance(2000);

    const events = logManagerEvents(2, from);
    const readError = events.find((e) => e.message === `Error while reading checkpoint file ${checkpoint}`);
    expect(readError, `seed ${seed}`).toMatchObject({ level: 'ERROR', type: 'error', dir: h.logDir(2) });
    expect(readError?.cause, `seed ${seed}`).toBe(`java.io.IOException: Malformed line in checkpoint file (${checkpoint}): garbage'`);
    expect(
      events.filter((e) => e.type === 'log-dir-failed' || e.type === 'fatal').map((e) => [e.level, e.message]),
      `seed ${seed}`,
    ).toEqual([
      ['FATAL', `Shutdown broker because all log dirs in ${h.logDir(2)} have failed`],
      [
        'WARN',
        `Logs for partitions pay-0 are offline and logs for future partitions  are offline due to failure on log directory ${h.logDir(2)}`,
      ],
    ]);
    // The controller hears of it and takes replica 2 offline; the ISR stays 0,1.
    expect(linesSince(h, from, 'controller.log', 0), `seed ${seed}`).toContain(
      '[Controller id=0] Handling log directory failure for brokers 2',
    );
    expect(h.cluster.activeController()?.context.isReplicaOnline(2, tp('pay', 0)), `seed ${seed}`).toBe(false);
    expect((await zk.state('pay', 0)).isr, `seed ${seed}`).toEqual([0, 1]);
    // As in Kafka, a partition whose log could not be opened stays hosted without a log (not marked offline).
    // (The emulated broker keeps running after the FATAL line, where Kafka would Exit.halt(1).)
    expect(h.cluster.broker(2).replicaManager?.getPartition(tp('pay', 0)), `seed ${seed}`).toMatchObject({ log: null, leader: -1 });
    // Cluster-wide nothing is lost, and the cluster still takes writes.
    await produce(10, 12);
    expect(consumed(), `seed ${seed}`).toEqual(valuesUpTo(12));
    // Broker 2's own files are left as they were.
    expect(readFileSync(join(partitionDir(2), segmentName(0, '.log'))).length, `seed ${seed}`).toBe(10 * BATCH);

    // The operator removes the bad file and restarts the broker: it is recreated, the replica catches up.
    await killAndExpire(h, 2);
    writeFileSync(checkpoint, '');
    const back = mark(h);
    await h.cluster.startBroker(2);
    await h.advance(2000);
    expect(linesSince(h, back, 'server.log', 2), `seed ${seed}`).toContain(
      '[Partition pay-0 broker=2] No checkpointed highwatermark is found for partition pay-0',
    );
    expect((await zk.state('pay', 0)).isr, `seed ${seed}`).toEqual([0, 1, 2]);
    const leaderBytes = readFileSync(join(partitionDir(0), segmentName(0, '.log')));
    expect(readFileSync(join(partitionDir(2), segmentName(0, '.log'))).equals(leaderBytes), `seed ${seed}`).toBe(true);
    expect(logOf(2).logEndOffset, `seed ${seed}`).toBe(12);
  });

  it('a truncated .index and .timeindex on a killed broker: rebuilt at restart (recovery point past them), reads by offset and timestamp through the client still right', async () => {
    const seed = 5105;
    h = await ClusterHarness.create({ brokers: 3, seed });
    // RF 1 on broker 0, so that the client reads through the rebuilt indexes. Segments of 3 batches
    // with an index entry per batch after the first; flushed at every append (recovery point = log end).
    const configs = { 'segment.bytes': '300', 'index.interval.bytes': '1', 'flush.messages': '1' };
    const [created] = await adminOf(h).createTopics([topic('solo', { assignment: [[0]], configs })], CREATE);
    expect(created.errorCode, `seed ${seed}`).toBe(0);
    await h.settle();
    const t0 = h.time.nowMs();
    for (let i = 0; i < 10; i++) {
      const outcome = await h.client.produce({
        topic: 'solo',
        partition: 0,
        records: [{ ...record(i), timestamp: t0 + 1000 * i }],
        acks: -1,
      });
      expect(outcome, `seed ${seed}`).toMatchObject({ error: 'NONE', baseOffset: i });
    }
    await h.advance(31_000);
    const dir = partitionDir(0, 'solo-0');
    expect(readFileSync(join(h.logDir(0), 'recovery-point-offset-checkpoint'), 'utf8'), `seed ${seed}`).toMatch(/\nsolo 0 10\n/);
    const index = join(dir, segmentName(3, '.index'));
    const timeIndex = join(dir, segmentName(6, '.timeindex'));
    const [originalIndex, originalTimeIndex] = [readFileSync(index), readFileSync(timeIndex)];
    expect([originalIndex.length, originalTimeIndex.length], `seed ${seed}`).toEqual([16, 24]);
    const before = h.client.read({ topic: 'solo', partition: 0, fromOffset: 0, maxRecords: 100 }).records;

    await killAndExpire(h, 0);
    truncateSync(index, 13);
    truncateSync(timeIndex, 5);
    const from = mark(h);
    await h.cluster.startBroker(0);
    await h.advance(2000);

    const prefix = `[Log partition=solo-0, dir=${h.logDir(0)}] `;
    const rebuilt = logEvents(0, from).filter((e) => e.type === 'index-rebuilt');
    expect(rebuilt, `seed ${seed}`).toEqual([
      {
        type: 'index-rebuilt',
        baseOffset: 3,
        reason: `Found a corrupted index file corresponding to log file ${join(dir, segmentName(3, '.log'))} due to Index file ${index} is corrupt, found 13 bytes which is neither positive nor a multiple of 8.}, recovering segment and rebuilding index files...`,
      },
      {
        type: 'index-rebuilt',
        baseOffset: 6,
        reason: `Found a corrupted index file corresponding to log file ${join(dir, segmentName(6, '.log'))} due to Time index file ${timeIndex} is corrupt, found 5 bytes which is neither positive nor a multiple of 12.}, recovering segment and rebuilding index files...`,
      },
    ]);
    const server0 = linesSince(h, from, 'server.log', 0);
    for (const e of rebuilt) expect(server0, `seed ${seed}`).toContain(`${prefix}${(e as { reason: string }).reason}`);
    // Only the segment holding the recovery point (9) is re-validated.
    expect(
      server0.filter((l) => l.includes('Recovering unflushed segment')),
      `seed ${seed}`,
    ).toEqual([`${prefix}Recovering unflushed segment 9`]);
    expect(readFileSync(index).equals(originalIndex), `seed ${seed}`).toBe(true);
    expect(readFileSync(timeIndex).equals(originalTimeIndex), `seed ${seed}`).toBe(true);

    // Broker 0 leads solo-0 again; reads go through the rebuilt indexes.
    expect(h.cluster.broker(1).metadataCache.getPartitionInfo('solo', 0)?.leader, `seed ${seed}`).toBe(0);
    const after = h.client.read({ topic: 'solo', partition: 0, fromOffset: 0, maxRecords: 100 }).records;
    expect(
      after.map((r) => [r.offset, dec(r.key), dec(r.value), r.timestamp]),
      `seed ${seed}`,
    ).toEqual(before.map((r) => [r.offset, dec(r.key), dec(r.value), r.timestamp]));
    expect(
      after.map((r) => dec(r.value)),
      `seed ${seed}`,
    ).toEqual(valuesUpTo(10));
    expect(
      h.client.read({ topic: 'solo', partition: 0, fromOffset: 4, maxRecords: 2 }).records.map((r) => r.offset),
      `seed ${seed}`,
    ).toEqual([4, 5]);
    expect(
      h.client.read({ topic: 'solo', partition: 0, fromTimestamp: t0 + 6500, maxRecords: 2 }).records.map((r) => r.offset),
      `seed ${seed}`,
    ).toEqual([7, 8]);
    expect(h.client.listOffset(tp('solo', 0), t0 + 7000), `seed ${seed}`).toEqual({ error: 'NONE', offset: 7, timestamp: t0 + 7000 });
  });
});
