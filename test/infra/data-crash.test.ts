/**
 * The data path under SIGKILL: a child process (test/fixtures/data-crash-writer.ts) runs the whole
 * three-broker cluster on the real clock and produces to topic `crash` (2 partitions, RF 3,
 * min.insync.replicas=2) with acks=−1, printing every acknowledged batch and the high watermarks it
 * sees; the test kills it at seeded random moments. After each kill the test opens the same
 * workspace itself (manual clock: crash recovery of every log, stale ZooKeeper sessions expired,
 * followers caught up), checks it against everything acknowledged so far, and closes it cleanly
 * before the next run.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { KafkaServer } from '../../src-main/core/broker/kafka-server';
import { Partition } from '../../src-main/core/broker/partition';
import { Workspace } from '../../src-main/core/cluster/workspace';
import type { Log } from '../../src-main/core/log/log';
import {
  DELETED_FILE_SUFFIX,
  LEADER_EPOCH_CHECKPOINT_FILE,
  logFileName,
  offsetFromFileName,
  offsetIndexFileName,
  timeIndexFileName,
} from '../../src-main/core/log/log-manager/log-dir-names';
import type { LogSegment } from '../../src-main/core/log/segment/log-segment';
import { microtaskExecutor } from '../../src-main/core/platform/executor';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../src-main/core/platform/random';
import { NodeFileSystem } from '../../src-main/infra/node-file-system';
import { SqliteClusterDefinitionStore } from '../../src-main/infra/sqlite-cluster-definition';
import { openSqliteDatabase } from '../../src-main/infra/sqlite-database';
import { SqliteEventLog } from '../../src-main/infra/sqlite-event-log';
import { SqliteZkPersistence } from '../../src-main/infra/sqlite-zk-persistence';
import { CRASH_PARTITIONS, CRASH_TOPIC, recordDigest } from '../fixtures/data-crash-writer';
import type { KilledRun } from '../support/kill-after-ready';
import { runAndKillAfterReady } from '../support/kill-after-ready';
import { makeTempDir } from '../support/temp-dir';

const WRITER = join(import.meta.dirname, '..', 'fixtures', 'data-crash-writer.ts');
const KILLS = Number(process.env.CRASH_KILLS ?? 50);
const SEED = Number(process.env.CRASH_SEED ?? 20261207);
/** How long the cluster may take, in emulated time, to come back and catch up after a kill. */
const SETTLE_LIMIT_MS = 300_000;

/** Starts the writer, lets it produce for `killAfterMs` once it is ready, then SIGKILLs it. A line the kill cut short was never acknowledged to anyone: it is dropped. */
function runAndKill(dir: string, seed: number, run: number, killAfterMs: number): Promise<KilledRun> {
  return runAndKillAfterReady(WRITER, [dir, String(seed), String(run)], killAfterMs, {
    startupTimeoutMs: 60_000,
    keepCutLine: false,
    describe: `writer run ${run} (seed ${seed})`,
  });
}

/** What the writers were told, over all runs. */
class Ledger {
  /** Per partition: acknowledged offset → record digest. */
  readonly acked = Array.from({ length: CRASH_PARTITIONS }, () => new Map<number, string>());
  /** Per partition: one past the highest acknowledged offset. */
  readonly ackedEnd = new Array<number>(CRASH_PARTITIONS).fill(0);
  /** Per partition: the highest high watermark anyone observed. */
  readonly maxHw = new Array<number>(CRASH_PARTITIONS).fill(0);
  acks = 0;
  nacks = 0;
  hwObservations = 0;
  records = 0;

