/**
 * The log cleaner under control of the rest of the broker (issue 17 §1, Kafka 2.5's
 * LogCleanerManager states and LogCleaner as a BrokerReconfigurable): a pass runs as several
 * scheduler steps and gives the same files as one synchronous pass; a truncation or a future-log
 * swap during a pass aborts and pauses it (its `.cleaned` segment removed) and cleaning resumes
 * after; `log.cleaner.*` broker configs and the topic's cleaning configs apply without a restart.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogLine } from '../../src-main/core/common/logging';
import { Logger } from '../../src-main/core/common/logging';
import { Cleaner } from '../../src-main/core/log/cleaner/cleaner';
import type { Log } from '../../src-main/core/log/log';
import type { TopicConfigValues } from '../../src-main/core/log/log-config';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import { START_MS, makeLogManager, type Harness } from '../core/log/log-test-helpers';
import { makeTempDir } from '../support/temp-dir';
import { type Entry, entriesOf, latestPerKey, produce } from '../support/compacted-log';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, drive, topic } from '../support/scenario';

const TP = { topic: 'keyed', partition: 0 };
const COMPACT: TopicConfigValues = { 'cleanup.policy': ['compact'], 'segment.bytes': 1024, 'min.cleanable.dirty.ratio': 0.01 };
/** Read buffer of 512 bytes per thread: a pass over a few KiB takes many steps. */
const SMALL_STEPS = { ioBufferSize: 1024 };

function fill(log: Log, records: number, keys: number, now: number): Entry[] {
  const produced: Entry[] = [];
  for (let i = 0; i < records; i++) {
    const offset = log.logEndOffset;
    produce(log, [[`k${i % keys}`, `v${i}`.padEnd(30, '.')]], now);
    produced.push({ offset, key: `k${i % keys}`, value: `v${i}`.padEnd(30, '.') });
  }
  return produced;
}

/** The files of the segments below the active one (what cleaning rewrote), name → SHA-256 of the bytes. */
function cleanedFiles(log: Log): Map<string, string> {
  const out = new Map<string, string>();
  const active = log.activeSegment.baseOffset;
  for (const f of readdirSync(log.dir).sort()) {
    const m = /^(\d{20})\.(log|index|timeindex)$/.exec(f);
    if (m && Number(m[1]) < active)
      out.set(
        f,
        createHash('sha256')
          .update(readFileSync(join(log.dir, f)))
          .digest('hex'),
      );
  }
  return out;
}

