/**
 * Metadata (key 3), valid versions 0–9, flexible from 9; this broker speaks 0–9.
 *
 *   Request:
 *     Topics: [Name: string]                      nullable v1+ (null = all topics; v0: empty = all)
 *     AllowAutoTopicCreation: bool                v4+ (default true)
 *     IncludeClusterAuthorizedOperations: bool    v8+
 *     IncludeTopicAuthorizedOperations: bool      v8+
 *   Response:
 *     ThrottleTimeMs: int32                       v3+
 *     Brokers: [NodeId: int32, Host: string, Port: int32, Rack: string (v1+, nullable)]
 *     ClusterId: string                           v2+, nullable
 *     ControllerId: int32                         v1+ (default −1)
 *     Topics: [ErrorCode: int16, Name: string, IsInternal: bool (v1+),
 *              Partitions: [ErrorCode: int16, PartitionIndex: int32, LeaderId: int32,
 *                           LeaderEpoch: int32 (v7+, default −1), ReplicaNodes: [int32],
 *                           IsrNodes: [int32], OfflineReplicas: [int32] (v5+)],
 *              TopicAuthorizedOperations: int32 (v8+, default −2147483648)]
 *     ClusterAuthorizedOperations: int32          v8+ (default −2147483648)
 */
import { AUTHORIZED_OPERATIONS_OMITTED } from '../authorized-operations';
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const METADATA = apiMessages({
  apiKey: 3,
  name: 'Metadata',
  minVersion: 0,
  maxVersion: 9,
  flexibleVersions: '9+',
  request: [
    field('Topics', arrayOf(struct(field('Name', 'string', '0+'))), '0+', { nullableVersions: '1+' }),
    field('AllowAutoTopicCreation', 'bool', '4+', { default: true }),
    field('IncludeClusterAuthorizedOperations', 'bool', '8+'),
    field('IncludeTopicAuthorizedOperations', 'bool', '8+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '3+'),
    field(
      'Brokers',
      arrayOf(
        struct(
          field('NodeId', 'int32', '0+'),
          field('Host', 'string', '0+'),
          field('Port', 'int32', '0+'),
          field('Rack', 'string', '1+', { nullableVersions: '1+', default: null }),
        ),
      ),
      '0+',
    ),
    field('ClusterId', 'string', '2+', { nullableVersions: '2+', default: null }),
    field('ControllerId', 'int32', '1+', { default: -1 }),
    field(
      'Topics',
      arrayOf(
        struct(
          field('ErrorCode', 'int16', '0+'),
          field('Name', 'string', '0+'),
          field('IsInternal', 'bool', '1+'),
          field(
            'Partitions',
            arrayOf(
              struct(
                field('ErrorCode', 'int16', '0+'),
                field('PartitionIndex', 'int32', '0+'),
                field('LeaderId', 'int32', '0+'),
                field('LeaderEpoch', 'int32', '7+', { default: -1 }),
                field('ReplicaNodes', arrayOf('int32'), '0+'),
                field('IsrNodes', arrayOf('int32'), '0+'),
                field('OfflineReplicas', arrayOf('int32'), '5+'),
              ),
            ),
            '0+',
          ),
          field('TopicAuthorizedOperations', 'int32', '8+', { default: AUTHORIZED_OPERATIONS_OMITTED }),
        ),
      ),
      '0+',
    ),
    field('ClusterAuthorizedOperations', 'int32', '8+', { default: AUTHORIZED_OPERATIONS_OMITTED }),
  ],
});

export type MetadataRequest = RequestOf<typeof METADATA>;
export type MetadataResponsePartition = MetadataResponseTopic['partitions'][number];
export type MetadataResponseTopic = MetadataResponse['topics'][number];
export type MetadataResponse = ResponseOf<typeof METADATA>;
