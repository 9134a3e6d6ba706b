/**
 * LeaderAndIsr (key 4), valid versions 0–4, flexible from 4; this broker speaks 0–4. The
 * controller's request; a client's is answered as KafkaApis answers any (no authorizer).
 *
 *   Request:
 *     ControllerId: int32, ControllerEpoch: int32
 *     BrokerEpoch: int64                            v2+ (default −1: not checked)
 *     UngroupedPartitionStates: [PartitionState]    v0–1
 *     TopicStates: [TopicName: string, PartitionStates: [PartitionState]]   v2+
 *     LiveLeaders: [BrokerId: int32, HostName: string, Port: int32]
 *   PartitionState: TopicName: string (v0–1), PartitionIndex, ControllerEpoch, Leader, LeaderEpoch:
 *     int32, Isr: [int32], ZkVersion: int32, Replicas: [int32], AddingReplicas, RemovingReplicas:
 *     [int32] (v3+), IsNew: bool (v1+)
 *   Response:
 *     ErrorCode: int16
 *     PartitionErrors: [TopicName: string, PartitionIndex: int32, ErrorCode: int16]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

const PARTITION_STATE = struct(
  field('TopicName', 'string', '0-1'),
  field('PartitionIndex', 'int32', '0+'),
  field('ControllerEpoch', 'int32', '0+'),
  field('Leader', 'int32', '0+'),
  field('LeaderEpoch', 'int32', '0+'),
  field('Isr', arrayOf('int32'), '0+'),
  field('ZkVersion', 'int32', '0+'),
  field('Replicas', arrayOf('int32'), '0+'),
  field('AddingReplicas', arrayOf('int32'), '3+'),
  field('RemovingReplicas', arrayOf('int32'), '3+'),
  field('IsNew', 'bool', '1+'),
);

export const LEADER_AND_ISR = apiMessages({
  apiKey: 4,
  name: 'LeaderAndIsr',
  minVersion: 0,
  maxVersion: 4,
  flexibleVersions: '4+',
  request: [
    field('ControllerId', 'int32', '0+'),
    field('ControllerEpoch', 'int32', '0+'),
    field('BrokerEpoch', 'int64', '2+', { default: -1n }),
    field('UngroupedPartitionStates', arrayOf(PARTITION_STATE), '0-1'),
    field(
      'TopicStates',
      arrayOf(struct(field('TopicName', 'string', '2+'), field('PartitionStates', arrayOf(PARTITION_STATE), '2+'))),
      '2+',
    ),
    field(
      'LiveLeaders',
      arrayOf(struct(field('BrokerId', 'int32', '0+'), field('HostName', 'string', '0+'), field('Port', 'int32', '0+'))),
      '0+',
    ),
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

export type LeaderAndIsrWireRequest = RequestOf<typeof LEADER_AND_ISR>;
export type LeaderAndIsrWireResponse = ResponseOf<typeof LEADER_AND_ISR>;
