/**
 * The controller-only and broker-local APIs over a real socket, in the versions no installed client
 * sends: NOT_CONTROLLER away from the controller, ElectLeaders through the controller,
 * DescribeLogDirs from the broker's LogManager, InitProducerId from its producer-id block.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiMessages } from '../../../src-main/protocol/kafka/messages/api-message';
import { CREATE_TOPICS } from '../../../src-main/protocol/kafka/messages/create-topics';
import { DESCRIBE_LOG_DIRS, type DescribeLogDirsResult } from '../../../src-main/protocol/kafka/messages/describe-log-dirs';
import { ELECT_LEADERS } from '../../../src-main/protocol/kafka/messages/elect-leaders';
import { FIND_COORDINATOR } from '../../../src-main/protocol/kafka/messages/find-coordinator';
import { INIT_PRODUCER_ID } from '../../../src-main/protocol/kafka/messages/init-producer-id';
import { METADATA } from '../../../src-main/protocol/kafka/messages/metadata';
import { decodeMessage, encodeMessage, type Message } from '../../../src-main/protocol/kafka/wire/schema';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi, RawClient, request } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';

function controllerId(wire: WireCluster): number {
  const controller = wire.h.cluster.runningBrokers().find((b) => b.controller?.isActive());
  if (!controller) throw new Error(`no active controller (seed ${wire.h.seed})`);
  return controller.id;
}

async function call(wire: WireCluster, brokerId: number, api: ApiMessages, version: number, body: Message): Promise<Message> {
  const client = await RawClient.open(wire.ports.get(brokerId) ?? -1);
  try {
    client.socket.write(request(api.apiKey, version, 1, encodeMessage(api.request, version, body)));
    await client.until(() => client.frames.length === 1 || client.closed);
    if (client.frames.length === 0) throw new Error(`broker ${brokerId} closed the connection`);
    return decodeMessage(client.frames[0].subarray(4), api.response, version);
  } finally {
    client.socket.destroy();
  }
}

describe('admin and broker APIs over the wire', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('CreateTopics v4 to a broker that is not the controller: NOT_CONTROLLER, and nothing is written', async () => {
    wire = await wireCluster({ seed: 31 });
    const controller = controllerId(wire);
    const other = [0, 1, 2].find((id) => id !== controller) ?? 0;
    const body = {
      topics: [{ name: 'elsewhere', numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }],
      timeoutMs: 5000,
      validateOnly: false,
    };
    expect((await call(wire, other, CREATE_TOPICS, 4, body)).topics).toMatchObject([
      { name: 'elsewhere', errorCode: 41, errorMessage: null },
    ]);
    expect(await (await wire.h.session()).exists('/brokers/topics/elsewhere')).toBeNull();
    expect((await call(wire, controller, CREATE_TOPICS, 4, body)).topics).toMatchObject([
      { name: 'elsewhere', errorCode: 0, errorMessage: null },
    ]);
  });

  it('ElectLeaders v1 (preferred) moves leadership back to the preferred replica after it returns', async () => {
    wire = await wireCluster({ seed: 32, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const { h } = wire;
    await adminOf(h).createTopics([topic('pref', { assignment: [[1, 0]] })], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    await h.cluster.shutdownBroker(1);
    await wire.advance(1000);
    await h.cluster.startBroker(1);
    await wire.advance(15_000);
    expect(h.cluster.broker(0).metadataCache.getPartitionInfo('pref', 0)?.leader).toBe(0);
    const controller = controllerId(wire);
    const response = await call(wire, controller, ELECT_LEADERS, 1, {
      electionType: 0,
      topicPartitions: [{ topic: 'pref', partitionId: [0] }],
      timeoutMs: 5000,
    });
    expect(response).toMatchObject({
      errorCode: 0,
      replicaElectionResults: [{ topic: 'pref', partitionResult: [{ partitionId: 0, errorCode: 0, errorMessage: null }] }],
    });
    await wire.advance(100);
    expect(h.cluster.broker(0).metadataCache.getPartitionInfo('pref', 0)?.leader).toBe(1);
    const elsewhere = [0, 1, 2].find((id) => id !== controller) ?? 0;
    const refused = await call(wire, elsewhere, ELECT_LEADERS, 1, {
      electionType: 0,
      topicPartitions: [{ topic: 'pref', partitionId: [0] }],
      timeoutMs: 5000,
    });
    expect(refused).toMatchObject({ replicaElectionResults: [{ topic: 'pref', partitionResult: [{ partitionId: 0, errorCode: 41 }] }] });
  });

  it('DescribeLogDirs v1: each log dir with its partitions, sizes and lag; a failed dir is KAFKA_STORAGE_ERROR', async () => {
    wire = await wireCluster({ seed: 33, logDirsPerBroker: 2 });
    const { h } = wire;
    await adminOf(h).createTopics(
      [
        topic('sized', {
          assignment: [
            [0, 1],
            [0, 2],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await h.settle();
    await h.client.produce({ topic: 'sized', partition: 0, acks: -1, records: [{ key: null, value: new Uint8Array(100) }] });
    const response = await call(wire, 0, DESCRIBE_LOG_DIRS, 1, { topics: null });
    const results = response.results as DescribeLogDirsResult[];
    expect(results.map((r) => [r.logDir, r.errorCode])).toEqual([
      [h.logDir(0, 0), 0],
      [h.logDir(0, 1), 0],
    ]);
    const partitions = results.flatMap((r) => r.topics.flatMap((t) => t.partitions.map((p) => ({ dir: r.logDir, name: t.name, ...p }))));
    expect(partitions.map((p) => p.partitionIndex).sort()).toEqual([0, 1]);
    const p0 = partitions.find((p) => p.partitionIndex === 0);
    expect(p0?.partitionSize).toBe(BigInt(h.cluster.broker(0).logManager?.getLog({ topic: 'sized', partition: 0 })?.size ?? -1));
    expect(p0?.partitionSize).toBeGreaterThan(100n);
    expect(p0?.offsetLag).toBe(0n);
    expect(p0?.isFutureKey).toBe(false);

    await h.cluster.broker(0).failLogDir(h.logDir(0, 1));
    await h.settle();
    const after = (await call(wire, 0, DESCRIBE_LOG_DIRS, 1, { topics: [{ topic: 'sized', partitionIndex: [0] }] }))
      .results as DescribeLogDirsResult[];
    expect(after.find((r) => r.logDir === h.logDir(0, 1))).toEqual({ errorCode: 56, logDir: h.logDir(0, 1), topics: [] });
  });

  it('InitProducerId v1: consecutive ids from the broker’s block in /latest_producer_id_block, epoch 0; a transactional id is the transaction coordinator’s', async () => {
    wire = await wireCluster({ seed: 34 });
    const first = await call(wire, 1, INIT_PRODUCER_ID, 1, { transactionalId: null, transactionTimeoutMs: 60000 });
    const second = await call(wire, 1, INIT_PRODUCER_ID, 0, { transactionalId: null, transactionTimeoutMs: 60000 });
    expect(first).toMatchObject({ errorCode: 0, producerEpoch: 0 });
    expect(second.producerId).toBe((first.producerId as bigint) + 1n);
    // Brokers 0, 1, 2 claimed blocks 0–999, 1000–1999, 2000–2999 in turn at startup; the znode holds the last.
    const block = JSON.parse(
      new TextDecoder().decode((await (await wire.h.session()).getData('/latest_producer_id_block')).data ?? new Uint8Array()),
    ) as { broker: number; block_start: string; block_end: string };
    expect(block).toMatchObject({ broker: 2, block_start: '2000', block_end: '2999' });
    expect(first.producerId).toBe(1000n);
    const transactional = await call(wire, 1, INIT_PRODUCER_ID, 1, { transactionalId: 'tx-1', transactionTimeoutMs: 60000 });
    // No broker leads a __transaction_state partition yet: NOT_COORDINATOR; FindCoordinator creates the topic.
    expect(transactional).toEqual({ throttleTimeMs: 0, errorCode: 16, producerId: -1n, producerEpoch: -1 });
    expect(await call(wire, 1, FIND_COORDINATOR, 1, { key: 'tx-1', keyType: 1 })).toEqual({
      throttleTimeMs: 0,
      errorCode: 15,
      errorMessage: 'The coordinator is not available.',
      nodeId: -1,
      host: '',
      port: -1,
    });
  });

  it('InitProducerId v2–v3 (flexible): an id for an idempotent producer, KIP-360’s id and epoch together or INVALID_REQUEST', async () => {
    wire = await wireCluster({ seed: 36 });
    const port = wire.ports.get(0) ?? -1;
    const fresh = await callApi(port, INIT_PRODUCER_ID, 3, {
      transactionalId: null,
      transactionTimeoutMs: 60000,
      producerId: -1n,
      producerEpoch: -1,
    });
    // Throttle, error, producer id (broker 0's block starts at 0), epoch, tagged fields.
    expect(fresh.bytes.toString('hex')).toBe('00000000' + '0000' + '0000000000000000' + '0000' + '00');
    const bumped = await callApi(port, INIT_PRODUCER_ID, 3, {
      transactionalId: null,
      transactionTimeoutMs: 60000,
      producerId: 0n,
      producerEpoch: 0,
    });
    expect(bumped.response).toEqual({ throttleTimeMs: 0, errorCode: 0, producerId: 1n, producerEpoch: 0 });
    const half = await callApi(port, INIT_PRODUCER_ID, 3, {
      transactionalId: null,
      transactionTimeoutMs: 60000,
      producerId: 5n,
      producerEpoch: -1,
    });
    expect(half.response).toEqual({ throttleTimeMs: 0, errorCode: 42, producerId: -1n, producerEpoch: -1 });
    expect((await callApi(port, INIT_PRODUCER_ID, 2, { transactionalId: 'tx', transactionTimeoutMs: 60000 })).response).toMatchObject({
      errorCode: 16,
    });
  });

  it('Metadata naming __consumer_offsets creates it whatever auto.create.topics.enable says; with too few brokers, INVALID_REPLICATION_FACTOR', async () => {
    wire = await wireCluster({ seed: 35, brokerConfig: { 'auto.create.topics.enable': 'false' } });
    const first = await call(wire, 0, METADATA, 1, { topics: [{ name: '__consumer_offsets' }, { name: 'plain' }] });
    expect(
      (first.topics as Array<{ name: string; errorCode: number; isInternal: boolean }>).map((t) => [t.name, t.errorCode, t.isInternal]),
    ).toEqual([
      ['__consumer_offsets', 5, true],
      ['plain', 3, false],
    ]);
    expect(await (await wire.h.session()).exists('/brokers/topics/__consumer_offsets')).not.toBeNull();
    await wire.close();

    wire = await wireCluster({ seed: 36, brokers: 2 });
    const refused = await call(wire, 0, METADATA, 1, { topics: [{ name: '__consumer_offsets' }] });
    expect((refused.topics as Array<{ errorCode: number }>)[0].errorCode).toBe(38);
    expect(await (await wire.h.session()).exists('/brokers/topics/__consumer_offsets')).toBeNull();
  });
});
