/**
 * RecordsUtil.downConvert and LazyDownConversionRecords as Kafka 2.5.1 has them: what a v0/v1
 * reader gets of magic 2 batches (offsets, keys, values, timestamps kept; headers, control
 * batches and producer fields gone; compressed batches recompressed with their codec), the
 * conversion counts, and the lazy send's sizes (at least the first converted batch, a partial last
 * message, the overflow batch).
 */
import { describe, expect, it } from 'vitest';
import {
  batchesIn,
  buildControlBatch,
  buildRecordBatch,
  buildRecords,
  CompressionType,
  ControlRecordType,
  downConvert,
  LazyDownConversionRecords,
  type Magic,
  RecordBatch,
  type SimpleRecord,
  TimestampType,
  UnsupportedCompressionTypeException,
} from '../../../src-main/core/record';
import { MAX_READ_SIZE } from '../../../src-main/core/record/lazy-down-conversion-records';
import { concat, utf8 } from './helpers';

const TP = { topic: 'old-clients', partition: 0 };
const noClock = () => 0;

function sample(n: number, seed = 0): SimpleRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    key: i % 4 === 0 ? null : utf8(`k${seed}-${i}`),
    value: utf8(`value ${i} of ${seed} `.repeat(1 + (i % 3))),
    timestamp: 1_600_000_000_000 + seed * 100 + i,
    headers: [{ key: 'trace', value: utf8(`t${i}`) }],
  }));
}

function readAll(bytes: Uint8Array) {
  return [...batchesIn(bytes)].flatMap((b) => b.records().map((r) => ({ batchMagic: b.magic, ...r })));
}

