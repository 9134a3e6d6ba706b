import { describe, expect, it } from 'vitest';
import {
  batchesIn,
  buildControlBatch,
  buildRecordBatch,
  CompressionType,
  compressionName,
  ControlRecordType,
  CorruptRecordException,
  InvalidRecordException,
  type Magic,
  readControlRecord,
  type Record,
  RecordBatch,
  type SimpleRecord,
  TimestampType,
} from '../../../src-main/core/record';
import { concat, pseudoRandomBytes, thrown, utf8 } from './helpers';

const ALL_CODECS = [CompressionType.NONE, CompressionType.GZIP, CompressionType.SNAPPY, CompressionType.LZ4, CompressionType.ZSTD];

function sample(magic: Magic): SimpleRecord[] {
  return [
    { key: null, value: utf8('null key'), timestamp: 1590000000000 },
    { key: utf8('k'), value: null, timestamp: 1590000000003 },
    { key: utf8(''), value: new Uint8Array(0), timestamp: 1590000000001 },
    {
      key: utf8('ключ'),
      value: pseudoRandomBytes(3000, 5, 4),
      timestamp: 1590000000002,
      headers:
        magic === 2
          ? [
              { key: 'trace', value: utf8('abc') },
              { key: 'ø', value: null },
              { key: '', value: new Uint8Array(0) },
            ]
          : undefined,
    },
  ];
}

function expectRecords(actual: readonly Record[], expected: readonly SimpleRecord[], magic: Magic, baseOffset: number): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((r, i) => {
    expect(r.offset).toBe(baseOffset + i);
    expect(r.key).toEqual(expected[i].key);
    expect(r.value).toEqual(expected[i].value);
    expect(r.headers).toEqual(expected[i].headers ?? []);
    expect(r.timestamp).toBe(magic === 0 ? -1 : expected[i].timestamp);
    expect(r.timestampType).toBe(magic === 0 ? TimestampType.NO_TIMESTAMP_TYPE : TimestampType.CREATE_TIME);
  });
}

