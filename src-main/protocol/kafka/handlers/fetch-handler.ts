/**
 * A consumer's Fetch, as `KafkaApis.handleFetchRequest` with `ReplicaManager.fetchMessages`:
 * whole batches from each fetch offset up to the high watermark, at least one batch (KIP-74),
 * per-partition and total MaxBytes. Like Kafka's DelayedFetch, a fetch that found fewer than
 * MinBytes and no error is parked until a partition it reads has new data to give or MaxWait
 * (on the broker's clock) runs out. Sessions (KIP-227) are declined: every fetch is a full
 * sessionless one and the answer's SessionId is 0, which clients accept.
 *
 * Quotas as 2.5.1: MaxBytes is capped at what the client's Fetch quota lets through in one window;
 * the handling time counts against the Request quota and the response's size (`FetchResponse.sizeOf`:
 * 4 + the body) against the Fetch quota; a throttled fetch is answered with no partitions (the
 * bytes taken back from the Fetch sensor), its throttle time, and the channel muted.
 *
 * Old versions as 2.5.1: v0–v2 get at most each partition's MaxBytes (`hardMaxBytesLimit`, so a
 * batch too large comes cut), and records in a newer message format than the version reads are
 * down-converted as the response is written (fetch-down-conversion.ts), counted once it is sent.
 */
import type { ConsumerFetchResult } from '../../../core/broker/replica-manager';
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { waitUntil } from '../../../core/cluster/delayed-operation';
import { Errors } from '../../../core/common/kafka-errors';
import { tpKey } from '../../../core/common/topic-partition';
import type { Time } from '../../../core/platform/scheduler';
import { maxQuotaWindowBytes, throttleFetch } from '../../../core/server/quota/request-throttling';
import type { ApiHandler } from '../kafka-apis';
import { isFlexible } from '../messages/api-message';
import { FETCH, type FetchPartitionResponse, type FetchRequest, type FetchResponse } from '../messages/fetch';
import { encodeMessage, type MessageOf, type RecordsSend } from '../wire/schema';
import { maybeConvertFetchedData, type FetchedData } from './fetch-down-conversion';
import { updateRecordConversionStats } from './record-conversion-stats';

/** The response as it is written: a partition's records may be converted while it is (a RecordsSend). */
type FetchResponseToSend = MessageOf<typeof FETCH.response, 'partial'>;

const INVALID_SESSION_ID = 0;

export function fetchHandler(broker: KafkaServer, time: Time): ApiHandler<FetchRequest, FetchResponseToSend> {
  return async (request, context) => {
    const version = context.header.apiVersion;
    const isFromFollower = request.replicaId >= 0;
    if (request.sessionId !== INVALID_SESSION_ID) {
      // No session was ever handed out, so any id the client names is unknown to this broker.
      const response: FetchResponse = { throttleTimeMs: 0, errorCode: Errors.FETCH_SESSION_ID_NOT_FOUND.code, sessionId: 0, topics: [] };
      return response;
    }
    const partitions = request.topics.flatMap((t) =>
      t.fetchPartitions.map((p) => ({
        topicPartition: { topic: t.name, partition: p.partitionIndex },
        fetchOffset: Number(p.fetchOffset),
        maxBytes: p.maxBytes,
        currentLeaderEpoch: p.currentLeaderEpoch >= 0 ? p.currentLeaderEpoch : null,
      })),
    );
    const quotas = broker.quotaManagers;
    const fetchMaxBytes = quotas === null ? request.maxBytes : Math.min(request.maxBytes, maxQuotaWindowBytes(quotas, context.session));
    const fetchMinBytes = Math.min(request.minBytes, fetchMaxBytes);
    // IsolationLevel 1 (READ_COMMITTED, v4+): up to the last stable offset, with the aborted transactions.
    const isolation = request.isolationLevel === 1 ? 'txn-committed' : 'high-watermark';
    // Fetch v0–v2 predate KIP-74: MaxBytes is a hard limit.
    const hardMaxBytesLimit = version <= 2;
    const read = (): ConsumerFetchResult[] =>
      broker.replicaManager?.fetchMessages(partitions, fetchMaxBytes, isolation, hardMaxBytesLimit) ?? [];
    let results = read();
    // Kafka's `requestThreadTime` ends when the handler thread is done, before a DelayedFetch waits.
    const localCompleteMs = time.nowMs();
    context.times?.markApiLocalComplete();
    const enough = (rs: ConsumerFetchResult[]) =>
      rs.some((r) => r.error !== 'NONE') || rs.reduce((sum, r) => sum + r.records.length, 0) >= fetchMinBytes;
    const replicaManager = broker.replicaManager;
    if (request.maxWait > 0 && partitions.length > 0 && !enough(results) && replicaManager) {
      // DelayedFetch: read again whenever a watched partition may have more to give, until enough or MaxWait.
      const watched = new Set(partitions.map((p) => tpKey(p.topicPartition)));
      await waitUntil(
        time,
        request.maxWait,
        () => enough((results = read())),
        (onChange) => replicaManager.onDelayedRequestCheck((tp) => watched.has(tpKey(tp)) && onChange()),
      );
    }
    const byKey = new Map(results.map((r) => [tpKey(r.topicPartition), r]));
    const response: FetchResponse = {
      throttleTimeMs: 0,
      errorCode: Errors.NONE.code,
      sessionId: INVALID_SESSION_ID,
      topics: request.topics.map((t) => ({
        name: t.name,
        partitions: t.fetchPartitions.map((p): FetchPartitionResponse => {
          const r = byKey.get(tpKey({ topic: t.name, partition: p.partitionIndex }));
          // Clients before v6 do not know KAFKA_STORAGE_ERROR; Kafka tells them NOT_LEADER_FOR_PARTITION.
          const error =
            r?.error === 'KAFKA_STORAGE_ERROR' && version <= 5 ? 'NOT_LEADER_FOR_PARTITION' : (r?.error ?? 'NOT_LEADER_FOR_PARTITION');
          return {
            partitionIndex: p.partitionIndex,
            errorCode: Errors[error].code,
            highWatermark: BigInt(r?.highWatermark ?? -1),
            lastStableOffset: BigInt(r?.lastStableOffset ?? -1),
            logStartOffset: BigInt(r?.logStartOffset ?? -1),
            // Null for read_uncommitted and for errors, the list (maybe empty) for read_committed, as Kafka sends.
            aborted: r?.abortedTransactions?.map((a) => ({ producerId: BigInt(a.producerId), firstOffset: BigInt(a.firstOffset) })) ?? null,
            preferredReadReplica: -1,
            records: r?.records ?? new Uint8Array(0),
          };
        }),
      })),
    };
    if (quotas === null) return createResponse(broker, time, response, partitions, version, isFromFollower, context);
    // Weighed before any down-conversion, as 2.5 does: converting is only worth it for a response that is sent.
    const responseSize = 4 + encodeMessage(FETCH.response, version, response, isFlexible(FETCH, version)).length;
    const throttleTimeMs = throttleFetch(
      quotas,
      context.session,
      responseSize,
      localCompleteMs - context.receivedMs,
      context.channel,
      time,
    );
    // `getThrottledResponse`: no partitions at all.
    if (throttleTimeMs > 0) return { throttleTimeMs, errorCode: Errors.NONE.code, sessionId: INVALID_SESSION_ID, topics: [] };
    return createResponse(broker, time, { ...response, throttleTimeMs }, partitions, version, isFromFollower, context);
  };
}

