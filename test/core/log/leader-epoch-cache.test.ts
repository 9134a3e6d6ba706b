import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { LeaderEpochFileCache } from '../../../src-main/core/log/leader-epoch-cache';

describe('LeaderEpochFileCache.assign', () => {
  let dir: string;
  let warnings: string[];
  let cache: LeaderEpochFileCache;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'leader-epoch-cache-'));
    warnings = [];
    cache = new LeaderEpochFileCache(
      new NodeFileSystem(),
      join(dir, 'leader-epoch-checkpoint'),
      () => 0,
      (m) => warnings.push(m),
    );
    cache.load();
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces the entry of an epoch nothing was written under without a warning, as Kafka does', () => {
    cache.assign(0, 0);
    cache.assign(1, 0);
    cache.assign(2, 0);
    expect(cache.entries).toEqual([{ epoch: 2, startOffset: 0 }]);
    expect(readFileSync(join(dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n1\n2 0\n');
    expect(warnings).toEqual([]);
  });

  it('warns when the new entry truncates entries that start after it, or more than one', () => {
    cache.assign(0, 0);
    cache.assign(1, 5);
    cache.assign(2, 3);
    expect(cache.entries).toEqual([
      { epoch: 0, startOffset: 0 },
      { epoch: 2, startOffset: 3 },
    ]);
    expect(warnings).toEqual([
      'New epoch entry EpochEntry(epoch=2, startOffset=3) caused truncation of conflicting entries ListBuffer(EpochEntry(epoch=1, startOffset=5)). Cache now contains 2 entries.',
    ]);
    cache.assign(3, 0);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toContain('ListBuffer(EpochEntry(epoch=0, startOffset=0), EpochEntry(epoch=2, startOffset=3))');
  });
});