describe('round trips through MemoryRecordsBuilder and RecordBatch', () => {
  for (const magic of [0, 1, 2] as const) {
    for (const codec of ALL_CODECS) {
      if (magic < 2 && codec === CompressionType.ZSTD) continue;
      it(`magic ${magic}, ${compressionName(codec)}`, () => {
        const records = sample(magic);
        const bytes = buildRecordBatch(records, { magic, compression: codec, baseOffset: 4000 });
        const batches = [...batchesIn(bytes)];
        // Uncompressed legacy records are one log entry each; everything else is one batch.
        expect(batches).toHaveLength(magic < 2 && codec === CompressionType.NONE ? records.length : 1);
        for (const b of batches) {
          b.ensureValid();
          expect(b.magic).toBe(magic);
          expect(b.compressionType).toBe(codec);
        }
        expectRecords(
          batches.flatMap((b) => b.records()),
          records,
          magic,
          4000,
        );
        const last = batches[batches.length - 1];
        expect([batches[0].baseOffset, last.lastOffset, last.nextOffset]).toEqual([4000, 4003, 4004]);
        if (codec !== CompressionType.NONE && magic > 0) expect(last.maxTimestamp).toBe(1590000000003);
        if (magic < 2) {
          expect([last.producerId, last.baseSequence, last.partitionLeaderEpoch, last.countOrNull]).toEqual([-1, -1, -1, null]);
        }
      });
    }
  }

  it('holds 10,000 records in every codec', () => {
    const records: SimpleRecord[] = Array.from({ length: 10_000 }, (_, i) => ({
      key: utf8(`key-${i % 100}`),
      value: utf8(`value ${i} `.repeat(1 + (i % 7))),
      timestamp: 1590000000000 + i * 3,
    }));
    for (const codec of ALL_CODECS) {
      const b = RecordBatch.readAt(buildRecordBatch(records, { compression: codec, baseOffset: 1 }));
      b.ensureValid();
      expect(b.countOrNull).toBe(10_000);
      const read = b.records();
      expect(read).toHaveLength(10_000);
      expect(read[9_999]).toMatchObject({ offset: 10_000, key: utf8('key-99'), timestamp: 1590000029997 });
      expect(read[1234].value).toEqual(records[1234].value);
    }
  });

  it('legacy v1 compressed wrappers: relative inner offsets, wrapper has the last offset and max timestamp', () => {
    const records = sample(1);
    const bytes = buildRecordBatch(records, { magic: 1, compression: CompressionType.GZIP, baseOffset: 70 });
    const b = RecordBatch.readAt(bytes);
    expect(new DataView(bytes.buffer).getBigInt64(0)).toBe(73n);
    expect([b.lastOffset, b.baseOffset, b.maxTimestamp, b.firstTimestamp]).toEqual([73, 70, 1590000000003, 1590000000003]);
    // Moving the wrapper moves every inner offset with it.
    b.setLastOffset(103);
    expect(b.records().map((r) => r.offset)).toEqual([100, 101, 102, 103]);
    expect(b.baseOffset).toBe(100);
    expect(b.isValid()).toBe(true);
    // LogAppendTime on the wrapper is every record's timestamp.
    b.setMaxTimestamp(TimestampType.LOG_APPEND_TIME, 1600000000000);
    expect(b.isValid()).toBe(true);
    expect(b.records().map((r) => [r.timestamp, r.timestampType])).toEqual(Array(4).fill([1600000000000, TimestampType.LOG_APPEND_TIME]));
    expect(() => b.setPartitionLeaderEpoch(1)).toThrow('Magic versions prior to 2 do not support partition leader epoch');
  });

  it('legacy v1 LogAppendTime built by the broker', () => {
    const bytes = buildRecordBatch(sample(1), { magic: 1, timestampType: TimestampType.LOG_APPEND_TIME, logAppendTime: 42 });
    const records = [...batchesIn(bytes)].flatMap((b) => b.records());
    expect(records.map((r) => [r.timestamp, r.timestampType])).toEqual(Array(4).fill([42, TimestampType.LOG_APPEND_TIME]));
  });

  it('legacy v0 has no timestamps to set', () => {
    const b = RecordBatch.readAt(buildRecordBatch(sample(0), { magic: 0, compression: CompressionType.SNAPPY }));
    expect(() => b.setMaxTimestamp(TimestampType.CREATE_TIME, 1)).toThrow('Cannot set timestamp for a record with magic = 0');
    expect([b.timestampType, b.maxTimestamp]).toEqual([TimestampType.NO_TIMESTAMP_TYPE, -1]);
  });

  it('a flipped byte invalidates a legacy message, with Kafka message', () => {
    const bytes = buildRecordBatch([{ key: utf8('k'), value: utf8('v'), timestamp: 1 }], { magic: 1 });
    bytes[bytes.length - 1] ^= 0xff;
    const b = RecordBatch.readAt(bytes);
    expect(b.isValid()).toBe(false);
    expect(() => b.ensureValid()).toThrow(
      new CorruptRecordException(`Record is corrupt (stored crc = ${b.storedChecksum}, computed crc = ${b.computeChecksum()})`),
    );
  });

  it('control batches carry an end-transaction marker', () => {
    for (const type of [ControlRecordType.COMMIT, ControlRecordType.ABORT]) {
      const bytes = buildControlBatch(type, 17, {
        producerId: 99,
        producerEpoch: 3,
        timestamp: 1590000000000,
        baseOffset: 55,
        partitionLeaderEpoch: 4,
      });
      const b = RecordBatch.readAt(bytes);
      b.ensureValid();
      expect([b.isControlBatch, b.isTransactional, b.producerId, b.producerEpoch, b.baseSequence]).toEqual([true, true, 99, 3, -1]);
      expect([b.baseOffset, b.partitionLeaderEpoch, b.maxTimestamp, b.compressionType]).toEqual([
        55,
        4,
        1590000000000,
        CompressionType.NONE,
      ]);
      const [record] = b.records();
      expect(record.key).toEqual(new Uint8Array([0, 0, 0, type]));
      expect(record.value).toEqual(new Uint8Array([0, 0, 0, 0, 0, 17]));
      expect(readControlRecord(record)).toEqual({ type, version: 0, coordinatorEpoch: 17 });
    }
    expect(() => buildControlBatch(ControlRecordType.UNKNOWN, 1, { producerId: 1, producerEpoch: 0, timestamp: 0 })).toThrow(
      'Invalid control record type for end transaction markerUNKNOWN',
    );
  });

  it('reads control keys as Kafka: unknown types, short or negative-version keys', () => {
    const base: Record = { offset: 0, timestamp: 0, timestampType: 0, key: null, value: null, headers: [], sizeInBytes: 0, sequence: -1 };
    expect(readControlRecord({ ...base, key: new Uint8Array([0, 1, 0, 9]) })).toEqual({
      type: ControlRecordType.UNKNOWN,
      version: 1,
      coordinatorEpoch: -1,
    });
    expect(() => readControlRecord({ ...base, key: new Uint8Array([0, 0, 0]) })).toThrow(
      'Invalid value size found for end control record key. Must have at least 4 bytes, but found only 3',
    );
    expect(() => readControlRecord({ ...base, key: new Uint8Array([0xff, 0xff, 0, 0]) })).toThrow(
      'Invalid version found for control record: -1. May indicate data corruption',
    );
    expect(() => readControlRecord({ ...base, key: new Uint8Array([0, 0, 0, 1]), value: new Uint8Array([0, 0, 0]) })).toThrow(
      new InvalidRecordException('Invalid value size found for end transaction marker. Must have at least 6 bytes, but found only 3'),
    );
  });
});