  absorb(lines: readonly string[], context: string): void {
    for (const line of lines) {
      const parts = line.split(' ');
      const kind = parts[0];
      if (kind === 'ERROR') throw new Error(`writer failed (${context}): ${line}`);
      if (kind === 'NACK') this.nacks++;
      if (kind === 'HW') {
        // ListOffsets(latest) never goes back (KIP-207: a new leader answers OFFSET_NOT_AVAILABLE
        // until its high watermark reaches its epoch's start), and an acknowledged batch is below it.
        const p = Number(parts[1]);
        const hw = Number(parts[2]);
        const floor = Math.max(this.maxHw[p], this.ackedEnd[p]);
        if (hw < floor)
          expect.fail(
            `high watermark of partition ${p} went back to ${hw} from ${this.maxHw[p]} (acknowledged up to ${this.ackedEnd[p]}) (${context})`,
          );
        this.maxHw[p] = hw;
        this.hwObservations++;
      }
      if (kind !== 'ACK') continue;
      const p = Number(parts[1]);
      const base = Number(parts[2]);
      const count = Number(parts[3]);
      const digests = parts.slice(4);
      expect(digests.length, `malformed ACK line (${context}): ${line}`).toBe(count);
      expect(base, `ACK without an offset (${context}): ${line}`).toBeGreaterThanOrEqual(0);
      this.acks++;
      digests.forEach((digest, i) => {
        const offset = base + i;
        const before = this.acked[p].get(offset);
        // The same offset acknowledged twice must be the same record: otherwise an acknowledged
        // record was replaced (lost) between two runs.
        if (before !== undefined) expect(digest, `offset ${p}/${offset} acknowledged with two different records (${context})`).toBe(before);
        else this.records++;
        this.acked[p].set(offset, digest);
      });
      this.ackedEnd[p] = Math.max(this.ackedEnd[p], base + count);
    }
  }
}

interface Opened {
  ws: Workspace;
  time: ManualTime;
}

/** What loading after the kills had to do, summed over the runs (reported, not asserted, except unclean loads). */
class RecoveryStats {
  uncleanLoads = 0;
  /** Brokers that loaded their log dir without the clean-shutdown marker, this run. */
  readonly uncleanBrokers = new Set<number>();
  segmentsRecovered = 0;
  segmentsCut = 0;
  bytesCut = 0;
  indexesRebuilt = 0;
  segmentsRemoved = 0;
  truncations = 0;

  watch(ws: Workspace): () => void {
    return ws.cluster.subscribe((e) => {
      if (e.kind !== 'log-manager') return;
      const event = e.event;
      if (event.type === 'log-dir-loading' && !event.cleanShutdown) {
        this.uncleanLoads++;
        this.uncleanBrokers.add(e.brokerId);
      }
      if (event.type !== 'log' || event.topicPartition.topic !== CRASH_TOPIC) return;
      const body = event.event;
      if (body.type === 'log-message' && event.message.includes('Recovering unflushed segment')) this.segmentsRecovered++;
      if (body.type === 'segment-recovered' && body.truncatedBytes > 0) {
        this.segmentsCut++;
        this.bytesCut += body.truncatedBytes;
      }
      if (body.type === 'index-rebuilt') this.indexesRebuilt++;
      if (body.type === 'segments-removed-by-recovery') this.segmentsRemoved += body.baseOffsets.length;
      if (body.type === 'log-truncated') this.truncations++;
    });
  }

  toString(): string {
    return (
      `${this.uncleanLoads} unclean log dir loads, ${this.segmentsRecovered} segments recovered, ${this.segmentsCut} cut (${this.bytesCut} bytes), ` +
      `${this.indexesRebuilt} with indexes rebuilt, ${this.segmentsRemoved} removed after a corrupt one, ${this.truncations} follower truncations`
    );
  }
}

async function openChecked(dir: string, seed: number, stats: RecoveryStats): Promise<Opened> {
  mkdirSync(dir, { recursive: true });
  const db = openSqliteDatabase(join(dir, 'metadata.db'), { durable: false });
  // The writer ran on the wall clock: start there so that nothing looks older than it is.
  const time = new ManualTime(Date.now());
  const ws = await Workspace.open({
    dir,
    fs: new NodeFileSystem(),
    time,
    random: new SeededRandom(seed),
    executor: microtaskExecutor,
    zkPersistence: new SqliteZkPersistence(db, true),
    definitions: new SqliteClusterDefinitionStore(db),
    events: new SqliteEventLog(db),
  });
  stats.watch(ws);
  return { ws, time };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function settle(ws: Workspace): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    await turn();
    if (ws.cluster.isQuiescent()) {
      await ws.zkServer.whenIdle();
      await turn();
      if (ws.cluster.isQuiescent()) return;
    }
  }
  throw new Error('cluster did not settle');
}

const tpOf = (p: number) => ({ topic: CRASH_TOPIC, partition: p });

function hostedPartition(broker: KafkaServer, p: number): Partition | null {
  const hosted = broker.replicaManager?.getPartition(tpOf(p));
  return hosted instanceof Partition ? hosted : null;
}

