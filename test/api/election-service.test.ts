/**
 * Leader elections from the UI over the real backend: a broker restarted after a controlled
 * shutdown comes back as a follower, its imbalance shows as the controller's auto-rebalance measures
 * it, and a PREFERRED election for a partition, a topic or the whole cluster moves leadership back
 * (with ELECTION_NOT_NEEDED where it already is, and for an UNCLEAN election of a led partition).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import { createBackend } from '../../src-main/app/create-backend';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

describe('ElectionService over the backend', () => {
  const tmp = makeTempDir('kafka-dojo-elections-');
  let backend: DojoBackend;

  beforeAll(async () => {
    backend = await createBackend({ dataDir: tmp.dir, kafkaListeners: false });
    // Without the auto-rebalance (its first check comes 5 s after a controller failover) only the UI elects.
    await backend.api.workspaces.create({
      name: 'elections',
      brokers: 3,
      racks: null,
      logDirsPerBroker: 1,
      brokerConfig: { 'auto.leader.rebalance.enable': 'false' },
    });
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
    await backend.api.topics.create(
      {
        name: 'ledger',
        partitions: null,
        replicationFactor: null,
        assignment: {
          kind: 'manual',
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
            [2, 0, 1],
            [0, 2, 1],
          ],
        },
        configs: {},
      },
      { validateOnly: false },
    );
    await waitFor('leaders', async () => (await backend.api.topics.detail('ledger')).partitions.every((p) => p.leader === p.replicas[0]));
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  const partitionsOf = async () => (await backend.api.elections.overview()).partitions.filter((p) => p.topic === 'ledger');

  it('a balanced cluster: every preferred replica leads, no broker over the 10% rule, elections not needed', async () => {
    const overview = await backend.api.elections.overview();
    expect(overview).toMatchObject({ imbalancePercentage: 10, autoLeaderRebalanceEnable: false, imbalanceCheckIntervalSeconds: 300 });
    expect(
      overview.brokers.map((b) => [b.brokerId, b.preferredPartitions, b.notLedByPreferred, b.imbalanceRatio, b.overThreshold]),
    ).toEqual([
      [0, 2, 0, 0, false],
      [1, 1, 0, 0, false],
      [2, 1, 0, 0, false],
    ]);
    expect((await partitionsOf()).every((p) => !p.preferredElectable && !p.offline)).toBe(true);
    expect(
      await backend.api.elections.elect({ electionType: 'PREFERRED', scope: { kind: 'partition', topic: 'ledger', partition: 0 } }),
    ).toEqual([
      { topic: 'ledger', partition: 0, error: 'ELECTION_NOT_NEEDED', message: 'Leader election not needed for topic partition.' },
    ]);
    // The whole cluster leaves out what needs no election, as ElectLeaders without partitions answers.
    expect(await backend.api.elections.elect({ electionType: 'PREFERRED', scope: { kind: 'all' } })).toEqual([]);
    expect(
      await backend.api.elections.elect({ electionType: 'UNCLEAN', scope: { kind: 'partition', topic: 'ledger', partition: 1 } }),
    ).toEqual([
      { topic: 'ledger', partition: 1, error: 'ELECTION_NOT_NEEDED', message: 'Leader election not needed for topic partition.' },
    ]);
  });

  it('after a restart broker 0 leads nothing: 100% imbalance; a preferred election per partition, then per topic, moves leadership back', async () => {
    await backend.api.brokers.restart(0);
    await waitFor('broker 0 back in every ISR', async () => ((await partitionsOf()).every((p) => p.isr.includes(0)) ? true : null), 30_000);
    const before = await backend.api.elections.overview();
    expect(before.brokers[0]).toMatchObject({
      brokerId: 0,
      running: true,
      preferredPartitions: 2,
      notLedByPreferred: 2,
      imbalanceRatio: 1,
      overThreshold: true,
      leaderPartitions: 0,
    });
    const ledger = await partitionsOf();
    expect(ledger.filter((p) => p.preferredElectable).map((p) => p.partition)).toEqual([0, 3]);

    expect(
      await backend.api.elections.elect({ electionType: 'PREFERRED', scope: { kind: 'partition', topic: 'ledger', partition: 0 } }),
    ).toEqual([{ topic: 'ledger', partition: 0, error: 'NONE', message: null }]);
    expect((await backend.api.topics.detail('ledger')).partitions[0].leader).toBe(0);
    const half = await backend.api.elections.overview();
    expect(half.brokers[0]).toMatchObject({ notLedByPreferred: 1, imbalanceRatio: 0.5, overThreshold: true, leaderPartitions: 1 });

    const topicResults = await backend.api.elections.elect({ electionType: 'PREFERRED', scope: { kind: 'topic', topic: 'ledger' } });
    expect(topicResults.map((r) => [r.partition, r.error])).toEqual([
      [0, 'ELECTION_NOT_NEEDED'],
      [1, 'ELECTION_NOT_NEEDED'],
      [2, 'ELECTION_NOT_NEEDED'],
      [3, 'NONE'],
    ]);
    expect((await backend.api.topics.detail('ledger')).partitions.map((p) => p.leader)).toEqual([0, 1, 2, 0]);
    expect((await backend.api.elections.overview()).brokers.every((b) => b.notLedByPreferred === 0 && !b.overThreshold)).toBe(true);
  }, 60_000);

  it('refuses an unknown topic, and names a partition that does not exist in Kafka’s words', async () => {
    await expect(backend.api.elections.elect({ electionType: 'PREFERRED', scope: { kind: 'topic', topic: 'nope' } })).rejects.toMatchObject(
      { errorName: 'UNKNOWN_TOPIC_OR_PARTITION' },
    );
    expect(
      await backend.api.elections.elect({ electionType: 'PREFERRED', scope: { kind: 'partition', topic: 'ledger', partition: 9 } }),
    ).toEqual([{ topic: 'ledger', partition: 9, error: 'UNKNOWN_TOPIC_OR_PARTITION', message: 'The partition does not exist.' }]);
  });

  it('an UNCLEAN election brings an offline partition back on a replica outside the ISR; PREFERRED cannot', async () => {
    await backend.api.topics.create(
      { name: 'fragile', partitions: null, replicationFactor: null, assignment: { kind: 'manual', assignment: [[1, 2]] }, configs: {} },
      { validateOnly: false },
    );
    // Undefined while a new controller is still loading its context.
    const fragile = async () => (await backend.api.elections.overview()).partitions.find((p) => p.topic === 'fragile');
    await waitFor('both replicas in the ISR', async () => ((await fragile())?.isr.length === 2 ? true : null));
    await backend.api.brokers.kill(1);
    await waitFor('broker 2 leads alone', async () => ((await fragile())?.leader === 2 ? true : null), 30_000);
    await backend.api.brokers.kill(2);
    await waitFor('offline', async () => ((await fragile())?.offline ? true : null), 30_000);
    await backend.api.brokers.start(1);
    await waitFor('broker 1 running', async () => ((await backend.api.elections.overview()).brokers[1].running ? true : null), 30_000);
    await waitFor('a controller', async () => ((await backend.api.cluster.overview()).controllerId >= 0 ? true : null), 40_000);
    // The new controller may still be loading its context: wait until it reports the partition.
    const offline = await waitFor('fragile-0 reported by the new controller', async () => (await fragile()) ?? null, 30_000);
    expect(offline).toMatchObject({ isr: [2], offline: true, preferredElectable: false });
    // Kafka 2.5 writes leader -1 when a live controller sees the last ISR member die
    // (removeReplicasFromIsr); when that broker was the controller itself, the next controller's
    // failover only marks the partition offline and the znode still names the dead leader.
    expect([-1, 2]).toContain(offline?.leader);

    const preferred = await backend.api.elections.elect({
      electionType: 'PREFERRED',
      scope: { kind: 'partition', topic: 'fragile', partition: 0 },
    });
    expect(preferred.map((r) => r.error)).toEqual(['PREFERRED_LEADER_NOT_AVAILABLE']);
    expect(
      await backend.api.elections.elect({ electionType: 'UNCLEAN', scope: { kind: 'partition', topic: 'fragile', partition: 0 } }),
    ).toEqual([{ topic: 'fragile', partition: 0, error: 'NONE', message: null }]);
    expect(await fragile()).toMatchObject({ leader: 1, isr: [1], offline: false });
    await backend.api.brokers.start(2);
  }, 90_000);
});
