/**
 * The topic page's log cleaner panel (`TopicService.cleaning`, told by `topic-cleaning.ts`): each
 * replica's log as its broker's LogCleaner sees it.
 */

/** The last pass of a broker's log cleaner over a partition (since the broker started). */
export interface LastCleaningDto {
  readonly threadId: number;
  readonly timeMs: number;
  readonly firstDirtyOffset: number;
  readonly endOffset: number;
  readonly bytesRead: number;
  readonly bytesWritten: number;
  readonly messagesRead: number;
  readonly messagesWritten: number;
}

/** One replica's log as its broker's log cleaner sees it. */
export interface ReplicaCleaningDto {
  readonly brokerId: number;
  readonly logStartOffset: number;
  readonly logEndOffset: number;
  /** The cleaner checkpoint (or the log start offset): where the dirty section begins. */
  readonly firstDirtyOffset: number;
  /** The active segment's base offset (or the first segment younger than min.compaction.lag.ms). */
  readonly firstUncleanableOffset: number;
  readonly cleanableBytes: number;
  readonly totalBytes: number;
  readonly dirtyRatio: number;
  readonly minCleanableRatio: number;
  /** LogCleaningInProgress / LogCleaningAborted / LogCleaningPaused(n), or null. */
  readonly cleaningState: string | null;
  readonly uncleanable: boolean;
  readonly lastCleaning: LastCleaningDto | null;
}

export interface TopicCleaningDto {
  readonly topic: string;
  /** cleanup.policy includes compact. */
  readonly compacted: boolean;
  readonly partitions: ReadonlyArray<{ readonly partition: number; readonly replicas: readonly ReplicaCleaningDto[] }>;
}