describe('log cleaner steps, pauses and aborts (issue 17 §1)', () => {
  let dir: string;
  let cleanup: () => void;
  let lines: LogLine[];
  const harnesses: Harness[] = [];

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('cleaner-control-'));
    lines = [];
  });
  afterEach(() => {
    for (const h of harnesses.splice(0)) if (h.manager.state === 'running') h.manager.kill();
    cleanup();
  });

  async function start(logDirs: string[], cleaner: Record<string, number> = {}): Promise<Harness> {
    const h = makeLogManager(logDirs, {
      time: new ManualTime(START_MS),
      cleanerConfig: { backOffMs: 15000, ...SMALL_STEPS, ...cleaner },
      log: (l) => lines.push(l),
      topicConfigs: new Map([['keyed', COMPACT]]),
    });
    harnesses.push(h);
    await h.manager.startup();
    return h;
  }

  it('a multi-segment pass takes many scheduler steps, each within one read buffer, and writes the same files as one synchronous pass', async () => {
    const stepped = await start([join(dir, 'a')], { backOffMs: 1e9 });
    const oneGo = await start([join(dir, 'b')], { backOffMs: 1e9 });
    // The first look (at startup) found nothing; the next is far away.
    stepped.time.runDue();
    oneGo.time.runDue();
    const logA = stepped.manager.getOrCreateLog(TP, COMPACT);
    const logB = oneGo.manager.getOrCreateLog(TP, COMPACT);
    const produced = fill(logA, 200, 11, START_MS);
    fill(logB, 200, 11, START_MS);
    expect(logA.numberOfSegments).toBeGreaterThan(8);
    const activeBase = logA.activeSegment.baseOffset;

    // b: the same pass run to its end in one call, as the bench does.
    const cleanable = oneGo.manager.cleaner!.cleanerManager.grabFilthiestCompactedLog()!;
    new Cleaner({
      id: 0,
      offsetMapMemory: 134217728,
      ioBufferSize: 512,
      dupBufferLoadFactor: 0.9,
      clock: oneGo.time,
      checkDone: () => {},
      onIo: () => {},
      logger: new Logger(() => {}, 'kafka.log.LogCleaner'),
    }).clean(cleanable);

    // a: the cleaner thread, woken by a broker config change (its threads restart and look at once).
    stepped.manager.cleaner!.reconfigure({ ...stepped.manager.cleaner!.config });
    stepped.time.runDue();
    const { longestStepBytes, lastPassSteps } = stepped.manager.cleaner!.stepStats();
    expect(lastPassSteps[0]).toBeGreaterThan(10);
    // A step stops once it has read a read buffer (at most one batch, < 200 bytes here, more) and written what came of it.
    expect(longestStepBytes).toBeLessThan(2 * (512 + 200));
    expect(entriesOf(logA)).toEqual([...latestPerKey(produced.filter((e) => e.offset < activeBase)), ...produced.slice(activeBase)]);
    expect(cleanedFiles(logA)).toEqual(cleanedFiles(logB));
  });

  /** A log whose pass advances one step per emulated second (the I/O throttle), stopped with a `.cleaned` segment written. */
  async function midPass(logDirs: string[]): Promise<{ h: Harness; log: Log; produced: Entry[] }> {
    const h = await start(logDirs, { maxIoBytesPerSecond: 1024 });
    const log = h.manager.getOrCreateLog(TP, COMPACT);
    const produced = fill(log, 120, 7, START_MS);
    h.time.advance(15_000);
    for (let i = 0; i < 60 && !readdirSync(log.dir).some((f) => f.endsWith('.log.cleaned')); i++) h.time.advance(100);
    expect(readdirSync(log.dir).some((f) => f.endsWith('.log.cleaned'))).toBe(true);
    expect(h.manager.cleaner!.cleanerManager.cleaningState(TP)).toEqual({ kind: 'LogCleaningInProgress' });
    return { h, log, produced };
  }

  it('a truncation below the active segment during a pass aborts and pauses it, removes its .cleaned segment, truncates the checkpoint, and cleaning resumes', async () => {
    const { h, log } = await midPass([join(dir, 'logs')]);
    // Into the part of the log the pass has not reached (the groups before it are already swapped in).
    const truncateAt = log.segments.at(-2)!.baseOffset + 1;
    const before = entriesOf(log);
    expect(h.manager.truncateTo(TP, truncateAt)).toBe(true);
    // The pass stopped before returning: nothing of it is left, and the partition can be cleaned again.
    expect(readdirSync(log.dir).filter((f) => f.endsWith('.cleaned') || f.endsWith('.swap'))).toEqual([]);
    expect(h.manager.cleaner!.cleanerManager.cleaningState(TP)).toBeUndefined();
    expect(lines.map((l) => l.message)).toContain('The cleaning for partition keyed-0 is aborted and paused');
    expect(log.logEndOffset).toBe(truncateAt);
    const remaining = before.filter((e) => e.offset < truncateAt);
    expect(entriesOf(log)).toEqual(remaining);
    // The follower catches up with new records; the next passes compact what the log now holds.
    const more = fill(log, 60, 7, START_MS + 20_000);
    h.time.advance(120_000);
    const activeBase = log.activeSegment.baseOffset;
    const all = [...remaining, ...more];
    expect(entriesOf(log)).toEqual([
      ...latestPerKey(all.filter((e) => e.offset < activeBase)),
      ...all.filter((e) => e.offset >= activeBase),
    ]);
    expect(h.manager.cleanerCheckpoint(join(dir, 'logs'))?.get(TP)).toBe(activeBase);
  });

  it('truncateFullyAndStartAt during a pass: aborted, the checkpoint brought back to the new start, cleaning resumes', async () => {
    const { h, log } = await midPass([join(dir, 'logs')]);
    h.manager.truncateFullyAndStartAt(TP, 500);
    expect(readdirSync(log.dir).filter((f) => f.endsWith('.cleaned'))).toEqual([]);
    expect(h.manager.cleaner!.cleanerManager.cleaningState(TP)).toBeUndefined();
    expect(log.logStartOffset).toBe(500);
    expect(h.manager.cleanerCheckpoint(join(dir, 'logs'))?.get(TP)).toBeUndefined();
    const more = fill(log, 80, 3, START_MS + 20_000);
    h.time.advance(120_000);
    const activeBase = log.activeSegment.baseOffset;
    expect(entriesOf(log)).toEqual([
      ...latestPerKey(more.filter((e) => e.offset < activeBase)),
      ...more.filter((e) => e.offset >= activeBase),
    ]);
    expect(h.manager.cleanerCheckpoint(join(dir, 'logs'))?.get(TP)).toBe(activeBase);
  });

  it('AlterReplicaLogDirs: the pass is aborted when the future log is made, the swap moves the checkpoint to the new dir and resumes cleaning there', async () => {
    const [d0, d1] = [join(dir, 'd0'), join(dir, 'd1')];
    const { h, log, produced } = await midPass([d0, d1]);
    const from = log.parentDir;
    const to = from === d0 ? d1 : d0;
    // ReplicaManager.alterReplicaLogDirs: the future log, then `abortAndPauseCleaning`.
    h.manager.maybeUpdatePreferredLogDir(TP, to);
    const future = h.manager.getOrCreateLog(TP, COMPACT, { isFuture: true });
    h.manager.abortAndPauseCleaning(TP);
    expect(readdirSync(log.dir).filter((f) => f.endsWith('.cleaned'))).toEqual([]);
    expect(h.manager.cleaner!.cleanerManager.cleaningState(TP)).toEqual({ kind: 'LogCleaningPaused', pausedCount: 1 });
    // Paused: the thread leaves the log alone however long it waits.
    const liveFiles = () =>
      readdirSync(log.dir)
        .filter((f) => /\.log(\.cleaned|\.swap)?$/.test(f))
        .sort();
    const filesWhilePaused = liveFiles();
    h.time.advance(60_000);
    expect(liveFiles()).toEqual(filesWhilePaused);
    expect(lines.filter((l) => l.message === 'Cleaner 0: Beginning cleaning of log keyed-0.')).toHaveLength(1);
    // What the log holds now (the groups the pass had swapped in stay cleaned) is copied to the future log.
    const copied = entriesOf(log);
    // As ReplicaAlterLogDirsThread: fetch by fetch, so the future log rolls its segments as the current one did.
    while (future.logEndOffset < log.logEndOffset) future.appendAsFollower(log.read(future.logEndOffset, 100, 'log-end', true).records);
    future.updateHighWatermark(future.logEndOffset);
    h.manager.replaceCurrentWithFutureLog(TP);
    expect(h.manager.cleaner!.cleanerManager.cleaningState(TP)).toBeUndefined();
    h.time.advance(120_000);
    const swapped = h.manager.getLog(TP)!;
    expect(swapped.parentDir).toBe(to);
    const activeBase = swapped.activeSegment.baseOffset;
    expect(swapped.numberOfSegments).toBeGreaterThan(3);
    expect(entriesOf(swapped)).toEqual([
      ...latestPerKey(copied.filter((e) => e.offset < activeBase)),
      ...copied.filter((e) => e.offset >= activeBase),
    ]);
    expect(latestPerKey(copied)).toEqual(latestPerKey(produced));
    expect(h.manager.cleanerCheckpoint(to)?.get(TP)).toBe(activeBase);
    expect(h.manager.cleanerCheckpoint(from)?.get(TP)).toBeUndefined();
  });

  it('a log dir failing during a pass: the pass ends at its next step (KafkaStorageException), the thread goes on with the other dirs', async () => {
    const [d0, d1] = [join(dir, 'd0'), join(dir, 'd1')];
    const { h, log } = await midPass([d0, d1]);
    const failed = log.parentDir;
    h.manager.handleLogDirFailure(failed);
    expect(lines.map((l) => l.message)).toContain(`Stopping cleaning logs in dir ${failed}`);
    h.time.advance(2_000);
    expect(h.manager.cleaner!.cleanerManager.cleaningState(TP)).toBeUndefined();
    const other = h.manager.getOrCreateLog({ topic: 'keyed', partition: 1 }, COMPACT, { isNew: true });
    expect(other.parentDir).not.toBe(failed);
    const produced = fill(other, 60, 5, h.time.nowMs());
    h.time.advance(200_000);
    const activeBase = other.activeSegment.baseOffset;
    expect(entriesOf(other)).toEqual([...latestPerKey(produced.filter((e) => e.offset < activeBase)), ...produced.slice(activeBase)]);
  });

  it('a log deleted during a pass: the pass stops, nothing of it is written into the -delete dir', async () => {
    const { h, log } = await midPass([join(dir, 'logs')]);
    h.manager.asyncDelete(TP);
    expect(lines.map((l) => l.message)).toContain('The cleaning for partition keyed-0 is aborted');
    expect(h.manager.cleaner!.cleanerManager.cleaningState(TP)).toBeUndefined();
    const deleted = readdirSync(join(dir, 'logs')).find((f) => f.endsWith('-delete'))!;
    expect(readdirSync(join(dir, 'logs', deleted)).filter((f) => f.endsWith('.cleaned'))).toEqual([]);
    h.time.advance(60_000);
    expect(existsSync(log.dir)).toBe(false);
  });
});

