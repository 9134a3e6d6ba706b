/**
 * AlterReplicaLogDirs (key 34), valid versions 0–1, no flexible version; this broker speaks 0–1
 * (v1 is v0; from v1 a quota-violating response is sent before the throttle).
 *
 *   Request:
 *     Dirs: [Path: string, Topics: [Name: string, Partitions: [int32]]]
 *   Response:
 *     ThrottleTimeMs: int32
 *     Results: [TopicName: string, Partitions: [PartitionIndex: int32, ErrorCode: int16]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const ALTER_REPLICA_LOG_DIRS = apiMessages({
  apiKey: 34,
  name: 'AlterReplicaLogDirs',
  minVersion: 0,
  maxVersion: 1,
  request: [
    field(
      'Dirs',
      arrayOf(
        struct(
          field('Path', 'string', '0+'),
          field('Topics', arrayOf(struct(field('Name', 'string', '0+'), field('Partitions', arrayOf('int32'), '0+'))), '0+'),
        ),
      ),
      '0+',
    ),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field(
      'Results',
      arrayOf(
        struct(
          field('TopicName', 'string', '0+'),
          field('Partitions', arrayOf(struct(field('PartitionIndex', 'int32', '0+'), field('ErrorCode', 'int16', '0+'))), '0+'),
        ),
      ),
      '0+',
    ),
  ],
});

export type AlterReplicaLogDirsRequest = RequestOf<typeof ALTER_REPLICA_LOG_DIRS>;
export type AlterReplicaLogDirsResponse = ResponseOf<typeof ALTER_REPLICA_LOG_DIRS>;
