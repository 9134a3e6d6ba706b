import { describe, expect, it } from 'vitest';
import {
  CompressionType,
  compressionName,
  compressionTypeForName,
  compress,
  decompress,
  RecordDecompressionException,
  timestampTypeName,
  TimestampType,
} from '../../../src-main/core/record';
import { IllegalArgumentException } from '../../../src-main/core/common/java-lang';
import { kafkaLz4Compress, kafkaLz4Decompress } from '../../../src-main/core/record/kafka-lz4';
import { lz4CompressBlock, lz4CompressBound, lz4DecompressBlock } from '../../../src-main/core/record/lz4-block';
import { xerialSnappyCompress, xerialSnappyDecompress } from '../../../src-main/core/record/snappy-xerial';
import { xxhash32 } from '../../../src-main/core/record/xxhash32';
import { expectSameBytes, hex, pseudoRandomBytes, thrown, utf8 } from './helpers';

const CODECS = [CompressionType.GZIP, CompressionType.SNAPPY, CompressionType.LZ4, CompressionType.ZSTD];

function payloads(): Uint8Array[] {
  return [
    new Uint8Array(0),
    utf8('a'),
    utf8('abcdefghijkl'), // 12 bytes: too short for any match
    utf8('abcabcabcabcabcabcabcabc'),
    new Uint8Array(70_000), // zeros: long matches, long runs
    pseudoRandomBytes(65_536, 3), // incompressible, exactly one block
    pseudoRandomBytes(200_001, 9, 8), // compressible, several blocks
    pseudoRandomBytes(131_072, 11, 2),
    utf8('The quick brown fox jumps over the lazy dog. '.repeat(2000)),
  ];
}

describe('CompressionType and TimestampType names', () => {
  it('maps ids and names as Kafka', () => {
    expect(CODECS.map(compressionName)).toEqual(['gzip', 'snappy', 'lz4', 'zstd']);
    expect(compressionName(CompressionType.NONE)).toBe('none');
    expect(compressionTypeForName('zstd')).toBe(CompressionType.ZSTD);
    const e = thrown(() => compressionTypeForName('GZIP'));
    expect(e).toBeInstanceOf(IllegalArgumentException);
    expect((e as Error).message).toBe('Unknown compression name: GZIP');
    expect(timestampTypeName(TimestampType.NO_TIMESTAMP_TYPE)).toBe('NoTimestampType');
    expect(timestampTypeName(TimestampType.CREATE_TIME)).toBe('CreateTime');
    expect(timestampTypeName(TimestampType.LOG_APPEND_TIME)).toBe('LogAppendTime');
  });
});

describe('codecs', () => {
  it('round-trip every payload through every codec and magic', () => {
    for (const codec of CODECS) {
      for (const magic of [0, 1, 2] as const) {
        for (const data of payloads()) {
          const packed = compress(codec, data, magic);
          expectSameBytes(decompress(codec, packed, magic), data);
        }
      }
    }
  });

  it('LZ4 blocks round-trip over many shapes of data', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const length = (seed * 7919) % 5000;
      const data = pseudoRandomBytes(length, seed, 1 + (seed % 17));
      const out = new Uint8Array(lz4CompressBound(length));
      const end = lz4CompressBlock(data, 0, length, out, 0);
      const back = new Uint8Array(length);
      expect(lz4DecompressBlock(out, 0, end, back, 0, length)).toBe(length);
      expectSameBytes(back, data);
    }
  });

  it('LZ4 blocks: corrupt input throws instead of running wild', () => {
    const data = utf8('hello hello hello hello hello hello hello hello');
    const out = new Uint8Array(lz4CompressBound(data.length));
    const end = lz4CompressBlock(data, 0, data.length, out, 0);
    for (let cut = 1; cut < end; cut++) {
      const dst = new Uint8Array(data.length);
      let ok: boolean;
      try {
        ok = lz4DecompressBlock(out, 0, end - cut, dst, 0, data.length) === data.length && hex(dst) === hex(data);
      } catch {
        ok = false;
      }
      expect(ok).toBe(false);
    }
  });

  it('writes Kafka LZ4 frames: independent 64 KB blocks, right or (magic 0) Kafka 0.8 header checksum', () => {
    const frame = kafkaLz4Compress(utf8('x'), false);
    expect(hex(frame.subarray(0, 6))).toBe('04224d186040');
    expect(frame[6]).toBe((xxhash32(frame, 4, 6) >>> 8) & 0xff);
    const old = kafkaLz4Compress(utf8('x'), true);
    expect(old[6]).toBe((xxhash32(old, 0, 6) >>> 8) & 0xff);
    expect(old[6]).not.toBe(frame[6]);
    // Each reader takes its own; v1/v2 readers check the header checksum, v0 readers skip it.
    expect(() => kafkaLz4Decompress(old, false)).toThrow('Stream frame descriptor corrupted');
    expect(kafkaLz4Decompress(old, true)).toEqual(utf8('x'));
    // An incompressible block is stored raw, flagged in its size word.
    const raw = kafkaLz4Compress(pseudoRandomBytes(1000, 5), false);
    expect(new DataView(raw.buffer, raw.byteOffset).getUint32(7, true)).toBe((0x80000000 | 1000) >>> 0);
  });

  it('refuses LZ4 frames Kafka refuses', () => {
    const frame = kafkaLz4Compress(utf8('abc'), false);
    const dependent = frame.slice();
    dependent[4] = 0x40;
    expect(() => kafkaLz4Decompress(dependent, true)).toThrow('Dependent block stream is unsupported');
    const badMagic = frame.slice();
    badMagic[0] = 0;
    expect(() => kafkaLz4Decompress(badMagic, false)).toThrow('Stream unsupported (invalid magic bytes)');
    expect(() => kafkaLz4Decompress(frame.subarray(0, frame.length - 2), false)).toThrow('Stream ended prematurely');
  });

  it('writes snappy in the xerial framing and reads raw snappy too', () => {
    const data = pseudoRandomBytes(100_000, 4, 3);
    const framed = xerialSnappyCompress(data);
    expect(hex(framed.subarray(0, 16))).toBe('82534e41505059000000000100000001');
    expectSameBytes(xerialSnappyDecompress(framed), data);
    // 100,000 bytes in 32 KB blocks: four length-prefixed blocks.
    const view = new DataView(framed.buffer, framed.byteOffset);
    let at = 16;
    let blocks = 0;
    while (at < framed.length) {
      at += 4 + view.getInt32(at);
      blocks++;
    }
    expect(blocks).toBe(4);
    const rawBlock = framed.subarray(20, 20 + view.getInt32(16));
    expectSameBytes(xerialSnappyDecompress(rawBlock), data.subarray(0, 32 * 1024));
  });

  it('wraps codec failures in Kafka "Failed to decompress record stream"', () => {
    for (const codec of CODECS) {
      const e = thrown(() => decompress(codec, utf8('definitely not compressed data'), 2));
      expect(e).toBeInstanceOf(RecordDecompressionException);
      expect((e as RecordDecompressionException).toString()).toBe(
        'org.apache.kafka.common.KafkaException: Failed to decompress record stream',
      );
      expect((e as Error).cause).toBeInstanceOf(Error);
    }
    expect(() => decompress(7 as CompressionType, new Uint8Array(1), 2)).toThrow('Unknown compression type id: 7');
  });
});
