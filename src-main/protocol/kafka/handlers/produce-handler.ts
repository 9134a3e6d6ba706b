/**
 * Produce, as `KafkaApis.handleProduceRequest`: a partition missing from the metadata cache is
 * UNKNOWN_TOPIC_OR_PARTITION; each partition's records are checked the way
 * `ProduceRequest.validateRecords` does (v3+: exactly one batch, magic 2; zstd only from v7),
 * then appended through the broker's ReplicaManager (internal topics refused, acks,
 * min.insync.replicas, timeouts — the same path as the UI's message tester). v8 carries the
 * rejected records of a batch (`record_errors`) and their summary (`error_message`); like 2.5.1,
 * every other failure leaves `error_message` null. acks=0 gets no response; if any partition
 * failed, Kafka closes the connection instead, the only way such a producer learns of it.
 * The request's size counts against the client's Produce quota and its handling time against the
 * Request quota (not for acks=0); the larger throttle time is answered and mutes the channel.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import type { Clock } from '../../../core/platform/clock';
import { throttleProduce, throttleRequest } from '../../../core/server/quota/request-throttling';
import { errorForCode, Errors } from '../../../core/common/kafka-errors';
import type { ErrorName } from '../../../core/common/kafka-errors';
import { batchesIn, CompressionType, MAGIC_VALUE_V2 } from '../../../core/record';
import { CloseConnection, type ApiHandler } from '../kafka-apis';
import type { ProducePartitionResponse, ProduceRequest, ProduceResponse } from '../messages/produce';
import { updateRecordConversionStats } from './record-conversion-stats';
import { errorMessage } from '../../../core/common/throwable';

/** `ProduceRequest.hasTransactionalRecords`: any partition's batches marked transactional. */
function hasTransactionalRecords(partitions: ReadonlyArray<{ records: Buffer | null }>): boolean {
  return partitions.some((p) => {
    if (!p.records) return false;
    try {
      for (const batch of batchesIn(p.records)) if (batch.magic >= 2 && batch.isTransactional) return true;
    } catch {
      // Bytes that do not parse are validateRecords' to refuse.
    }
    return false;
  });
}

function validateRecords(version: number, records: Buffer): { error: ErrorName; message: string } | null {
  if (version < 3) return null;
  let batches;
  try {
    batches = [...batchesIn(records)];
  } catch (e) {
    return { error: 'CORRUPT_MESSAGE', message: errorMessage(e) };
  }
  if (batches.length === 0)
    return { error: 'INVALID_RECORD', message: `Produce requests with version ${version} must have at least one record batch` };
  const first = batches[0];
  if (first.magic !== MAGIC_VALUE_V2)
    return {
      error: 'INVALID_RECORD',
      message: `Produce requests with version ${version} are only allowed to contain record batches with magic version 2`,
    };
  if (version < 7 && first.compressionType === CompressionType.ZSTD) {
    return {
      error: 'UNSUPPORTED_COMPRESSION_TYPE',
      message: `Produce requests with version ${version} are not allowed to use ZStandard compression`,
    };
  }
  if (batches.length > 1)
    return {
      error: 'INVALID_RECORD',
      message: `Produce requests with version ${version} are only allowed to contain exactly one record batch`,
    };
  return null;
}

/** `sendErrorResponseMaybeThrottle`: the one error for every partition, or (acks=0, no response to carry it) the connection closed. */
function refuseAll(request: ProduceRequest, error: ErrorName, correlationId: number): ProduceResponse {
  if (request.acks === 0)
    throw new CloseConnection(`Closing connection for produce request with correlation id ${correlationId}: ${Errors[error].message}`);
  const partition = (partitionIndex: number): ProducePartitionResponse => ({
    partitionIndex,
    errorCode: Errors[error].code,
    baseOffset: -1n,
    logAppendTimeMs: -1n,
    logStartOffset: -1n,
    recordErrors: [],
    errorMessage: null,
  });
  const response: ProduceResponse = {
    responses: request.topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => partition(p.partitionIndex)) })),
    throttleTimeMs: 0,
  };
  return response;
}

/** `AdminUtils.AdminClientId`: the one client id whose produce may write internal topics. */
const ADMIN_CLIENT_ID = '__admin_client';

