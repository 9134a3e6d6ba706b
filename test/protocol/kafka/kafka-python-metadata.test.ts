/**
 * Debian's kafka-python against emulated brokers listening on 127.0.0.1: the ApiVersions v0 +
 * Metadata v0 probe, then KafkaAdminClient's Metadata v5 and KafkaConsumer's Metadata v1, must see
 * the cluster exactly as the brokers' metadata caches hold it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { kafkaPythonUnavailable } from '../../support/kafka-python';
import { kafkaPython, wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

const unavailable = kafkaPythonUnavailable();
// Outside CI without kafka-python: skip, saying why. In CI (which installs it) this fails instead.
const skip = unavailable !== null && !process.env.CI;
if (skip) console.warn(`kafka-python protocol tests skipped: ${unavailable}`);

describe.skipIf(skip)('kafka-python reads the cluster through Metadata', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('KafkaAdminClient: brokers with their real ports, the controller, topics with leaders, replicas and ISR', async () => {
    wire = await wireCluster({ seed: 7 });
    const { h, ports, bootstrap } = wire;
    await adminOf(h).createTopics(
      [
        topic('orders', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await h.settle();

    const result = await kafkaPython('metadata', bootstrap);
    const cluster = result.cluster as {
      brokers: Array<{ node_id: number; host: string; port: number }>;
      controller_id: number;
      cluster_id: string;
    };
    expect(cluster.brokers.map((b) => [b.node_id, b.port]).sort()).toEqual([0, 1, 2].map((id) => [id, ports.get(id)]));
    expect(cluster.controller_id).toBe(h.cluster.broker(0).metadataCache.controllerId);
    expect(
      h.cluster
        .runningBrokers()
        .filter((b) => b.controller?.isActive())
        .map((b) => b.id),
    ).toEqual([cluster.controller_id]);
    expect(cluster.cluster_id).toBe(h.cluster.broker(0).clusterId);
    // An NF-only 2.5-like server (no Produce v8 yet) is inferred as an older broker; Metadata v1+ still applies.
    // Inferred from ApiVersions: DescribeAcls v2 is advertised, as by a 2.5 broker.
    expect(result.api_version).toEqual([2, 5, 0]);

    const topics = result.topics as Array<{
      topic: string;
      error_code: number;
      is_internal: boolean;
      partitions: Array<{ partition: number; leader: number; replicas: number[]; isr: number[]; error_code: number }>;
    }>;
    const orders = topics.find((t) => t.topic === 'orders');
    expect(orders).toBeDefined();
    expect(orders?.error_code).toBe(0);
    expect(orders?.is_internal).toBe(false);
    const partitions = [...(orders?.partitions ?? [])].sort((a, b) => a.partition - b.partition);
    expect(partitions.map((p) => [p.partition, p.leader, p.replicas, p.isr.sort(), p.error_code])).toEqual([
      [0, 0, [0, 1, 2], [0, 1, 2], 0],
      [1, 1, [1, 2, 0], [0, 1, 2], 0],
    ]);
  });

  it('KafkaConsumer after a broker is killed: the dead leader is gone from the brokers, its partition led by another', async () => {
    wire = await wireCluster({ seed: 7 });
    const { h, bootstrap } = wire;
    await adminOf(h).createTopics(
      [
        topic('pay', {
          assignment: [
            [2, 0],
            [0, 1],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await h.settle();
    await h.cluster.killBroker(2);
    await wire.advance(20_000);

    const result = await kafkaPython('consumer-topics', bootstrap);
    expect(result.topics).toEqual(['pay']);
    expect((result.partitions as Record<string, number[]>).pay).toEqual([0, 1]);
    const admin = await kafkaPython('metadata', bootstrap);
    const brokers = (admin.cluster as { brokers: Array<{ node_id: number }> }).brokers.map((b) => b.node_id).sort();
    expect(brokers).toEqual([0, 1]);
    const pay = (admin.topics as Array<{ topic: string; partitions: Array<{ partition: number; leader: number; isr: number[] }> }>).find(
      (t) => t.topic === 'pay',
    );
    expect(pay?.partitions.find((p) => p.partition === 0)).toMatchObject({ leader: 0, isr: [0] });
  });

  it('infers a 2.5 broker from ApiVersions (DescribeAcls v2), and the ACL APIs answer SECURITY_DISABLED as without an authorizer', async () => {
    wire = await wireCluster({ seed: 9 });
    const consumer = await kafkaPython('consumer-topics', wire.bootstrap);
    expect(consumer.api_version).toEqual([2, 5, 0]);
    const out = await kafkaPython('acls', wire.bootstrap);
    expect(out).toEqual({
      api_version: [2, 5, 0],
      describe: [
        'SecurityDisabledError',
        expect.stringContaining("error_code=54, error_message='No Authorizer is configured on the broker', resources=[]"),
      ],
      create: ['SecurityDisabledError'],
      delete: ['SecurityDisabledError'],
    });
  });
});