/** Why the cluster is not yet back in full sync (null once it is): every broker up, each partition led, ISR = all three, all logs at the leader's end, high watermark there too. */
function notInSync(ws: Workspace): string | null {
  const running = ws.cluster.runningBrokers();
  if (running.length !== 3) return `running brokers: ${running.map((b) => b.id).join(',')}`;
  const controller = running.find((b) => b.controller?.isActive());
  if (!controller) return 'no active controller';
  for (let p = 0; p < CRASH_PARTITIONS; p++) {
    const info = controller.metadataCache.getPartitionInfo(CRASH_TOPIC, p);
    if (!info || info.leader < 0) return `partition ${p} has no leader`;
    const leader = running.find((b) => b.id === info.leader);
    const partition = leader && hostedPartition(leader, p);
    if (!partition?.isLeader || !partition.log) return `partition ${p}: broker ${info.leader} does not lead it yet`;
    if (partition.isr.length !== 3) return `partition ${p}: ISR ${partition.isr.join(',')}`;
    const end = partition.log.logEndOffset;
    if (partition.log.highWatermark !== end) return `partition ${p}: high watermark ${partition.log.highWatermark} < log end ${end}`;
    for (const b of running) {
      const log = hostedPartition(b, p)?.log;
      if (!log) return `partition ${p}: broker ${b.id} has no log`;
      if (log.logEndOffset !== end) return `partition ${p}: broker ${b.id} at ${log.logEndOffset}, leader at ${end}`;
    }
  }
  return null;
}

/** Moves the manual clock task by task, settling after each, until `done` or `limitMs` from now. */
async function advanceUntil(opened: Opened, limitMs: number, done: () => boolean): Promise<boolean> {
  const { ws, time } = opened;
  const limit = time.nowMs() + limitMs;
  for (;;) {
    if (done()) return true;
    const next = time.nextDueMs();
    if (next === null || next > limit) {
      if (time.nowMs() < limit) time.advanceTo(limit);
      await settle(ws);
      return done();
    }
    time.advanceTo(Math.max(next, time.nowMs()));
    await settle(ws);
  }
}

