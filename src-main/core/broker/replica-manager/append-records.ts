import type { ErrorName } from '../../common/kafka-errors';
import { KafkaApiError } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import { isInternalTopic } from '../../admin/topic-name';
import type { Log } from '../../log/log';
import type { LogAppendInfo } from '../../log/log-validator';
import { RecordValidationException, type RecordError } from '../../log/record-validation-exception';
import { Logger } from '../../common/logging';
import { errorMessage } from '../../common/throwable';
import { isFileSystemError } from '../../platform/file-system';
import { CorruptRecordException, InvalidRecordException } from '../../record';
import { EMPTY_CONVERSION_STATS, type RecordConversionStats } from '../../record/records-util';
import type { Partition } from '../partition';
import type { ProducePurgatory } from '../delayed-produce';
import { leaderPartitionOrError } from './leader-partition';
import type { ReplicaManagerCore } from './replica-manager-core';

/** One partition's part of a ProduceResponse. */
export interface ProducePartitionResult {
  readonly topicPartition: TopicPartition;
  readonly error: ErrorName;
  readonly errorMessage: string | null;
  /** First offset assigned, −1 on error. */
  readonly baseOffset: number;
  readonly lastOffset: number;
  /** LogAppendTime stamped, or −1 (CreateTime). */
  readonly logAppendTime: number;
  readonly logStartOffset: number;
  /**
   * The rejected records of a batch that failed `LogValidator`'s per-record checks (KIP-467); only
   * then does Kafka put `errorMessage` into a Produce v8 response — every other error leaves it null.
   */
  readonly recordErrors: readonly RecordError[];
  /** What the leader's validation spent converting the records to the topic's format (KafkaApis counts it). */
  readonly recordConversionStats: RecordConversionStats;
}

/** Who is appending (Kafka's `AppendOrigin`): a client's batches get the client checks, a coordinator's do not. */
export type AppendOrigin = 'Client' | 'Coordinator';

export interface AppendOptions {
  /**
   * `internalTopicsAllowed`: the coordinators write their own topics; a client may only with the
   * client id `__admin_client` (`KafkaApis.handleProduceRequest`).
   */
  readonly internalTopicsAllowed?: boolean;
  readonly origin?: AppendOrigin;
}

function produceError(tp: TopicPartition, error: ErrorName, errorMessage: string | null, logStartOffset = -1): ProducePartitionResult {
  return {
    topicPartition: tp,
    error,
    errorMessage,
    baseOffset: -1,
    lastOffset: -1,
    logAppendTime: -1,
    logStartOffset,
    recordErrors: [],
    recordConversionStats: EMPTY_CONVERSION_STATS,
  };
}

/**
 * The failures `appendToLocalLog` answers without logging and without the log start offset; any
 * other (NOT_ENOUGH_REPLICAS, INVALID_RECORD, OUT_OF_ORDER_SEQUENCE_NUMBER …) is logged at ERROR.
 */
const EXPECTED_APPEND_ERRORS: ReadonlySet<ErrorName> = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'NOT_LEADER_FOR_PARTITION',
  'MESSAGE_TOO_LARGE',
  'RECORD_LIST_TOO_LARGE',
  'CORRUPT_MESSAGE',
  'KAFKA_STORAGE_ERROR',
]);

/**
 * `ReplicaManager.appendRecords`: each partition's batches go to its leader log; with acks=−1 the
 * answer waits in the produce purgatory until the ISR has them (or `timeoutMs`). Errors are per
 * partition, as in a ProduceResponse.
 */
