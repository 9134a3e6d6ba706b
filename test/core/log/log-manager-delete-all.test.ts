/**
 * `LogManager.asyncDeleteAll`: a topic's logs deleted in one batch leave the same files as deleting
 * them one by one, but each dir's checkpoints are written once, not once per log (the quadratic cost
 * of deleting a topic of thousands of partitions), and no producer-snapshot dirs are listed (Kafka
 * cleans no snapshots on a deletion).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TopicPartition } from '../../../src-main/core/common/topic-partition';
import { LogManager } from '../../../src-main/core/log/log-manager/log-manager';
import type { LogManagerEvent } from '../../../src-main/core/log/log-manager/log-manager-event';
import { FileSystemError } from '../../../src-main/core/platform/file-system';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';
import { START_MS } from './log-test-helpers';

const tp = (topic: string, partition: number): TopicPartition => ({ topic, partition });
const CHECKPOINTS = ['recovery-point-offset-checkpoint', 'log-start-offset-checkpoint', 'cleaner-offset-checkpoint'];

/** Counts atomic writes per path and readdir calls; can fail the rename of one dir. */
class CountingFs extends NodeFileSystem {
  readonly writes = new Map<string, number>();
  readdirCalls = 0;
  failRenameOf: string | null = null;

  override writeFileAtomic(path: string, data: Uint8Array): void {
    this.writes.set(path, (this.writes.get(path) ?? 0) + 1);
    super.writeFileAtomic(path, data);
  }

  override readdir(path: string) {
    this.readdirCalls++;
    return super.readdir(path);
  }

  override rename(from: string, to: string): void {
    if (this.failRenameOf !== null && from === this.failRenameOf) throw new FileSystemError('rename', from, 'EIO', 'i/o error', to);
    super.rename(from, to);
  }
}

describe('LogManager.asyncDeleteAll', () => {
  let root: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir: root, cleanup } = makeTempDir('kafka-dojo-delete-all-')));
  afterEach(() => cleanup());

  /** 3 dirs; topic `big` of `partitions` logs plus a surviving `keep` of 3, the log start of `keep-0` moved. */
  async function managerWith(name: string, partitions: number) {
    const fs = new CountingFs();
    const time = new ManualTime(START_MS);
    const events: LogManagerEvent[] = [];
    const dirs = [0, 1, 2].map((i) => join(root, name, `kafka-logs-${i}`));
    const manager = new LogManager({ fs, time, random: new SeededRandom(5), brokerId: 1, logDirs: dirs, onEvent: (e) => events.push(e) });
    await manager.startup();
    for (let p = 0; p < 3; p++) manager.getOrCreateLog(tp('keep', p));
    for (let p = 0; p < partitions; p++) manager.getOrCreateLog(tp('big', p));
    time.advance(30_000); // the periodic checkpoints write every dir once
    return { fs, time, events, dirs, manager };
  }

  const contents = (dirs: string[]) =>
    dirs.map((d) => ({
      entries: readdirSync(d)
        .filter((n) => !n.endsWith('-delete'))
        .sort(),
      checkpoints: CHECKPOINTS.map((c) => readFileSync(join(d, c), 'utf8')),
    }));

  it('leaves the files one-by-one deletion leaves, writing each dir checkpoint once and listing no snapshot dirs', async () => {
    const batch = await managerWith('batch', 90);
    const single = await managerWith('single', 90);
    const big = Array.from({ length: 90 }, (_, p) => tp('big', p));

    single.fs.readdirCalls = 0;
    for (const t of big) single.manager.asyncDelete(t);
    expect(single.fs.readdirCalls).toBe(0);
    batch.fs.writes.clear();
    batch.fs.readdirCalls = 0;
    const errors: TopicPartition[] = [];
    await batch.manager.asyncDeleteAll(big, (t) => errors.push(t));

    expect(errors).toEqual([]);
    expect(contents(batch.dirs)).toEqual(contents(single.dirs));
    expect(contents(batch.dirs)[0].checkpoints[0]).toMatch(/^0\n1\nkeep 0 0\n$/);
    expect(batch.manager.allLogs().map((l) => l.partitionName)).toEqual(['keep-0', 'keep-1', 'keep-2']);
    expect(batch.manager.pendingDeletions()).toHaveLength(90);
    expect(batch.events.filter((e) => e.type === 'partition-dir-renamed-for-deletion')).toHaveLength(90);
    // One write per checkpoint file per dir, where one-by-one deletion writes each once per deleted log.
    for (const d of batch.dirs) for (const c of CHECKPOINTS) expect(batch.fs.writes.get(join(d, c))).toBe(1);
    expect(single.fs.writes.get(join(single.dirs[0], CHECKPOINTS[0]))).toBeGreaterThanOrEqual(30);
    expect(batch.fs.readdirCalls).toBe(0);
  });

  it('reports a log whose rename fails and deletes the others, taking only the failed dir offline', async () => {
    const h = await managerWith('fail', 30);
    const victim = h.manager.getLog(tp('big', 4))!;
    const failedDir = victim.parentDir;
    h.fs.failRenameOf = victim.dir;
    h.fs.writes.clear();
    const errors: { tp: TopicPartition; message: string }[] = [];
    await h.manager.asyncDeleteAll(
      Array.from({ length: 30 }, (_, p) => tp('big', p)),
      (t, e) => errors.push({ tp: t, message: (e as Error).message }),
    );

    expect(errors).toEqual([{ tp: tp('big', 4), message: `Error while renaming dir for big-4 in log dir ${failedDir}` }]);
    expect(h.manager.liveLogDirs).not.toContain(failedDir);
    const liveDirs = h.dirs.filter((d) => d !== failedDir);
    expect(h.manager.liveLogDirs.sort()).toEqual(liveDirs.sort());
    for (const d of liveDirs) {
      expect(readdirSync(d).filter((n) => /^big-\d+$/.test(n))).toEqual([]);
      expect(h.fs.writes.get(join(d, CHECKPOINTS[0]))).toBe(1);
    }
    // The failed dir is no longer written to.
    expect(h.fs.writes.get(join(failedDir, CHECKPOINTS[0]))).toBeUndefined();
  });
});
