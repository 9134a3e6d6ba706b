/**
 * `num.replica.fetchers` taken live (Kafka 2.5's DynamicThreadPool → ReplicaFetcherManager.resizeThreadPool):
 * each partition goes to fetcher `abs(31 * topic.hashCode + partition) % num.replica.fetchers` of its
 * leader, a resize places every partition again and replication goes on, and a count more than
 * double or under half the one in force is refused — by AlterConfigs, and by a broker reading a
 * hand-written `/config/brokers/<id>`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CreateMode } from '../../src-main/core/zookeeper';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { CREATE, adminOf, drive, enc, linesSince, mark, topic } from '../support/scenario';

// "events".hashCode() is -1291329255 in Java: with 2 fetchers the odd partitions go to fetcher 1,
// with 3 the partitions go to 0, 2, 1, 0, 2, 1, 0, 2.
const TWO_FETCHERS = [1, 0, 1, 0, 1, 0, 1, 0];
const THREE_FETCHERS = [0, 2, 1, 0, 2, 1, 0, 2];

/** Broker 1 follows all eight partitions of `events` from leader 0. */
async function followerOfEight(seed: number, brokerConfig: Record<string, string> = {}): Promise<ClusterHarness> {
  const h = await ClusterHarness.create({ brokers: 2, seed, brokerConfig });
  const created = await adminOf(h).createTopics([topic('events', { assignment: Array.from({ length: 8 }, () => [0, 1]) })], CREATE);
  expect(created[0].errorCode, `seed ${seed}`).toBe(0);
  await h.settle();
  return h;
}

function fetcherIds(h: ClusterHarness, brokerId: number): Array<[number, number, number]> {
  return h.cluster
    .broker(brokerId)
    .replicaManager!.fetcherManager.fetcherStates()
    .map((s) => [s.topicPartition.partition, s.leaderId, s.fetcherId] as [number, number, number])
    .sort((a, b) => a[0] - b[0]);
}

const placed = (ids: number[]) => ids.map((fetcherId, partition) => [partition, 0, fetcherId]);

async function produceToAll(h: ClusterHarness, round: number): Promise<void> {
  for (let p = 0; p < 8; p++) {
    const result = await drive(
      h,
      h.client.produce({ topic: 'events', partition: p, records: [{ key: null, value: enc(`round-${round}-${p}`) }], acks: -1 }),
    );
    expect(result.error, `produce to events-${p}, seed ${h.seed}`).toBe('NONE');
  }
}

function followerLogEnds(h: ClusterHarness): number[] {
  const rm = h.cluster.broker(1).replicaManager!;
  return Array.from({ length: 8 }, (_, p) => {
    const partition = rm.getPartition({ topic: 'events', partition: p });
    return partition && partition !== 'offline' && partition.log ? partition.log.logEndOffset : -1;
  });
}

describe('num.replica.fetchers (DynamicThreadPool)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('a static num.replica.fetchers places partitions by getFetcherId from startup', async () => {
    h = await followerOfEight(1501, { 'num.replica.fetchers': '3' });
    expect(fetcherIds(h, 1), `seed ${h.seed}`).toEqual(placed(THREE_FETCHERS));
    await produceToAll(h, 0);
    await h.settle();
    expect(followerLogEnds(h), `seed ${h.seed}`).toEqual(Array(8).fill(1));
  });

  it('raised to 2 live: the pool is resized, the odd partitions move to fetcher 1, and replication goes on; lowered to 1 the extra fetcher stops', async () => {
    h = await followerOfEight(1502);
    const admin = adminOf(h);
    expect(fetcherIds(h, 1), `seed ${h.seed}`).toEqual(placed(Array(8).fill(0)));
    await produceToAll(h, 0);

    const from = mark(h);
    const raised = await drive(h, admin.alterBrokerConfig('1', { 'num.replica.fetchers': '2' }, false, h.cluster.broker(1)));
    expect(raised.errorName, `seed ${h.seed}`).toBe('NONE');
    await h.settle();
    expect(h.cluster.broker(1).replicaManager!.fetcherManager.numFetchers).toBe(2);
    expect(fetcherIds(h, 1), `seed ${h.seed}`).toEqual(placed(TWO_FETCHERS));
    const lines = linesSince(h, from, 'server.log', 1);
    expect(lines).toContain('[ReplicaFetcherManager on broker 1] Resizing fetcher thread pool size from 1 to 2');
    expect(lines).toContain('[ReplicaFetcher replicaId=1, leaderId=0, fetcherId=1] Starting');
    // Broker 0 keeps its config: the override is broker 1's own.
    expect(h.cluster.broker(0).replicaManager!.fetcherManager.numFetchers).toBe(1);

    await produceToAll(h, 1);
    await h.settle();
    expect(followerLogEnds(h), `seed ${h.seed}`).toEqual(Array(8).fill(2));
    const zk = await ZnodeReader.open(h);
    for (let p = 0; p < 8; p++) expect((await zk.state('events', p)).isr.sort(), `events-${p} isr, seed ${h.seed}`).toEqual([0, 1]);

    const lowered = await drive(h, admin.alterBrokerConfig('1', { 'num.replica.fetchers': '1' }, false, h.cluster.broker(1)));
    expect(lowered.errorName, `seed ${h.seed}`).toBe('NONE');
    await h.settle();
    expect(fetcherIds(h, 1), `seed ${h.seed}`).toEqual(placed(Array(8).fill(0)));
    await produceToAll(h, 2);
    await h.settle();
    expect(followerLogEnds(h), `seed ${h.seed}`).toEqual(Array(8).fill(3));
  });

  it('more than double is refused by AlterConfigs; written by hand, the broker logs why and keeps its fetchers', async () => {
    h = await followerOfEight(1503);
    const admin = adminOf(h);
    const refused = await drive(h, admin.alterBrokerConfig('1', { 'num.replica.fetchers': '3' }, true, h.cluster.broker(1)));
    expect(refused).toMatchObject({
      errorName: 'INVALID_REQUEST',
      errorMessage: "Invalid config value for resource ConfigResource(type=BROKER, name='1'): Invalid dynamic configuration",
    });

    const from = mark(h);
    const zk = await h.session();
    await zk.create('/config/brokers/1', enc('{"version":1,"config":{"num.replica.fetchers":"3"}}'));
    await zk.create('/config/changes/config_change_', enc('{"version":2,"entity_path":"brokers/1"}'), {
      mode: CreateMode.PERSISTENT_SEQUENTIAL,
    });
    await h.settle();
    expect(h.cluster.broker(1).replicaManager!.fetcherManager.numFetchers).toBe(1);
    expect(h.cluster.broker(1).dynamicConfig.currentConfig.value('num.replica.fetchers')).toBe(1);
    expect(linesSince(h, from, 'server.log', 1)).toContain(
      'Invalid dynamic configuration: Dynamic thread count update validation failed for num.replica.fetchers=3, value should not be greater than double the current value 1',
    );
    expect(fetcherIds(h, 1), `seed ${h.seed}`).toEqual(placed(Array(8).fill(0)));
  });
});
