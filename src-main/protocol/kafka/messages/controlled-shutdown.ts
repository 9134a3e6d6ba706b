/**
 * ControlledShutdown (key 7), valid versions 0–3, flexible from 3; this broker speaks 0–3. What a
 * broker sends the controller before it stops; v0 comes with request header v0 (no client id).
 *
 *   Request:
 *     BrokerId: int32
 *     BrokerEpoch: int64                  v2+ (default −1: not checked)
 *   Response:
 *     ErrorCode: int16
 *     RemainingPartitions: [TopicName: string, PartitionIndex: int32]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const CONTROLLED_SHUTDOWN = apiMessages({
  apiKey: 7,
  name: 'ControlledShutdown',
  minVersion: 0,
  maxVersion: 3,
  flexibleVersions: '3+',
  request: [field('BrokerId', 'int32', '0+'), field('BrokerEpoch', 'int64', '2+', { default: -1n })],
  response: [
    field('ErrorCode', 'int16', '0+'),
    field('RemainingPartitions', arrayOf(struct(field('TopicName', 'string', '0+'), field('PartitionIndex', 'int32', '0+'))), '0+'),
  ],
});

export type ControlledShutdownWireRequest = RequestOf<typeof CONTROLLED_SHUTDOWN>;
export type ControlledShutdownWireResponse = ResponseOf<typeof CONTROLLED_SHUTDOWN>;