describe('batchesIn (ByteBufferLogInputStream)', () => {
  const a = buildRecordBatch([{ key: null, value: utf8('a'), timestamp: 1 }], { baseOffset: 0 });
  const b = buildRecordBatch([{ key: null, value: utf8('b'), timestamp: 2 }], { baseOffset: 1, compression: CompressionType.LZ4 });
  const c = buildRecordBatch([{ key: null, value: utf8('c'), timestamp: 3 }], { baseOffset: 2, magic: 1 });

  it('walks concatenated batches of any magic, in place', () => {
    const all = concat([a, b, c]);
    const batches = [...batchesIn(all)];
    expect(batches.map((x) => [x.position, x.magic, x.lastOffset])).toEqual([
      [0, 2, 0],
      [a.length, 2, 1],
      [a.length + b.length, 1, 2],
    ]);
    expect(batches[1].buffer).toBe(all);
    expect([...batchesIn(all, a.length, a.length + b.length)].map((x) => x.lastOffset)).toEqual([1]);
  });

  it('stops quietly at a partial batch at the end', () => {
    const all = concat([a, b, c]);
    for (const cut of [1, 11, 12, 16, 17, 30, c.length - 1]) {
      expect([...batchesIn(all.subarray(0, all.length - cut))].length).toBe(2);
    }
    expect([...batchesIn(all, 0, a.length + 5)].length).toBe(1);
  });

  it('throws for a size field below any message, or an unknown magic', () => {
    const bogus = concat([a, b]);
    new DataView(bogus.buffer).setInt32(a.length + 8, 13);
    const iter = batchesIn(bogus);
    expect(iter.next().value?.lastOffset).toBe(0);
    const e = thrown(() => iter.next());
    expect(e).toBeInstanceOf(CorruptRecordException);
    expect((e as Error).message).toBe('Record size 13 is less than the minimum record overhead (14)');

    const badMagic = concat([a, b]);
    badMagic[a.length + 16] = 7;
    expect(() => [...batchesIn(badMagic)]).toThrow('Invalid magic found in record: 7');

    expect(() => [...batchesIn(a, 0, a.length, 20)]).toThrow(
      `Record size ${a.length - 12} exceeds the largest allowable message size (20).`,
    );
  });
});