describe('RecordsUtil.downConvert', () => {
  for (const [toMagic, timestamped] of [
    [1, true],
    [0, false],
  ] as const) {
    it(`v2 → v${toMagic} uncompressed: one message per record, offsets, keys and values kept, headers dropped${timestamped ? '' : ', timestamps gone'}`, () => {
      const records = sample(5);
      const v2 = buildRecordBatch(records, { baseOffset: 40 });
      const converted = downConvert(batchesIn(v2), toMagic, 40, noClock);
      const batches = [...batchesIn(converted.records)];
      expect(batches).toHaveLength(5);
      for (const b of batches) {
        b.ensureValid();
        expect([b.magic, b.compressionType]).toEqual([toMagic, CompressionType.NONE]);
      }
      const read = readAll(converted.records);
      expect(read.map((r) => r.offset)).toEqual([40, 41, 42, 43, 44]);
      expect(read.map((r) => r.key)).toEqual(records.map((r) => r.key));
      expect(read.map((r) => r.value)).toEqual(records.map((r) => r.value));
      expect(read.every((r) => r.headers.length === 0)).toBe(true);
      expect(read.map((r) => r.timestamp)).toEqual(records.map((r) => (timestamped ? r.timestamp : -1)));
      expect(read[0].timestampType).toBe(timestamped ? TimestampType.CREATE_TIME : TimestampType.NO_TIMESTAMP_TYPE);
      // RecordConversionStats: the source batch and every byte written (uncompressed: the output itself).
      expect(converted.recordConversionStats).toEqual({
        numRecordsConverted: 5,
        temporaryMemoryBytes: v2.length + converted.records.length,
        conversionTimeMs: 0,
      });
    });
  }

  for (const codec of [CompressionType.GZIP, CompressionType.SNAPPY, CompressionType.LZ4]) {
    it(`a ${CompressionType[codec]} batch is recompressed into one ${CompressionType[codec]} v1 wrapper, compacted offset gaps kept`, () => {
      // A compacted batch: offsets 100, 103, 104, 109.
      const offsets = [100, 103, 104, 109];
      const records = sample(4, 7).map((r, i) => ({ ...r, offset: offsets[i] }));
      const v2 = buildRecords(records, { compression: codec }).records;
      expect(
        RecordBatch.readAt(v2)
          .records()
          .map((r) => r.offset),
      ).toEqual(offsets);
      const converted = downConvert(batchesIn(v2), 1, 105, noClock);
      const [wrapper, ...more] = [...batchesIn(converted.records)];
      expect(more).toHaveLength(0);
      wrapper.ensureValid();
      expect([wrapper.magic, wrapper.compressionType, wrapper.lastOffset, wrapper.maxTimestamp]).toEqual([
        1,
        codec,
        109,
        1_600_000_000_703,
      ]);
      // A compressed batch keeps the records before the fetch offset: the client skips them itself.
      const read = wrapper.records();
      expect(read.map((r) => r.offset)).toEqual(offsets);
      expect(read.map((r) => r.value)).toEqual(records.map((r) => r.value));
      expect(converted.recordConversionStats.numRecordsConverted).toBe(4);
      expect(converted.recordConversionStats.temporaryMemoryBytes).toBeGreaterThan(v2.length);
    });
  }

  it('an uncompressed batch converted to v0/v1 loses the records before the fetch offset', () => {
    const v2 = buildRecordBatch(sample(6), { baseOffset: 10 });
    expect(readAll(downConvert(batchesIn(v2), 1, 13, noClock).records).map((r) => r.offset)).toEqual([13, 14, 15]);
    expect(readAll(downConvert(batchesIn(v2), 0, 13, noClock).records).map((r) => r.offset)).toEqual([13, 14, 15]);
  });

  it('drops control batches and the producer fields of transactional data; copies batches already old enough', () => {
    const txn = buildRecordBatch(
      sample(2).map((r) => ({ ...r, headers: [] })),
      {
        baseOffset: 0,
        producerId: 4000,
        producerEpoch: 3,
        baseSequence: 0,
        isTransactional: true,
      },
    );
    const marker = buildControlBatch(ControlRecordType.COMMIT, 0, { baseOffset: 2, producerId: 4000, producerEpoch: 3, timestamp: 1 });
    const v1 = buildRecordBatch([{ key: null, value: utf8('old'), timestamp: 5 }], { magic: 1, baseOffset: 3 });
    const converted = downConvert(batchesIn(concat([txn, marker, v1])), 1, 0, noClock);
    const batches = [...batchesIn(converted.records)];
    expect(batches.map((b) => [b.magic, b.baseOffset, b.producerId, b.isTransactional, b.isControlBatch])).toEqual([
      [1, 0, -1, false, false],
      [1, 1, -1, false, false],
      [1, 3, -1, false, false],
    ]);
    // The v1 message goes out byte for byte.
    expect(Buffer.from(converted.records.subarray(converted.records.length - v1.length)).equals(Buffer.from(v1))).toBe(true);
    expect(converted.recordConversionStats.numRecordsConverted).toBe(2);
    // Only the control batch: nothing to send.
    expect(downConvert(batchesIn(marker), 0, 0, noClock).records).toHaveLength(0);
  });

  it('keeps LogAppendTime: the batch time becomes the v1 messages’ time and type', () => {
    const v2 = buildRecordBatch(sample(3), { timestampType: TimestampType.LOG_APPEND_TIME, logAppendTime: 1_700_000_000_000 });
    const read = readAll(downConvert(batchesIn(v2), 1, 0, noClock).records);
    expect(read.map((r) => [r.timestamp, r.timestampType])).toEqual(Array(3).fill([1_700_000_000_000, TimestampType.LOG_APPEND_TIME]));
  });

  it('refuses zstd for v0/v1 (UnsupportedCompressionTypeException)', () => {
    const zstd = buildRecordBatch(sample(2), { compression: CompressionType.ZSTD });
    expect(() => downConvert(batchesIn(zstd), 1, 0, noClock)).toThrow(UnsupportedCompressionTypeException);
    expect(() => downConvert(batchesIn(zstd), 1, 0, noClock)).toThrow('Down-conversion of zstandard-compressed batches is not supported');
  });

  it('round trip: v2 → v1 → v0 reads the same keys, values and offsets at every step', () => {
    const records = sample(8, 3);
    const v2 = buildRecordBatch(records, { compression: CompressionType.GZIP, baseOffset: 1000 });
    const v1 = downConvert(batchesIn(v2), 1, 1000, noClock).records;
    const v0 = downConvert(batchesIn(v1), 0, 1000, noClock).records;
    for (const [bytes, magic] of [
      [v1, 1],
      [v0, 0],
    ] as Array<[Uint8Array, Magic]>) {
      const read = readAll(bytes);
      expect(read.every((r) => r.batchMagic === magic)).toBe(true);
      expect(read.map((r) => [r.offset, r.key, r.value])).toEqual(records.map((r, i) => [1000 + i, r.key, r.value]));
    }
  });
});

