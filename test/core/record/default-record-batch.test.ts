import { describe, expect, it } from 'vitest';
import { IllegalArgumentException } from '../../../src-main/core/common/java-lang';
import {
  buildRecordBatch,
  CompressionType,
  CorruptRecordException,
  crc32c,
  InvalidRecordException,
  RECORD_BATCH_OVERHEAD,
  RecordBatch,
  TimestampType,
} from '../../../src-main/core/record';
import { fromHex, hex, thrown, utf8 } from './helpers';

// Built by hand from DefaultRecordBatch's layout (its class comment), field by field; the CRC-32C was computed independently with
// kafka-python's calc_crc32c, which also reads the batch back as these two records.
const GOLDEN =
  '0000000000000000' + // baseOffset 0
  '00000055' + // batchLength 85 (97 - 12)
  'ffffffff' + // partitionLeaderEpoch -1
  '02' + // magic
  '6cfc6559' + // crc
  '0000' + // attributes: none, CreateTime
  '00000001' + // lastOffsetDelta
  '0000017233629c00' + // firstTimestamp 1590000000000
  '0000017233629c05' + // maxTimestamp 1590000000005
  'ffffffffffffffff' + // producerId -1
  'ffff' + // producerEpoch -1
  'ffffffff' + // baseSequence -1
  '00000002' + // recordsCount
  // record 0: length 22, attrs, tsDelta 0, offsetDelta 0, key "key1", value "value1", 1 header h1=v1
  '2c' +
  '00' +
  '00' +
  '00' +
  '08' +
  '6b657931' +
  '0c' +
  '76616c756531' +
  '02' +
  '04' +
  '6831' +
  '04' +
  '7631' +
  // record 1: length 12, attrs, tsDelta 5, offsetDelta 1, null key, value "value2", no headers
  '18' +
  '00' +
  '0a' +
  '02' +
  '01' +
  '0c' +
  '76616c756532' +
  '00';

