/**
 * 100,000 seeded frames per API (FUZZ_FRAMES_PER_API to change it; FUZZ_SEED to replay) against a
 * broker's request handling: built from the API's grammar, mutated, or noise. The broker never
 * throws anything but "close this connection", answers every frame it can read with its
 * correlation id, and the cluster is the same afterwards — same znodes (the producer-id block
 * aside), same topic logs (group commits in `__consumer_offsets` aside), same brokers running. A few thousand of them also go through a real socket, pipelined.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ClusterAdmin } from '../../../src-main/core/cluster/cluster-admin';
import { SeededRandom } from '../../../src-main/core/platform/random';
import type { ZooKeeperClient } from '../../../src-main/core/zookeeper';
import { brokerApis } from '../../../src-main/protocol/kafka/broker-apis';
import { CloseConnection } from '../../../src-main/protocol/kafka/kafka-apis';
import { KafkaSocketServer } from '../../../src-main/protocol/kafka/kafka-socket-server';
import { ClusterHarness } from '../../support/cluster-harness';
import { fuzzFrame } from '../../support/kafka-frame-fuzzer';
import { RawClient } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const FRAMES_PER_API = Number(process.env.FUZZ_FRAMES_PER_API ?? 100_000);
const SOCKET_FRAMES = 3000;
const LISTENER = { host: '127.0.0.1', port: 9092 };
// A valid transactional request waits, as in 2.5, for the coordinator's acks=-1 write to
// `__transaction_state` (or for a transaction completing), which only the replica fetchers' rounds release.
const MAY_PARK = new Set([
  'Fetch',
  'JoinGroup',
  'SyncGroup',
  'InitProducerId',
  'AddPartitionsToTxn',
  'AddOffsetsToTxn',
  'EndTxn',
  'TxnOffsetCommit',
]);
/**
 * The inter-broker APIs act on whatever a well-formed request says, as Kafka 2.5.1's do for any
 * client without an authorizer (a StopReplica deletes logs, a ControlledShutdown moves leaders):
 * the cluster cannot stay the same under them. Their refusals and effects are in
 * inter-broker-apis-wire.test.ts; the socket test below still sends them.
 */
const ACTS_ON_CLUSTER = new Set(['LeaderAndIsr', 'StopReplica', 'UpdateMetadata', 'ControlledShutdown']);

/**
 * Paths whose change a valid request may legitimately cause here: producer ids handed out, and a
 * broker config written by a valid AlterConfigs of a BROKER resource (any broker answers those, as
 * AdminManager.alterConfigs does, with its change notification).
 */
const IGNORED = [/^\/latest_producer_id_block$/, /^\/config\/brokers\/(<default>|\d+)$/, /^\/config\/changes\/config_change_\d{10}$/];

async function znodeSnapshot(zk: ZooKeeperClient, path = '/', into = new Map<string, string>()): Promise<Map<string, string>> {
  if (!IGNORED.some((r) => r.test(path))) {
    const node = await zk.getData(path);
    into.set(path, node.data === null ? 'null' : Buffer.from(node.data).toString('base64'));
  }
  for (const child of (await zk.getChildren(path)).children) await znodeSnapshot(zk, path === '/' ? `/${child}` : `${path}/${child}`, into);
  return into;
}

/**
 * Every log's end offset, but the coordinators' topics: the fuzzer's valid commits land in
 * `__consumer_offsets`, and its valid transactional InitProducerIds in `__transaction_state`, as any client's would.
 */
function logSnapshot(h: ClusterHarness): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of h.cluster.runningBrokers()) {
    for (const log of b.logManager?.allLogs() ?? [])
      if (log.topicPartition.topic !== '__consumer_offsets' && log.topicPartition.topic !== '__transaction_state')
        out[`${b.id}:${log.name}`] = log.logEndOffset;
  }
  return out;
}

