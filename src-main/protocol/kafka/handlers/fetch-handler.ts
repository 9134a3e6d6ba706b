/**
 * A consumer's Fetch, as `KafkaApis.handleFetchRequest` with `ReplicaManager.fetchMessages`:
 * whole batches from each fetch offset up to the high watermark, at least one batch (KIP-74),
 * per-partition and total MaxBytes. Like Kafka's DelayedFetch, a fetch that found fewer than
 * MinBytes and no error is parked until a partition it reads has new data to give or MaxWait
 * (on the broker's clock) runs out. Sessions (KIP-227) are declined: every fetch is a full
 * sessionless one and the answer's SessionId is 0, which clients accept.
 */
import type { ConsumerFetchResult } from '../../../core/broker/replica-manager';
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { Errors } from '../../../core/common/kafka-errors';
import type { Time } from '../../../core/platform/scheduler';
import type { ApiHandler } from '../kafka-apis';
import type { FetchPartitionResponse, FetchRequest, FetchResponse } from '../messages/fetch';

const INVALID_SESSION_ID = 0;

export function fetchHandler(broker: KafkaServer, time: Time): ApiHandler {
  return async (message, context) => {
    const request = message as unknown as FetchRequest;
    const version = context.header.apiVersion;
    if (request.sessionId !== INVALID_SESSION_ID) {
      // No session was ever handed out, so any id the client names is unknown to this broker.
      const response: FetchResponse = { throttleTimeMs: 0, errorCode: Errors.FETCH_SESSION_ID_NOT_FOUND.code, sessionId: 0, topics: [] };
      return response as unknown as Record<string, unknown>;
    }
    const partitions = request.topics.flatMap((t) =>
      t.fetchPartitions.map((p) => ({
        topicPartition: { topic: t.name, partition: p.partitionIndex },
        fetchOffset: Number(p.fetchOffset),
        maxBytes: p.maxBytes,
        currentLeaderEpoch: p.currentLeaderEpoch >= 0 ? p.currentLeaderEpoch : null,
      })),
    );
    const read = (): ConsumerFetchResult[] => broker.replicaManager?.fetchMessages(partitions, request.maxBytes) ?? [];
    let results = read();
    const enough = (rs: ConsumerFetchResult[]) => rs.some((r) => r.error !== 'NONE') || rs.reduce((sum, r) => sum + r.records.length, 0) >= request.minBytes;
    if (request.maxWait > 0 && partitions.length > 0 && !enough(results) && broker.replicaManager) {
      results = await parkUntil(broker, time, request.maxWait, partitions.map((p) => p.topicPartition), () => {
        const next = read();
        return enough(next) ? next : null;
      }, read);
    }
    const byKey = new Map(results.map((r) => [`${r.topicPartition.topic}-${r.topicPartition.partition}`, r]));
    const readCommitted = request.isolationLevel === 1;
    const response: FetchResponse = {
      throttleTimeMs: 0,
      errorCode: Errors.NONE.code,
      sessionId: INVALID_SESSION_ID,
      topics: request.topics.map((t) => ({
        name: t.name,
        partitions: t.fetchPartitions.map((p): FetchPartitionResponse => {
          const r = byKey.get(`${t.name}-${p.partitionIndex}`);
          // Clients before v6 do not know KAFKA_STORAGE_ERROR; Kafka tells them NOT_LEADER_FOR_PARTITION.
          const error = r?.error === 'KAFKA_STORAGE_ERROR' && version <= 5 ? 'NOT_LEADER_FOR_PARTITION' : (r?.error ?? 'NOT_LEADER_FOR_PARTITION');
          return {
            partitionIndex: p.partitionIndex,
            errorCode: Errors[error].code,
            highWatermark: BigInt(r?.highWatermark ?? -1),
            lastStableOffset: BigInt(r?.lastStableOffset ?? -1),
            logStartOffset: BigInt(r?.logStartOffset ?? -1),
            // No transactions are ever aborted here: null for read_uncommitted, empty for read_committed, as Kafka sends.
            aborted: readCommitted && error === 'NONE' ? [] : null,
            preferredReadReplica: -1,
            records: r?.records ?? new Uint8Array(0),
          };
        }),
      })),
    };
    return response as unknown as Record<string, unknown>;
  };
}

/** DelayedFetch: resolves with `tryComplete()`'s result once it has one, or with `onExpiry()` after `maxWaitMs`. */
function parkUntil<T>(
  broker: KafkaServer,
  time: Time,
  maxWaitMs: number,
  watched: ReadonlyArray<{ topic: string; partition: number }>,
  tryComplete: () => T | null,
  onExpiry: () => T,
): Promise<T> {
  return new Promise<T>((resolve) => {
    const keys = new Set(watched.map((tp) => `${tp.topic}-${tp.partition}`));
    let done = false;
    const finish = (value: T) => {
      if (done) return;
      done = true;
      unsubscribe?.();
      time.cancel(timer);
      resolve(value);
    };
    const unsubscribe = broker.replicaManager?.onDelayedRequestCheck((tp) => {
      if (!keys.has(`${tp.topic}-${tp.partition}`)) return;
      const value = tryComplete();
      if (value !== null) finish(value);
    });
    const timer = time.schedule('delayed-fetch', maxWaitMs, () => finish(onExpiry()));
  });
}
