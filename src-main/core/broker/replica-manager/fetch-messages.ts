import type { ErrorName } from '../../common/kafka-errors';
import { KafkaApiError } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { errorMessage } from '../../common/throwable';
import { isFileSystemError } from '../../platform/file-system';
import type { FollowerFetchPartition, FollowerFetchResult } from '../replica-fetcher';
import { UNBOUNDED_QUOTA, type ReplicaQuota } from '../../server/quota/replication-quota-manager';
import { leaderPartitionOrError } from './leader-partition';
import type { ReplicaManagerCore } from './replica-manager-core';
import type { AbortedTransaction, FetchIsolation } from '../../log/log';

const EMPTY = new Uint8Array(0);

/**
 * The failures `readFromLocalLog` answers without counting them in FailedFetchRequestsPerSec: that
 * meter is for unexpected failures of the broker.
 */
const EXPECTED_FETCH_ERRORS: ReadonlySet<ErrorName> = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'NOT_LEADER_FOR_PARTITION',
  'UNKNOWN_LEADER_EPOCH',
  'FENCED_LEADER_EPOCH',
  'REPLICA_NOT_AVAILABLE',
  'KAFKA_STORAGE_ERROR',
  'OFFSET_OUT_OF_RANGE',
]);

export interface ConsumerFetchPartition {
  readonly topicPartition: TopicPartition;
  readonly fetchOffset: number;
  readonly maxBytes: number;
  readonly currentLeaderEpoch?: number | null;
}

export interface ConsumerFetchResult {
  readonly topicPartition: TopicPartition;
  readonly error: ErrorName;
  readonly errorMessage: string | null;
  readonly highWatermark: number;
  readonly lastStableOffset: number;
  readonly logStartOffset: number;
  readonly records: Uint8Array;
  /** read_committed: the aborted transactions overlapping what was read (empty if none); null otherwise or on error. */
  readonly abortedTransactions: readonly AbortedTransaction[] | null;
}

/**
 * `shouldLeaderThrottle`: a follower out of the ISR of a throttled partition gets no records while
 * the leader's replication quota is exceeded (an in-sync one never: no ISR thrashing).
 */
function shouldLeaderThrottle(
  quota: ReplicaQuota,
  partition: { readonly isr: readonly number[] },
  tp: TopicPartition,
  replicaId: number,
): boolean {
  return !partition.isr.includes(replicaId) && quota.isThrottled(tp) && quota.isQuotaExceeded();
}

/**
 * `fetchMessages` for a follower (replica id ≥ 0), the leader side: the batches from each fetch
 * offset up to the log end (none for a throttled partition, see shouldLeaderThrottle), then the
 * follower's fetch state. The bytes sent of every throttled partition, in sync or not, are recorded
 * in the leader quota (KafkaApis' `sizeOfThrottledPartitions`), so all replication traffic counts.
 */
export function fetchForFollower(
  rm: ReplicaManagerCore,
  replicaId: number,
  requests: readonly FollowerFetchPartition[],
): FollowerFetchResult[] {
  const quota = rm.deps.replicationQuotas?.leader ?? UNBOUNDED_QUOTA;
  const results: FollowerFetchResult[] = [];
  let throttledBytes = 0;
  let first = true;
  const stats = rm.metrics.brokerTopicStats;
  for (const request of requests) {
    stats.mark(request.topicPartition.topic, 'TotalFetchRequestsPerSec');
    const found = leaderPartitionOrError(rm, request.topicPartition, request.currentLeaderEpoch, true);
    if ('error' in found) {
      results.push({ error: found.error, highWatermark: -1, logStartOffset: -1, logEndOffset: -1, records: EMPTY });
      continue;
    }
    const { partition, log } = found;
    const highWatermark = log.highWatermark;
    const leaderEndOffset = log.logEndOffset;
    try {
      // A caught-up follower (most of them, most of the time) has nothing to read.
      const caughtUp = request.fetchOffset === leaderEndOffset;
      const info = caughtUp ? null : log.read(request.fetchOffset, request.maxBytes, 'log-end', first);
      const records = info === null || shouldLeaderThrottle(quota, partition, request.topicPartition, replicaId) ? EMPTY : info.records;
      if (records.length > 0) first = false;
      if (quota.isThrottled(request.topicPartition)) throttledBytes += records.length;
      // KafkaApis' `updateBytesOut` for a follower: replication traffic (and reassignment traffic to a replica being added).
      if (records.length > 0)
        stats.updateBytesOut(request.topicPartition.topic, true, partition.addingReplicas.includes(replicaId), records.length);
      results.push({
        error: 'NONE',
        highWatermark,
        logStartOffset: log.logStartOffset,
        logEndOffset: leaderEndOffset,
        records,
      });
    } catch (e) {
      const error: ErrorName =
        e instanceof KafkaApiError ? e.errorName : isFileSystemError(e) ? 'KAFKA_STORAGE_ERROR' : 'UNKNOWN_SERVER_ERROR';
      if (!EXPECTED_FETCH_ERRORS.has(error)) stats.mark(request.topicPartition.topic, 'FailedFetchRequestsPerSec');
      if (isFileSystemError(e)) void rm.handleLogDirFailure(log.parentDir);
      results.push({ error, highWatermark, logStartOffset: log.logStartOffset, logEndOffset: leaderEndOffset, records: EMPTY });
      continue;
    }
    rm.isr.updateFollowerFetchState(partition, replicaId, request.fetchOffset, request.logStartOffset, leaderEndOffset);
  }
  if (throttledBytes > 0) quota.record(throttledBytes);
  return results;
}