describe('LazyDownConversionRecords', () => {
  function written(lazy: LazyDownConversionRecords) {
    const send = lazy.toSend();
    const chunks: Uint8Array[] = [];
    send.writeTo((bytes) => chunks.push(bytes));
    return { bytes: concat(chunks), chunks, stats: send.recordConversionStats };
  }

  it('sizes the partition at least as the first converted batch, and cuts what no longer fits (a partial last message)', () => {
    // Tiny records grow from v2 (shared header) to v0 (one 26-byte message each).
    const tiny = (base: number) =>
      buildRecordBatch(
        Array.from({ length: 10 }, () => ({ key: null, value: utf8('x'), timestamp: 1 })),
        { baseOffset: base },
      );
    const read = concat([tiny(0), tiny(10)]);
    const lazy = new LazyDownConversionRecords(TP, read, 0, 0, noClock);
    expect(lazy.sizeInBytes).toBe(read.length);
    const { bytes, stats } = written(lazy);
    expect(bytes).toHaveLength(read.length);
    const whole = readAll(bytes);
    // Each v0 message is 12 + 14 + 1 bytes; the first batch's 10 fit, then what is left holds only some of the next.
    const fit = Math.floor(read.length / 27);
    expect(whole.map((r) => r.offset)).toEqual(Array.from({ length: fit }, (_, i) => i));
    expect(bytes.length).toBeGreaterThan(fit * 27);
    expect(stats.numRecordsConverted).toBe(20);

    const alone = new LazyDownConversionRecords(TP, tiny(0), 0, 0, noClock);
    expect(alone.sizeInBytes).toBe(270);
    expect(readAll(written(alone).bytes)).toHaveLength(10);
  });

  it('fills what the conversion leaves unused with an overflow batch: offset -1, a length past the end', () => {
    const batch = buildRecordBatch(sample(4), { baseOffset: 0 });
    // The read ends with half of a second batch: it is not converted.
    const next = buildRecordBatch(sample(4), { baseOffset: 4 });
    const read = concat([batch, next.subarray(0, next.length / 2)]);
    const lazy = new LazyDownConversionRecords(TP, read, 1, 0, noClock);
    const { bytes } = written(lazy);
    expect(bytes).toHaveLength(read.length);
    expect(readAll(bytes).map((r) => r.offset)).toEqual([0, 1, 2, 3]);
    const convertedLength = downConvert(batchesIn(batch), 1, 0, noClock).records.length;
    const overflow = new DataView(bytes.buffer, bytes.byteOffset + convertedLength);
    expect(overflow.getBigInt64(0)).toBe(-1n);
    expect(overflow.getInt32(8)).toBe(read.length - convertedLength + 1);
  });

  it('answers only an overflow stub when nothing converts (only control batches)', () => {
    const marker = buildControlBatch(ControlRecordType.ABORT, 0, { baseOffset: 0, producerId: 1, producerEpoch: 0, timestamp: 1 });
    const lazy = new LazyDownConversionRecords(TP, marker, 1, 0, noClock);
    expect(lazy.sizeInBytes).toBe(12);
    const { bytes, stats } = written(lazy);
    expect(bytes).toHaveLength(12);
    expect(new DataView(bytes.buffer, bytes.byteOffset).getBigInt64(0)).toBe(-1n);
    expect(stats.numRecordsConverted).toBe(0);
  });

  it('converts in chunks of at most 128 KiB of stored batches, and a zstd batch after the first ends the data with an overflow', () => {
    const big = (base: number) =>
      buildRecordBatch([{ key: null, value: new Uint8Array(60 * 1024).fill(7), timestamp: 1 }], { baseOffset: base });
    const zstd = buildRecordBatch([{ key: null, value: utf8('z'), timestamp: 1 }], { baseOffset: 5, compression: CompressionType.ZSTD });
    const read = concat([big(0), big(1), big(2), big(3), big(4), zstd]);
    expect(read.length).toBeGreaterThan(2 * MAX_READ_SIZE);
    const lazy = new LazyDownConversionRecords(TP, read, 1, 0, noClock);
    const { bytes, chunks, stats } = written(lazy);
    expect(bytes).toHaveLength(read.length);
    // The first batch (converted to size the response), then two of 60 KiB per chunk; the last chunk
    // holds the zstd batch and fails whole, so 3 and 4 wait for the next fetch, as in 2.5.
    expect(chunks.map((c) => readAll(c).map((r) => r.offset))).toEqual([[0], [1, 2], []]);
    expect(new DataView(chunks[2].buffer, chunks[2].byteOffset).getBigInt64(0)).toBe(-1n);
    expect(stats.numRecordsConverted).toBe(3);
    // From offset 3 the chunks are [3] and [4, zstd]: 3 comes, then the overflow again.
    const from3 = concat([big(3), big(4), zstd]);
    expect(readAll(written(new LazyDownConversionRecords(TP, from3, 1, 3, noClock)).bytes).map((r) => r.offset)).toEqual([3]);
    // A zstd batch first: the fetch fails before anything is written.
    expect(() => new LazyDownConversionRecords(TP, zstd, 1, 0, noClock)).toThrow(UnsupportedCompressionTypeException);
  });
});
