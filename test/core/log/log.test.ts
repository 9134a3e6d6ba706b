import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Log } from '../../../src-main/core/log/log';
import { LogConfig } from '../../../src-main/core/log/log-config';
import { preallocatedIndexSize } from '../../../src-main/core/log/segment/log-segment';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();
const time = new ManualTime();

function sizes(dir: string): Record<string, number> {
  return Object.fromEntries(readdirSync(dir).map((n) => [n, statSync(join(dir, n)).size]));
}

describe('Log', () => {
  let logDir: string;
  let cleanup: () => void;

  beforeEach(() => {
    ({ dir: logDir, cleanup } = makeTempDir('kafka-dojo-log-'));
  });
  afterEach(() => cleanup());

  it("creates a fresh partition dir with Kafka's files and exact sizes", () => {
    const dir = join(logDir, 'orders-0');
    const log = Log.create({ fs, time, dir, config: LogConfig.of() });
    expect(sizes(dir)).toEqual({
      '00000000000000000000.log': 0,
      '00000000000000000000.index': 10485760,
      '00000000000000000000.timeindex': 10485756,
      'leader-epoch-checkpoint': 0,
    });
    expect(log.topicPartition).toEqual({ topic: 'orders', partition: 0 });
    expect(log.parentDir).toBe(logDir);
    expect(log.name).toBe('orders-0');
    expect([log.logStartOffset, log.logEndOffset, log.recoveryPoint, log.highWatermark]).toEqual([0, 0, 0, 0]);
    expect(log.numberOfSegments).toBe(1);
    expect(log.activeSegment.baseOffset).toBe(0);
    expect(log.activeSegment.size).toBe(0);
    expect(log.leaderEpochEntries).toEqual([]);
    expect(log.config.maxIndexSize).toBe(10485760);
    expect(log.toString()).toBe(
      `Log(dir=${dir}, topic=orders, partition=0, highWatermark=0, lastStableOffset=0, logStartOffset=0, logEndOffset=0)`,
    );
  });

  it('rounds segment.index.bytes down to whole entries (8 bytes offset index, 12 bytes time index)', () => {
    const dir = join(logDir, 'small-3');
    Log.create({ fs, time, dir, config: LogConfig.of({ 'segment.index.bytes': 1000 }) });
    expect(sizes(dir)['00000000000000000000.index']).toBe(1000);
    expect(sizes(dir)['00000000000000000000.timeindex']).toBe(996);
    expect(preallocatedIndexSize(10485760, 12)).toBe(10485756);
    expect(() => Log.create({ fs, time, dir: join(logDir, 'tiny-0'), config: LogConfig.of({ 'segment.index.bytes': 11 }) })).toThrow(
      'Invalid max index size: 11',
    );
  });

  it('pre-allocates the .log to segment.bytes (sparse) when preallocate=true', () => {
    const dir = join(logDir, 'pre-0');
    const log = Log.create({ fs, time, dir, config: LogConfig.of({ preallocate: true, 'segment.bytes': 1048576 }) });
    expect(sizes(dir)['00000000000000000000.log']).toBe(1048576);
    expect(log.activeSegment.size).toBe(0);
    log.close();
    expect(sizes(dir)['00000000000000000000.log']).toBe(0);
  });

  it("close trims the indexes to their valid entries; loading re-expands the active segment's", () => {
    const dir = join(logDir, 'orders-1');
    Log.create({ fs, time, dir, config: LogConfig.of() }).close();
    expect(sizes(dir)).toEqual({
      '00000000000000000000.log': 0,
      '00000000000000000000.index': 0,
      '00000000000000000000.timeindex': 0,
      'leader-epoch-checkpoint': 0,
    });
    const loaded = Log.load({ fs, time, dir, config: LogConfig.of() });
    expect(loaded.numberOfSegments).toBe(1);
    expect(sizes(dir)['00000000000000000000.index']).toBe(10485760);
    expect(sizes(dir)['00000000000000000000.timeindex']).toBe(10485756);
  });

  it('loads segments from the .log files present, and creates one in an empty dir', () => {
    const dir = join(logDir, 'seg-0');
    mkdirSync(dir);
    writeFileSync(join(dir, '00000000000000000000.log'), '');
    writeFileSync(join(dir, '00000000000000000100.log'), '');
    writeFileSync(join(dir, 'leader-epoch-checkpoint'), '0\n1\n0 0\n');
    const log = Log.load({ fs, time, dir, config: LogConfig.of() });
    expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 100]);
    expect(log.activeSegment.baseOffset).toBe(100);
    expect(log.leaderEpochEntries).toEqual([{ epoch: 0, startOffset: 0 }]);

    const empty = join(logDir, 'empty-0');
    mkdirSync(empty);
    const fresh = Log.load({ fs, time, dir: empty, config: LogConfig.of() });
    expect(fresh.segments.map((s) => s.baseOffset)).toEqual([0]);
    expect(Object.keys(sizes(empty)).sort()).toEqual([
      '00000000000000000000.index',
      '00000000000000000000.log',
      '00000000000000000000.timeindex',
      'leader-epoch-checkpoint',
    ]);
  });

  it('loads an empty -delete dir with a bare segment and no index files, as Kafka does', () => {
    const dir = join(logDir, 'gone-0.0123456789abcdef0123456789abcdef-delete');
    mkdirSync(dir);
    const log = Log.load({ fs, time, dir, config: LogConfig.of() });
    expect(log.topicPartition).toEqual({ topic: 'gone', partition: 0 });
    expect(sizes(dir)).toEqual({ '00000000000000000000.log': 0, 'leader-epoch-checkpoint': 0 });
    log.close();
    expect(Object.keys(sizes(dir)).sort()).toEqual(['00000000000000000000.log', 'leader-epoch-checkpoint']);
  });

  it('renames its dir (segments follow) and deletes it', () => {
    const dir = join(logDir, 'orders-2');
    const log = Log.create({ fs, time, dir, config: LogConfig.of() });
    log.renameDir('orders-2.0123456789abcdef0123456789abcdef-delete');
    expect(log.dir).toBe(join(logDir, 'orders-2.0123456789abcdef0123456789abcdef-delete'));
    expect(log.activeSegment.logPath).toBe(join(log.dir, '00000000000000000000.log'));
    expect(log.leaderEpochCheckpointPath).toBe(join(log.dir, 'leader-epoch-checkpoint'));
    expect(fs.exists(dir)).toBe(false);
    expect(fs.exists(log.activeSegment.logPath)).toBe(true);
    log.delete();
    expect(readdirSync(logDir)).toEqual([]);
  });
});