describe('log cleaner configs changed live (issue 17 §1)', () => {
  let c: ClusterHarness | null = null;
  afterEach(async () => {
    await c?.close();
    c = null;
  });

  it('log.cleaner.* through AlterConfigs restart the threads with the new config; the min.compaction.lag.ms of the topic applies at the next look', async () => {
    c = await ClusterHarness.create({ brokers: 1, seed: 1718, brokerConfig: { 'log.cleaner.backoff.ms': '15000' } });
    const h = c;
    const admin = adminOf(h);
    const broker = h.cluster.broker(0);
    const cleaner = broker.logManager!.cleaner!;
    await admin.createTopics(
      [
        topic('keyed', {
          assignment: [[0]],
          configs: { 'cleanup.policy': 'compact', 'segment.bytes': '1024', 'min.compaction.lag.ms': '86400000' },
        }),
      ],
      CREATE,
    );
    await h.settle();
    const log = broker.logManager!.getLog(TP)!;
    const produced = fill(log, 80, 5, h.time.nowMs());
    await h.advance(40_000);
    // Younger than min.compaction.lag.ms: nothing is cleanable yet.
    expect(entriesOf(log)).toEqual(produced);

    const result = await drive(
      h,
      admin.alterBrokerConfig(
        '0',
        {
          'log.cleaner.threads': '2',
          'log.cleaner.dedupe.buffer.size': '1048576',
          'log.cleaner.backoff.ms': '5000',
          'log.cleaner.io.max.bytes.per.second': '1000',
        },
        false,
      ),
    );
    expect(result).toMatchObject({ errorName: 'NONE' });
    await h.settle();
    expect(cleaner.config).toMatchObject({ numThreads: 2, dedupeBufferSize: 1048576, backOffMs: 5000, maxIoBytesPerSecond: 1000 });
    // As 2.5.1: the throttler was built with the LogCleaner; its rate does not change.
    expect(cleaner.throttleRateBytesPerSec).toBe(Number.MAX_VALUE);
    expect(cleaner.stepStats().lastPassSteps).toHaveLength(2);
    // Refused as 2.5 refuses it: more than double the current threads.
    const refused = await drive(h, admin.alterBrokerConfig('0', { 'log.cleaner.threads': '5' }, false));
    expect(refused).toMatchObject({
      errorName: 'INVALID_REQUEST',
      errorMessage: "Invalid config value for resource ConfigResource(type=BROKER, name='0'): Invalid dynamic configuration",
    });

    expect(
      await drive(
        h,
        admin.alterTopicConfig('keyed', { 'cleanup.policy': 'compact', 'segment.bytes': '1024', 'min.compaction.lag.ms': '0' }, false),
      ),
    ).toMatchObject({ errorName: 'NONE' });
    await h.settle();
    expect(log.config.compactionLagMs).toBe(0);
    // The new 5 s back-off: the next look comes within it, and the log is compacted.
    await h.advance(6_000);
    const activeBase = log.activeSegment.baseOffset;
    expect(entriesOf(log)).toEqual([...latestPerKey(produced.filter((e) => e.offset < activeBase)), ...produced.slice(activeBase)]);
  });
});