/**
 * A consumer's fetch (`fetchMessages` with replica id −1): whole batches from each offset, up to
 * the high watermark — the last stable offset for read_committed (`FetchTxnCommitted`), with the
 * aborted transactions in range — at least one batch for the first partition with data (KIP-74).
 * With `hardMaxBytesLimit` (Fetch v0–v2, before KIP-74) no partition gets more than its MaxBytes: a
 * batch that does not fit comes cut, as a partial message. Otherwise a later partition whose first
 * batch does not fit gets nothing (the client moves on; it would only report a RecordTooLargeException).
 */
export function fetchMessages(
  rm: ReplicaManagerCore,
  requests: readonly ConsumerFetchPartition[],
  fetchMaxBytes: number,
  isolation: Exclude<FetchIsolation, 'log-end'> = 'high-watermark',
  hardMaxBytesLimit = false,
): ConsumerFetchResult[] {
  let remaining = fetchMaxBytes;
  let minOneMessage = !hardMaxBytesLimit;
  const stats = rm.metrics.brokerTopicStats;
  return requests.map((request) => {
    const tp = request.topicPartition;
    stats.mark(tp.topic, 'TotalFetchRequestsPerSec');
    const found = leaderPartitionOrError(rm, tp, request.currentLeaderEpoch ?? null, true);
    if ('error' in found)
      return {
        topicPartition: tp,
        error: found.error,
        errorMessage: found.message,
        highWatermark: -1,
        logStartOffset: -1,
        lastStableOffset: -1,
        records: EMPTY,
        abortedTransactions: null,
      };
    const { log } = found;
    const base = {
      topicPartition: tp,
      highWatermark: log.highWatermark,
      logStartOffset: log.logStartOffset,
      lastStableOffset: log.lastStableOffset,
      abortedTransactions: null,
    };
    try {
      const info = log.read(request.fetchOffset, Math.min(request.maxBytes, remaining), isolation, minOneMessage);
      const records = !hardMaxBytesLimit && info.firstEntryIncomplete ? EMPTY : info.records;
      if (records.length > 0) minOneMessage = false;
      remaining = Math.max(0, remaining - records.length);
      return { ...base, error: 'NONE', errorMessage: null, records, abortedTransactions: info.abortedTransactions ?? null };
    } catch (e) {
      const known = e instanceof KafkaApiError ? EXPECTED_FETCH_ERRORS.has(e.errorName) : isFileSystemError(e);
      if (!known) stats.mark(tp.topic, 'FailedFetchRequestsPerSec');
      if (e instanceof KafkaApiError) return { ...base, error: e.errorName, errorMessage: e.message, records: EMPTY };
      if (isFileSystemError(e)) void rm.handleLogDirFailure(log.parentDir);
      return {
        ...base,
        error: isFileSystemError(e) ? 'KAFKA_STORAGE_ERROR' : 'UNKNOWN_SERVER_ERROR',
        errorMessage: errorMessage(e),
        records: EMPTY,
      };
    }
  });
}
