import type { ErrorName } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import type { EpochEndOffset } from '../../log/leader-epoch-cache';
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from '../../log/log';
import { NO_TIMESTAMP } from '../../record';
import { leaderPartitionOrError } from './leader-partition';
import type { ReplicaManagerCore } from './replica-manager-core';

export interface FetchOffsetOptions {
  isolation?: 'read_uncommitted' | 'read_committed' | null;
  currentLeaderEpoch?: number | null;
  fetchOnlyFromLeader?: boolean;
}

export interface FetchOffsetResult {
  error: ErrorName;
  errorMessage: string | null;
  timestamp: number;
  offset: number;
  leaderEpoch: number | null;
}

/**
 * ListOffsets (`Partition.fetchOffsetForTimestamp`): −1 latest (the high watermark for a client,
 * the last stable offset for a read_committed one, the log end for a replica), −2 earliest, else the first offset with timestamp ≥ the target.
 * OFFSET_NOT_AVAILABLE while a new leader's high watermark is below its epoch's start.
 */
export function fetchOffsetForTimestamp(
  rm: ReplicaManagerCore,
  tp: TopicPartition,
  timestamp: number,
  options: FetchOffsetOptions,
): FetchOffsetResult {
  const found = leaderPartitionOrError(rm, tp, options.currentLeaderEpoch ?? null, options.fetchOnlyFromLeader ?? true);
  if ('error' in found) return { error: found.error, errorMessage: found.message, timestamp: -1, offset: -1, leaderEpoch: null };
  const { partition, log } = found;
  const isolation = options.isolation === undefined ? 'read_uncommitted' : options.isolation;
  // `Partition.fetchOffsetForTimestamp`: a read_committed consumer's latest is the last stable offset.
  const lastFetchableOffset =
    isolation === null ? log.logEndOffset : isolation === 'read_committed' ? log.lastStableOffset : log.highWatermark;
  const epochStart = partition.leaderEpochStartOffset;
  const offsetsError =
    isolation !== null && epochStart !== null && epochStart > log.highWatermark
      ? `Failed to fetch offsets for partition ${tpKey(tp)} with leader epoch ${partition.leaderEpoch} as this partition's high watermark (${log.highWatermark}) is lagging behind the start offset from the beginning of this epoch (${epochStart}).`
      : null;
  const notAvailable = {
    error: 'OFFSET_NOT_AVAILABLE' as ErrorName,
    errorMessage: offsetsError,
    timestamp: -1,
    offset: -1,
    leaderEpoch: null,
  };
  if (timestamp === LATEST_TIMESTAMP) {
    if (offsetsError) return notAvailable;
    return { error: 'NONE', errorMessage: null, timestamp: NO_TIMESTAMP, offset: lastFetchableOffset, leaderEpoch: partition.leaderEpoch };
  }
  const byTimestamp = log.fetchOffsetByTimestamp(timestamp);
  if (timestamp === EARLIEST_TIMESTAMP) {
    return {
      error: 'NONE',
      errorMessage: null,
      timestamp: NO_TIMESTAMP,
      offset: byTimestamp?.offset ?? log.logStartOffset,
      leaderEpoch: byTimestamp?.leaderEpoch ?? null,
    };
  }
  if (byTimestamp && byTimestamp.offset < lastFetchableOffset) return { error: 'NONE', errorMessage: null, ...byTimestamp };
  if (offsetsError) return notAvailable;
  return { error: 'NONE', errorMessage: null, timestamp: -1, offset: -1, leaderEpoch: null };
}

/**
 * OffsetsForLeaderEpoch (`lastOffsetForLeaderEpoch`, leader side): where `leaderEpoch` ended in
 * this leader's log; a null current epoch (a request before v2) is not checked.
 */
export function offsetForLeaderEpoch(
  rm: ReplicaManagerCore,
  tp: TopicPartition,
  currentLeaderEpoch: number | null,
  leaderEpoch: number,
): EpochEndOffset & { error: ErrorName } {
  const found = leaderPartitionOrError(rm, tp, currentLeaderEpoch, true);
  if ('error' in found) return { error: found.error, leaderEpoch: -1, endOffset: -1 };
  return { error: 'NONE', ...found.log.endOffsetForEpoch(leaderEpoch) };
}