describe('fuzzing the request handling', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it(`${FRAMES_PER_API} frames per API: nothing but closed connections, and the cluster unchanged (seed ${SEED})`, async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: SEED, brokerConfig: { 'auto.create.topics.enable': 'false' } });
    const harness = h;
    await adminOf(harness).createTopics(
      [
        topic('steady', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await harness.settle();
    await harness.client.produce({
      topic: 'steady',
      partition: 0,
      acks: 1,
      records: [{ key: null, value: new TextEncoder().encode('before') }],
    });
    // The offsets topic exists before the snapshot: a valid FindCoordinator would otherwise create it.
    expect(['NONE', 'LEADER_NOT_AVAILABLE']).toContain(await harness.cluster.broker(0).groupCoordinator?.createOffsetsTopic());
    // So does the transaction state topic, which a valid FindCoordinator of key type 1 would create.
    expect(['NONE', 'LEADER_NOT_AVAILABLE']).toContain(
      await harness.cluster.broker(0).transactionCoordinator?.createTransactionStateTopic(),
    );
    await harness.advance(1000);
    const controllerId = harness.cluster.runningBrokers().find((b) => b.controller?.isActive())?.id;
    // A broker that is not the controller: CreateTopics, DeleteTopics … must answer NOT_CONTROLLER there.
    const target = harness.cluster.broker([0, 1, 2].find((id) => id !== controllerId) ?? 0);
    const apis = brokerApis({ broker: target, time: harness.time, admin: new ClusterAdmin(harness.cluster, harness.time, harness.random) });
    const zk = await harness.session();
    const znodesBefore = await znodeSnapshot(zk);
    const logsBefore = logSnapshot(harness);

    const random = new SeededRandom(SEED);
    const failures: string[] = [];
    let answered = 0;
    let closed = 0;
    let parked = 0;
    let silent = 0;
    const lateAnswers = new Set<string>();
    const fuzzed = apis.registered().filter((api) => !ACTS_ON_CLUSTER.has(api.name));
    for (const api of fuzzed) {
      const startedMs = Date.now();
      for (let i = 0; i < FRAMES_PER_API; i++) {
        const frame = fuzzFrame(random, api, i);
        let settled = false;
        let wasParked = false;
        // A parked request answered later (a JoinGroup whose static member id another join took over is fenced) counts once.
        const unpark = () => {
          if (!wasParked) return;
          parked--;
          lateAnswers.add(api.name);
        };
        const handled = apis.handle(frame, LISTENER, 'fuzzer:1').then(
          (response) => {
            settled = true;
            unpark();
            // Produce with acks=0 gets no response, as in Kafka.
            if (response === null) return void silent++;
            answered++;
            if (frame.length >= 8 && response.readInt32BE(0) !== frame.readInt32BE(4))
              failures.push(`${api.name} #${i}: answered with correlation id ${response.readInt32BE(0)}`);
          },
          (e: unknown) => {
            settled = true;
            unpark();
            if (e instanceof CloseConnection) closed++;
            else failures.push(`${api.name} #${i} (seed ${SEED}): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
          },
        );
        // Most frames are answered within a few turns of the event loop; appends and admin paths
        // within a few more. A Fetch parked for MaxWait, a JoinGroup waiting for the rebalance and a
        // SyncGroup waiting for its leader stay parked: that is their answer, later (the clock is not
        // moved here).
        for (let turn = 0; turn < 200 && !settled; turn++) await Promise.race([handled, new Promise<void>((r) => setImmediate(r))]);
        if (!settled) {
          parked++;
          wasParked = true;
          if (!MAY_PARK.has(api.name)) failures.push(`${api.name} #${i} (seed ${SEED}): no answer`);
        }
        if (failures.length > 5) break;
      }
      if (process.env.FUZZ_VERBOSE) console.log(`${api.name}: ${FRAMES_PER_API} frames in ${Date.now() - startedMs} ms`);
    }
    await harness.settle();
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect([...lateAnswers].filter((name) => !MAY_PARK.has(name))).toEqual([]);
    if (process.env.FUZZ_VERBOSE) console.log(`answered after parking: ${[...lateAnswers].join(', ')}`);
    expect(answered + closed + parked + silent).toBe(FRAMES_PER_API * fuzzed.length);
    expect(answered).toBeGreaterThan(0);
    expect(closed).toBeGreaterThan(0);

    expect(harness.cluster.runningBrokers().map((b) => b.id)).toEqual([0, 1, 2]);
    expect(logSnapshot(harness)).toEqual(logsBefore);
    const znodesAfter = await znodeSnapshot(zk);
    expect([...znodesAfter.keys()].sort()).toEqual([...znodesBefore.keys()].sort());
    for (const [path, data] of znodesBefore) expect(znodesAfter.get(path), `${path} (seed ${SEED})`).toBe(data);
  }, 600_000);

  it(`${SOCKET_FRAMES} fuzz frames pipelined over real sockets: the listener keeps serving, and a clean request after each closed connection is answered`, async () => {
    h = await ClusterHarness.create({ brokers: 1, seed: SEED + 1, brokerConfig: { 'auto.create.topics.enable': 'false' } });
    const harness = h;
    const broker = harness.cluster.broker(0);
    const apis = brokerApis({ broker, time: harness.time, admin: new ClusterAdmin(harness.cluster, harness.time, harness.random) });
    const server = new KafkaSocketServer(() => apis, { port: 0 });
    await server.start();
    try {
      const random = new SeededRandom(SEED + 1);
      const registered = apis.registered();
      let client = await RawClient.open(server.port);
      for (let i = 0; i < SOCKET_FRAMES; i++) {
        const body = fuzzFrame(random, registered[i % registered.length], i);
        const size = Buffer.alloc(4);
        size.writeInt32BE(random.nextFloat() < 0.02 ? random.nextInt(0x7fffffff) : body.length);
        client.socket.write(Buffer.concat([size, body]));
        if (i % 50 === 49) {
          await new Promise((r) => setTimeout(r, 5));
          if (client.closed) {
            client = await RawClient.open(server.port);
          }
        }
      }
      client.socket.destroy();
      // Still serving: a well-formed ApiVersions v2 is answered.
      const check = await RawClient.open(server.port);
      const frame = Buffer.from('0000000a00120002000000630000', 'hex');
      check.socket.write(frame);
      await check.until(() => check.frames.length === 1 || check.closed);
      expect(check.frames[0]?.readInt32BE(0)).toBe(0x63);
      check.socket.destroy();
      expect(broker.isRunning).toBe(true);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
