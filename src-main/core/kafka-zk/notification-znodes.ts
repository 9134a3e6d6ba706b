/**
 * Controller notification znodes of Kafka 2.5 (`kafka.zk.IsrChangeNotificationSequenceZNode`,
 * `LogDirEventNotificationSequenceZNode`):
 *
 *   /isr_change_notification                              null          persistent
 *   /isr_change_notification/isr_change_NNNNNNNNNN        {"version":1,"partitions":[{"topic":"t","partition":0},…]}   sequential
 *   /log_dir_event_notification                           null          persistent
 *   /log_dir_event_notification/log_dir_event_NNNNNNNNNN  {"version":1,"broker":<id>,"event":1}                          sequential
 *
 * The controller reads the ISR notification's partitions (data that is not JSON: none) and the
 * log dir event's broker (data that is not JSON: none); it never reads `version` or `event`.
 * The partition list comes from a Scala Set in Kafka; the encoder keeps the order given.
 */

import type { TopicPartition } from '../common/topic-partition';
import type { ZnodeData } from '../zookeeper/types';
import { member } from './json-node';
import { jsonBytes, jsonObject } from './json-writer';
import { asObject, checkVersion, decodeJsonZnode, decodePartitionList, encodePartitionList, protect, required, toInt } from './kafka-json';
import type { ZnodeFormatError } from './znode-format-error';

function sequenceNumberOf(path: string, prefix: string): string {
  const i = path.lastIndexOf(prefix);
  return i < 0 ? path.slice(path.lastIndexOf('/') + 1) : path.slice(i + prefix.length);
}

export const IsrChangeNotificationZNode = Object.freeze({ path: '/isr_change_notification' });

export const IsrChangeNotificationSequenceZNode = Object.freeze({
  SequenceNumberPrefix: 'isr_change_',
  /** `IsrChangeNotificationHandler.Version`. */
  Version: 1,

  /** With no argument, the path to create the PERSISTENT_SEQUENTIAL node at. */
  path(sequenceNumber = ''): string {
    return `${IsrChangeNotificationZNode.path}/isr_change_${sequenceNumber}`;
  },

  sequenceNumber(path: string): string {
    return sequenceNumberOf(path, IsrChangeNotificationSequenceZNode.SequenceNumberPrefix);
  },

  encode(partitions: Iterable<TopicPartition>): Uint8Array {
    return encodePartitionList(partitions);
  },

  decode(path: string, data: ZnodeData): TopicPartition[] | ZnodeFormatError<TopicPartition[]> {
    return decodePartitionList(path, data, (partitions, root) => {
      if (partitions.length === 0) protect(member(root, 'partitions') ?? root, '/partitions', 'The notification lists no partitions');
    });
  },
});

export const LogDirEventNotificationZNode = Object.freeze({ path: '/log_dir_event_notification' });

export interface LogDirEvent {
  readonly brokerId: number;
  /** 1 = LogDirFailure (the only event); null when absent. Kafka never reads it. */
  readonly event: number | null;
}

export const LogDirEventNotificationSequenceZNode = Object.freeze({
  SequenceNumberPrefix: 'log_dir_event_',
  LogDirFailureEvent: 1,

  path(sequenceNumber = ''): string {
    return `${LogDirEventNotificationZNode.path}/log_dir_event_${sequenceNumber}`;
  },

  sequenceNumber(path: string): string {
    return sequenceNumberOf(path, LogDirEventNotificationSequenceZNode.SequenceNumberPrefix);
  },

  /** `{"version":1,"broker":<id>,"event":1}` */
  encode(brokerId: number): Uint8Array {
    return jsonBytes(
      jsonObject([
        ['version', 1],
        ['broker', brokerId],
        ['event', LogDirEventNotificationSequenceZNode.LogDirFailureEvent],
      ]),
    );
  },

  decode(path: string, data: ZnodeData): LogDirEvent | ZnodeFormatError<LogDirEvent> {
    return decodeJsonZnode<LogDirEvent>(data, {
      path,
      onNull: { reading: 'throws', reason: 'The znode has null data (Kafka fails: argument "content" is null)' },
      onUnparseable: (detail) => ({
        reading: 'treats-as-empty',
        reason: `Not valid JSON: ${detail}. Kafka reads it as no broker and ignores the event`,
      }),
      read: (root) => {
        const obj = asObject(root, '');
        const brokerId = toInt(required(obj, 'broker', ''), '/broker');
        const event = member(obj, 'event');
        return { brokerId, event: event?.type === 'number' && event.integral ? Number(event.raw) : null };
      },
      protect: (e, root) => {
        const obj = asObject(root, '');
        checkVersion(obj, [1], 1);
        if (e.brokerId < 0) protect(member(obj, 'broker') ?? null, '/broker', `Negative broker id ${e.brokerId}`);
        const event = member(obj, 'event');
        if (event === undefined || e.event !== 1) {
          protect(event ?? obj, event ? '/event' : '', '"event" must be 1 (LogDirFailure), the only log dir event in Kafka 2.5');
        }
      },
    });
  },
});
