/**
 * The LogManager's half of AlterReplicaLogDirs (Kafka 2.5.1): preferred log dirs, future logs
 * `<t>-<p>.<uuid>-future` created only in the preferred dir, and `replaceCurrentWithFutureLog`
 * (current renamed `-delete` and queued, future renamed `<t>-<p>`, both dirs' checkpoints written).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IllegalStateException } from '../../../src-main/core/common/java-lang';
import { LogDirNotFoundException } from '../../../src-main/core/log/errors';
import { buildRecordBatch } from '../../../src-main/core/record';
import { makeTempDir } from '../../support/temp-dir';
import { makeLogManager } from './log-test-helpers';

const tp = (topic: string, partition: number) => ({ topic, partition });

describe('LogManager future logs', () => {
  let cleanup: () => void;
  let d0: string;
  let d1: string;
  beforeEach(() => {
    let root: string;
    ({ dir: root, cleanup } = makeTempDir('kafka-dojo-future-logs-'));
    d0 = join(root, 'kafka-logs-0');
    d1 = join(root, 'kafka-logs-1');
  });
  afterEach(() => cleanup());

  it('creates a new log in its preferred dir, and forgets the preference once satisfied', async () => {
    const h = makeLogManager([d0, d1], { config: { fileDeleteDelayMs: 1000 } });
    await h.manager.startup();
    h.manager.getOrCreateLog(tp('a', 0));
    // Placement alone would pick d1 (fewer partitions); the preference wins.
    h.manager.maybeUpdatePreferredLogDir(tp('b', 0), d0);
    expect(h.manager.getOrCreateLog(tp('b', 0)).dir).toBe(join(d0, 'b-0'));
    expect(h.manager.preferredLogDir(tp('b', 0))).toBeUndefined();
    // Already there: no preference recorded.
    h.manager.maybeUpdatePreferredLogDir(tp('b', 0), d0);
    expect(h.manager.preferredLogDir(tp('b', 0))).toBeUndefined();
    expect(() => h.manager.isLogDirOnline('/elsewhere')).toThrow(
      new LogDirNotFoundException('Log dir /elsewhere is not found in the config.'),
    );
  });

  it('creates a future log only in the preferred dir, and swaps it in with the current log renamed -delete', async () => {
    const h = makeLogManager([d0, d1], { config: { fileDeleteDelayMs: 1000 } });
    await h.manager.startup();
    const current = h.manager.getOrCreateLog(tp('m', 0));
    current.appendAsLeader(buildRecordBatch([{ key: null, value: new Uint8Array([1]) }]), 0);
    const from = current.parentDir;
    const to = from === d0 ? d1 : d0;
    expect(() => h.manager.getOrCreateLog(tp('m', 0), {}, { isFuture: true })).toThrow(
      new IllegalStateException('Can not create the future log for m-0 without having a preferred log directory'),
    );
    h.manager.maybeUpdatePreferredLogDir(tp('m', 0), to);
    const future = h.manager.getOrCreateLog(tp('m', 0), {}, { isFuture: true });
    expect(future.isFuture).toBe(true);
    expect(future.dir).toMatch(new RegExp(`^${to}/m-0\\.[0-9a-f]{32}-future$`));
    expect(h.manager.getLog(tp('m', 0), true)).toBe(future);
    future.appendAsFollower(current.read(0, 1 << 20, 'log-end', true).records);

    h.manager.replaceCurrentWithFutureLog(tp('m', 0));
    expect(h.manager.getLog(tp('m', 0))).toBe(future);
    expect(h.manager.getLog(tp('m', 0), true)).toBeUndefined();
    expect(future.dir).toBe(join(to, 'm-0'));
    expect(future.isFuture).toBe(false);
    expect(readdirSync(from).filter((n) => n.startsWith('m-0'))).toEqual([expect.stringMatching(/^m-0\.[0-9a-f]{32}-delete$/)]);
    expect(readFileSync(join(to, 'recovery-point-offset-checkpoint'), 'utf8')).toMatch(/^0\n1\nm 0 \d+\n$/);
    expect(readFileSync(join(from, 'recovery-point-offset-checkpoint'), 'utf8')).not.toContain('m 0');
    expect(h.ofType('future-log-swap').map((e) => [e.phase, e.message.startsWith('Attempting to replace current log Log(dir=')])).toEqual([
      ['attempting', true],
      ['completed', false],
    ]);
    expect(h.ofType('future-log-swap')[1].message).toBe('The current replica is successfully replaced with the future replica for m-0');
    expect(h.manager.pendingDeletions().map((p) => p.dir)).toEqual([from]);
    h.time.advance(31_000);
    expect(readdirSync(from).filter((n) => n.startsWith('m-0'))).toEqual([]);
    expect(existsSync(join(to, 'm-0'))).toBe(true);
  });
});
