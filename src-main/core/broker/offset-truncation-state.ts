import { UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET } from '../log/leader-epoch-cache';
import type { EpochEndOffset } from '../log/leader-epoch-cache';
import type { Log } from '../log/log';

/**
 * `AbstractFetcherThread.getOffsetTruncationState`: where a replica truncates given the end offset
 * its source (the leader, or the current log for a future log) gives for its latest epoch.
 */
export function offsetTruncationState(log: Log, leaderEpochOffset: EpochEndOffset): { offset: number; completed: boolean } {
  if (leaderEpochOffset.endOffset === UNDEFINED_EPOCH_OFFSET) {
    return { offset: Math.min(log.highWatermark, log.logEndOffset), completed: true };
  }
  if (leaderEpochOffset.leaderEpoch === UNDEFINED_EPOCH) {
    return { offset: Math.min(leaderEpochOffset.endOffset, log.logEndOffset), completed: true };
  }
  const followerEnd = log.endOffsetForEpoch(leaderEpochOffset.leaderEpoch);
  if (followerEnd.endOffset === UNDEFINED_EPOCH_OFFSET) return { offset: Math.min(log.highWatermark, log.logEndOffset), completed: true };
  if (followerEnd.leaderEpoch === leaderEpochOffset.leaderEpoch) {
    return { offset: Math.min(leaderEpochOffset.endOffset, followerEnd.endOffset, log.logEndOffset), completed: true };
  }
  // Our log has no entry for the leader's epoch: truncate to where ours ended, ask again.
  return { offset: Math.min(followerEnd.endOffset, leaderEpochOffset.endOffset, log.logEndOffset), completed: false };
}
