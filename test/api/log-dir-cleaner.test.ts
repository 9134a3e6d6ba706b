/**
 * The log dir browser on what the log cleaner left (issue 17 §1): a log dir a LogManager's cleaner
 * has compacted, opened as a folder — the log dir's listing carries its `cleaner-offset-checkpoint`,
 * the partition's listing its checkpointed offset and which segment files are cleaned.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogDirServiceImpl } from '../../src-main/api/log-dirs/log-dir-service';
import { ConfinedRoot } from '../../src-main/infra/log-dir-access';
import { makeLogManager } from '../core/log/log-test-helpers';
import { produce } from '../support/compacted-log';
import { makeTempDir } from '../support/temp-dir';

describe('log dir browser: cleaned segments and the cleaner checkpoint', () => {
  const tmp = makeTempDir('logdir-cleaner-');
  afterEach(() => tmp.cleanup());

  it('marks the segments below the checkpointed offset as cleaned and shows the checkpoint', async () => {
    const logDir = join(tmp.dir, 'kafka-logs');
    const compact = { 'cleanup.policy': ['compact'], 'segment.bytes': 1024, 'min.cleanable.dirty.ratio': 0.01 };
    const h = makeLogManager([logDir], { topicConfigs: new Map([['keyed', compact]]), cleanerConfig: { backOffMs: 15000 } });
    await h.manager.startup();
    const log = h.manager.getOrCreateLog({ topic: 'keyed', partition: 0 }, compact);
    for (let i = 0; i < 60; i++) produce(log, [[`k${i % 7}`, `v${i}`]], h.time.nowMs());
    h.time.advance(15_000);
    // More records after the pass: the segments they fill are not cleaned.
    for (let i = 0; i < 30; i++) produce(log, [[`n${i}`, `v${i}`]], h.time.nowMs());
    log.flush();
    const upTo = h.manager.cleanerCheckpoint(logDir)!.get({ topic: 'keyed', partition: 0 })!;
    expect(upTo).toBeGreaterThan(0);
    expect(log.activeSegment.baseOffset).toBeGreaterThan(upTo);

    const service = new LogDirServiceImpl(null, (p) => ConfinedRoot.open(p));
    const root = await service.openFolder(logDir);
    const top = await service.list(root.id, '');
    expect(top.dirKind).toBe('log-dir');
    expect(top.cleanerCheckpoint).toEqual({
      path: 'cleaner-offset-checkpoint',
      offsets: [{ topic: 'keyed', partition: 0, offset: upTo }],
      error: null,
    });

    const partition = await service.list(root.id, 'keyed-0');
    expect(partition.dirKind).toBe('partition');
    expect(partition.cleanedUpTo).toBe(upTo);
    const bases = log.segments.map((s) => s.baseOffset);
    const expected = bases.map((b, i) => [b, i + 1 < bases.length && bases[i + 1] <= upTo] as const);
    const logs = partition.entries.filter((e) => e.kind === 'log').map((e) => [e.baseOffset, e.cleaned] as const);
    expect(logs).toEqual(expected);
    expect(expected.filter(([, c]) => c).length).toBeGreaterThan(1);
    expect(expected.filter(([, c]) => !c).length).toBeGreaterThan(1);
    // Its indexes go with the segment; other files carry no mark.
    const index = partition.entries.find((e) => e.kind === 'offset-index' && e.baseOffset === 0)!;
    expect(index.cleaned).toBe(true);
    expect(partition.entries.find((e) => e.kind === 'leader-epoch-checkpoint')?.cleaned).toBeUndefined();
    h.manager.kill();
  });
});
