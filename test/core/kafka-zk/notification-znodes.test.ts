import { describe, expect, it } from 'vitest';
import { tp } from '../../../src-main/core/common/topic-partition';
import {
  IsrChangeNotificationSequenceZNode,
  IsrChangeNotificationZNode,
  LogDirEventNotificationSequenceZNode,
  LogDirEventNotificationZNode,
} from '../../../src-main/core/kafka-zk';
import { bytes, expectFormatError, expectValue, text } from './zk-test-data';

describe('/isr_change_notification/isr_change_NNNNNNNNNN', () => {
  const path = IsrChangeNotificationSequenceZNode.path('0000000003');

  it('builds the create path, the node path and reads its sequence number', () => {
    expect(IsrChangeNotificationZNode.path).toBe('/isr_change_notification');
    expect(IsrChangeNotificationSequenceZNode.path()).toBe('/isr_change_notification/isr_change_');
    expect(path).toBe('/isr_change_notification/isr_change_0000000003');
    expect(IsrChangeNotificationSequenceZNode.sequenceNumber(path)).toBe('0000000003');
  });

  it('encodes version 1 with the partitions in the order given', () => {
    expect(text(IsrChangeNotificationSequenceZNode.encode([tp('t', 0), tp('u', 2)]))).toBe(
      '{"version":1,"partitions":[{"topic":"t","partition":0},{"topic":"u","partition":2}]}',
    );
  });

  it('round-trips', () => {
    expect(expectValue(IsrChangeNotificationSequenceZNode.decode(path, IsrChangeNotificationSequenceZNode.encode([tp('t', 1)])))).toEqual([
      tp('t', 1),
    ]);
  });

  it('reads data that is not JSON as no partitions, and fails on a wrong shape', () => {
    const e = expectFormatError(
      IsrChangeNotificationSequenceZNode.decode(path, bytes('t-0')),
      'treats-as-empty',
      /Kafka reads it as no partitions$/,
    );
    expect(e.kafkaValue).toEqual([]);
    expectFormatError(
      IsrChangeNotificationSequenceZNode.decode(path, bytes('{"version":1}')),
      'throws',
      'No such field exists: `partitions`',
    );
    expectFormatError(
      IsrChangeNotificationSequenceZNode.decode(path, bytes('{"version":1,"partitions":[{"topic":1,"partition":0}]}')),
      'throws',
      'Expected `String` value, received 1',
    );
    expectFormatError(IsrChangeNotificationSequenceZNode.decode(path, null), 'throws', /null data/);
  });

  it('flags an empty list and a negative partition', () => {
    expectFormatError(
      IsrChangeNotificationSequenceZNode.decode(path, bytes('{"version":1,"partitions":[]}')),
      'accepts',
      'The notification lists no partitions',
    );
    expectFormatError(
      IsrChangeNotificationSequenceZNode.decode(path, bytes('{"version":1,"partitions":[{"topic":"t","partition":-4}]}')),
      'accepts',
      'Negative partition -4',
    );
  });
});

describe('/log_dir_event_notification/log_dir_event_NNNNNNNNNN', () => {
  const path = LogDirEventNotificationSequenceZNode.path('0000000000');

  it('builds the paths and encodes {"version":1,"broker":…,"event":1}', () => {
    expect(LogDirEventNotificationZNode.path).toBe('/log_dir_event_notification');
    expect(LogDirEventNotificationSequenceZNode.path()).toBe('/log_dir_event_notification/log_dir_event_');
    expect(LogDirEventNotificationSequenceZNode.sequenceNumber(path)).toBe('0000000000');
    expect(text(LogDirEventNotificationSequenceZNode.encode(2))).toBe('{"version":1,"broker":2,"event":1}');
  });

  it('round-trips', () => {
    expect(expectValue(LogDirEventNotificationSequenceZNode.decode(path, LogDirEventNotificationSequenceZNode.encode(5)))).toEqual({
      brokerId: 5,
      event: 1,
    });
  });

  it('ignores data that is not JSON and fails without a broker, as the controller does', () => {
    expectFormatError(LogDirEventNotificationSequenceZNode.decode(path, bytes('1')), 'throws', 'Expected JSON object, received 1');
    expectFormatError(LogDirEventNotificationSequenceZNode.decode(path, bytes('broker 1')), 'treats-as-empty', /ignores the event$/);
    expectFormatError(
      LogDirEventNotificationSequenceZNode.decode(path, bytes('{"version":1,"event":1}')),
      'throws',
      'No such field exists: `broker`',
    );
  });

  it('flags an unknown event and a negative broker', () => {
    const e = expectFormatError(
      LogDirEventNotificationSequenceZNode.decode(path, bytes('{"version":1,"broker":1,"event":2}')),
      'accepts',
      '"event" must be 1 (LogDirFailure), the only log dir event in Kafka 2.5',
    );
    expect(e.kafkaValue).toEqual({ brokerId: 1, event: 2 });
    expectFormatError(LogDirEventNotificationSequenceZNode.decode(path, bytes('{"version":1,"broker":1}')), 'accepts', /"event" must be 1/);
    expectFormatError(
      LogDirEventNotificationSequenceZNode.decode(path, bytes('{"version":1,"broker":-1,"event":1}')),
      'accepts',
      'Negative broker id -1',
    );
  });
});