function shuffled(ids: readonly number[], random: SeededRandom): number[] {
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * After a kill: the dead process's ZooKeeper sessions expire first; then the brokers start one at
 * a time, in a seeded order and some of them late, so leadership often moves to a broker that was
 * a follower (the others then truncate to it by leader epoch); then the clock runs until the
 * cluster is back in sync.
 */
async function bringBack(opened: Opened, random: SeededRandom, context: string): Promise<void> {
  const { ws } = opened;
  if (!(await advanceUntil(opened, 60_000, () => ws.zkServer.sessionIds().length === 0)))
    throw new Error(`stale sessions did not expire (${context})`);
  for (const id of shuffled(ws.cluster.brokerIds(), random)) {
    await ws.cluster.startBroker(id);
    await advanceUntil(opened, random.nextInt(3) * 1000, () => false);
  }
  let why: string | null = null;
  if (!(await advanceUntil(opened, SETTLE_LIMIT_MS, () => (why = notInSync(ws)) === null))) {
    throw new Error(`the cluster did not come back in sync within ${SETTLE_LIMIT_MS} ms: ${why} (${context})`);
  }
}

/** Stops the brokers one by one in a seeded order, so the next run starts with another leader. */
async function shutDown(opened: Opened, random: SeededRandom): Promise<void> {
  for (const id of shuffled(opened.ws.cluster.brokerIds(), random)) {
    if (opened.ws.cluster.broker(id).isRunning) await opened.ws.cluster.shutdownBroker(id, { controlled: false });
    await settle(opened.ws);
  }
}

interface BatchInfo {
  position: number;
  size: number;
  baseOffset: number;
  lastOffset: number;
  maxTimestamp: number;
  epoch: number;
  checksum: number;
}

function batchesOf(segment: LogSegment): BatchInfo[] {
  return [...segment.batches()].map((b) => ({
    position: b.position,
    size: b.sizeInBytes,
    baseOffset: b.batch.baseOffset,
    lastOffset: b.batch.lastOffset,
    maxTimestamp: b.batch.maxTimestamp,
    epoch: b.batch.partitionLeaderEpoch,
    checksum: b.batch.storedChecksum,
  }));
}

/**
 * One replica's log on disk (as loaded, after recovery): batches back to back and contiguous
 * across segments; each segment starting at its base offset; every offset-index entry at a batch
 * start, for an offset of a batch from there on, and every batch found through the index; the time
 * index strictly increasing, each entry naming a batch that holds its timestamp, the largest so far;
 * the leader-epoch cache agreeing with the batches' epochs. Returns the batches, for comparison.
 */
function checkReplicaLog(log: Log, where: string): BatchInfo[] {
  const problems: string[] = [];
  const all: BatchInfo[] = [];
  const segments = log.segments;
  let expectedNext: number | null = null;
  segments.forEach((segment, si) => {
    const isLast = si === segments.length - 1;
    const seg = `${where} segment ${segment.baseOffset}`;
    const batches = batchesOf(segment);
    const segmentEnd = isLast ? log.logEndOffset : segments[si + 1].baseOffset;
    const used = batches.reduce((n, b) => n + b.size, 0);
    if (used !== segment.size) problems.push(`${seg}: batches cover ${used} of ${segment.size} bytes`);
    if (batches.length === 0) {
      if (!isLast) problems.push(`${seg}: empty segment before the active one`);
      else if (segment.baseOffset !== log.logEndOffset) problems.push(`${seg}: empty active segment, log end ${log.logEndOffset}`);
    } else if (batches[0].baseOffset !== segment.baseOffset) {
      problems.push(`${seg}: first batch at ${batches[0].baseOffset}`);
    }
    for (const b of batches) {
      if (expectedNext !== null && b.baseOffset !== expectedNext)
        problems.push(`${seg}: batch at ${b.baseOffset} after offset ${expectedNext - 1} (duplicated or skipped offsets)`);
      if (b.lastOffset < b.baseOffset) problems.push(`${seg}: batch ${b.baseOffset}..${b.lastOffset}`);
      if (b.lastOffset >= segmentEnd)
        problems.push(`${seg}: batch ${b.baseOffset}..${b.lastOffset} beyond the segment's end ${segmentEnd}`);
      expectedNext = b.lastOffset + 1;
    }
    const byPosition = new Map(batches.map((b, i) => [b.position, i]));
    const byLastOffset = new Map(batches.map((b) => [b.lastOffset, b]));

    const offsetIndex = segment.offsetIndex;
    let previous: { offset: number; position: number } | null = null;
    for (let i = 0; i < offsetIndex.entries; i++) {
      const e = offsetIndex.entry(i);
      const at = byPosition.get(e.position);
      if (previous && (e.offset <= previous.offset || e.position <= previous.position))
        problems.push(`${seg}: offset index entry ${i} (${e.offset}@${e.position}) not after (${previous.offset}@${previous.position})`);
      previous = e;
      if (at === undefined) {
        problems.push(`${seg}: offset index entry ${i} (${e.offset}@${e.position}) is not at a batch start`);
        continue;
      }
      // Kafka indexes an appended chunk (one batch from a producer, maybe several from a fetch) by
      // its last offset at the position where the chunk starts; recovery indexes batch by batch.
      if (batches[at].baseOffset > e.offset || !batches.slice(at).some((b) => b.lastOffset === e.offset)) {
        problems.push(
          `${seg}: offset index entry ${i} (${e.offset}@${e.position}) points at batch ${batches[at].baseOffset}..${batches[at].lastOffset}, not at the chunk ending at ${e.offset}`,
        );
      }
    }
    // What a fetch does: the index entry below the offset, then a scan to its batch.
    for (const b of batches) {
      const found = segment.translateOffset(b.lastOffset);
      if (found?.position !== b.position)
        problems.push(
          `${seg}: offset ${b.lastOffset} found at ${found?.position ?? 'nowhere'} through the index, its batch is at ${b.position}`,
        );
    }

    // Time index: (largest timestamp so far, last offset of the batch holding it), strictly increasing.
    const timeIndex = segment.timeIndex;
    let previousTime: { timestamp: number; offset: number } | null = null;
    let next = 0;
    let maxSoFar = -1;
    for (let i = 0; i < timeIndex.entries; i++) {
      const e = timeIndex.entry(i);
      if (previousTime && (e.timestamp <= previousTime.timestamp || e.offset < previousTime.offset)) {
        problems.push(
          `${seg}: time index entry ${i} (${e.timestamp}, ${e.offset}) not after (${previousTime.timestamp}, ${previousTime.offset})`,
        );
      }
      previousTime = e;
      while (next < batches.length && batches[next].lastOffset <= e.offset) maxSoFar = Math.max(maxSoFar, batches[next++].maxTimestamp);
      const holder = byLastOffset.get(e.offset);
      if (!holder || holder.maxTimestamp !== e.timestamp || maxSoFar !== e.timestamp) {
        problems.push(
          `${seg}: time index entry ${i} (${e.timestamp}, ${e.offset}): batch ending there has ${holder?.maxTimestamp ?? 'none'}, largest timestamp up to there ${maxSoFar}`,
        );
      }
    }
    if (!isLast && batches.length > 0) {
      const max = Math.max(...batches.map((b) => b.maxTimestamp));
      if (timeIndex.entries === 0 || timeIndex.lastEntry.timestamp !== max)
        problems.push(`${seg}: inactive segment's last time index entry ${timeIndex.lastEntry.timestamp}, largest timestamp ${max}`);
    }
    all.push(...batches);
  });
  if ((expectedNext ?? log.logEndOffset) !== log.logEndOffset)
    problems.push(`${where}: batches end at ${expectedNext}, log end offset ${log.logEndOffset}`);
  if (all.length > 0 && all[0].baseOffset > log.logStartOffset)
    problems.push(`${where}: first batch at ${all[0].baseOffset}, log start offset ${log.logStartOffset}`);

  // On disk: the segments' files, the leader-epoch checkpoint (and the temporary file of an
  // interrupted checkpoint write), segments of a truncation waiting for their delayed removal.
  const expected = new Set([LEADER_EPOCH_CHECKPOINT_FILE, `${LEADER_EPOCH_CHECKPOINT_FILE}.tmp`]);
  for (const segment of segments)
    for (const name of [logFileName, offsetIndexFileName, timeIndexFileName]) expected.add(name(segment.baseOffset));
  const present = new Set(readdirSync(log.dir));
  for (const name of present) {
    // Producer snapshots (taken at rolls and loads) never lie past the log end once the log is loaded.
    if (/^\d{20}\.snapshot$/.test(name)) {
      if (offsetFromFileName(name) > log.logEndOffset)
        problems.push(`${where}: producer snapshot ${name} past the log end offset ${log.logEndOffset}`);
      continue;
    }
    if (!expected.has(name) && !name.endsWith(DELETED_FILE_SUFFIX)) problems.push(`${where}: unexpected file ${name}`);
  }
  for (const segment of segments)
    if (!present.has(logFileName(segment.baseOffset))) problems.push(`${where}: segment ${segment.baseOffset} has no .log file`);

  const epochs = log.leaderEpochEntries;
  for (let i = 1; i < epochs.length; i++) {
    if (epochs[i].epoch <= epochs[i - 1].epoch || epochs[i].startOffset < epochs[i - 1].startOffset)
      problems.push(`${where}: leader epoch cache out of order: ${JSON.stringify(epochs)}`);
  }
  for (const b of all) {
    const entry = epochs.findLast((e) => e.startOffset <= b.baseOffset);
    if (entry?.epoch !== b.epoch) {
      problems.push(`${where}: batch ${b.baseOffset} of leader epoch ${b.epoch}, the leader-epoch cache says ${entry?.epoch ?? 'none'}`);
      break;
    }
  }
  expect(problems.slice(0, 20), `log problems (${problems.length}), first: ${problems[0]}`).toEqual([]);
  return all;
}

describe('data path under SIGKILL', () => {
  const tmp = makeTempDir('kafka-dojo-data-crash-');
  afterAll(() => tmp.cleanup());

  it(`keeps every acks=-1 record, contiguous offsets, consistent indexes and a high watermark that never goes back, across ${KILLS} kills (seed ${SEED})`, async () => {
    const random = new SeededRandom(SEED);
    const dir = join(tmp.dir, 'workspace');
    const ledger = new Ledger();
    const stats = new RecoveryStats();
    let segments = 0;
    for (let run = 0; run < KILLS; run++) {
      const killAfterMs = 50 + random.nextInt(351);
      const out = await runAndKill(dir, SEED, run, killAfterMs);
      const context = `seed ${SEED}, run ${run}, killed ${killAfterMs} ms after READY`;
      expect(out.exitSignal, `the writer must die by SIGKILL (${context}): ${out.lines.slice(-3).join(' | ')} ${out.stderr}`).toBe(
        'SIGKILL',
      );
      ledger.absorb(out.lines, context);

      const opened = await openChecked(dir, SEED + run, stats);
      try {
        stats.uncleanBrokers.clear();
        await bringBack(opened, random, context);
        // Each broker found its log dir without the clean-shutdown marker: recovery ran.
        expect([...stats.uncleanBrokers].sort(), `brokers that recovered their logs (${context})`).toEqual([0, 1, 2]);
        const { ws } = opened;
        for (let p = 0; p < CRASH_PARTITIONS; p++) {
          const where = `partition ${p} (${context})`;
          const read = ws.client.read({ topic: CRASH_TOPIC, partition: p, maxRecords: Number.MAX_SAFE_INTEGER });
          expect(read.error, `read ${where}: ${read.errorMessage}`).toBe('NONE');
          const { highWatermark: hw, logStartOffset: start, records } = read;
          expect(hw, `high watermark below an acknowledged offset, ${where}`).toBeGreaterThanOrEqual(ledger.ackedEnd[p]);
          expect(hw, `high watermark went backwards, ${where}`).toBeGreaterThanOrEqual(ledger.maxHw[p]);
          ledger.maxHw[p] = hw;
          // Everything from the log start to the high watermark, each offset once, in order.
          expect(records.length, `records read from ${start} to ${hw}, ${where}`).toBe(hw - start);
          const misplaced = records.findIndex((r, i) => r.offset !== start + i);
          expect(misplaced, `offset ${records[misplaced]?.offset} read at position ${misplaced} from ${start}, ${where}`).toBe(-1);
          expect(read.nextOffset, `read stopped before the high watermark, ${where}`).toBe(hw);
          const lost: string[] = [];
          for (const [offset, digest] of ledger.acked[p]) {
            const r = offset >= start ? records[offset - start] : undefined;
            if (!r) lost.push(`offset ${offset}: not readable (log start ${start})`);
            else if (recordDigest(r.key, r.value, r.headers) !== digest)
              lost.push(`offset ${offset}: acknowledged ${digest}, read ${recordDigest(r.key, r.value, r.headers)}`);
          }
          expect(lost.slice(0, 20), `acknowledged records lost or changed (${lost.length}), ${where}`).toEqual([]);

          // Every replica: consistent on disk, and the same batches as the leader's.
          const replicas = ws.cluster
            .runningBrokers()
            .map((b) => ({ id: b.id, log: hostedPartition(b, p)!.log!, isLeader: hostedPartition(b, p)!.isLeader }));
          const leader = replicas.find((r) => r.isLeader)!;
          const leaderBatches = checkReplicaLog(leader.log, `leader ${leader.id} of ${where}`);
          segments = Math.max(segments, leader.log.numberOfSegments);
          for (const r of replicas.filter((x) => !x.isLeader)) {
            const batches = checkReplicaLog(r.log, `broker ${r.id}, ${where}`);
            const diverged = batches.findIndex(
              (b, i) => b.baseOffset !== leaderBatches[i]?.baseOffset || b.checksum !== leaderBatches[i]?.checksum,
            );
            expect(diverged, `broker ${r.id} diverges from the leader at batch ${batches[diverged]?.baseOffset}, ${where}`).toBe(-1);
            expect(batches.length, `broker ${r.id} has another number of batches than the leader, ${where}`).toBe(leaderBatches.length);
          }
        }
        await shutDown(opened, random);
      } finally {
        await opened.ws.close();
      }
    }
    // The test only means something if the writers got far enough, and rolled segments.
    expect(ledger.records, `records acknowledged (seed ${SEED})`).toBeGreaterThan(KILLS * 20);
    expect(segments, `segments of the largest log (seed ${SEED})`).toBeGreaterThan(20);
    console.log(
      `data crash test (seed ${SEED}): ${KILLS} kills; ${ledger.acks} batches / ${ledger.records} records acknowledged, ${ledger.nacks} batches not; ` +
        `${ledger.hwObservations} high watermarks observed, last ${ledger.maxHw.join(', ')}; up to ${segments} segments per log; ${stats}`,
    );
  }, 400_000);
});
