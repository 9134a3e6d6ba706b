/**
 * A broker that is shut down or killed stops every fetcher, answers no request and never comes
 * back into an ISR (issue 11 point 1): its replicas leave the ISR at once (controlled shutdown) or
 * after `replica.lag.time.max.ms` (kill, while its ZooKeeper session lives on), and stay out while
 * producing goes on — so metadata, the under-replicated count and acks=all with
 * `min.insync.replicas=3` tell the truth.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isUnderReplicated } from '../../src-main/api/cluster-view';
import { topicSnapshots } from '../../src-main/core/cluster/in-process-cluster';
import type { ReplicaManager } from '../../src-main/core/broker/replica-manager';
import { logLineOf } from '../../src-main/core/cluster/cluster-events';
import { GROUP_METADATA_TOPIC_NAME } from '../../src-main/core/coordinator/group/group-metadata-manager';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { CREATE, adminOf, drive, enc, mark, topic, tp } from '../support/scenario';
import { coordinatorOf } from '../core/coordinator/group-support';

const LAG_MS = 30_000;
const TOPICS = ['orders', 'payments'];
const PARTITIONS = 4;

describe('a stopped broker stays out of every ISR', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  async function setup(seed: number, brokerConfig: Record<string, string> = {}): Promise<ZnodeReader> {
    h = await ClusterHarness.create({ brokers: 3, seed, brokerConfig });
    for (const name of TOPICS) {
      const [created] = await adminOf(h).createTopics(
        [topic(name, { partitions: PARTITIONS, rf: 3, configs: { 'min.insync.replicas': '3' } })],
        CREATE,
      );
      expect(created.errorName, `seed ${seed}`).toBe('NONE');
    }
    // A group's FindCoordinator creates __consumer_offsets (RF 3).
    await coordinatorOf(h, 'billing');
    await h.advance(1000);
    return ZnodeReader.open(h);
  }

  /** Every log line (server.log, state-change.log, controller.log) broker `brokerId` wrote since `from`. */
  function linesOf(from: number, brokerId: number): string[] {
    return h.events
      .slice(from)
      .map(logLineOf)
      .filter((l) => l?.brokerId === brokerId)
      .map((l) => l!.line.message);
  }

  /** Every partition state znode (topics and __consumer_offsets) as `tp → { leader, isr }`. */
  async function states(zk: ZnodeReader): Promise<Map<string, { leader: number; isr: number[] }>> {
    const out = new Map<string, { leader: number; isr: number[] }>();
    for (const name of [...TOPICS, GROUP_METADATA_TOPIC_NAME]) {
      for (const p of await zk.children(`/brokers/topics/${name}/partitions`)) out.set(`${name}-${p}`, await zk.state(name, Number(p)));
    }
    return out;
  }

  /** Produces to every partition (acks=1, no retry: a killed leader answers nothing until its session expires) while the clock moves `ms`, 500 ms at a time. */
  async function produceFor(ms: number): Promise<void> {
    for (let waited = 0; waited < ms; waited += 500) {
      for (const name of TOPICS) {
        for (let p = 0; p < PARTITIONS; p++)
          await h.client.produce({ topic: name, partition: p, records: [{ key: null, value: enc(`v${waited}`) }], acks: 1 });
      }
      await h.advance(500);
    }
  }

  /**
   * What must hold once the stopped broker's replicas had `replica.lag.time.max.ms` to leave. The
   * partitions it still leads are left out: a killed leader whose session lives on stays leader and
   * in the ISR until the controller learns of its death (no one else may change that ISR).
   * Returns those partitions.
   */
  async function expectOutOfEveryIsr(zk: ZnodeReader, stopped: number, zombie: ReplicaManager): Promise<string[]> {
    const seed = h.seed;
    const all = await states(zk);
    const led = [...all].filter(([, s]) => s.leader === stopped).map(([p]) => p);
    const inIsr = [...all].filter(([p, s]) => s.isr.includes(stopped) && !led.includes(p)).map(([p]) => p);
    expect(inIsr, `seed ${seed}: broker ${stopped} in the ISR of`).toEqual([]);
    // Its old ReplicaManager fetches nothing.
    expect(zombie.fetcherManager.fetcherStates(), `seed ${seed}`).toEqual([]);
    // Every running broker's metadata and the controller's view agree; all partitions are under-replicated.
    for (const b of h.cluster.runningBrokers()) {
      for (const name of [...TOPICS, GROUP_METADATA_TOPIC_NAME]) {
        for (const m of b.metadataCache.partitionsOf(name)) {
          if (!led.includes(`${name}-${m.partitionIndex}`))
            expect(m.isr, `seed ${seed}: broker ${b.id}'s metadata for ${name}-${m.partitionIndex}`).not.toContain(stopped);
        }
      }
    }
    const views = topicSnapshots(h.cluster).flatMap((t) => t.partitions);
    expect(views.length).toBe(TOPICS.length * PARTITIONS + 50);
    expect(views.filter(isUnderReplicated).length, `seed ${seed}: under-replicated partitions`).toBe(views.length - led.length);
    // Leaders do not see it fetch: what they recorded of it stays behind their log end.
    for (const b of h.cluster.runningBrokers()) {
      for (const part of b.replicaManager!.hostedPartitions()) {
        if (!part.isLeader || !TOPICS.includes(part.topicPartition.topic)) continue;
        const seen = part.remoteReplicas.get(stopped);
        expect(
          seen === undefined || seen.logEndOffset < part.log!.logEndOffset,
          `seed ${seed}: ${part.name} saw broker ${stopped} fetch`,
        ).toBe(true);
      }
    }
    // acks=all with min.insync.replicas=3 fails.
    for (let p = 0; p < PARTITIONS; p++) {
      if (led.includes(`orders-${p}`)) continue;
      const outcome = await drive(
        h,
        h.client.produce({ topic: 'orders', partition: p, records: [{ key: null, value: enc('all') }], acks: -1, timeoutMs: 5000 }),
      );
      expect(outcome.error, `seed ${seed}: acks=all to orders-${p}`).toBe('NOT_ENOUGH_REPLICAS');
    }
    return led;
  }

  for (const seed of [1101, 1102, 1103]) {
    it(`controlled shutdown (seed ${seed}): the broker leaves every ISR at once and stays out while producing goes on`, async () => {
      const zk = await setup(seed);
      expect(
        [...(await states(zk)).values()].every((s) => s.isr.length === 3),
        `seed ${seed}: all replicas in sync before`,
      ).toBe(true);
      const stopped = 1;
      const zombie = h.cluster.broker(stopped).replicaManager!;
      const result = await drive(h, h.cluster.shutdownBroker(stopped));
      expect(result.controlledShutdownSucceeded, `seed ${seed}`).toBe(true);
      expect(h.cluster.broker(stopped).state).toBe('NotRunning');
      const after = mark(h);
      await produceFor(LAG_MS + 30_000);
      // Controlled shutdown moved every leadership away.
      expect(await expectOutOfEveryIsr(zk, stopped, zombie)).toEqual([]);
      // Nothing of the stopped broker ran after it stopped: no log line, no ZooKeeper write.
      expect(linesOf(after, stopped), `seed ${seed}`).toEqual([]);
      await expect(
        h.cluster.broker(stopped).handleControllerRequest({
          apiKey: 'StopReplica',
          controllerId: 0,
          controllerEpoch: 1,
          brokerEpoch: -1,
          deletePartitions: false,
          partitions: [tp('orders', 0)],
        }),
      ).rejects.toThrow(/not reachable/);
    });
  }

  it('kill: the killed broker stops fetching at once, drops out of the ISR after replica.lag.time.max.ms although its session lives, and stays out', async () => {
    // The session outlives the lag: only the leaders' ISR shrink can take the killed broker out.
    const zk = await setup(1104, { 'zookeeper.session.timeout.ms': '90000', 'replica.lag.time.max.ms': '10000' });
    const killed = 2;
    const zombie = h.cluster.broker(killed).replicaManager!;
    const sessionId = h.cluster.broker(killed).sessionId!;
    h.cluster.killBroker(killed);
    const afterKill = mark(h);
    // Lag (10 s) + the shrink check's period (5 s) + the ISR change propagation (≤ 5 s of quiet, 2.5 s checks).
    await produceFor(30_000);
    expect(h.zkServer.sessionIds(), 'the killed broker is still registered').toContain(sessionId);
    expect(h.cluster.activeController()!.context.liveBrokerIds.has(killed)).toBe(true);
    const led = await expectOutOfEveryIsr(zk, killed, zombie);
    expect(led.length, 'it led some partitions').toBeGreaterThan(0);
    // Once the session expired the controller moves those too; it stays out of every ISR.
    await produceFor(70_000);
    expect(h.zkServer.sessionIds()).not.toContain(sessionId);
    expect(await expectOutOfEveryIsr(zk, killed, zombie)).toEqual([]);
    // The dead process wrote nothing after it died.
    expect(linesOf(afterKill, killed)).toEqual([]);
  });

  it('kill while a LeaderAndIsr is being handled: the rest of it never runs — no fetcher starts, no response reaches the controller', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 1105 });
    const victim = 1;
    const zombie = h.cluster.broker(victim).replicaManager!;
    let killedAt: number | null = null;
    let killing = false;
    h.cluster.subscribe((e) => {
      // The process dies once it started its first follower of the new topic, at the next pause of
      // the request's handling (what runs synchronously runs as one piece, as in any process).
      if (!killing && e.kind === 'log' && e.brokerId === victim && e.line.message.includes('Added fetcher to broker')) {
        killing = true;
        queueMicrotask(() => {
          h.cluster.killBroker(victim);
          killedAt = mark(h);
        });
      }
    });
    const [created] = await adminOf(h).createTopics([topic('wide', { partitions: 24, rf: 3 })], CREATE);
    expect(created.errorName).toBe('NONE');
    await h.advance(5000);
    expect(killedAt).not.toBeNull();
    const after = h.events.slice(killedAt!);
    expect(linesOf(killedAt!, victim), 'seed 1105').toEqual([]);
    expect(zombie.fetcherManager.fetcherStates()).toEqual([]);
    expect(
      after.some((e) => e.kind === 'channel' && e.event.kind === 'response-received' && e.event.brokerId === victim),
      'a response from the dead broker',
    ).toBe(false);
    for (const b of h.cluster.runningBrokers()) {
      for (const part of b.replicaManager!.hostedPartitions())
        expect(part.remoteReplicas.get(victim)?.logEndOffset ?? -1, `${part.name} saw broker ${victim} fetch`).toBe(-1);
    }
  });

  it("kill during a controlled shutdown's retry backoff: the shutdown ends there — the broker stays Killed and does nothing more", async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 1106 });
    // The controller's broker dies with its session alive: /controller names it, nobody answers.
    h.cluster.killBroker(0);
    const victim = 1;
    let outcome: { controlledShutdownSucceeded: boolean | null } | 'pending' = 'pending';
    void h.cluster.shutdownBroker(victim).then((r) => (outcome = r));
    await h.advance(1000);
    expect(h.cluster.broker(victim).state).toBe('PendingControlledShutdown');
    h.cluster.killBroker(victim);
    const killedAt = mark(h);
    // Past every retry backoff (3 × controlled.shutdown.retry.backoff.ms = 5 s).
    await h.advance(20_000);
    expect(outcome).toEqual({ controlledShutdownSucceeded: null });
    expect(h.cluster.broker(victim).state).toBe('Killed');
    expect(linesOf(killedAt, victim)).toEqual([]);
  });

  for (const at of ['Connecting to zookeeper', 'Cluster ID', 'Loading logs']) {
    it(`kill while the broker starts (at "${at}"): the start goes no further — no log loaded, no registration, the broker stays Killed`, async () => {
      h = await ClusterHarness.create({ brokers: 3, seed: 1107 });
      // More partition dirs than one loading slice (100): a kill between two slices stops the loading.
      if (at === 'Loading logs')
        expect((await adminOf(h).createTopics([topic('many', { partitions: 120, rf: 3 })], CREATE))[0].errorName).toBe('NONE');
      const victim = 2;
      await h.cluster.shutdownBroker(victim, { controlled: false });
      await h.settle();
      let killedAt: number | null = null;
      const unsubscribe = h.cluster.subscribe((e) => {
        const line = logLineOf(e);
        if (killedAt === null && line?.brokerId === victim && line.line.message.includes(at)) {
          killedAt = -1;
          // At the start's next pause, as a kill arriving from outside would.
          queueMicrotask(() => {
            h.cluster.killBroker(victim);
            killedAt = mark(h);
          });
        }
      });
      const started = h.cluster.startBroker(victim).then(
        () => 'started',
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      await h.advance(10_000);
      unsubscribe();
      expect(killedAt, `the start logged "${at}"`).toBeGreaterThan(0);
      expect(await started).toBe(`broker ${victim} was killed while starting`);
      expect(h.cluster.broker(victim).state).toBe('Killed');
      expect(linesOf(killedAt!, victim)).toEqual([]);
      const zk = await ZnodeReader.open(h);
      expect(await zk.children('/brokers/ids')).not.toContain(String(victim));
    });
  }

  it('kill while the leader writes an ISR expansion: the dead leader logs nothing about the write it never finished', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 1108, brokerConfig: { 'replica.lag.time.max.ms': '10000' } });
    expect((await adminOf(h).createTopics([topic('grow', { assignment: [[0, 1, 2]] })], CREATE))[0].errorName).toBe('NONE');
    await h.client.produce({ topic: 'grow', partition: 0, records: [{ key: null, value: enc('a') }], acks: 1 });
    h.cluster.broker(2).replicaManager!.fetcherManager.paused = true;
    await h.client.produce({ topic: 'grow', partition: 0, records: [{ key: null, value: enc('b') }], acks: 1 });
    await h.advance(16_000);
    expect((await (await ZnodeReader.open(h)).state('grow', 0)).isr).toEqual([0, 1]);
    let killedAt: number | null = null;
    h.cluster.subscribe((e) => {
      const line = logLineOf(e);
      if (killedAt === null && line?.brokerId === 0 && line.line.message.includes('Expanding ISR from 0,1 to 0,1,2')) {
        killedAt = -1;
        queueMicrotask(() => {
          h.cluster.killBroker(0);
          killedAt = mark(h);
        });
      }
    });
    h.cluster.broker(2).replicaManager!.fetcherManager.paused = false;
    await h.advance(1000);
    expect(killedAt).toBeGreaterThan(0);
    expect(linesOf(killedAt!, 0)).toEqual([]);
  });
});
