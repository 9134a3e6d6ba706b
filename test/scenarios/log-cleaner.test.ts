/**
 * The log cleaner (Kafka 2.5's LogCleaner, Cleaner, LogCleanerManager, SkimpyOffsetMap and the
 * swap recovery of Log.loadSegments) on a broker's LogManager, real directories and a manual clock:
 * a keyed topic compacted (latest value per key, order and offsets kept), tombstones removed only
 * after `delete.retention.ms`, `compact,delete`, a small dedupe buffer cleaning in several passes,
 * an interrupted swap completed at restart, and the cleaned segments read back by kafka-python.
 */
import { copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { LogLine } from '../../src-main/core/common/logging';
import { CompressionType, batchesIn, buildRecordBatch } from '../../src-main/core/record';
import type { TopicConfigValues } from '../../src-main/core/log/log-config';
import type { Gauge } from '../../src-main/core/metrics/gauge';
import { metricName } from '../../src-main/core/metrics/metric-name';
import { MetricsRegistry } from '../../src-main/core/metrics/metrics-registry';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../src-main/core/platform/random';
import { START_MS, makeLogManager, type Harness } from '../core/log/log-test-helpers';
import { APT_PACKAGES, PYTHON, asPython, kafkaPythonUnavailable, python, type PyBatch } from '../support/kafka-python';
import { makeTempDir } from '../support/temp-dir';
import { type Entry, dec, enc, entriesOf, latestPerKey, produce } from '../support/compacted-log';
import { ClusterHarness } from '../support/cluster-harness';
import type { ClusterHost } from '../../src-main/api/cluster-host';
import { TopicServiceImpl } from '../../src-main/api/topic-service';
import { InProcessCluster, type InProcessClusterParts } from '../../src-main/core/cluster/in-process-cluster';
import { coordinatorOf, whileClockRuns } from '../core/coordinator/group-support';

const TP = { topic: 'keyed', partition: 0 };
const COMPACT: TopicConfigValues = { 'cleanup.policy': ['compact'], 'segment.bytes': 1024, 'min.cleanable.dirty.ratio': 0.01 };

const unavailable = kafkaPythonUnavailable();
// Outside CI a machine without kafka-python skips the independent reading, saying why; CI must run it.
const skipPython = unavailable !== null && !process.env.CI;
if (skipPython) console.warn(`kafka-python tests skipped: ${unavailable}`);

describe('log cleaner (issue 17 §1)', () => {
  let dir: string;
  let cleanup: () => void;
  let h: Harness;
  let lines: LogLine[];

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('cleaner-'));
    lines = [];
  });
  afterEach(() => cleanup());

  async function start(options: { time?: ManualTime; cleaner?: Record<string, number>; metrics?: MetricsRegistry } = {}): Promise<Harness> {
    h = makeLogManager([join(dir, 'logs')], {
      time: options.time ?? new ManualTime(START_MS),
      cleanerConfig: { backOffMs: 15000, ...options.cleaner },
      log: (l) => lines.push(l),
      metrics: options.metrics,
      // What a broker reads from /config/topics at startup.
      topicConfigs: new Map([['keyed', COMPACT]]),
    });
    await h.manager.startup();
    return h;
  }

  it('keeps the latest value of each key, in order, at its offset; rewrites cleaner-offset-checkpoint; logs the statistics', async () => {
    const metrics = new MetricsRegistry(new ManualTime(START_MS), new SeededRandom(1));
    await start({ metrics });
    const log = h.manager.getOrCreateLog(TP, COMPACT);
    const produced: Entry[] = [];
    for (let i = 0; i < 60; i++) {
      produce(log, [[`k${i % 7}`, `v${i}`]], h.time.nowMs());
      produced.push({ offset: i, key: `k${i % 7}`, value: `v${i}` });
    }
    expect(log.numberOfSegments).toBeGreaterThan(2);
    const before = log.size;
    const activeBase = log.activeSegment.baseOffset;
    h.time.advance(15000);

    // Below the active segment (the cleanable part) only the latest record of each key is left, in
    // offset order at its own offset; the active segment is as it was.
    expect(entriesOf(log)).toEqual([...latestPerKey(produced.filter((e) => e.offset < activeBase)), ...produced.slice(activeBase)]);
    expect(log.size).toBeLessThan(before);
    expect(log.logEndOffset).toBe(60);
    // The dirty section now starts at the active segment.
    expect(readFileSync(join(dir, 'logs', 'cleaner-offset-checkpoint'), 'utf8')).toBe(`0\n1\nkeyed 0 ${activeBase}\n`);
    const stats = lines.find((l) => l.message.includes('Log cleaner thread 0 cleaned log keyed-0'));
    expect(stats).toMatchObject({ file: 'log-cleaner.log', level: 'INFO', logger: 'kafka.log.LogCleaner' });
    expect(stats!.message).toMatch(
      /^\[kafka-log-cleaner-thread-0\]: \n\tLog cleaner thread 0 cleaned log keyed-0 \(dirty section = \[0, 0\]\)\n/,
    );
    expect(stats!.message).toMatch(/\tStart size: 0\.0 MB \(\d+ messages\)\n\tEnd size: 0\.0 MB \(\d+ messages\)\n/);
    const gauge = (name: string) => (metrics.get(name) as Gauge).value();
    expect(gauge('kafka.log:type=LogCleaner,name=cleaner-recopy-percent')).toBeLessThan(100);
    expect(gauge('kafka.log:type=LogCleaner,name=max-buffer-utilization-percent')).toBe(0);
    expect(gauge('kafka.log:type=LogCleanerManager,name=time-since-last-run-ms')).toBe(0);
    // The thread looked again right after its pass: nothing below the active segment is dirty now.
    expect(gauge('kafka.log:type=LogCleanerManager,name=max-dirty-percent')).toBe(0);
    expect(
      gauge(metricName('kafka.log', 'LogCleanerManager', 'uncleanable-partitions-count', [['logDirectory', join(dir, 'logs')]]).mBeanName),
    ).toBe(0);
    h.time.advance(1000);
    expect(gauge('kafka.log:type=LogCleanerManager,name=time-since-last-run-ms')).toBe(1000);
    // No cleaner temporaries are left behind; the replaced segments wait as .deleted.
    const files = readdirSync(join(dir, 'logs', 'keyed-0'));
    expect(files.filter((f) => f.endsWith('.cleaned') || f.endsWith('.swap'))).toEqual([]);
    expect(files.some((f) => f.endsWith('.log.deleted'))).toBe(true);
  });

  it('removes a tombstone only once delete.retention.ms has passed since its segment was written; the older values of its key at once', async () => {
    await start();
    const retentionMs = 60_000;
    const log = h.manager.getOrCreateLog(TP, { ...COMPACT, 'delete.retention.ms': retentionMs });
    const t0 = h.time.nowMs();
    produce(
      log,
      [
        ['gone', 'old'],
        ['kept', 'a'],
      ],
      t0,
    );
    produce(log, [['gone', null]], t0);
    const tombstoneOffset = log.logEndOffset - 1;
    let goneAtMs: number | null = null;
    for (let round = 0; round < 20 && goneAtMs === null; round++) {
      // Fresh keys every round: the segments stay full, so a cleaned group never reaches past the tombstone's segment.
      for (let i = 0; i < 12; i++) produce(log, [[`f${round}-${i}`, 'x'.repeat(60)]], h.time.nowMs());
      h.time.advance(15_000);
      const entries = entriesOf(log);
      // The tombstone's older value goes with the first pass.
      expect(entries.some((e) => e.key === 'gone' && e.value === 'old')).toBe(false);
      if (!entries.some((e) => e.offset === tombstoneOffset)) goneAtMs = h.time.nowMs();
    }
    expect(goneAtMs).not.toBeNull();
    expect(goneAtMs! - t0).toBeGreaterThan(retentionMs);
    expect(entriesOf(log).find((e) => e.key === 'kept')).toEqual({ offset: 1, key: 'kept', value: 'a' });
    expect(lines.some((l) => l.message.includes('with deletion horizon') && l.message.endsWith('discarding deletes.'))).toBe(true);
  });

  it('compact,delete: the cleaner thread both compacts the log and deletes its segments past retention.ms', async () => {
    await start();
    const log = h.manager.getOrCreateLog(TP, { ...COMPACT, 'cleanup.policy': ['compact', 'delete'], 'retention.ms': 100_000 });
    for (let i = 0; i < 40; i++) produce(log, [[`k${i % 3}`, `v${i}`]], h.time.nowMs());
    h.time.advance(15_000);
    // Compacted: three keys below the active segment.
    expect(latestPerKey(entriesOf(log)).length).toBe(3);
    expect(log.logStartOffset).toBe(0);
    for (let i = 40; i < 60; i++) produce(log, [[`new${i}`, `v${i}`]], START_MS + 200_000);
    h.time.advanceTo(START_MS + 200_000);
    h.time.advance(15_000);
    // The old segments' records are older than retention.ms: retention (run by the cleaner thread) removed them.
    expect(log.logStartOffset).toBeGreaterThan(0);
    expect(log.segments[0].baseOffset).toBe(log.logStartOffset);
    expect(entriesOf(log).every((e) => e.offset >= log.logStartOffset)).toBe(true);
    const reasons = h.ofType('log').flatMap((e) => (e.event.type === 'segments-scheduled-for-deletion' ? [e.event.reason] : []));
    expect(reasons).toContain('retention time 100000ms breach');
    expect(reasons).toContain('log cleaning');
  });

  it('a small log.cleaner.dedupe.buffer.size cleans the dirty section in several passes, each up to where its offset map filled', async () => {
    // 10 slots of 24 bytes, 9 keys at the 0.9 load factor.
    await start({ cleaner: { dedupeBufferSize: 240 } });
    const log = h.manager.getOrCreateLog(TP, COMPACT);
    const produced: Entry[] = [];
    for (let i = 0; i < 80; i++) {
      produce(log, [[`k${i % 30}`, `v${i}`]], h.time.nowMs());
      produced.push({ offset: i, key: `k${i % 30}`, value: `v${i}` });
    }
    const activeBase = log.activeSegment.baseOffset;
    h.time.advance(15_000);
    // Each pass's dirty section starts where the previous pass's offset map filled up.
    const starts = lines.flatMap((l) => {
      const m = /^Cleaner 0: Building offset map for log keyed-0 for \d+ segments in offset range \[(\d+), (\d+)\)\.$/.exec(l.message);
      return m ? [Number(m[1])] : [];
    });
    // One pass maps 9 keys: the first pass stops at the 10th distinct key, long before the active segment.
    expect(starts.slice(0, 3)).toEqual([0, 9, 18]);
    expect(h.manager.cleanerCheckpoint(join(dir, 'logs'))?.get(TP)).toBe(activeBase);
    expect(lines.some((l) => l.level === 'DEBUG' && /Offset map is full, \d+ segments fully mapped/.test(l.message))).toBe(true);
    expect(entriesOf(log)).toEqual([...latestPerKey(produced.filter((e) => e.offset < activeBase)), ...produced.slice(activeBase)]);
  });

  it('an interrupted swap is completed at the next start: the .swap replaces its segments, a .cleaned is removed, nothing is lost', async () => {
    await start();
    const log = h.manager.getOrCreateLog(TP, COMPACT);
    const produced: Entry[] = [];
    for (let i = 0; i < 60; i++) {
      produce(log, [[`k${i % 5}`, `v${i}`]], h.time.nowMs());
      produced.push({ offset: i, key: `k${i % 5}`, value: `v${i}` });
    }
    log.flush();
    const activeBase = log.activeSegment.baseOffset;
    const secondBase = log.segments[1].baseOffset;
    const segmentDir = join(dir, 'logs', 'keyed-0');
    // The broker dies right after the cleaned segment was renamed .swap, before the old ones went.
    log.replaceSegments = (newSegments) => {
      for (const s of newSegments) s.changeFileSuffixes('.cleaned', '.swap');
      throw new Error('killed during the swap');
    };
    h.time.advance(15_000);
    const files = readdirSync(segmentDir);
    expect(files).toContain('00000000000000000000.log.swap');
    expect(files.filter((f) => f.endsWith('.log')).length).toBeGreaterThan(2);
    // And a later cleaning had begun writing a .cleaned segment.
    const laterBase = String(activeBase).padStart(20, '0');
    copyFileSync(join(segmentDir, `${laterBase}.log`), join(segmentDir, `${laterBase}.log.cleaned`));
    h.manager.kill();

    await start();
    const reopened = h.manager.getLog(TP)!;
    const after = readdirSync(segmentDir);
    expect(after.filter((f) => f.endsWith('.swap') || f.endsWith('.cleaned'))).toEqual([]);
    // The first group's cleaned segment is in place (what of it was the latest of its keys), the rest as written.
    const latestBelowActive = latestPerKey(produced.filter((e) => e.offset < activeBase));
    expect(reopened.segments[0].baseOffset).toBe(0);
    expect(entriesOf(reopened)).toEqual([...latestBelowActive.filter((e) => e.offset < secondBase), ...produced.slice(secondBase)]);
    expect(reopened.logEndOffset).toBe(60);
    expect(existsSync(join(segmentDir, `${laterBase}.log`))).toBe(true);
    // The recovered log cleans as any other.
    h.time.advance(15_000);
    expect(entriesOf(reopened)).toEqual([...latestBelowActive, ...produced.slice(activeBase)]);
  });
});

