import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecordBatch } from '../../../src-main/core/record';
import { IllegalStateException } from '../../../src-main/core/common/java-lang';
import { KafkaException, KafkaStorageException } from '../../../src-main/core/log/errors';
import { LogConfig } from '../../../src-main/core/log/log-config';
import { newUniqueId } from '../../../src-main/core/log/log-manager/log-dir-names';
import { INITIAL_TASK_DELAY_MS, LogManager } from '../../../src-main/core/log/log-manager/log-manager';
import type { LogManagerEvent } from '../../../src-main/core/log/log-manager/log-manager-event';
import { FileSystemError } from '../../../src-main/core/platform/file-system';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';
import { START_MS, makeLogManager } from './log-test-helpers';

const read = (path: string): string => readFileSync(path, 'utf8');
const size = (path: string): number => statSync(path).size;
const tp = (topic: string, partition: number) => ({ topic, partition });
const PROPERTIES = LogConfig.of().formatOriginals();

/** A file system whose calls can be counted and made to fail. */
class InstrumentedFs extends NodeFileSystem {
  readdirCalls = 0;
  failWritesUnder: string | null = null;

  override readdir(path: string) {
    this.readdirCalls++;
    return super.readdir(path);
  }

  override writeFileAtomic(path: string, data: Uint8Array): void {
    if (this.failWritesUnder !== null && path.startsWith(this.failWritesUnder)) {
      throw new FileSystemError('write file', `${path}.tmp`, 'EIO', 'i/o error');
    }
    super.writeFileAtomic(path, data);
  }
}

