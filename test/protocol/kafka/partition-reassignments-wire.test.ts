/**
 * AlterPartitionReassignments (45) and ListPartitionReassignments (46) v0 over a real socket to an
 * emulated cluster on 127.0.0.1, with Kafka 2.5.1's answers: ApiVersions advertises both at v0,
 * NOT_CONTROLLER (41) at the top level away from the controller, INVALID_REPLICA_ASSIGNMENT (39)
 * with the controller's messages, UNKNOWN_TOPIC_OR_PARTITION (3), NO_REASSIGNMENT_IN_PROGRESS (85)
 * for cancelling a partition not moving, a move listed while in progress, then cancelled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ALTER_PARTITION_REASSIGNMENTS } from '../../../src-main/protocol/kafka/messages/alter-partition-reassignments';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { LIST_PARTITION_REASSIGNMENTS } from '../../../src-main/protocol/kafka/messages/list-partition-reassignments';
import { AdminClient } from '../../../src-main/protocol/kafka/client/admin-client';
import { ReassignmentAdmin } from '../../../src-main/protocol/kafka/client/reassignment-admin';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';
import { waitFor } from '../../support/wait-for';

function controllerId(wire: WireCluster): number {
  const controller = wire.h.cluster.runningBrokers().find((b) => b.controller?.isActive());
  if (!controller) throw new Error(`no active controller (seed ${wire.h.seed})`);
  return controller.id;
}

const alter = (port: number, topics: unknown[]) => callApi(port, ALTER_PARTITION_REASSIGNMENTS, 0, { timeoutMs: 5000, topics });
const list = (port: number, topics: unknown[] | null) => callApi(port, LIST_PARTITION_REASSIGNMENTS, 0, { timeoutMs: 5000, topics });

describe('partition reassignment APIs over the wire', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('advertises 45 and 46 v0; refuses away from the controller; validates, starts, lists and cancels a move', async () => {
    wire = await wireCluster({ seed: 451, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const { h } = wire;
    const controller = controllerId(wire);
    const [mover, other] = [0, 1, 2].filter((id) => id !== controller);
    await adminOf(h).createTopics([topic('moves', { assignment: [[mover], [controller]] })], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    const port = (id: number) => wire!.ports.get(id) ?? -1;

    const keys = (await callApi(port(0), API_VERSIONS, 2, {})).response.apiKeys as Array<{ apiKey: number }>;
    expect(keys.filter((k) => k.apiKey === 45 || k.apiKey === 46)).toEqual([
      { apiKey: 45, minVersion: 0, maxVersion: 0 },
      { apiKey: 46, minVersion: 0, maxVersion: 0 },
    ]);

    const one = [{ name: 'moves', partitions: [{ partitionIndex: 0, replicas: [other] }] }];
    expect((await alter(port(other), one)).response).toEqual({
      throttleTimeMs: 0,
      errorCode: 41,
      errorMessage: 'This is not the correct controller for this cluster.',
      responses: [],
    });
    expect((await list(port(other), null)).response).toMatchObject({ errorCode: 41, topics: [] });

    const refused = await alter(port(controller), [
      {
        name: 'moves',
        partitions: [
          { partitionIndex: 0, replicas: [] },
          { partitionIndex: 1, replicas: [other, other] },
        ],
      },
      { name: 'nope', partitions: [{ partitionIndex: 0, replicas: [other] }] },
    ]);
    expect(refused.response.errorCode).toBe(0);
    expect(refused.response.responses).toEqual([
      {
        name: 'moves',
        partitions: [
          { partitionIndex: 0, errorCode: 39, errorMessage: 'Empty replica list specified in partition reassignment.' },
          {
            partitionIndex: 1,
            errorCode: 39,
            errorMessage: `Duplicate replica ids in partition reassignment replica list: ArrayBuffer(${other}, ${other})`,
          },
        ],
      },
      { name: 'nope', partitions: [{ partitionIndex: 0, errorCode: 3, errorMessage: 'The partition does not exist.' }] },
    ]);
    expect(
      (await alter(port(controller), [{ name: 'moves', partitions: [{ partitionIndex: 1, replicas: null }] }])).response.responses,
    ).toEqual([
      {
        name: 'moves',
        partitions: [{ partitionIndex: 1, errorCode: 85, errorMessage: 'No partition reassignment is in progress.' }],
      },
    ]);

    // moves-0 lives on `mover` alone: with it stopped, the new replica has no leader to fetch from.
    await h.cluster.shutdownBroker(mover);
    await wire.advance(1000);
    expect((await alter(port(controller), one)).response.responses).toEqual([
      { name: 'moves', partitions: [{ partitionIndex: 0, errorCode: 0, errorMessage: null }] },
    ]);
    const ongoing = {
      name: 'moves',
      partitions: [{ partitionIndex: 0, replicas: [other, mover], addingReplicas: [other], removingReplicas: [mover] }],
    };
    expect((await list(port(controller), null)).response).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      errorMessage: null,
      topics: [ongoing],
    });
    expect((await list(port(controller), [{ name: 'moves', partitionIndexes: [0, 1] }])).response.topics).toEqual([ongoing]);

    expect(
      (await alter(port(controller), [{ name: 'moves', partitions: [{ partitionIndex: 0, replicas: null }] }])).response.responses,
    ).toEqual([{ name: 'moves', partitions: [{ partitionIndex: 0, errorCode: 0, errorMessage: null }] }]);
    await waitFor('the original replicas', async () => ((await list(port(controller), null)).response.topics as unknown[]).length === 0);
    expect(h.cluster.broker(controller).controller?.context.partitionReplicaAssignment({ topic: 'moves', partition: 0 })).toEqual([mover]);
  }, 60_000);

  it('ReassignmentAdmin, bootstrapped through another broker, finds the controller: a move done, a refusal, an empty list', async () => {
    wire = await wireCluster({ seed: 453 });
    const { h } = wire;
    const controller = controllerId(wire);
    const [from, to] = [0, 1, 2].filter((id) => id !== controller);
    await adminOf(h).createTopics([topic('admin-moves', { assignment: [[from]] })], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    const client = new AdminClient({ bootstrapServers: `127.0.0.1:${wire.ports.get(from)}`, defaultApiTimeoutMs: 10_000 });
    try {
      const admin = new ReassignmentAdmin(client, 10_000);
      const results = await admin.alterPartitionReassignments([
        { partition: { topic: 'admin-moves', partition: 0 }, replicas: [to] },
        { partition: { topic: 'admin-moves', partition: 1 }, replicas: null },
      ]);
      // The controller answers refusals first (a map in Kafka): compared by partition.
      expect(
        [...results]
          .sort((a, b) => a.partition.partition - b.partition.partition)
          .map((r) => [r.partition.partition, r.error && `${r.error.exceptionClass}: ${r.error.message}`]),
      ).toEqual([
        [0, null],
        [1, 'org.apache.kafka.common.errors.NoReassignmentInProgressException: No partition reassignment is in progress.'],
      ]);
      await waitFor('the move done', async () => (await admin.listPartitionReassignments(null)).length === 0);
      expect(await admin.listPartitionReassignments([{ topic: 'admin-moves', partition: 0 }])).toEqual([]);
    } finally {
      client.close();
    }
  }, 60_000);
});
