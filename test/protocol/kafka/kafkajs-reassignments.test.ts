/**
 * kafkajs 2.2.4's admin `alterPartitionReassignments` / `listPartitionReassignments` (API 45 / 46
 * v0, sent to the controller it finds in Metadata) against emulated brokers on 127.0.0.1: a move is
 * started and runs to completion (no longer listed), and a partition-level refusal reaches kafkajs as the error's type.
 */
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';
import { waitFor } from '../../support/wait-for';

describe('kafkajs partition reassignments', () => {
  let wire: WireCluster | null = null;
  let admin: Admin | null = null;
  afterEach(async () => {
    await admin?.disconnect().catch(() => undefined);
    admin = null;
    await wire?.close();
    wire = null;
  });

  it('starts a move that completes and leaves the list, and sees INVALID_REPLICA_ASSIGNMENT for a duplicate replica', async () => {
    wire = await wireCluster({ seed: 452, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const { h } = wire;
    const controller = h.cluster.runningBrokers().find((b) => b.controller?.isActive())!.id;
    const [mover, other] = [0, 1, 2].filter((id) => id !== controller);
    await adminOf(h).createTopics([topic('js-moves', { assignment: [[mover]] })], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    // Bootstrap through a broker that stays up.
    const kafka = new Kafka({
      clientId: 'dojo-kafkajs',
      brokers: [`127.0.0.1:${wire.ports.get(controller)}`],
      logLevel: logLevel.NOTHING,
      retry: { retries: 2, initialRetryTime: 100 },
    });
    admin = kafka.admin();
    await admin.connect();
    // kafkajs refreshes the metadata of every topic first, and gives up on a leaderless one: the move runs with all brokers up.
    await admin.alterPartitionReassignments({
      topics: [{ topic: 'js-moves', partitionAssignment: [{ partition: 0, replicas: [other] }] }],
    });
    await waitFor('the move done', async () => (await admin!.listPartitionReassignments({})).topics.length === 0);
    expect(h.cluster.broker(controller).controller?.context.partitionReplicaAssignment({ topic: 'js-moves', partition: 0 })).toEqual([
      other,
    ]);
    const refused = await admin
      .alterPartitionReassignments({ topics: [{ topic: 'js-moves', partitionAssignment: [{ partition: 0, replicas: [other, other] }] }] })
      .catch((e: unknown) => e);
    expect(JSON.stringify(refused)).toContain('INVALID_REPLICA_ASSIGNMENT');
  }, 60_000);
});
