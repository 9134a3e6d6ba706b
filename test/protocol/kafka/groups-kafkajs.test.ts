/**
 * kafkajs 2.2.4 consumer groups against the emulated brokers, in this process (FindCoordinator v2,
 * JoinGroup v5 with MEMBER_ID_REQUIRED, SyncGroup v3, Heartbeat v3, OffsetCommit v5, OffsetFetch v4,
 * LeaveGroup v3): a group consumes and commits, a second member makes it rebalance, and a new
 * consumer of the group resumes after the committed offsets.
 */
import { Kafka, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

async function eventually(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('kafkajs consumer groups against the emulated cluster', () => {
  let wire: WireCluster | null = null;
  const clients: Array<Admin | Producer | Consumer> = [];
  afterEach(async () => {
    for (const c of clients.splice(0).reverse()) await c.disconnect().catch(() => undefined);
    await wire?.close();
    wire = null;
  });

  function kafka(w: WireCluster, clientId = 'dojo-kafkajs'): Kafka {
    return new Kafka({ clientId, brokers: [w.bootstrap], logLevel: logLevel.NOTHING, retry: { retries: 8, initialRetryTime: 100 } });
  }

  async function setUp(seed: number): Promise<WireCluster> {
    wire = await wireCluster({ seed, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    await adminOf(wire.h).createTopics(
      [
        topic('js-events', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
            [2, 0, 1],
            [0, 2, 1],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await wire.h.settle();
    return wire;
  }

  async function produce(w: WireCluster, from: number, count: number): Promise<void> {
    const producer = kafka(w).producer();
    clients.push(producer);
    await producer.connect();
    await producer.send({
      topic: 'js-events',
      acks: -1,
      messages: Array.from({ length: count }, (_, i) => ({ key: `k-${from + i}`, value: `v-${from + i}` })),
    });
    await producer.disconnect();
  }

  function consumer(w: WireCluster, clientId: string): Consumer {
    const c = kafka(w, clientId).consumer({
      groupId: 'js-group',
      sessionTimeout: 10_000,
      heartbeatInterval: 500,
      rebalanceTimeout: 10_000,
      maxWaitTimeInMs: 200,
    });
    clients.push(c);
    return c;
  }

  it('consumes and commits; a new consumer of the group resumes after the committed offsets', async () => {
    const w = await setUp(81);
    await produce(w, 0, 40);
    const seen: string[] = [];
    const first = consumer(w, 'js-first');
    await first.connect();
    await first.subscribe({ topic: 'js-events', fromBeginning: true });
    await first.run({ eachMessage: async ({ message }) => void seen.push(String(message.value)) });
    await eventually(() => seen.length >= 40, '40 records');
    await first.disconnect();
    expect([...seen].sort()).toEqual(Array.from({ length: 40 }, (_, i) => `v-${i}`).sort());

    const admin = kafka(w).admin();
    clients.push(admin);
    await admin.connect();
    const [offsets] = await admin.fetchOffsets({ groupId: 'js-group', topics: ['js-events'] });
    const ends = await admin.fetchTopicOffsets('js-events');
    expect(offsets.partitions.map((p) => [p.partition, p.offset]).sort()).toEqual(ends.map((e) => [e.partition, e.high]).sort());

    await produce(w, 40, 10);
    const resumed: string[] = [];
    const second = consumer(w, 'js-second');
    await second.connect();
    await second.subscribe({ topic: 'js-events', fromBeginning: true });
    await second.run({ eachMessage: async ({ message }) => void resumed.push(String(message.value)) });
    await eventually(() => resumed.length >= 10, '10 more records');
    await new Promise((r) => setTimeout(r, 300));
    expect([...resumed].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `v-${40 + i}`).sort());
  });

  it('a second member joins: the group rebalances and the four partitions are split two and two', async () => {
    const w = await setUp(82);
    const assignments = new Map<string, number[]>();
    const track = (c: Consumer, name: string) =>
      c.on(c.events.GROUP_JOIN, (e) => assignments.set(name, [...(e.payload.memberAssignment['js-events'] ?? [])].sort()));
    const first = consumer(w, 'js-first');
    track(first, 'first');
    await first.connect();
    await first.subscribe({ topic: 'js-events' });
    await first.run({ eachMessage: async () => undefined });
    await eventually(() => assignments.get('first')?.length === 4, 'the first member to take all four partitions');

    const second = consumer(w, 'js-second');
    track(second, 'second');
    await second.connect();
    await second.subscribe({ topic: 'js-events' });
    await second.run({ eachMessage: async () => undefined });
    await eventually(() => assignments.get('second')?.length === 2 && assignments.get('first')?.length === 2, 'the rebalance');
    expect([...assignments.get('first')!, ...assignments.get('second')!].sort()).toEqual([0, 1, 2, 3]);
    const described = await (async () => {
      const admin = kafka(w).admin();
      clients.push(admin);
      await admin.connect();
      return admin.describeGroups(['js-group']);
    })();
    expect(described.groups[0]).toMatchObject({
      groupId: 'js-group',
      state: 'Stable',
      protocolType: 'consumer',
      protocol: 'RoundRobinAssigner',
    });
    expect(described.groups[0].members.map((m) => m.clientId).sort()).toEqual(['js-first', 'js-second']);
  });
});
