/**
 * StopReplica (key 5), valid versions 0–2, flexible from 2; this broker speaks 0–2. The
 * controller's request; a client's is answered as KafkaApis answers any (no authorizer).
 *
 *   Request:
 *     ControllerId: int32, ControllerEpoch: int32
 *     BrokerEpoch: int64                                   v1+ (default −1: not checked)
 *     DeletePartitions: bool
 *     UngroupedPartitions: [TopicName: string, PartitionIndex: int32]   v0
 *     Topics: [Name: string, PartitionIndexes: [int32]]    v1+
 *   Response:
 *     ErrorCode: int16
 *     PartitionErrors: [TopicName: string, PartitionIndex: int32, ErrorCode: int16]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const STOP_REPLICA = apiMessages({
  apiKey: 5,
  name: 'StopReplica',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [
    field('ControllerId', 'int32', '0+'),
    field('ControllerEpoch', 'int32', '0+'),
    field('BrokerEpoch', 'int64', '1+', { default: -1n }),
    field('DeletePartitions', 'bool', '0+'),
    field('UngroupedPartitions', arrayOf(struct(field('TopicName', 'string', '0'), field('PartitionIndex', 'int32', '0'))), '0'),
    field('Topics', arrayOf(struct(field('Name', 'string', '1+'), field('PartitionIndexes', arrayOf('int32'), '1+'))), '1+'),
  ],
  response: [
    field('ErrorCode', 'int16', '0+'),
    field(
      'PartitionErrors',
      arrayOf(struct(field('TopicName', 'string', '0+'), field('PartitionIndex', 'int32', '0+'), field('ErrorCode', 'int16', '0+'))),
      '0+',
    ),
  ],
});

export type StopReplicaWireRequest = RequestOf<typeof STOP_REPLICA>;
export type StopReplicaWireResponse = ResponseOf<typeof STOP_REPLICA>;
