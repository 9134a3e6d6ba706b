// English texts of the partition purge (DeleteRecords; merged into en.ts as `purge`).
export default {
  action: 'Purge',
  title: 'Purge {topic}-{partition} up to an offset',
  hint: 'DeleteRecords: the log start offset moves to this offset on the leader, then on every follower through its fetches. -1 is the high watermark ({hw}).',
  offset: 'Offset',
  preview: 'Preview',
  broker: 'Broker',
  leader: 'leader',
  logStart: 'Log start offset',
  offsetsDeleted: 'Offsets deleted',
  segmentsDeleted: 'Segments deleted',
  segmentsKept: 'Segments kept',
  segmentsNote: 'Segments wholly below the new log start offset are deleted at the next retention check (log.retention.check.interval.ms).',
  none: 'none',
  submit: 'Purge',
  done: 'Purged {topic}-{partition}: low watermark {lowWatermark}',
  failed: 'Purge of {topic}-{partition} failed: {error}',
};
