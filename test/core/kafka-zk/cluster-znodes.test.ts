import { describe, expect, it } from 'vitest';
import {
  BrokerSequenceIdZNode,
  ClusterIdZNode,
  ConsumerOffset,
  ControllerEpochZNode,
  ControllerZNode,
  ProducerIdBlockZNode,
} from '../../../src-main/core/kafka-zk';
import { bytes, expectFormatError, expectValue, text } from './zk-test-data';

describe('/cluster/id', () => {
  it('encodes {"version":"1","id":…} with the version as a string', () => {
    expect(ClusterIdZNode.path).toBe('/cluster/id');
    expect(text(ClusterIdZNode.encode('x1p3D7jVQwKr5mZ8bYtN2A'))).toBe('{"version":"1","id":"x1p3D7jVQwKr5mZ8bYtN2A"}');
  });

  it('round-trips the id', () => {
    expect(expectValue(ClusterIdZNode.decode(ClusterIdZNode.encode('abc-DEF_123')))).toBe('abc-DEF_123');
  });

  it('fails like Kafka at startup on data that is not JSON', () => {
    const e = expectFormatError(
      ClusterIdZNode.decode(bytes('{"id":')),
      'throws',
      /^Failed to parse the cluster id json \{"id": \(Unexpected end-of-input/,
    );
    expect(e.path).toBe('/cluster/id');
    expect({ line: e.line, column: e.column }).toEqual({ line: 1, column: 7 });
  });

  it('fails on a missing or non-string id and on null data', () => {
    expectFormatError(ClusterIdZNode.decode(bytes('{"version":"1"}')), 'throws', 'No such field exists: `id`');
    expectFormatError(ClusterIdZNode.decode(bytes('{"version":"1","id":5}')), 'throws', 'Expected `String` value, received 5');
    expectFormatError(ClusterIdZNode.decode(null), 'throws', /null data/);
  });

  it('accepts like Kafka, but flags, a numeric version and an empty id', () => {
    const e = expectFormatError(
      ClusterIdZNode.decode(bytes('{"version":1,"id":"abc"}')),
      'accepts',
      'Kafka 2.5 writes "version":"1" (a string) in /cluster/id',
    );
    expect(e.kafkaValue).toBe('abc');
    expect(e.pointer).toBe('/version');
    expectFormatError(ClusterIdZNode.decode(bytes('{"version":"1","id":""}')), 'accepts', 'The cluster id is empty');
  });
});

describe('/controller', () => {
  it('encodes {"version":1,"brokerid":…,"timestamp":"…"} with the timestamp passed in, as a string', () => {
    expect(text(ControllerZNode.encode(2, 1600000000123))).toBe('{"version":1,"brokerid":2,"timestamp":"1600000000123"}');
  });

  it('round-trips', () => {
    expect(expectValue(ControllerZNode.decode(ControllerZNode.encode(7, 42)))).toEqual({ brokerId: 7, timestamp: '42' });
  });

  it('reads data that is not JSON as no controller, as Kafka does', () => {
    const e = expectFormatError(ControllerZNode.decode(bytes('7')), 'throws', 'Expected JSON object, received 7');
    expect(e.kafkaValue).toBeUndefined();
    const empty = expectFormatError(
      ControllerZNode.decode(bytes('oops')),
      'treats-as-empty',
      /^Not valid JSON: Unrecognized token 'oops'.*Kafka reads this as no controller id$/,
    );
    expect(empty.kafkaValue).toBeUndefined();
  });

  it('fails on a missing or non-integer brokerid', () => {
    expectFormatError(ControllerZNode.decode(bytes('{"version":1,"timestamp":"1"}')), 'throws', 'No such field exists: `brokerid`');
    expectFormatError(ControllerZNode.decode(bytes('{"version":1,"brokerid":"1"}')), 'throws', 'Expected `Int` value, received "1"');
    expectFormatError(ControllerZNode.decode(bytes('{"version":1,"brokerid":1.0}')), 'throws', 'Expected `Int` value, received 1.0');
  });

  it('flags what Kafka would accept: a missing version, a negative id, a numeric timestamp', () => {
    const e = expectFormatError(
      ControllerZNode.decode(bytes('{"brokerid":1}')),
      'accepts',
      '"version" is missing; Kafka 2.5 writes version 1',
    );
    expect(e.kafkaValue).toEqual({ brokerId: 1, timestamp: null });
    expectFormatError(ControllerZNode.decode(bytes('{"version":1,"brokerid":-1,"timestamp":"1"}')), 'accepts', 'Negative broker id -1');
    expectFormatError(
      ControllerZNode.decode(bytes('{"version":1,"brokerid":1,"timestamp":1}')),
      'accepts',
      /"timestamp" must be milliseconds written as a string/,
    );
    expectFormatError(
      ControllerZNode.decode(bytes('{"version":2,"brokerid":1}')),
      'accepts',
      'Unknown version 2; Kafka 2.5 writes version 1',
    );
  });

  it('flags repeated fields and trailing content, which Kafka silently tolerates', () => {
    const dup = expectFormatError(
      ControllerZNode.decode(bytes('{"version":1,"brokerid":1,"brokerid":2}')),
      'accepts',
      "Duplicate field 'brokerid' (Kafka keeps the last one)",
    );
    expect(dup.kafkaValue).toEqual({ brokerId: 2, timestamp: null });
    expect(dup.pointer).toBe('/brokerid');
    const trailing = expectFormatError(
      ControllerZNode.decode(bytes('{"version":1,"brokerid":1} x')),
      'accepts',
      'Unexpected content after the JSON value: "x" (Kafka ignores it)',
    );
    expect(trailing.column).toBe(28);
  });
});

describe('/controller_epoch', () => {
  it('encodes decimal text, not JSON', () => {
    expect(text(ControllerEpochZNode.encode(0))).toBe('0');
    expect(text(ControllerEpochZNode.encode(17))).toBe('17');
  });

  it('decodes like Integer.parseInt', () => {
    expect(expectValue(ControllerEpochZNode.decode(bytes('17')))).toBe(17);
    expectFormatError(ControllerEpochZNode.decode(bytes('abc')), 'throws', 'Controller epoch is not a number: For input string: "abc"');
    expectFormatError(ControllerEpochZNode.decode(bytes(' 1')), 'throws', 'Controller epoch is not a number: For input string: " 1"');
    expectFormatError(
      ControllerEpochZNode.decode(bytes('2147483648')),
      'throws',
      'Controller epoch is not a number: For input string: "2147483648"',
    );
    expectFormatError(ControllerEpochZNode.decode(bytes('')), 'throws', 'Controller epoch is not a number: For input string: ""');
    expectFormatError(ControllerEpochZNode.decode(null), 'throws', /NullPointerException/);
  });

  it('flags what parseInt accepts but Kafka never writes', () => {
    expect(
      expectFormatError(
        ControllerEpochZNode.decode(bytes('+5')),
        'accepts',
        'Controller epoch "+5" is not written as Kafka writes it ("5")',
      ).kafkaValue,
    ).toBe(5);
    expect(expectFormatError(ControllerEpochZNode.decode(bytes('007')), 'accepts', /not written as Kafka writes it/).kafkaValue).toBe(7);
    expect(expectFormatError(ControllerEpochZNode.decode(bytes('-3')), 'accepts', 'Negative controller epoch -3').kafkaValue).toBe(-3);
  });
});

describe('/brokers/seqid', () => {
  it('is created with null data', () => {
    expect(BrokerSequenceIdZNode.path).toBe('/brokers/seqid');
    expect(BrokerSequenceIdZNode.encode()).toBeNull();
  });
});

describe('/latest_producer_id_block', () => {
  const block = { brokerId: 1, blockStartId: 1000n, blockEndId: 1999n };

  it('encodes the bounds as strings, in insertion order', () => {
    expect(text(ProducerIdBlockZNode.encode(block))).toBe('{"version":1,"broker":1,"block_start":"1000","block_end":"1999"}');
    expect(text(ProducerIdBlockZNode.encode({ brokerId: 0, blockStartId: 9223372036854774808n, blockEndId: 9223372036854775807n }))).toBe(
      '{"version":1,"broker":0,"block_start":"9223372036854774808","block_end":"9223372036854775807"}',
    );
  });

  it('round-trips, and reads null data as no block yet', () => {
    expect(expectValue(ProducerIdBlockZNode.decode(ProducerIdBlockZNode.encode(block)))).toEqual(block);
    expect(ProducerIdBlockZNode.decode(null)).toBeNull();
  });

  it('fails like ProducerIdManager on unreadable data (empty bytes included)', () => {
    expectFormatError(
      ProducerIdBlockZNode.decode(new Uint8Array(0)),
      'throws',
      'Failed to parse the producer id block json  (No content to map due to end-of-input (line 1, column 1))',
    );
    expectFormatError(
      ProducerIdBlockZNode.decode(bytes('{"version":1,"broker":1,"block_start":0,"block_end":"999"}')),
      'throws',
      'Expected `String` value, received 0',
    );
    expectFormatError(
      ProducerIdBlockZNode.decode(bytes('{"version":1,"broker":1,"block_start":"x","block_end":"999"}')),
      'throws',
      'Read json data contains producerIds that have exceeded long type limit: For input string: "x"',
    );
    expectFormatError(
      ProducerIdBlockZNode.decode(bytes('{"version":1,"block_start":"0","block_end":"999"}')),
      'throws',
      'No such field exists: `broker`',
    );
  });

  it('flags bounds Kafka would take but that make no block', () => {
    expectFormatError(
      ProducerIdBlockZNode.decode(bytes('{"version":1,"broker":1,"block_start":"10","block_end":"9"}')),
      'accepts',
      'Block end 9 is before block start 10',
    );
    expectFormatError(
      ProducerIdBlockZNode.decode(bytes('{"version":1,"broker":1,"block_start":"-5","block_end":"9"}')),
      'accepts',
      'Negative block start -5',
    );
    expectFormatError(
      ProducerIdBlockZNode.decode(bytes('{"version":1,"broker":1,"block_start":"+5","block_end":"9"}')),
      'accepts',
      '"block_start" "+5" is not written as Kafka writes it',
    );
  });

  it('claims [0, 999] first, then the next 1000 ids, and refuses past Long.MaxValue', () => {
    expect(ProducerIdBlockZNode.nextBlock(3, null)).toEqual({ brokerId: 3, blockStartId: 0n, blockEndId: 999n });
    expect(ProducerIdBlockZNode.nextBlock(2, block)).toEqual({ brokerId: 2, blockStartId: 2000n, blockEndId: 2999n });
    expect(() => ProducerIdBlockZNode.nextBlock(2, { brokerId: 0, blockStartId: 0n, blockEndId: 9223372036854775000n })).toThrow(
      'Have exhausted all producerIds.',
    );
  });
});

describe('/consumers/<group>/offsets/<topic>/<partition>', () => {
  it('builds the legacy path and encodes the offset as decimal text', () => {
    const path = ConsumerOffset.path('g', 't', 3);
    expect(path).toBe('/consumers/g/offsets/t/3');
    expect(text(ConsumerOffset.encode(42n))).toBe('42');
    expect(expectValue(ConsumerOffset.decode(path, bytes('42')))).toBe(42n);
    expect(ConsumerOffset.decode(path, null)).toBeNull();
    expectFormatError(ConsumerOffset.decode(path, bytes('4x')), 'throws', 'Offset is not a number: For input string: "4x"');
  });
});
