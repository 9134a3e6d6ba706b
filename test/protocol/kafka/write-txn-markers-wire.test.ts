/**
 * WriteTxnMarkers (27) v0 over a real socket, sent with the repo's own client codec
 * (`KafkaConnection` and the WRITE_TXN_MARKERS grammar; no client library sends it): ApiVersions
 * advertises 27 at 0–0, a COMMIT marker for a partition led here is written (NONE, the control
 * batch at the log end), one for a partition this broker only follows is NOT_LEADER_FOR_PARTITION
 * (6), an unknown one UNKNOWN_TOPIC_OR_PARTITION (3) — the answer grouped per producer id and topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KafkaConnection } from '../../../src-main/protocol/kafka/client/kafka-connection';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { WRITE_TXN_MARKERS } from '../../../src-main/protocol/kafka/messages/write-txn-markers';
import { readControlRecord } from '../../../src-main/core/record/end-transaction-marker';
import { ControlRecordType } from '../../../src-main/core/record/control-record-type';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

describe('WriteTxnMarkers v0 on the wire', () => {
  let w: WireCluster;
  let connection: KafkaConnection;

  beforeAll(async () => {
    w = await wireCluster({ brokers: 2, seed: 2701 });
    await adminOf(w.h).createTopics(
      [
        topic('marked', {
          assignment: [
            [0, 1],
            [1, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.advance(1000);
    connection = await KafkaConnection.open('127.0.0.1', w.ports.get(0)!, { clientId: 'txn-coordinator-test', timeoutMs: 5000 });
  }, 60_000);
  afterAll(async () => {
    connection?.close();
    await w?.close();
  });

  it('ApiVersions advertises WriteTxnMarkers 0–0', async () => {
    const response = await connection.send(API_VERSIONS, 0, {}, 5000);
    expect(response.apiKeys.find((k) => k.apiKey === 27)).toEqual({ apiKey: 27, minVersion: 0, maxVersion: 0 });
  });

  it('writes a COMMIT marker where it leads, answers NOT_LEADER_FOR_PARTITION where it follows and UNKNOWN_TOPIC_OR_PARTITION for no log', async () => {
    const response = await connection.send(
      WRITE_TXN_MARKERS,
      0,
      {
        markers: [
          {
            producerId: 4000n,
            producerEpoch: 3,
            transactionResult: true,
            topics: [
              { name: 'marked', partitionIndexes: [0, 1] },
              { name: 'nowhere', partitionIndexes: [0] },
            ],
            coordinatorEpoch: 12,
          },
        ],
      },
      10_000,
    );
    expect(response).toEqual({
      markers: [
        {
          producerId: 4000n,
          topics: [
            {
              name: 'marked',
              partitions: [
                { partitionIndex: 0, errorCode: 0 },
                { partitionIndex: 1, errorCode: 6 },
              ],
            },
            { name: 'nowhere', partitions: [{ partitionIndex: 0, errorCode: 3 }] },
          ],
        },
      ],
    });
    const p = w.h.cluster.broker(0).replicaManager!.getPartition({ topic: 'marked', partition: 0 });
    if (!p || p === 'offline' || !p.log) throw new Error('broker 0 has no log for marked-0');
    const batches = [...p.log.activeSegment.batches({ full: true })].map((b) => b.batch);
    expect(batches.map((b) => [b.baseOffset, b.producerId, b.producerEpoch, b.isControlBatch, b.isTransactional])).toEqual([
      [0, 4000, 3, true, true],
    ]);
    expect(readControlRecord(batches[0].records()[0])).toEqual({ type: ControlRecordType.COMMIT, version: 0, coordinatorEpoch: 12 });
  });
});