describe.skipIf(skipPython)('cleaned segments read in kafka-python (issue 17 §1)', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = makeTempDir('cleaner-py-')));
  afterEach(() => cleanup());

  it('re-built batches (compressed, with headers, idempotent, one kept empty for its producer) decode exactly as we read them', async () => {
    if (unavailable !== null)
      throw new Error(`kafka-python is unavailable (${unavailable}); install the Debian packages ${APT_PACKAGES} and run with ${PYTHON}`);
    const h = makeLogManager([join(dir, 'logs')], { cleanerConfig: {} });
    await h.manager.startup();
    const log = h.manager.getOrCreateLog(TP, { ...COMPACT, 'segment.bytes': 2048 });
    const produced: Entry[] = [];
    let sequence = 0;
    for (let i = 0; i < 30; i++) {
      const records = [0, 1, 2].map((j) => ({
        key: enc(`k${(i * 3 + j) % 11}`),
        value: enc(`value ${i}.${j} `.repeat(1 + (j % 3))),
        headers: j === 1 ? [{ key: 'trace', value: enc(`t${i}`) }] : [],
      }));
      const idempotent = i % 5 === 0;
      const batch = buildRecordBatch(records, {
        now: h.time.nowMs(),
        compression: [CompressionType.NONE, CompressionType.GZIP, CompressionType.LZ4][i % 3],
        ...(idempotent ? { producerId: 7, producerEpoch: 0, baseSequence: sequence } : {}),
      });
      if (idempotent) sequence += 3;
      const base = log.logEndOffset;
      log.appendAsLeader(batch, 0);
      records.forEach((r, j) => produced.push({ offset: base + j, key: dec(r.key), value: dec(r.value) }));
    }
    // Producer 7's last batch (offsets 75–77) is wholly overwritten by later records of its keys.
    for (const k of ['k9', 'k10', 'k0']) {
      log.appendAsLeader(buildRecordBatch([{ key: enc(k), value: enc(`last ${k}`) }], { now: h.time.nowMs() }), 0);
      produced.push({ offset: log.logEndOffset - 1, key: k, value: `last ${k}` });
    }
    log.roll();
    log.updateHighWatermark(log.logEndOffset);
    h.time.advance(15_000);
    expect(entriesOf(log)).toEqual(latestPerKey(produced));

    const segmentDir = join(dir, 'logs', 'keyed-0');
    const files = readdirSync(segmentDir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => join(segmentDir, f));
    const theirs: PyBatch[] = [];
    for (const file of files) {
      const ours = [...batchesIn(readFileSync(file))].map(asPython);
      const read = (JSON.parse(python(['read', file])) as { batches: PyBatch[] }).batches;
      expect(read, file).toEqual(ours);
      theirs.push(...read);
    }
    expect(theirs.every((b) => b.crc_valid === true)).toBe(true);
    // Compression kept where a batch lost records; offsets are the records' own.
    expect(theirs.some((b) => b.compression === CompressionType.GZIP && (b.count as number) < 3 && (b.count as number) > 0)).toBe(true);
    const empty = theirs.filter((b) => b.count === 0);
    expect(empty).toEqual([
      expect.objectContaining({
        base_offset: 75,
        last_offset_delta: 2,
        producer_id: 7,
        producer_epoch: 0,
        base_sequence: 15,
        first_timestamp: -1,
      }),
    ]);
    await h.manager.shutdown();
  });
});