describe('DefaultRecordBatch (magic v2)', () => {
  it('builds the golden bytes, CRC-32C included', () => {
    const batch = buildRecordBatch([
      { key: utf8('key1'), value: utf8('value1'), headers: [{ key: 'h1', value: utf8('v1') }], timestamp: 1590000000000 },
      { key: null, value: utf8('value2'), timestamp: 1590000000005 },
    ]);
    expect(hex(batch)).toBe(GOLDEN);
    expect(crc32c(batch, 21)).toBe(0x6cfc6559);
  });

  it('reads the golden bytes', () => {
    const b = RecordBatch.readAt(fromHex(GOLDEN));
    expect(b.isValid()).toBe(true);
    expect(b.sizeInBytes).toBe(97);
    expect(b.magic).toBe(2);
    expect([b.baseOffset, b.lastOffset, b.nextOffset]).toEqual([0, 1, 2]);
    expect([b.firstTimestamp, b.maxTimestamp]).toEqual([1590000000000, 1590000000005]);
    expect(b.timestampType).toBe(TimestampType.CREATE_TIME);
    expect(b.compressionType).toBe(CompressionType.NONE);
    expect([b.producerId, b.producerEpoch, b.baseSequence, b.lastSequence]).toEqual([-1, -1, -1, -1]);
    expect([b.isTransactional, b.isControlBatch, b.countOrNull, b.partitionLeaderEpoch]).toEqual([false, false, 2, -1]);
    expect(b.storedChecksum).toBe(0x6cfc6559);
    const [r0, r1] = b.records();
    expect(r0).toEqual({
      offset: 0,
      timestamp: 1590000000000,
      timestampType: TimestampType.CREATE_TIME,
      key: utf8('key1'),
      value: utf8('value1'),
      headers: [{ key: 'h1', value: utf8('v1') }],
      sizeInBytes: 23,
      sequence: -1,
    });
    expect(r1).toMatchObject({ offset: 1, timestamp: 1590000000005, key: null, value: utf8('value2'), headers: [], sizeInBytes: 13 });
  });

  it('describes a batch for the log browser', () => {
    const bytes = new Uint8Array(10 + GOLDEN.length / 2);
    bytes.set(fromHex(GOLDEN), 10);
    expect(RecordBatch.readAt(bytes, 10).describe()).toEqual({
      baseOffset: 0,
      lastOffset: 1,
      position: 10,
      sizeInBytes: 97,
      magic: 2,
      crc: 0x6cfc6559,
      crcValid: true,
      compression: 'none',
      timestampType: 'CreateTime',
      firstTimestamp: 1590000000000,
      maxTimestamp: 1590000000005,
      producerId: -1,
      producerEpoch: -1,
      baseSequence: -1,
      partitionLeaderEpoch: -1,
      isTransactional: false,
      isControl: false,
      count: 2,
    });
  });

  it('carries producer fields, sequences and the transactional flag', () => {
    const bytes = buildRecordBatch(
      [0, 1, 2].map((i) => ({ key: null, value: utf8(`v${i}`), timestamp: 10 + i })),
      { baseOffset: 1000, producerId: 4242, producerEpoch: 7, baseSequence: 2147483646, isTransactional: true, partitionLeaderEpoch: 3 },
    );
    const b = RecordBatch.readAt(bytes);
    expect([b.producerId, b.producerEpoch, b.baseSequence, b.isTransactional, b.partitionLeaderEpoch]).toEqual([
      4242,
      7,
      2147483646,
      true,
      3,
    ]);
    // Sequences wrap past Integer.MAX_VALUE to 0, as DefaultRecordBatch.incrementSequence.
    expect(b.lastSequence).toBe(0);
    expect(b.records().map((r) => [r.offset, r.sequence])).toEqual([
      [1000, 2147483646],
      [1001, 2147483647],
      [1002, 0],
    ]);
    expect(b.toString()).toBe(
      `RecordBatch(magic=2, offsets=[1000, 1002], sequence=[2147483646, 0], isTransactional=true, isControlBatch=false, compression=NONE, timestampType=CreateTime, crc=${b.storedChecksum})`,
    );
  });

  it('gives every record the batch max timestamp under LogAppendTime', () => {
    const b = RecordBatch.readAt(
      buildRecordBatch(
        [
          { key: null, value: utf8('a'), timestamp: 5 },
          { key: null, value: utf8('b'), timestamp: 9 },
        ],
        { timestampType: TimestampType.LOG_APPEND_TIME, logAppendTime: 777 },
      ),
    );
    expect([b.firstTimestamp, b.maxTimestamp, b.timestampType]).toEqual([5, 777, TimestampType.LOG_APPEND_TIME]);
    expect(b.records().map((r) => [r.timestamp, r.timestampType])).toEqual([
      [777, TimestampType.LOG_APPEND_TIME],
      [777, TimestampType.LOG_APPEND_TIME],
    ]);
  });

  it('keeps large timestamps and deltas exact', () => {
    const ts = [0, 2 ** 53 - 1, 1, 8_640_000_000_000_000];
    const b = RecordBatch.readAt(buildRecordBatch(ts.map((t) => ({ key: null, value: null, timestamp: t }))));
    expect(b.records().map((r) => r.timestamp)).toEqual(ts);
    expect(b.maxTimestamp).toBe(2 ** 53 - 1);
  });

  it('stamps offsets and the leader epoch without touching the CRC', () => {
    const bytes = fromHex(GOLDEN);
    const b = RecordBatch.readAt(bytes);
    b.setLastOffset(501);
    b.setPartitionLeaderEpoch(12);
    expect([b.baseOffset, b.lastOffset, b.partitionLeaderEpoch]).toEqual([500, 501, 12]);
    expect(b.storedChecksum).toBe(0x6cfc6559);
    expect(b.isValid()).toBe(true);
    expect(b.records().map((r) => r.offset)).toEqual([500, 501]);
  });

  it('setMaxTimestamp rewrites type and timestamp and keeps the CRC valid', () => {
    const bytes = fromHex(GOLDEN);
    const b = RecordBatch.readAt(bytes);
    b.setMaxTimestamp(TimestampType.CREATE_TIME, 1590000000005);
    expect(hex(bytes)).toBe(GOLDEN); // unchanged: nothing to do
    b.setMaxTimestamp(TimestampType.LOG_APPEND_TIME, 1600000000000);
    expect([b.timestampType, b.maxTimestamp]).toEqual([TimestampType.LOG_APPEND_TIME, 1600000000000]);
    expect(b.storedChecksum).not.toBe(0x6cfc6559);
    expect(b.isValid()).toBe(true);
    expect(b.records().map((r) => r.timestamp)).toEqual([1600000000000, 1600000000000]);
    expect(() => b.setMaxTimestamp(TimestampType.NO_TIMESTAMP_TYPE, 1)).toThrow(
      'Timestamp type must be provided to compute attributes for message format v2 and above',
    );
  });

  it('a flipped byte makes the batch invalid, with Kafka message', () => {
    for (const at of [21, 40, 70, 96]) {
      const bytes = fromHex(GOLDEN);
      bytes[at] ^= 0x01;
      const b = RecordBatch.readAt(bytes);
      expect(b.isValid()).toBe(false);
      const e = thrown(() => b.ensureValid());
      expect(e).toBeInstanceOf(CorruptRecordException);
      expect((e as CorruptRecordException).toString()).toBe(
        `org.apache.kafka.common.errors.CorruptRecordException: Record is corrupt (stored crc = ${0x6cfc6559}, computed crc = ${b.computeChecksum()})`,
      );
    }
    // The fields before the CRC are outside it (the broker stamps them).
    const bytes = fromHex(GOLDEN);
    bytes[3] ^= 0x10;
    expect(RecordBatch.readAt(bytes).isValid()).toBe(true);
  });

  it('rejects a size below the v2 header at read, with ensureValid message', () => {
    const bytes = fromHex(GOLDEN);
    new DataView(bytes.buffer).setInt32(8, 40);
    const e = thrown(() => RecordBatch.readAt(bytes));
    expect(e).toBeInstanceOf(CorruptRecordException);
    expect((e as Error).message).toBe('Record batch is corrupt (the size 52 is smaller than the minimum allowed overhead 61)');
  });

  it('rejects an unknown magic', () => {
    const bytes = fromHex(GOLDEN);
    bytes[16] = 3;
    expect(() => RecordBatch.readAt(bytes)).toThrow('Invalid magic found in record: 3');
  });

  it('reads the header from a header-only view; the rest says it needs the whole batch', () => {
    const header = fromHex(GOLDEN).subarray(0, RECORD_BATCH_OVERHEAD);
    const b = RecordBatch.readAt(header);
    expect([b.lastOffset, b.maxTimestamp, b.sizeInBytes, b.isWhole]).toEqual([1, 1590000000005, 97, false]);
    expect(b.describe().crcValid).toBeNull();
    expect(() => b.records()).toThrow(/needs the whole batch of 97 bytes/);
  });

  it('reports record sizes that disagree with the batch as Kafka does', () => {
    const extra = new Uint8Array(GOLDEN.length / 2 + 1);
    extra.set(fromHex(GOLDEN));
    const view = new DataView(extra.buffer);
    view.setInt32(8, 86);
    view.setUint32(17, crc32c(extra, 21));
    expect(thrown(() => RecordBatch.readAt(extra).records())).toEqual(
      new InvalidRecordException('Incorrect declared batch size, records still remaining in file'),
    );

    const short = fromHex(GOLDEN).slice(0, 96);
    new DataView(short.buffer).setInt32(8, 84);
    new DataView(short.buffer).setUint32(17, crc32c(short, 21));
    const e = thrown(() => RecordBatch.readAt(short).records());
    expect(e).toBeInstanceOf(InvalidRecordException);
    expect((e as Error).message).toBe(
      'Invalid record size: expected 12 bytes in record payload, but instead the buffer has only 11 remaining bytes.',
    );

    const negative = fromHex(GOLDEN);
    new DataView(negative.buffer).setInt32(57, -1);
    expect(() => RecordBatch.readAt(negative).records()).toThrow('Found invalid record count -1 in magic v2 batch');
  });

  it('refuses builder input Kafka refuses', () => {
    expect(() => buildRecordBatch([{ key: null, value: null, timestamp: -5 }])).toThrow('Invalid negative timestamp -5');
    expect(() => buildRecordBatch([{ key: null, value: null }], { magic: 1, isTransactional: true })).toThrow(
      'Transactional records are not supported for magic 1',
    );
    expect(() => buildRecordBatch([{ key: null, value: null }], { magic: 1, compression: CompressionType.ZSTD })).toThrow(
      'ZStandard compression is not supported for magic 1',
    );
    expect(() => buildRecordBatch([{ key: null, value: null, headers: [{ key: 'h', value: null }] }], { magic: 0 })).toThrow(
      'Magic v0 does not support record headers',
    );
    expect(thrown(() => buildRecordBatch([], { magic: 1, timestampType: TimestampType.NO_TIMESTAMP_TYPE }))).toBeInstanceOf(
      IllegalArgumentException,
    );
    expect(buildRecordBatch([])).toHaveLength(0);
  });
});