export async function appendRecords(
  rm: ReplicaManagerCore,
  producePurgatory: ProducePurgatory,
  timeoutMs: number,
  requiredAcks: number,
  entries: ReadonlyArray<{ readonly topicPartition: TopicPartition; readonly records: Uint8Array }>,
  { internalTopicsAllowed = false, origin = 'Client' }: AppendOptions = {},
): Promise<ProducePartitionResult[]> {
  if (requiredAcks !== -1 && requiredAcks !== 0 && requiredAcks !== 1) {
    return entries.map((e) => produceError(e.topicPartition, 'INVALID_REQUIRED_ACKS', null));
  }
  const now = rm.deps.time.nowMs();
  const results: ProducePartitionResult[] = [];
  const waiting: Array<Promise<void>> = [];
  const stats = rm.metrics.brokerTopicStats;
  for (const { topicPartition: tp, records } of entries) {
    stats.mark(tp.topic, 'TotalProduceRequestsPerSec');
    if (isInternalTopic(tp.topic) && !internalTopicsAllowed) {
      results.push(produceError(tp, 'INVALID_TOPIC_EXCEPTION', `Cannot append to internal topic ${tp.topic}`));
      continue;
    }
    const found = leaderPartitionOrError(rm, tp, null, true);
    if ('error' in found) {
      results.push(produceError(tp, found.error, found.message));
      continue;
    }
    const { partition, log } = found;
    let info: LogAppendInfo;
    try {
      info = partition.appendRecordsToLeader(records, requiredAcks, origin === 'Client');
    } catch (e) {
      results.push(appendFailure(rm, tp, log, records, e));
      continue;
    }
    // Bytes and messages in count what was appended: the whole request's records for the partition.
    stats.mark(tp.topic, 'BytesInPerSec', records.length);
    stats.mark(tp.topic, 'MessagesInPerSec', info.numMessages);
    if (partition.maybeIncrementLeaderHW(now, rm.config.replicaLagTimeMaxMs)) rm.tryCompleteDelayedRequests(tp);
    wakeFollowers(rm, partition);
    const result: ProducePartitionResult = {
      topicPartition: tp,
      error: 'NONE',
      errorMessage: null,
      baseOffset: info.firstOffset ?? -1,
      lastOffset: info.lastOffset,
      logAppendTime: info.logAppendTime,
      logStartOffset: log.logStartOffset,
      recordErrors: [],
      recordConversionStats: info.recordConversionStats,
    };
    results.push(result);
    if (requiredAcks === -1 && info.shallowCount > 0) {
      waiting.push(
        producePurgatory.watch(tp, info.lastOffset + 1, timeoutMs).then((error) => {
          if (error !== 'NONE') Object.assign(result, { error, errorMessage: null });
        }),
      );
    }
  }
  await Promise.all(waiting);
  return results;
}

function appendFailure(rm: ReplicaManagerCore, tp: TopicPartition, log: Log, records: Uint8Array, e: unknown): ProducePartitionResult {
  // `Log.analyzeAndValidateRecords` and the size check after validation mark the rejected bytes before throwing RecordTooLargeException.
  if (e instanceof KafkaApiError && e.errorName === 'MESSAGE_TOO_LARGE')
    rm.metrics.brokerTopicStats.mark(tp.topic, 'BytesRejectedPerSec', records.length);
  if (e instanceof CorruptRecordException && e.message.startsWith('Record is corrupt (stored crc'))
    rm.metrics.brokerTopicStats.allTopics('InvalidMessageCrcRecordsPerSec').mark();
  if (e instanceof RecordValidationException) {
    logAppendError(rm, tp, e.invalidException);
    return { ...produceError(tp, e.invalidException.errorName, e.message, log.logStartOffset), recordErrors: e.recordErrors };
  }
  if (e instanceof KafkaApiError && EXPECTED_APPEND_ERRORS.has(e.errorName)) return produceError(tp, e.errorName, e.message);
  if (e instanceof CorruptRecordException) return produceError(tp, 'CORRUPT_MESSAGE', e.message);
  if (e instanceof KafkaApiError || e instanceof InvalidRecordException) {
    logAppendError(rm, tp, e);
    return produceError(tp, e instanceof KafkaApiError ? e.errorName : 'INVALID_RECORD', e.message, log.logStartOffset);
  }
  if (isFileSystemError(e)) {
    const message = `Error while appending records to ${tpKey(tp)} in dir ${log.parentDir}`;
    new Logger(rm.deps.log, 'kafka.server.LogDirFailureChannel').error(message);
    void rm.handleLogDirFailure(log.parentDir);
    return produceError(tp, 'KAFKA_STORAGE_ERROR', message);
  }
  logAppendError(rm, tp, e);
  return produceError(tp, 'UNKNOWN_SERVER_ERROR', errorMessage(e), log.logStartOffset);
}

/** `appendToLocalLog.processFailedRecord`: an unexpected failure, counted in FailedProduceRequestsPerSec and logged. */
function logAppendError(rm: ReplicaManagerCore, tp: TopicPartition, e: unknown): void {
  rm.metrics.brokerTopicStats.mark(tp.topic, 'FailedProduceRequestsPerSec');
  rm.logger.error(`Error processing append operation on partition ${tpKey(tp)}: ${errorMessage(e)}`);
}

/** The leader has new data: its followers' parked fetches return (they fetch now). */
function wakeFollowers(rm: ReplicaManagerCore, partition: Partition): void {
  for (const id of partition.replicas) {
    if (id !== rm.brokerId) rm.deps.peer(id)?.fetcherManager.wake(rm.brokerId, partition.topicPartition);
  }
}
