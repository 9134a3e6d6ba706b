/**
 * Checks the codec against an independent implementation: Debian's kafka-python (python3-kafka
 * with its codec modules), driven through test/fixtures/kafka_python_records.py. Batches we build
 * must read in kafka-python as exactly our records, batches it builds must read here as exactly
 * its records, and each side's compressed streams must decompress on the other.
 *
 * Without /usr/bin/python3 and those modules the suite fails under CI (which installs them in
 * .ci/run) and is skipped elsewhere, saying why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchesIn,
  buildControlBatch,
  buildRecordBatch,
  CompressionType,
  ControlRecordType,
  compress,
  decompress,
  type Magic,
  type SimpleRecord,
  TimestampType,
} from '../../../src-main/core/record';
import { lz4CompressBlock, lz4CompressBound } from '../../../src-main/core/record/lz4-block';
import { APT_PACKAGES, PYTHON, asPython, hexOrNull, kafkaPythonUnavailable, python, type PyBatch } from '../../support/kafka-python';
import { makeTempDir } from '../../support/temp-dir';
import { concat, expectSameBytes, hex, pseudoRandomBytes, utf8 } from './helpers';

function sampleRecords(magic: Magic, n: number, seed: number): SimpleRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    key: i % 5 === 0 ? null : utf8(`key-${seed}-${i}`),
    value: i % 7 === 3 ? null : i % 7 === 4 ? new Uint8Array(0) : utf8(`value ${i} of batch ${seed}; `.repeat(1 + (i % 4))),
    timestamp: 1590000000000 + seed * 1000 + ((i * 37) % 11),
    headers:
      magic === 2 && i % 3 === 1
        ? [
            { key: 'trace-id', value: utf8(`t${i}`) },
            { key: 'nil', value: null },
          ]
        : undefined,
  }));
}

const LEGACY_CODECS = [CompressionType.NONE, CompressionType.GZIP, CompressionType.SNAPPY, CompressionType.LZ4];
const V2_CODECS = [...LEGACY_CODECS, CompressionType.ZSTD];

const unavailable = kafkaPythonUnavailable();
// Outside CI a machine without kafka-python skips these tests, saying why; CI must run them.
const skip = unavailable !== null && !process.env.CI;
if (skip) console.warn(`kafka-python tests skipped: ${unavailable}`);

describe.skipIf(skip)('interoperability with kafka-python (an independent implementation)', () => {
  // Under CI a missing peer fails every test here with this reason (CI installs it).
  beforeAll(() => {
    if (unavailable !== null)
      throw new Error(`kafka-python is unavailable (${unavailable}); install the Debian packages ${APT_PACKAGES} and run with ${PYTHON}`);
  });

  const tmp = makeTempDir('kafka-dojo-records-');
  afterAll(() => tmp.cleanup());

  it('every batch we build reads in kafka-python as exactly our records', () => {
    const parts: Uint8Array[] = [];
    let offset = 0;
    let seed = 0;
    const add = (bytes: Uint8Array, count: number): void => {
      parts.push(bytes);
      offset += count;
    };
    for (const magic of [0, 1, 2] as const) {
      for (const compression of magic === 2 ? V2_CODECS : LEGACY_CODECS) {
        const records = sampleRecords(magic, 25, ++seed);
        add(buildRecordBatch(records, { magic, compression, baseOffset: offset }), records.length);
      }
    }
    const big = [{ key: null, value: pseudoRandomBytes(300_000, 21, 16), timestamp: 1 }];
    for (const compression of V2_CODECS.slice(1)) add(buildRecordBatch(big, { compression, baseOffset: offset }), 1);
    for (const magic of [0, 1] as const) {
      for (const compression of LEGACY_CODECS.slice(1)) add(buildRecordBatch(big, { magic, compression, baseOffset: offset }), 1);
    }
    add(
      buildRecordBatch(sampleRecords(2, 10, ++seed), {
        baseOffset: offset,
        compression: CompressionType.SNAPPY,
        timestampType: TimestampType.LOG_APPEND_TIME,
        logAppendTime: 1600000000000,
        partitionLeaderEpoch: 9,
      }),
      10,
    );
    add(
      buildRecordBatch(sampleRecords(1, 10, ++seed), {
        magic: 1,
        baseOffset: offset,
        compression: CompressionType.GZIP,
        timestampType: TimestampType.LOG_APPEND_TIME,
        logAppendTime: 1600000000000,
      }),
      10,
    );
    add(
      buildRecordBatch(sampleRecords(2, 5, seed + 1), {
        baseOffset: offset,
        producerId: 123456789012,
        producerEpoch: 4,
        baseSequence: 77,
        isTransactional: true,
        compression: CompressionType.LZ4,
      }),
      5,
    );
    add(
      buildControlBatch(ControlRecordType.COMMIT, 3, {
        producerId: 123456789012,
        producerEpoch: 4,
        timestamp: 1590000009999,
        baseOffset: offset,
      }),
      1,
    );
    add(
      buildControlBatch(ControlRecordType.ABORT, 3, { producerId: 5, producerEpoch: 0, timestamp: 1590000009999, baseOffset: offset }),
      1,
    );
    add(
      buildRecordBatch(
        [
          { key: null, value: utf8('far future'), timestamp: 2 ** 53 - 1 },
          { key: null, value: null, timestamp: 0 },
        ],
        { baseOffset: offset },
      ),
      2,
    );

    const file = concat(parts);
    const path = join(tmp.dir, 'ours.bin');
    writeFileSync(path, file);
    const theirs = (JSON.parse(python(['read', path])) as { batches: PyBatch[] }).batches;
    const ours = [...batchesIn(file)].map(asPython);
    expect(ours.length).toBeGreaterThan(40);
    expect(theirs).toHaveLength(ours.length);
    for (let i = 0; i < ours.length; i++) expect(theirs[i], `batch ${i}`).toEqual(ours[i]);
    expect(theirs.every((b) => b.crc_valid === true)).toBe(true);
  });

  it('every batch kafka-python builds reads here as exactly its records', () => {
    type SpecRecord = { offset: number; timestamp: number; key: string | null; value: string | null; headers?: [string, string | null][] };
    type SpecBatch = {
      magic: number;
      compression: number;
      is_transactional?: boolean;
      producer_id?: number;
      producer_epoch?: number;
      base_sequence?: number;
      records: SpecRecord[];
    };
    const batches: SpecBatch[] = [];
    let seed = 100;
    for (const magic of [0, 1, 2] as const) {
      for (const compression of magic === 2 ? V2_CODECS : LEGACY_CODECS) {
        const records = sampleRecords(magic, 20, ++seed).map((r, i) => ({
          offset: i,
          timestamp: r.timestamp ?? 0,
          key: hexOrNull(r.key),
          value: hexOrNull(r.value),
          headers: magic === 2 ? (r.headers ?? []).map((h) => [h.key, hexOrNull(h.value)] as [string, string | null]) : undefined,
        }));
        batches.push({ magic, compression, records });
      }
    }
    batches.push({
      magic: 2,
      compression: CompressionType.ZSTD,
      is_transactional: true,
      producer_id: 987654321,
      producer_epoch: 12,
      base_sequence: 2147483640,
      records: Array.from({ length: 20 }, (_, i) => ({
        offset: i,
        timestamp: 1590000000000 + i,
        key: null,
        value: hex(utf8('z'.repeat(100))),
      })),
    });
    const specPath = join(tmp.dir, 'spec.json');
    const outPath = join(tmp.dir, 'theirs.bin');
    writeFileSync(specPath, JSON.stringify({ batches }));
    python(['build', specPath, outPath]);
    const file = new Uint8Array(readFileSync(outPath));

    const ours = [...batchesIn(file)];
    const theirReading = (JSON.parse(python(['read', outPath])) as { batches: PyBatch[] }).batches;
    expect(theirReading).toHaveLength(ours.length);
    ours.forEach((b, i) => {
      b.ensureValid();
      expect(asPython(b), `entry ${i} as kafka-python reads it`).toEqual(theirReading[i]);
    });
    // An uncompressed legacy message set is one log entry per record; anything else one batch.
    let next = 0;
    batches.forEach((spec, i) => {
      const entries = spec.magic < 2 && spec.compression === CompressionType.NONE ? spec.records.length : 1;
      const group = ours.slice(next, next + entries);
      next += entries;
      for (const b of group) expect([b.magic, b.compressionType], `batch ${i}`).toEqual([spec.magic, spec.compression]);
      expect(
        group
          .flatMap((b) => asPython(b).records)
          .map((r) => ({ offset: r.offset, timestamp: r.timestamp, key: r.key, value: r.value, headers: r.headers })),
        `batch ${i} records`,
      ).toEqual(
        spec.records.map((r) => ({
          offset: r.offset,
          timestamp: spec.magic === 0 ? -1 : r.timestamp,
          key: r.key,
          value: r.value,
          headers: r.headers ?? [],
        })),
      );
    });
    expect(next).toBe(ours.length);
    const txn = ours[ours.length - 1];
    expect([txn.isTransactional, txn.producerId, txn.producerEpoch, txn.baseSequence, txn.lastSequence]).toEqual([
      true,
      987654321,
      12,
      2147483640,
      11,
    ]);
  });

  it('each side decompresses the other side codec streams', () => {
    const payloads = [
      utf8('hello'),
      pseudoRandomBytes(100_000, 31, 5),
      pseudoRandomBytes(70_000, 32),
      utf8('log line 42\n'.repeat(25_000)),
    ];
    // kafka-python (and the python codec modules) → our decompress
    const encode = payloads.flatMap((p) =>
      ['gzip', 'snappy', 'snappy-raw', 'lz4', 'lz4-checksums', 'lz4-old', 'zstd', 'zstd-streamed'].map((codec) => ({
        codec,
        data: hex(p),
      })),
    );
    const encoded = (JSON.parse(python(['codecs'], JSON.stringify({ encode }))) as { encoded: string[] }).encoded;
    const codecOf: { [name: string]: [CompressionType, Magic] } = {
      gzip: [CompressionType.GZIP, 2],
      snappy: [CompressionType.SNAPPY, 2],
      'snappy-raw': [CompressionType.SNAPPY, 2],
      lz4: [CompressionType.LZ4, 2],
      'lz4-checksums': [CompressionType.LZ4, 1],
      'lz4-old': [CompressionType.LZ4, 0],
      zstd: [CompressionType.ZSTD, 2],
      'zstd-streamed': [CompressionType.ZSTD, 2],
    };
    encode.forEach((item, i) => {
      const [type, magic] = codecOf[item.codec];
      expectSameBytes(
        decompress(type, new Uint8Array(Buffer.from(encoded[i], 'hex')), magic),
        new Uint8Array(Buffer.from(item.data, 'hex')),
      );
    });

    // our compress → kafka-python's decoders; raw LZ4 blocks through the reference block decoder
    const decode: { codec: string; data: string; size?: number }[] = [];
    const expected: string[] = [];
    for (const p of payloads) {
      for (const [codec, type, magic] of [
        ['gzip', CompressionType.GZIP, 2],
        ['snappy', CompressionType.SNAPPY, 2],
        ['lz4', CompressionType.LZ4, 1],
        ['lz4-old', CompressionType.LZ4, 0],
        ['zstd', CompressionType.ZSTD, 2],
      ] as const) {
        decode.push({ codec, data: hex(compress(type, p, magic)) });
        expected.push(hex(p));
      }
    }
    for (let seed = 1; seed <= 60; seed++) {
      const data = pseudoRandomBytes(seed === 60 ? 65_536 : (seed * 977) % 4000, seed, 1 + (seed % 9));
      const block = new Uint8Array(lz4CompressBound(data.length));
      const end = lz4CompressBlock(data, 0, data.length, block, 0);
      decode.push({ codec: 'lz4-block', size: data.length, data: hex(block.subarray(0, end)) });
      expected.push(hex(data));
    }
    const decoded = (JSON.parse(python(['codecs'], JSON.stringify({ decode }))) as { decoded: (string | { error: string })[] }).decoded;
    decoded.forEach((d, i) => {
      if (typeof d !== 'string') throw new Error(`kafka-python could not decode our ${decode[i].codec} (#${i}): ${d.error}`);
      if (d !== expected[i]) throw new Error(`kafka-python decoded our ${decode[i].codec} (#${i}) to different bytes`);
    });
  });
});
