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
 * The real server's container manager runs every 10 minutes (`znode.container.checkIntervalMs`) so
 * that it does not delete an emptied container in the middle of a sequence (the emulation runs on a
 * manual clock), and every session is closed, never left to expire (an expiry takes a zxid).
 *
 * Deliberate differences, kept out of the generated sequences:
 * - a standalone `check` (opcode 13, outside a multi): 3.8 logs a CheckVersionTxn (a zxid) and then
 *   never answers — FinalRequestProcessor serialises a SetDataResponse with a null Stat, which
 *   throws — leaving the client waiting forever; Kafka Dojo answers it with the node's Stat, as
 *   ZooKeeper 3.9 does. (`check` inside a multi is generated and compared.)
 * - checkWatches / removeWatches of a path without a "/": once any recursive watch was ever added
 *   (3.8 never forgets one of a closed connection: WatcherModeManager keeps its count), 3.8 walks
 *   the path's parents and fails with a StringIndexOutOfBoundsException (MARSHALLINGERROR); Kafka
 *   Dojo answers NOWATCHER. Depends on the server's whole history, so not reproduced.
 * The reference is Debian's 3.8.0, which carries the fix of CVE-2024-23944 (upstream 3.8.4): a
 * watch event is sent only to connections that may READ the node it names; Kafka Dojo does the same.
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
import { ZkOpCode } from '../../../src-main/protocol/zookeeper/op-codes';
import { Code } from '../../../src-main/core/zookeeper';
import { aclMatrixOps } from './acl-matrix-ops';

const FIRST_SEED = Number(process.env.SEED ?? 1);
const COUNT = Number(process.env.COUNT ?? (process.env.SEED ? 1 : 100));
const OPS = Number(process.env.OPS ?? 60);
const missing = [JAVA, ZOOKEEPER_JAR].find((f) => !existsSync(f));

/** A session can be made (the port listens before the server is running, and then drops connections). */
async function serving(port: number): Promise<boolean> {
  try {
    const opened = await RawZkSession.open(port, () => undefined);
    if (opened === null) return false;
    // Closed, not left to expire: an expiry in the middle of a sequence would take a zxid there.
    await opened.session.request(1, ZkOpCode.closeSession, () => undefined);
    opened.session.close();
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(missing !== undefined && !process.env.CI)(
  `differential: Debian ZooKeeper 3.8 vs Kafka Dojo${missing ? ` (skipped: ${missing} is missing; apt-get install zookeeper)` : ''}`,
  () => {
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

    it("a failed multi leaves the children's HashSet as 3.8 does (a resize and a delete taken back)", async () => {
      const open = [{ perms: 31, scheme: 'world', id: 'anyone' }];
      const create = (path: string): DiffOp => ({ s: 0, kind: 'create', opcode: 1, path, data: null, acl: open, flags: 0 });
      const list: DiffOp = { s: 0, kind: 'getChildren', path: 'R/p', watch: false };
      const failing = (...ops: Extract<DiffOp, { kind: 'multi' }>['ops']): DiffOp => ({
        s: 0,
        kind: 'multi',
        ops: [...ops, { t: 'check', path: 'R/missing', version: -1 }],
      });
      const ops: DiffOp[] = [
        create('R/p'),
        ...['a', 'i', 'b', 'c', 'h', 'd'].map((n) => create(`R/p/${n}`)),
        list,
        failing({ t: 'create', path: 'R/p/g', data: null, acl: open, flags: 0 }),
        list,
        failing({ t: 'delete', path: 'R/p/a', version: -1 }, { t: 'create', path: 'R/p/a', data: null, acl: open, flags: 0 }),
        list,
        create('R/p/q'),
        list,
      ];
      expect(await difference(ops)).toBeNull();
    }, 60_000);

    it('the ACL matrix: each operation × each missing permission, multis, digest auth — NOAUTH or success as 3.8, in its check order', async () => {
      const ops = aclMatrixOps();
      const root = `/acl-${++run}`;
      const [a, b] = await Promise.all([runSequence(real.port, root, ops), runSequence(listener.port, root, ops)]);
      // Not vacuous: the real server refused many of them and let many others through.
      if (process.env.DIFF_DUMP) console.log(JSON.stringify([a, b], null, 1));
      const refused = a.flat().filter((l) => l.includes(` err ${Code.NOAUTH}`)).length;
      const allowed = a.flat().filter((l) => / reply .* err 0/.test(l)).length;
      expect(refused).toBeGreaterThan(30);
      expect(allowed).toBeGreaterThan(100);
      const diff = firstDifference(a, b);
      expect(diff, diff ?? '').toBeNull();
    }, 120_000);

    it(`${COUNT} seeded sequences of ${OPS} ops from seed ${FIRST_SEED} get the same replies and events`, async () => {
      for (let seed = FIRST_SEED; seed < FIRST_SEED + COUNT; seed++) {
        const ops = generateOps(seed, OPS);
        const diff = await difference(ops);
        if (diff === null) continue;
        const shortest = await shrinkOps(ops, async (c) => (await difference(c)) !== null);
        const again = (await difference(shortest)) ?? diff;
        if (process.env.DIFF_DUMP)
          console.log(
            JSON.stringify(
              await Promise.all([runSequence(real.port, `/dump-${++run}`, shortest), runSequence(listener.port, `/dump-${run}`, shortest)]),
              null,
              1,
            ),
          );
        expect.fail(
          `seed ${seed} (SEED=${seed} OPS=${OPS} to replay): ZooKeeper 3.8 and Kafka Dojo differ.\nShortest reproduction (${shortest.length} of ${ops.length} ops):\n${shortest.map((o, i) => `  ${i}. ${describeOp(o)}`).join('\n')}\n${again}`,
        );
      }
      expect(h.zkServer.failed).toBeNull();
    }, 600_000);
  },
);
