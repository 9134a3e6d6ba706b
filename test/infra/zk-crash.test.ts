import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../src-main/core/platform/random';
import { ZooKeeperClient, ZooKeeperServer } from '../../src-main/core/zookeeper';
import { SqliteZkPersistence } from '../../src-main/infra/sqlite-zk-persistence';
import type { KilledRun } from '../support/kill-after-ready';
import { runAndKillAfterReady } from '../support/kill-after-ready';
import { makeTempDir } from '../support/temp-dir';

const WRITER = join(import.meta.dirname, 'fixtures', 'zk-crash-writer.ts');
const KILLS = 50;
const SEED = Number(process.env.CRASH_SEED ?? 20261129);

/** Starts the writer, lets it write for `killAfterMs` once it is ready, then SIGKILLs it (a line cut by the kill is kept: it may have been written). */
function runAndKill(dbFile: string, seed: number, run: number, killAfterMs: number): Promise<KilledRun> {
  return runAndKillAfterReady(WRITER, [dbFile, String(seed), String(run)], killAfterMs, {
    startupTimeoutMs: 30_000,
    keepCutLine: true,
    describe: 'writer',
  });
}

/** What the writers were told was durable, and what they might have written. */
class Expectations {
  readonly mustExist = new Map<string, string>();
  readonly mustNotExist = new Set<string>();
  readonly maybeDeleted = new Set<string>();
  readonly multisSent = new Set<string>();
  readonly multisAcked = new Set<string>();
  readonly counterAtLeast = new Map<string, number>();
  maxAckedZxid = 0;

  absorb(lines: string[]): void {
    for (const line of lines) {
      const [kind, op, a, b, c] = line.split(' ');
      if (kind === 'ERROR') throw new Error(`writer failed: ${line}`);
      if (kind === 'SEND' && op === 'multi') this.multisSent.add(a);
      if (kind === 'SEND' && op === 'delete') this.maybeDeleted.add(a);
      if (kind !== 'ACK') continue;
      if (op === 'create') {
        this.mustExist.set(a, a.slice('/crash/c-'.length));
        this.maxAckedZxid = Math.max(this.maxAckedZxid, Number(b));
      } else if (op === 'multi') {
        this.multisAcked.add(a);
        this.maxAckedZxid = Math.max(this.maxAckedZxid, Number(b));
      } else if (op === 'set') {
        this.counterAtLeast.set(a, Math.max(this.counterAtLeast.get(a) ?? 0, Number(b)));
        this.maxAckedZxid = Math.max(this.maxAckedZxid, Number(c));
      } else if (op === 'delete') {
        this.mustExist.delete(a);
        this.maybeDeleted.delete(a);
        this.mustNotExist.add(a);
      }
    }
  }
}

describe('emulated ZooKeeper store under SIGKILL', () => {
  const tmp = makeTempDir('kafka-dojo-crash-');
  afterAll(() => tmp.cleanup());

  it(`keeps every acknowledged write, applies no multi by halves and never moves the zxid back, across ${KILLS} kills (seed ${SEED})`, async () => {
    const random = new SeededRandom(SEED);
    const dbFile = join(tmp.dir, 'metadata.db');
    const expected = new Expectations();
    let previousZxid = 0;
    let totalAcks = 0;
    for (let run = 0; run < KILLS; run++) {
      const killAfterMs = 5 + random.nextInt(250);
      const out = await runAndKill(dbFile, SEED + run, run, killAfterMs);
      const context = `seed ${SEED}, run ${run}, killed after ${killAfterMs} ms`;
      expect(out.exitSignal, `the writer must die by SIGKILL (${context})`).toBe('SIGKILL');
      expected.absorb(out.lines);
      totalAcks += out.lines.filter((l) => l.startsWith('ACK')).length;

      const server = ZooKeeperServer.open(new ManualTime(), SqliteZkPersistence.open(dbFile, { durable: false }));
      try {
        expect(server.lastZxid, `zxid went backwards (${context})`).toBeGreaterThanOrEqual(previousZxid);
        expect(server.lastZxid, `an acknowledged zxid is missing (${context})`).toBeGreaterThanOrEqual(expected.maxAckedZxid);
        previousZxid = server.lastZxid;
        const reader = await ZooKeeperClient.connect(server, new ManualTime());
        const present = new Set((await reader.getChildren('/crash')).children.map((c) => `/crash/${c}`));
        // A delete sent but not acknowledged may or may not have happened; settle it from what is there.
        for (const path of expected.maybeDeleted) {
          if (!present.has(path)) {
            expected.mustExist.delete(path);
            expected.mustNotExist.add(path);
          }
        }
        expected.maybeDeleted.clear();
        for (const [path, data] of expected.mustExist) {
          expect(present.has(path), `acknowledged create ${path} lost (${context})`).toBe(true);
          expect(new TextDecoder().decode((await reader.getData(path)).data ?? new Uint8Array())).toBe(data);
        }
        for (const path of expected.mustNotExist)
          expect(present.has(path), `acknowledged delete of ${path} undone (${context})`).toBe(false);
        for (const id of expected.multisSent) {
          const a = present.has(`/crash/m-${id}-a`);
          const b = present.has(`/crash/m-${id}-b`);
          expect(a, `multi ${id} half applied (${context})`).toBe(b);
          if (expected.multisAcked.has(id)) expect(a, `acknowledged multi ${id} lost (${context})`).toBe(true);
        }
        for (const [path, version] of expected.counterAtLeast) {
          const stat = await reader.exists(path);
          expect(stat?.version ?? -1, `acknowledged setData of ${path} lost (${context})`).toBeGreaterThanOrEqual(version);
        }
        await reader.close();
      } finally {
        server.close();
      }
    }
    // The test is only meaningful if the writers got far enough to be killed mid-stream.
    expect(totalAcks).toBeGreaterThan(KILLS * 5);
    expect(expected.multisAcked.size).toBeGreaterThan(0);
  }, 300_000);
});
