/**
 * Differential test against Debian's ZooKeeper 3.8.0: the same seeded operation sequences, frame
 * for frame, from the same client to a real standalone server and to Kafka Dojo's ZooKeeper
 * listener; every reply (error code, body, Stat, relative zxid, multi results) and every watch
 * event, in the order each session's socket delivered them, must be the same. On a difference the
 * sequence is shrunk and printed with its seed. SEED=n replays one seed, COUNT / OPS go further.
 *
 * Normalised before the comparison (they cannot be equal): absolute zxids (relative to the
 * sequence's first write), ctime/mtime (0 or T: the emulation runs on a manual clock), session ids
 * and ephemeral owners (the session's index), the sequence's root path (R).
 *
 * Deliberate differences: none in what is compared. The real server's container manager is set to
 * a 10-minute interval (`znode.container.checkIntervalMs`) so that it does not delete an emptied
 * container in the middle of a sequence, which the emulation (on a manual clock) would do later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZooKeeperListener } from '../../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../../support/cluster-harness';
import { startRealZooKeeper, ZOOKEEPER_JAR, JAVA, type RealZooKeeper } from '../../support/real-zookeeper';
import { describeOp, generateOps, type DiffOp } from '../../support/zk-diff-ops';
import { firstDifference, runSequence } from '../../support/zk-diff-run';
import { shrinkOps } from '../../support/zk-diff-shrink';
import { waitFor } from '../../support/wait-for';
import { existsSync } from 'node:fs';
import { RawZkSession } from '../../support/zk-raw-session';

const FIRST_SEED = Number(process.env.SEED ?? 1);
const COUNT = Number(process.env.COUNT ?? (process.env.SEED ? 1 : 30));
const OPS = Number(process.env.OPS ?? 60);
const missing = [JAVA, ZOOKEEPER_JAR].find((f) => !existsSync(f));

/** A session can be made (the port listens before the server is running, and then drops connections). */
async function serving(port: number): Promise<boolean> {
  try {
    const opened = await RawZkSession.open(port, () => undefined);
    opened?.session.close();
    return opened !== null;
  } catch {
    return false;
  }
}

describe.skipIf(missing !== undefined && !process.env.CI)(`differential: Debian ZooKeeper 3.8 vs Kafka Dojo${missing ? ` (skipped: ${missing} is missing; apt-get install zookeeper)` : ''}`, () => {
  let real: RealZooKeeper;
  let h: ClusterHarness;
  let listener: ZooKeeperListener;
  let run = 0;

  beforeAll(async () => {
    real = await startRealZooKeeper({ 'znode.container.checkIntervalMs': '600000' });
    h = await ClusterHarness.create({ brokers: 0 });
    listener = await ZooKeeperListener.bind(h.zkServer, 0);
    await waitFor('the real ZooKeeper to listen', () => serving(real.port), 30_000);
  }, 60_000);

  afterAll(async () => {
    await listener?.close();
    await h?.close();
    await real?.stop();
  });

  async function difference(ops: readonly DiffOp[]): Promise<string | null> {
    const root = `/diff-${++run}`;
    const [a, b] = await Promise.all([runSequence(real.port, root, ops), runSequence(listener.port, root, ops)]);
    return firstDifference(a, b);
  }

  it(`${COUNT} seeded sequences of ${OPS} ops from seed ${FIRST_SEED} get the same replies and events`, async () => {
    for (let seed = FIRST_SEED; seed < FIRST_SEED + COUNT; seed++) {
      const ops = generateOps(seed, OPS);
      const diff = await difference(ops);
      if (diff === null) continue;
      const shortest = await shrinkOps(ops, async (c) => (await difference(c)) !== null);
      const again = (await difference(shortest)) ?? diff;
      if (process.env.DIFF_DUMP) console.log(JSON.stringify(await Promise.all([runSequence(real.port, `/dump-${++run}`, shortest), runSequence(listener.port, `/dump-${run}`, shortest)]), null, 1));
      expect.fail(`seed ${seed} (SEED=${seed} OPS=${OPS} to replay): ZooKeeper 3.8 and Kafka Dojo differ.\nShortest reproduction (${shortest.length} of ${ops.length} ops):\n${shortest.map((o, i) => `  ${i}. ${describeOp(o)}`).join('\n')}\n${again}`);
    }
    expect(h.zkServer.failed).toBeNull();
  }, 600_000);
});