describe('__consumer_offsets compacted like any other log (issue 17 §1)', () => {
  let c: ClusterHarness | null = null;
  afterEach(async () => {
    await c?.close();
    c = null;
  });

  it("many commits of one group's partition collapse to the latest; the committed offset survives the compaction", async () => {
    c = await ClusterHarness.create({
      brokers: 1,
      seed: 1717,
      brokerConfig: { 'offsets.topic.num.partitions': '1', 'offsets.topic.replication.factor': '1', 'offsets.topic.segment.bytes': '4096' },
    });
    const h = c;
    onTestFailed(() => console.error(`seed ${h.seed}`));
    const { broker, gc } = await coordinatorOf(h, 'billing');
    for (let i = 1; i <= 400; i++) {
      const commit = gc.handleCommitOffsets('billing', '', -1, [
        {
          topic: 'orders',
          partition: 0,
          value: { offset: i, leaderEpoch: null, metadata: '', commitTimestamp: h.time.nowMs(), expireTimestamp: null },
        },
      ]);
      await whileClockRuns(h, commit, 1);
    }
    const log = broker.logManager!.getLog({ topic: '__consumer_offsets', partition: 0 })!;
    const before = log.size;
    const segmentsBefore = log.numberOfSegments;
    expect(segmentsBefore).toBeGreaterThan(3);
    await h.advance(16_000);
    // Every commit below the active segment collapsed into one record for (billing, orders, 0).
    expect(log.size).toBeLessThan(before / 2);
    const keys = log.segments
      .slice(0, -1)
      .flatMap((s) => [...s.batches({ full: true })].flatMap((b) => b.batch.records().map((r) => Buffer.from(r.key!).toString('hex'))));
    expect(new Set(keys).size).toBe(keys.length);
    const fetched = await gc.handleFetchOffsets('billing', [{ topic: 'orders', partition: 0 }]);
    expect(JSON.stringify(fetched)).toContain('"offset":400');

    // The topic page's log cleaner tab (topics.cleaning): the last pass and the dirty ratio now.
    const facade = new InProcessCluster({ cluster: h.cluster } as InProcessClusterParts, { time: h.time });
    const topics = new TopicServiceImpl({ require: () => ({ cluster: facade }) } as unknown as ClusterHost);
    const cleaning = await topics.cleaning('__consumer_offsets');
    expect(cleaning.compacted).toBe(true);
    const [replica] = cleaning.partitions[0].replicas;
    expect(replica.brokerId).toBe(broker.config.brokerId);
    expect(replica.firstDirtyOffset).toBe(log.activeSegment.baseOffset);
    expect(replica.dirtyRatio).toBe(0);
    expect(replica.minCleanableRatio).toBe(0.5);
    expect(replica.lastCleaning).toMatchObject({ threadId: 0, firstDirtyOffset: 0, endOffset: log.activeSegment.baseOffset });
    expect(replica.lastCleaning!.messagesWritten).toBeLessThan(replica.lastCleaning!.messagesRead);
  });
});
