/** Kafka's `TimestampType`: what a batch's (or a v1 message's) timestamp means. */

export enum TimestampType {
  NO_TIMESTAMP_TYPE = -1,
  CREATE_TIME = 0,
  LOG_APPEND_TIME = 1,
}

export type TimestampTypeName = 'NoTimestampType' | 'CreateTime' | 'LogAppendTime';

/** `TimestampType.toString()` (its `name` field), as Kafka's tools print it. */
export function timestampTypeName(type: TimestampType): TimestampTypeName {
  switch (type) {
    case TimestampType.CREATE_TIME:
      return 'CreateTime';
    case TimestampType.LOG_APPEND_TIME:
      return 'LogAppendTime';
    default:
      return 'NoTimestampType';
  }
}