describe('LogManager', () => {
  let root: string;
  let cleanup: () => void;
  let d0: string;
  let d1: string;
  let d2: string;

  beforeEach(() => {
    ({ dir: root, cleanup } = makeTempDir('kafka-dojo-logmanager-'));
    d0 = join(root, 'broker-1', 'kafka-logs-0');
    d1 = join(root, 'broker-1', 'kafka-logs-1');
    d2 = join(root, 'broker-1', 'kafka-logs-2');
  });
  afterEach(() => cleanup());

  it('startup creates missing log dirs with .lock and empty (0-byte) checkpoint files, and schedules its tasks', async () => {
    const h = makeLogManager([d0, d1]);
    await h.manager.startup();
    expect(h.manager.state).toBe('running');
    for (const d of [d0, d1]) {
      expect(readdirSync(d).sort()).toEqual([
        '.lock',
        'cleaner-offset-checkpoint',
        'log-start-offset-checkpoint',
        'recovery-point-offset-checkpoint',
        'replication-offset-checkpoint',
      ]);
      for (const f of readdirSync(d)) expect(size(join(d, f))).toBe(0);
    }
    expect(h.ofType('log-dir-created').map((e) => [e.dir, e.message, e.level])).toEqual([
      [d0, `Log directory ${d0} not found, creating it.`, 'INFO'],
      [d1, `Log directory ${d1} not found, creating it.`, 'INFO'],
    ]);
    expect(h.ofType('logs-loaded')[0].message).toBe('Logs loading complete in 0 ms.');
    // kafka-log-cleaner-thread-0 (first look now), kafka-recovery-point-checkpoint, kafka-log-start-offset-checkpoint, kafka-delete-logs, kafka-log-retention
    expect(h.time.pendingTaskCount).toBe(5);
    expect(h.time.nextDueMs()).toBe(START_MS);
    h.time.advance(0);
    // With nothing to clean the cleaner thread backs off log.cleaner.backoff.ms (15 s); the others start at 30 s.
    expect(h.time.nextDueMs()).toBe(START_MS + 15_000);
    h.time.advance(15_000);
    expect(h.time.nextDueMs()).toBe(START_MS + INITIAL_TASK_DELAY_MS);
  });

  it('without log.cleaner.enable there is no cleaner-offset-checkpoint', async () => {
    const h = makeLogManager([d0], { config: { cleanerEnable: false } });
    await h.manager.startup();
    expect(existsSync(join(d0, 'cleaner-offset-checkpoint'))).toBe(false);
  });

  it('creates a partition log with Kafka\'s files and logs Kafka\'s "Created log" line', async () => {
    const h = makeLogManager([d0]);
    await h.manager.startup();
    const log = h.manager.getOrCreateLog(tp('orders', 0));
    const dir = join(d0, 'orders-0');
    expect(log.dir).toBe(dir);
    expect(Object.fromEntries(readdirSync(dir).map((n) => [n, size(join(dir, n))]))).toEqual({
      '00000000000000000000.log': 0,
      '00000000000000000000.index': 10485760,
      '00000000000000000000.timeindex': 10485756,
      'leader-epoch-checkpoint': 0,
    });
    const [created] = h.ofType('partition-dir-created');
    expect(created).toMatchObject({
      topicPartition: tp('orders', 0),
      dir: d0,
      path: dir,
      level: 'INFO',
      logger: 'kafka.log.LogManager',
      brokerId: 1,
    });
    expect(created.message).toBe(`Created log for partition orders-0 in ${dir} with properties ${PROPERTIES}.`);
    // The same log comes back; creating a log writes no checkpoint.
    expect(h.manager.getOrCreateLog(tp('orders', 0))).toBe(log);
    expect(h.ofType('partition-dir-created')).toHaveLength(1);
    expect(h.ofType('checkpoint-written')).toHaveLength(0);
    expect(h.manager.getLog(tp('orders', 0))).toBe(log);
    expect(h.manager.getLog(tp('orders', 1))).toBeUndefined();
  });

  it('uses the topic config it is given (plain values) for the new log', async () => {
    const h = makeLogManager([d0]);
    await h.manager.startup();
    const log = h.manager.getOrCreateLog(tp('small', 0), { 'segment.index.bytes': '4096', 'cleanup.policy': 'compact' });
    expect(size(join(log.dir, '00000000000000000000.index'))).toBe(4096);
    expect(size(join(log.dir, '00000000000000000000.timeindex'))).toBe(4092);
    expect(h.ofType('partition-dir-created')[0].message).toContain('cleanup.policy -> compact');
  });

  it('places each new log in the live dir with the fewest partitions, ties going to the first in log.dirs', async () => {
    mkdirSync(join(d1, 'existing-0'), { recursive: true });
    mkdirSync(join(d1, 'existing-1'), { recursive: true });
    const h = makeLogManager([d0, d1, d2]);
    await h.manager.startup();
    const placed = Array.from({ length: 7 }, (_, p) => h.manager.getOrCreateLog(tp('t', p)).parentDir);
    // counts before each call: d0 0, d1 2, d2 0 → d0, d2, d0, d2, then all 2 → d0, d1, d2
    expect(placed).toEqual([d0, d2, d0, d2, d0, d1, d2]);
    expect(Object.fromEntries(h.manager.partitionCounts())).toEqual({ [d0]: 3, [d1]: 3, [d2]: 3 });
    expect(h.manager.allLogs()).toHaveLength(9);
    expect([...h.manager.logsByDir().keys()].sort()).toEqual([d0, d1, d2].sort());
  });

  it('creates thousands of logs cheaply: no directory scan per call, counts kept in memory', async () => {
    const fs = new InstrumentedFs();
    const time = new ManualTime(START_MS);
    const manager = new LogManager({ fs, time, random: new SeededRandom(1), brokerId: 1, logDirs: [d0, d1, d2] });
    await manager.startup();
    const scansAtStartup = fs.readdirCalls;
    const started = performance.now();
    for (let p = 0; p < 1500; p++) manager.getOrCreateLog(tp('big', p));
    const elapsedMs = performance.now() - started;
    expect(fs.readdirCalls).toBe(scansAtStartup);
    expect(Object.fromEntries(manager.partitionCounts())).toEqual({ [d0]: 500, [d1]: 500, [d2]: 500 });
    expect(elapsedMs).toBeLessThan(15_000);
  });

  it('asyncDelete renames to <topic>-<p>.<uuid>-delete, rewrites the checkpoints and removes the dir exactly file.delete.delay.ms later', async () => {
    const h = makeLogManager([d0], { seed: 7 });
    await h.manager.startup();
    h.manager.getOrCreateLog(tp('orders', 0));
    h.manager.getOrCreateLog(tp('orders', 1));
    h.time.advance(10_000);

    const uuid = newUniqueId(new SeededRandom(7));
    const removed = h.manager.asyncDelete(tp('orders', 0));
    const deleteDir = join(d0, `orders-0.${uuid}-delete`);
    expect(removed?.dir).toBe(deleteDir);
    expect(uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(existsSync(join(d0, 'orders-0'))).toBe(false);
    expect(readdirSync(deleteDir).sort()).toEqual([
      '00000000000000000000.index',
      '00000000000000000000.log',
      '00000000000000000000.timeindex',
      'leader-epoch-checkpoint',
    ]);
    expect(h.manager.getLog(tp('orders', 0))).toBeUndefined();
    expect(read(join(d0, 'recovery-point-offset-checkpoint'))).toBe('0\n1\norders 1 0\n');
    expect(read(join(d0, 'log-start-offset-checkpoint'))).toBe('0\n0\n');
    // The log cleaner drops the partition from its checkpoint (which it thereby writes).
    expect(read(join(d0, 'cleaner-offset-checkpoint'))).toBe('0\n0\n');
    const [renamed] = h.ofType('partition-dir-renamed-for-deletion');
    expect(renamed).toMatchObject({
      topicPartition: tp('orders', 0),
      dir: d0,
      from: join(d0, 'orders-0'),
      to: deleteDir,
      deleteAtMs: START_MS + 10_000 + 60_000,
    });
    expect(renamed.message).toBe(`Log for partition orders-0 is renamed to ${deleteDir} and is scheduled for deletion`);
    expect(h.manager.pendingDeletions()).toEqual([
      { topicPartition: tp('orders', 0), dir: d0, path: deleteDir, scheduledAtMs: START_MS + 10_000, deleteAtMs: START_MS + 70_000 },
    ]);

    // Not before file.delete.delay.ms …
    h.time.advanceTo(START_MS + 70_000 - 1);
    expect(existsSync(deleteDir)).toBe(true);
    expect(h.ofType('partition-dir-removed')).toHaveLength(0);
    // … but exactly then.
    h.time.advance(1);
    expect(existsSync(deleteDir)).toBe(false);
    const [gone] = h.ofType('partition-dir-removed');
    expect(gone).toMatchObject({ topicPartition: tp('orders', 0), dir: d0, path: deleteDir, timeMs: START_MS + 70_000 });
    expect(gone.message).toBe(`Deleted log for partition orders-0 in ${deleteDir}.`);
    expect(h.manager.pendingDeletions()).toEqual([]);
    expect(readdirSync(d0)).toContain('orders-1');
  });

  it('a deletion requested after the delete task has run is also removed exactly on time', async () => {
    const h = makeLogManager([d0]);
    await h.manager.startup();
    h.manager.getOrCreateLog(tp('a', 0));
    h.manager.getOrCreateLog(tp('b', 0));
    h.time.advance(45_000); // the first kafka-delete-logs run (30 s) has found nothing
    const first = h.manager.asyncDelete(tp('a', 0));
    h.time.advance(5_000);
    const second = h.manager.asyncDelete(tp('b', 0));
    h.time.advanceTo(START_MS + 105_000 - 1);
    expect(existsSync(first!.dir)).toBe(true);
    h.time.advance(1);
    expect(existsSync(first!.dir)).toBe(false);
    expect(existsSync(second!.dir)).toBe(true);
    h.time.advanceTo(START_MS + 110_000);
    expect(existsSync(second!.dir)).toBe(false);
    expect(h.ofType('partition-dir-removed').map((e) => e.timeMs)).toEqual([START_MS + 105_000, START_MS + 110_000]);
  });

  it('deleting the last partition of a dir leaves its recovery-point checkpoint as it was (Kafka 2.5 writes only dirs that hold logs)', async () => {
    const h = makeLogManager([d0]);
    await h.manager.startup();
    h.manager.getOrCreateLog(tp('only', 0));
    h.time.advance(INITIAL_TASK_DELAY_MS);
    expect(read(join(d0, 'recovery-point-offset-checkpoint'))).toBe('0\n1\nonly 0 0\n');
    h.manager.asyncDelete(tp('only', 0));
    expect(read(join(d0, 'recovery-point-offset-checkpoint'))).toBe('0\n1\nonly 0 0\n');
    expect(h.manager.asyncDelete(tp('only', 0))).toBeUndefined();
  });

  it('re-queues -delete dirs found at startup and removes them file.delete.delay.ms after loading', async () => {
    const pending = join(d0, 'gone-3.0123456789abcdef0123456789abcdef-delete');
    mkdirSync(pending, { recursive: true });
    writeFileSync(join(pending, '00000000000000000000.log'), '');
    writeFileSync(join(pending, 'leader-epoch-checkpoint'), '');
    mkdirSync(join(d0, 'kept-0'));
    const h = makeLogManager([d0, d1]);
    await h.manager.startup();
    expect(h.manager.getLog(tp('gone', 3))).toBeUndefined();
    expect(h.manager.getLog(tp('kept', 0))).toBeDefined();
    expect(h.manager.allLogs()).toHaveLength(1);
    // A -delete dir does not count for placement.
    expect(Object.fromEntries(h.manager.partitionCounts())).toEqual({ [d0]: 1, [d1]: 0 });
    expect(h.ofType('partition-dir-queued-for-deletion')).toMatchObject([
      { topicPartition: tp('gone', 3), path: pending, dir: d0, deleteAtMs: START_MS + 60_000 },
    ]);
    expect(h.ofType('log-dir-loaded')).toMatchObject([
      { dir: d0, partitions: 1, pendingDeletions: 1, cleanShutdown: false },
      { dir: d1, partitions: 0, pendingDeletions: 0, cleanShutdown: false },
    ]);
    h.time.advance(59_999);
    expect(existsSync(pending)).toBe(true);
    h.time.advance(1);
    expect(existsSync(pending)).toBe(false);
    expect(h.ofType('partition-dir-removed')[0].message).toBe(`Deleted log for partition gone-3 in ${pending}.`);
  });

  it('writes recovery-point and log-start checkpoints every interval after 30 s, only for dirs that hold logs', async () => {
    const h = makeLogManager([d0, d1], { config: { flushRecoveryOffsetCheckpointMs: 60_000, flushStartOffsetCheckpointMs: 60_000 } });
    await h.manager.startup();
    h.manager.getOrCreateLog(tp('x', 0));
    h.manager.getOrCreateLog(tp('x', 1));
    h.manager.getOrCreateLog(tp('x', 2));
    h.time.advance(INITIAL_TASK_DELAY_MS - 1);
    expect(size(join(d0, 'recovery-point-offset-checkpoint'))).toBe(0);
    h.time.advance(1);
    expect(read(join(d0, 'recovery-point-offset-checkpoint'))).toBe('0\n2\nx 0 0\nx 2 0\n');
    expect(read(join(d1, 'recovery-point-offset-checkpoint'))).toBe('0\n1\nx 1 0\n');
    expect(read(join(d0, 'log-start-offset-checkpoint'))).toBe('0\n0\n');
    const written = h.ofType('checkpoint-written');
    expect(written.map((e) => [e.file, e.entries])).toEqual([
      ['recovery-point-offset-checkpoint', 2],
      ['recovery-point-offset-checkpoint', 1],
      ['log-start-offset-checkpoint', 0],
      ['log-start-offset-checkpoint', 0],
    ]);
    h.time.advance(60_000);
    expect(h.ofType('checkpoint-written')).toHaveLength(8);
    // An empty dir keeps its 0-byte checkpoints.
    const h2 = makeLogManager([d2]);
    await h2.manager.startup();
    h2.time.advance(200_000);
    expect(size(join(d2, 'recovery-point-offset-checkpoint'))).toBe(0);
    expect(size(join(d2, 'log-start-offset-checkpoint'))).toBe(0);
  });

  it('writes high watermarks to replication-offset-checkpoint when the ReplicaManager task is started', async () => {
    const h = makeLogManager([d0]);
    await h.manager.startup();
    const log = h.manager.getOrCreateLog(tp('hw', 0));
    h.manager.startHighWatermarkCheckpointTask();
    h.time.runDue();
    expect(read(join(d0, 'replication-offset-checkpoint'))).toBe('0\n1\nhw 0 0\n');
    log.appendAsLeader(buildRecordBatch(Array.from({ length: 7 }, () => ({ key: null, value: null }))), 0);
    log.updateHighWatermark(7);
    h.time.advance(5_000);
    expect(read(join(d0, 'replication-offset-checkpoint'))).toBe('0\n1\nhw 0 7\n');
  });

  it('a failed log dir goes offline: its logs leave the live set, new logs go elsewhere', async () => {
    const h = makeLogManager([d0, d1]);
    await h.manager.startup();
    h.manager.getOrCreateLog(tp('a', 0)); // d0
    h.manager.getOrCreateLog(tp('a', 1)); // d1
    h.manager.getOrCreateLog(tp('b', 0)); // d0
    h.manager.handleLogDirFailure(d0);
    expect(h.manager.liveLogDirs).toEqual([d1]);
    expect(h.manager.offlineLogDirs).toEqual([d0]);
    expect(h.manager.isLogDirOnline(d0)).toBe(false);
    expect(h.manager.getLog(tp('a', 0))).toBeUndefined();
    expect(h.manager.getLog(tp('a', 1))).toBeDefined();
    // The files stay on disk.
    expect(existsSync(join(d0, 'a-0'))).toBe(true);
    const [failed] = h.ofType('log-dir-failed');
    expect(failed).toMatchObject({ dir: d0, offlinePartitions: [tp('a', 0), tp('b', 0)], offlineFuturePartitions: [], level: 'WARN' });
    expect(failed.message).toBe(
      `Logs for partitions a-0,b-0 are offline and logs for future partitions  are offline due to failure on log directory ${d0}`,
    );
    expect(h.events.some((e) => e.message === `Stopping serving logs in dir ${d0}`)).toBe(true);
    // A replica that should exist is not re-created while a dir is offline; a new one goes to a live dir.
    expect(() => h.manager.getOrCreateLog(tp('a', 0))).toThrow(KafkaStorageException);
    expect(() => h.manager.getOrCreateLog(tp('a', 0))).toThrow(`Can not create log for a-0 because log directories ${d0} are offline`);
    expect(h.manager.getOrCreateLog(tp('c', 0), {}, { isNew: true }).parentDir).toBe(d1);
    expect(() => h.manager.asyncDelete(tp('zz', 9))).toThrow(
      `Failed to delete log for  zz-9 because it may be in one of the offline directories ${d0}`,
    );
    // Its checkpoints are no longer written.
    h.time.advance(INITIAL_TASK_DELAY_MS);
    expect(size(join(d0, 'recovery-point-offset-checkpoint'))).toBe(0);
    expect(read(join(d1, 'recovery-point-offset-checkpoint'))).toBe('0\n2\na 1 0\nc 0 0\n');
    expect(() => h.manager.handleLogDirFailure(join(root, 'elsewhere'))).toThrow(
      `Log dir ${join(root, 'elsewhere')} is not found in the config.`,
    );
  });

  it('when the last log dir fails, Kafka halts the broker: a fatal event, and the LogManager stops', async () => {
    const h = makeLogManager([d0]);
    await h.manager.startup();
    h.manager.handleLogDirFailure(d0);
    expect(h.ofType('fatal')[0].message).toBe(`Shutdown broker because all log dirs in ${d0} have failed`);
    expect(h.manager.state).toBe('halted');
    expect(h.time.pendingTaskCount).toBe(0);
    expect(() => h.manager.getOrCreateLog(tp('a', 0))).toThrow(IllegalStateException);
  });

  it('an I/O error writing a checkpoint takes that log dir offline (LogDirFailureChannel)', async () => {
    const fs = new InstrumentedFs();
    const time = new ManualTime(START_MS);
    const events: LogManagerEvent[] = [];
    const manager = new LogManager({
      fs,
      time,
      random: new SeededRandom(1),
      brokerId: 3,
      logDirs: [d0, d1],
      onEvent: (e) => events.push(e),
    });
    await manager.startup();
    manager.getOrCreateLog(tp('a', 0));
    manager.getOrCreateLog(tp('a', 1));
    fs.failWritesUnder = d1;
    time.advance(INITIAL_TASK_DELAY_MS);
    const error = events.find((e) => e.type === 'error' && e.dir === d1);
    expect(error?.message).toBe(`Error while writing to checkpoint file ${join(d1, 'recovery-point-offset-checkpoint')}`);
    expect(error?.logger).toBe('kafka.server.LogDirFailureChannel');
    expect(error?.cause).toContain('(EIO)');
    expect(manager.offlineLogDirs).toEqual([d1]);
    expect(manager.getLog(tp('a', 1))).toBeUndefined();
    expect(manager.getLog(tp('a', 0))).toBeDefined();
  });

  it('hands failed dirs to onLogDirFailure when a ReplicaManager takes that role', async () => {
    const failed: string[] = [];
    const fs = new InstrumentedFs();
    const manager = new LogManager({
      fs,
      time: new ManualTime(START_MS),
      random: new SeededRandom(1),
      brokerId: 1,
      logDirs: [d0, d1],
      onLogDirFailure: (dir) => failed.push(dir),
    });
    await manager.startup();
    manager.getOrCreateLog(tp('a', 0));
    fs.failWritesUnder = d0;
    manager.checkpointLogRecoveryOffsets();
    manager.checkpointLogRecoveryOffsets();
    expect(failed).toEqual([d0]);
    expect(manager.liveLogDirs).toEqual([d0, d1]);
  });

  it('shutdown writes checkpoints and .kafka_cleanshutdown; the next startup skips recovery and deletes the marker', async () => {
    const h = makeLogManager([d0, d1]);
    await h.manager.startup();
    h.manager.getOrCreateLog(tp('orders', 0));
    h.manager.getOrCreateLog(tp('orders', 1));
    await h.manager.shutdown();
    expect(h.manager.state).toBe('shut-down');
    expect(h.time.pendingTaskCount).toBe(0);
    for (const d of [d0, d1]) expect(size(join(d, '.kafka_cleanshutdown'))).toBe(0);
    expect(read(join(d0, 'recovery-point-offset-checkpoint'))).toBe('0\n1\norders 0 0\n');
    expect(read(join(d1, 'replication-offset-checkpoint'))).toBe('0\n1\norders 1 0\n');
    // Closing trimmed the active segment's indexes to their (zero) entries.
    expect(size(join(d0, 'orders-0', '00000000000000000000.index'))).toBe(0);
    expect(size(join(d0, 'orders-0', '00000000000000000000.timeindex'))).toBe(0);
    expect(h.events.map((e) => e.message)).toContain('Shutdown complete.');

    const again = makeLogManager([d0, d1], { time: h.time });
    await again.manager.startup();
    expect(again.ofType('log-dir-loading').map((e) => [e.cleanShutdown, e.message])).toEqual([
      [true, `Skipping recovery for all logs in ${d0} since clean shutdown file was found`],
      [true, `Skipping recovery for all logs in ${d1} since clean shutdown file was found`],
    ]);
    expect(existsSync(join(d0, '.kafka_cleanshutdown'))).toBe(false);
    expect(existsSync(join(d1, '.kafka_cleanshutdown'))).toBe(false);
    expect(again.ofType('clean-shutdown-marker-deleted').map((e) => e.path)).toEqual([
      join(d0, '.kafka_cleanshutdown'),
      join(d1, '.kafka_cleanshutdown'),
    ]);
    expect(again.manager.getLog(tp('orders', 0))?.parentDir).toBe(d0);
    expect(again.manager.getLog(tp('orders', 1))?.parentDir).toBe(d1);
    // Loading re-expands the active segment's indexes.
    expect(size(join(d0, 'orders-0', '00000000000000000000.index'))).toBe(10485760);
    expect(size(join(d0, 'orders-0', '00000000000000000000.timeindex'))).toBe(10485756);

    // Killed without shutdown: no marker, so the next start recovers.
    const third = makeLogManager([d0, d1], { time: h.time });
    await third.manager.startup();
    expect(third.ofType('log-dir-loading')[0]).toMatchObject({
      cleanShutdown: false,
      message: `Attempting recovery for all logs in ${d0} since no clean shutdown file was found`,
    });
  });

  it('a -delete dir pending at shutdown stays on disk and is removed after the next startup', async () => {
    const h = makeLogManager([d0]);
    await h.manager.startup();
    h.manager.getOrCreateLog(tp('t', 0));
    const removed = h.manager.asyncDelete(tp('t', 0))!;
    h.time.advance(20_000);
    await h.manager.shutdown();
    h.time.advance(100_000);
    expect(existsSync(removed.dir)).toBe(true);
    const again = makeLogManager([d0], { time: h.time });
    await again.manager.startup();
    const loadedAt = again.time.nowMs();
    again.time.advance(59_999);
    expect(existsSync(removed.dir)).toBe(true);
    again.time.advance(1);
    expect(existsSync(removed.dir)).toBe(false);
    expect(again.ofType('partition-dir-removed')[0].timeMs).toBe(loadedAt + 60_000);
  });

  it('an unknown subdirectory fails startup as in Kafka 2.5, naming the directory', async () => {
    mkdirSync(join(d0, 'lost+found'), { recursive: true });
    mkdirSync(join(d0, 'orders-0'));
    writeFileSync(join(d0, 'notes.txt'), 'plain files are ignored');
    const h = makeLogManager([d0]);
    let err: unknown;
    try {
      await h.manager.startup();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KafkaException);
    const path = join(d0, 'lost+found');
    const kafkaMessage =
      `Found directory ${path}, 'lost+found' is not in the form of topic-partition or topic-partition.uniqueId-delete ` +
      "(if marked for deletion).\nKafka's log directories (and children) should only contain Kafka topic data.";
    expect((err as Error).message).toBe(kafkaMessage);
    const error = h.ofType('error').find((e) => e.path === path);
    expect(error?.message).toBe(
      `There was an error in one of the threads during logs loading: org.apache.kafka.common.KafkaException: ${kafkaMessage}`,
    );
    expect(h.ofType('fatal')[0].message).toBe('Fatal error during KafkaServer startup. Prepare to shutdown');
    expect(h.manager.state).toBe('failed');
  });

  it("with invalidPartitionDirPolicy 'offline-dir' an unknown subdirectory takes only its log dir offline", async () => {
    mkdirSync(join(d0, 'lost+found'), { recursive: true });
    mkdirSync(join(d1, 'orders-0'), { recursive: true });
    const h = makeLogManager([d0, d1], { config: { invalidPartitionDirPolicy: 'offline-dir' } });
    await h.manager.startup();
    expect(h.manager.state).toBe('running');
    expect(h.manager.offlineLogDirs).toEqual([d0]);
    expect(h.manager.getLog(tp('orders', 0))?.parentDir).toBe(d1);
    const error = h.ofType('error').find((e) => e.path === join(d0, 'lost+found'));
    expect(error?.message).toBe(`Error while loading log dir ${d0}`);
    expect(error?.cause).toContain("'lost+found' is not in the form of topic-partition");
    expect(h.ofType('log-dir-failed').map((e) => e.dir)).toEqual([d0]);
  });

  it('a corrupt recovery-point checkpoint: warnings, offsets reset to 0, and the dir reported failed', async () => {
    mkdirSync(join(d0, 'orders-0'), { recursive: true });
    writeFileSync(join(d0, 'recovery-point-offset-checkpoint'), '0\n1\norders zero 5\n');
    const h = makeLogManager([d0, d1]);
    await h.manager.startup();
    const path = join(d0, 'recovery-point-offset-checkpoint');
    const messages = h.events.map((e) => `${e.level} ${e.message}`);
    expect(messages).toContain(`ERROR Error while reading checkpoint file ${path}`);
    expect(messages).toContain(`WARN Error occurred while reading recovery-point-offset-checkpoint file of directory ${d0}`);
    expect(messages).toContain('WARN Resetting the recovery checkpoint to 0');
    const readError = h.events.find((e) => e.message === `Error while reading checkpoint file ${path}`);
    expect(readError?.cause).toBe(`java.io.IOException: Malformed line in checkpoint file (${path}): orders zero 5'`);
    expect(h.manager.offlineLogDirs).toEqual([d0]);
  });

  it("refuses a partition present in two log dirs, with Kafka's explanation", async () => {
    mkdirSync(join(d0, 'dup-0'), { recursive: true });
    mkdirSync(join(d1, 'dup-0'), { recursive: true });
    const h = makeLogManager([d0, d1]);
    await expect(h.manager.startup()).rejects.toThrow(
      `Duplicate log directories for dup-0 are found in both ${join(d1, 'dup-0')} and ${join(d0, 'dup-0')}.`,
    );
  });

  it('fails when no log dir can be created, as Kafka halts the broker', async () => {
    mkdirSync(join(root, 'broker-1'), { recursive: true });
    writeFileSync(d0, 'a file');
    const h = makeLogManager([d0]);
    await expect(h.manager.startup()).rejects.toThrow(KafkaException);
    expect(h.ofType('fatal')[0].message).toBe(
      `Shutdown broker because none of the specified log dirs from ${d0} can be created or validated`,
    );
    expect(h.manager.state).toBe('failed');
  });

  it('refuses duplicate log dirs, relative paths, and work before startup', async () => {
    await expect(makeLogManager([d0, `${d0}/`]).manager.startup()).rejects.toThrow(`Duplicate log directory found: ${d0}, ${d0}`);
    expect(() => makeLogManager(['relative/dir'])).toThrow('Log dir relative/dir is not an absolute path');
    const h = makeLogManager([d0]);
    expect(() => h.manager.getOrCreateLog(tp('a', 0))).toThrow('Cannot create a log: the LogManager of broker 1 is created');
  });

  it('a log dir that cannot be created starts offline; the others serve', async () => {
    mkdirSync(join(root, 'broker-1'), { recursive: true });
    writeFileSync(join(root, 'broker-1', 'kafka-logs-0'), 'a file where the dir should be');
    const h = makeLogManager([d0, d1]);
    await h.manager.startup();
    expect(h.manager.liveLogDirs).toEqual([d1]);
    const failure = h.events.find((e) => e.message === `Failed to create or validate data directory ${d0}`);
    expect(failure?.cause).toBe(`java.io.IOException: ${d0} is not a readable log directory.`);
    expect(h.ofType('log-dir-failed').map((e) => e.dir)).toEqual([d0]);
    expect(h.manager.getOrCreateLog(tp('n', 0), {}, { isNew: true }).parentDir).toBe(d1);
  });

  it('kafka-log-flusher flushes logs not flushed for flush.ms, when log.flush.scheduler.interval.ms is set', async () => {
    const h = makeLogManager([d0], { config: { flushCheckMs: 1000 } });
    await h.manager.startup();
    const log = h.manager.getOrCreateLog(tp('flushy', 0), { 'flush.ms': 5000 });
    const other = h.manager.getOrCreateLog(tp('lazy', 0));
    for (const l of [log, other])
      l.appendAsLeader(
        buildRecordBatch([
          { key: null, value: null },
          { key: null, value: null },
        ]),
        0,
      );
    expect([log.recoveryPoint, other.recoveryPoint]).toEqual([0, 0]);
    // The flusher's first run is 30 s after startup; flush.ms has passed for `flushy` by then.
    h.time.advance(30_000);
    expect(log.recoveryPoint).toBe(2);
    // flush.ms defaults to Long.MaxValue: `lazy` waits for a roll, flush.messages or shutdown.
    expect(other.recoveryPoint).toBe(0);
  });

  it("without log.flush.scheduler.interval.ms (Kafka's default) flush.ms alone never flushes", async () => {
    const h = makeLogManager([d0]);
    await h.manager.startup();
    const log = h.manager.getOrCreateLog(tp('flushy', 0), { 'flush.ms': 5000 });
    log.appendAsLeader(buildRecordBatch([{ key: null, value: null }]), 0);
    h.time.advance(120_000);
    expect(log.recoveryPoint).toBe(0);
  });
});
