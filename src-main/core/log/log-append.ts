import { KafkaApiError } from '../common/kafka-errors';
import { tpKey } from '../common/topic-partition';
import { batchesIn } from '../record';
import type { LeaderEpochFileCache } from './leader-epoch-cache';
import type { RollableLog, RollableLogView } from './log-roll';
import { maybeRoll } from './log-roll';
import type { LogAppendInfo } from './log-validator';
import { analyzeAndValidateRecords, validateMessagesAndAssignOffsets } from './log-validator';
import { analyzeAndValidateProducerState } from './producer-state/producer-state-loading';

/** The parts of a log an append reads (all of them on `Log`'s public surface). */
export interface AppendableLogView extends RollableLogView {
  readonly logStartOffset: number;
  readonly leaderEpochCache: LeaderEpochFileCache;
  readonly unflushedMessages: number;
  flush(): void;
}

/** What an append changes in a `Log`: what a roll changes (the append may roll first). */
export interface AppendableLog extends RollableLog {
  readonly log: AppendableLogView;
}

/**
 * `Log.append`: validates the batches; as leader (`assignOffsets`) assigns offsets from the log
 * end and stamps `leaderEpoch`, as follower checks the leader's offsets; rolls if it must, then
 * appends and moves the log end offset. Throws `KafkaApiError` before anything is written.
 */
export function append(
  a: AppendableLog,
  records: Uint8Array,
  assignOffsets: boolean,
  isFromClient: boolean,
  leaderEpoch: number,
): LogAppendInfo {
  const log = a.log;
  const config = log.config;
  const info = analyzeAndValidateRecords(log.topicPartition, records, config, isFromClient);
  if (info.shallowCount === 0) return info;
  let valid = info.validBytes < records.length ? records.subarray(0, info.validBytes) : records;
  if (assignOffsets) {
    const now = log.time.nowMs();
    const result = validateMessagesAndAssignOffsets(
      valid,
      info,
      {
        topicPartition: log.topicPartition,
        config,
        offset: log.logEndOffset,
        now,
        partitionLeaderEpoch: leaderEpoch,
        isFromClient,
      },
      () => log.time.nowMs(),
    );
    valid = result.validatedRecords;
    info.recordConversionStats = result.recordConversionStats;
    info.firstOffset = log.logEndOffset;
    info.maxTimestamp = result.maxTimestamp;
    info.offsetOfMaxTimestamp = result.shallowOffsetOfMaxTimestamp;
    info.logAppendTime = result.logAppendTime;
    let last = log.logEndOffset - 1;
    for (const batch of batchesIn(valid)) last = batch.lastOffset;
    info.lastOffset = last;
    if (valid.length > config.maxMessageSize && info.shallowCount === 1) {
      throw new KafkaApiError(
        'MESSAGE_TOO_LARGE',
        `Message batch size is ${valid.length} bytes in append to partition ${tpKey(log.topicPartition)} which exceeds the maximum configured size of ${config.maxMessageSize}.`,
      );
    }
  } else {
    if (!info.offsetsMonotonic) {
      throw new KafkaApiError(
        'UNKNOWN_SERVER_ERROR',
        `Out of order offsets found in append to ${tpKey(log.topicPartition)}`,
        'OffsetsOutOfOrderException',
      );
    }
    const firstOrLast = info.firstOffset ?? info.lastOffsetOfFirstBatch;
    if (firstOrLast < log.logEndOffset) {
      throw new KafkaApiError(
        'UNKNOWN_SERVER_ERROR',
        `Unexpected offset in append to ${tpKey(log.topicPartition)}. First offset or last offset of the first batch ${firstOrLast} is less than the next offset ${log.logEndOffset}. Last offset in append: ${info.lastOffset}. Log start offset = ${log.logStartOffset}`,
        'UnexpectedAppendOffsetException',
      );
    }
  }
  for (const batch of batchesIn(valid)) {
    if (batch.magic >= 2 && batch.partitionLeaderEpoch >= 0) {
      const latest = log.leaderEpochCache.latestEpoch;
      if (latest === null || batch.partitionLeaderEpoch > latest) log.leaderEpochCache.assign(batch.partitionLeaderEpoch, batch.baseOffset);
    }
  }
  if (valid.length > config.segmentSize) {
    throw new KafkaApiError(
      'RECORD_LIST_TOO_LARGE',
      `Message batch size is ${valid.length} bytes in append to partition ${tpKey(log.topicPartition)}, which exceeds the maximum configured segment size of ${config.segmentSize}.`,
    );
  }
  const segment = maybeRoll(a, valid.length, info);
  // Checked after offsets are assigned, before anything is written: a retried batch answers the first copy's offsets.
  const origin = isFromClient ? 'client' : assignOffsets ? 'coordinator' : 'replication';
  const producerStateManager = log.producerStateManager;
  const { updatedProducers, completedTxns, duplicate } = analyzeAndValidateProducerState(producerStateManager, batchesIn(valid), origin);
  if (duplicate) {
    info.firstOffset = duplicate.lastOffset - duplicate.offsetDelta;
    info.lastOffset = duplicate.lastOffset;
    info.logAppendTime = duplicate.timestamp;
    info.logStartOffset = log.logStartOffset;
    return info;
  }
  segment.append(info.lastOffset, info.maxTimestamp, info.offsetOfMaxTimestamp, valid);
  a.updateLogEndOffset(info.lastOffset + 1);
  for (const producerAppendInfo of updatedProducers.values()) producerStateManager.update(producerAppendInfo);
  // The transaction index gets the true last stable offset, computed before the transaction is marked complete.
  for (const completedTxn of completedTxns) {
    segment.updateTxnIndex(completedTxn, producerStateManager.lastStableOffset(completedTxn));
    producerStateManager.completeTxn(completedTxn);
  }
  producerStateManager.updateMapEndOffset(info.lastOffset + 1);
  info.logStartOffset = log.logStartOffset;
  if (log.unflushedMessages >= config.flushInterval) log.flush();
  return info;
}