export function produceHandler(broker: KafkaServer, clock: Clock): ApiHandler<ProduceRequest, ProduceResponse> {
  return async (request, context) => {
    const version = context.header.apiVersion;
    const replicaManager = broker.replicaManager;
    // `isAuthorizedTransactional`: transactional batches need the request's transactional id (allowed without an authorizer).
    if (request.transactionalId === null && hasTransactionalRecords(request.topics.flatMap((t) => t.partitions))) {
      // `sendErrorResponseMaybeThrottle`: the Request quota only.
      const throttleTimeMs =
        broker.quotaManagers === null
          ? 0
          : throttleRequest(broker.quotaManagers, context.session, clock.nowMs() - context.receivedMs, context.channel);
      return { ...refuseAll(request, 'TRANSACTIONAL_ID_AUTHORIZATION_FAILED', context.header.correlationId), throttleTimeMs };
    }
    const entries: Array<{ topicPartition: { topic: string; partition: number }; records: Uint8Array }> = [];
    // Answered before the append, with error_message null as Kafka's `new PartitionResponse(error)`.
    const refused = new Map<string, ErrorName>();
    for (const topic of request.topics) {
      for (const p of topic.partitions) {
        const topicPartition = { topic: topic.name, partition: p.partitionIndex };
        const key = `${topic.name}-${p.partitionIndex}`;
        if (broker.metadataCache.getPartitionInfo(topic.name, p.partitionIndex) === undefined) {
          refused.set(key, 'UNKNOWN_TOPIC_OR_PARTITION');
          continue;
        }
        const problem = validateRecords(version, p.records ?? Buffer.alloc(0));
        if (problem) refused.set(key, problem.error);
        else entries.push({ topicPartition, records: p.records ?? new Uint8Array(0) });
      }
    }
    const internalTopicsAllowed = context.header.clientId === ADMIN_CLIENT_ID;
    const appending =
      replicaManager && entries.length > 0
        ? replicaManager.appendRecords(request.timeoutMs, request.acks, entries, { internalTopicsAllowed })
        : Promise.resolve([]);
    // The leader's logs are written when `appendRecords` returns; with acks=all the ISR's acknowledgement is awaited (RemoteTimeMs).
    context.times?.markApiLocalComplete();
    const appended = await appending;
    // `processingStatsCallback`: what converting to each topic's message format cost.
    const brokerTopicStats = replicaManager?.metrics.brokerTopicStats;
    for (const r of appended)
      updateRecordConversionStats('Produce', brokerTopicStats, context.times, r.topicPartition, r.recordConversionStats);
    const byKey = new Map(appended.map((r) => [`${r.topicPartition.topic}-${r.topicPartition.partition}`, r]));
    const responses = request.topics.map((topic) => ({
      name: topic.name,
      partitions: topic.partitions.map((p): ProducePartitionResponse => {
        const key = `${topic.name}-${p.partitionIndex}`;
        const result = byKey.get(key);
        const error: ErrorName = refused.get(key) ?? result?.error ?? 'NOT_LEADER_FOR_PARTITION';
        const ok = result !== undefined && error === 'NONE';
        const recordErrors = result?.recordErrors ?? [];
        return {
          partitionIndex: p.partitionIndex,
          errorCode: Errors[error].code,
          baseOffset: BigInt(ok ? result.baseOffset : -1),
          logAppendTimeMs: BigInt(ok ? result.logAppendTime : -1),
          logStartOffset: BigInt(result?.logStartOffset ?? -1),
          recordErrors: recordErrors.map((e) => ({ batchIndex: e.batchIndex, batchIndexErrorMessage: e.message })),
          // KIP-467 as 2.5.1 implements it: a summary only for records the validator rejected.
          errorMessage: recordErrors.length > 0 ? (result?.errorMessage ?? null) : null,
        };
      }),
    }));
    const quotas = broker.quotaManagers;
    const throttleTimeMs =
      quotas === null
        ? 0
        : throttleProduce(
            quotas,
            context.session,
            context.sizeInBytes,
            clock.nowMs() - context.receivedMs,
            request.acks,
            context.channel,
            clock,
          );
    if (request.acks === 0) {
      const failed = responses.flatMap((t) =>
        t.partitions
          .filter((p) => p.errorCode !== 0)
          .map((p) => `${t.name}-${p.partitionIndex} with error ${errorForCode(p.errorCode).name}`),
      );
      if (failed.length > 0) {
        throw new CloseConnection(
          `Closing connection due to error during produce request with correlation id ${context.header.correlationId} from client id ${context.header.clientId ?? ''} with ack=0\nTopic and partition to exceptions: ${failed.join(', ')}`,
        );
      }
      return null;
    }
    const response: ProduceResponse = { responses, throttleTimeMs };
    return response;
  };
}