/**
 * `createResponse`: each partition's records maybe down-converted, the bytes out counted with what
 * the response carries, and the conversions counted once the response is sent (`updateConversionStats`).
 */
function createResponse(
  broker: KafkaServer,
  time: Time,
  unconverted: FetchResponse,
  partitions: ReadonlyArray<{ readonly topicPartition: { topic: string; partition: number }; readonly fetchOffset: number }>,
  version: number,
  isFromFollower: boolean,
  context: Parameters<ApiHandler<FetchRequest, FetchResponse>>[1],
): FetchResponseToSend {
  const fetchOffsets = new Map(partitions.map((p) => [tpKey(p.topicPartition), p.fetchOffset]));
  const stats = broker.replicaManager?.metrics.brokerTopicStats;
  const converted: Array<{ topicPartition: { topic: string; partition: number }; data: Extract<FetchedData, { kind: 'converted' }> }> = [];
  const topics = unconverted.topics.map((t) => ({
    ...t,
    partitions: t.partitions.map((p) => {
      const topicPartition = { topic: t.name, partition: p.partitionIndex };
      const records = p.records ?? new Uint8Array(0);
      const hosted = broker.replicaManager?.getPartition(topicPartition);
      const logConfig = typeof hosted === 'object' ? hosted.log?.config : undefined;
      const fetchOffset = fetchOffsets.get(tpKey(topicPartition)) ?? 0;
      const data = maybeConvertFetchedData({ topicPartition, fetchOffset, records }, logConfig, version, isFromFollower, () =>
        time.nowMs(),
      );
      let answered: Omit<FetchPartitionResponse, 'records'> & { records: FetchPartitionResponse['records'] | RecordsSend };
      if (data.kind === 'error') {
        // `errorResponse`: no offsets, no records.
        answered = {
          ...p,
          errorCode: Errors[data.error].code,
          highWatermark: -1n,
          lastStableOffset: -1n,
          logStartOffset: -1n,
          aborted: null,
          records: new Uint8Array(0),
        };
      } else if (data.kind === 'converted') {
        converted.push({ topicPartition, data });
        answered = { ...p, records: data.send };
      } else {
        answered = p;
      }
      // KafkaApis' `updateBytesOut` for a consumer (this handler reads as one), with what the response carries.
      const size = data.kind === 'converted' ? data.send.sizeInBytes : data.kind === 'records' ? data.records.length : 0;
      if (size > 0) stats?.updateBytesOut(t.name, false, false, size);
      return answered;
    }),
  }));
  if (converted.length > 0) {
    context.onSendCompleted?.(() => {
      for (const c of converted)
        updateRecordConversionStats('Fetch', stats, context.times, c.topicPartition, c.data.send.recordConversionStats);
    });
  }
  return { ...unconverted, topics };
}
