// English texts of the log cleaner panels (merged into en.ts as `cleaner`).
export default {
  tab: 'Log cleaner',
  notCompacted: 'cleanup.policy of this topic does not include compact: the log cleaner leaves it to retention.',
  compactedHint:
    'A log is cleaned when its dirty ratio (bytes after the cleaner checkpoint, up to the active segment, over all bytes up to it) is above min.cleanable.dirty.ratio, or when max.compaction.lag.ms is overdue.',
  partition: 'Partition',
  broker: 'Broker',
  offsets: 'Log start – end',
  firstDirty: 'Cleaner checkpoint',
  dirtyRatio: 'Dirty ratio',
  minRatio: 'min {ratio}',
  state: 'State',
  uncleanable: 'uncleanable',
  lastCleaning: 'Last cleaning',
  never: 'not since the broker started',
  lastCleaningText:
    '{time}, thread {thread}: offsets [{from}, {to}), {bytesRead} → {bytesWritten}, {messagesRead} → {messagesWritten} records',
  cleanedSegment: 'cleaned',
  cleanedSegmentHint: 'Below the cleaner checkpoint ({offset}): the log cleaner has compacted it.',
  checkpoint: 'cleaner-offset-checkpoint: cleaned up to offset {offset}',
  checkpointEntry: '{partition}: cleaned up to {offset}',
  checkpointEmpty: 'empty: no compacted partition has been cleaned in this log dir',
};
