/**
 * UpdateMetadata (key 6), valid versions 0–6, flexible from 6; this broker speaks 0–6. The
 * controller's request; a client's is answered as KafkaApis answers any (no authorizer).
 *
 *   Request:
 *     ControllerId: int32, ControllerEpoch: int32
 *     BrokerEpoch: int64                                  v5+ (default −1: not checked)
 *     UngroupedPartitionStates: [PartitionState]          v0–4
 *     TopicStates: [TopicName: string, PartitionStates: [PartitionState]]   v5+
 *     LiveBrokers: [Id: int32, V0Host: string (v0), V0Port: int32 (v0),
 *                   Endpoints: [Port: int32, Host: string, Listener: string (v3+), SecurityProtocol: int16] (v1+),
 *                   Rack: string (v2+, nullable)]
 *   PartitionState: TopicName: string (v0–4), PartitionIndex, ControllerEpoch, Leader, LeaderEpoch:
 *     int32, Isr: [int32], ZkVersion: int32, Replicas: [int32], OfflineReplicas: [int32] (v4+)
 *   Response:
 *     ErrorCode: int16
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

const PARTITION_STATE = struct(
  field('TopicName', 'string', '0-4'),
  field('PartitionIndex', 'int32', '0+'),
  field('ControllerEpoch', 'int32', '0+'),
  field('Leader', 'int32', '0+'),
  field('LeaderEpoch', 'int32', '0+'),
  field('Isr', arrayOf('int32'), '0+'),
  field('ZkVersion', 'int32', '0+'),
  field('Replicas', arrayOf('int32'), '0+'),
  field('OfflineReplicas', arrayOf('int32'), '4+'),
);

const ENDPOINT = struct(
  field('Port', 'int32', '1+'),
  field('Host', 'string', '1+'),
  field('Listener', 'string', '3+'),
  field('SecurityProtocol', 'int16', '1+'),
);

export const UPDATE_METADATA = apiMessages({
  apiKey: 6,
  name: 'UpdateMetadata',
  minVersion: 0,
  maxVersion: 6,
  flexibleVersions: '6+',
  request: [
    field('ControllerId', 'int32', '0+'),
    field('ControllerEpoch', 'int32', '0+'),
    field('BrokerEpoch', 'int64', '5+', { default: -1n }),
    field('UngroupedPartitionStates', arrayOf(PARTITION_STATE), '0-4'),
    field(
      'TopicStates',
      arrayOf(struct(field('TopicName', 'string', '5+'), field('PartitionStates', arrayOf(PARTITION_STATE), '5+'))),
      '5+',
    ),
    field(
      'LiveBrokers',
      arrayOf(
        struct(
          field('Id', 'int32', '0+'),
          field('V0Host', 'string', '0'),
          field('V0Port', 'int32', '0'),
          field('Endpoints', arrayOf(ENDPOINT), '1+'),
          field('Rack', 'string', '2+', { nullableVersions: '0+', default: null }),
        ),
      ),
      '0+',
    ),
  ],
  response: [field('ErrorCode', 'int16', '0+')],
});

export type UpdateMetadataWireRequest = RequestOf<typeof UPDATE_METADATA>;
export type UpdateMetadataWireResponse = ResponseOf<typeof UPDATE_METADATA>;
