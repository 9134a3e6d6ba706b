/**
 * `message.format.version` on append, as Kafka 2.5.1's LogValidator: a topic at `0.10.2` stores
 * magic 1 and one at `0.9.0` magic 0, whatever the producer sent; what those formats cannot hold
 * (headers, idempotent or transactional batches) fails the append with 2.5's error; the
 * timestamp checks apply to the converted records too; what the conversion cost is reported.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import { Log } from '../../../src-main/core/log/log';
import { LogConfig, type TopicConfigValues } from '../../../src-main/core/log/log-config';
import { RecordValidationException } from '../../../src-main/core/log/record-validation-exception';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { batchesIn, buildRecordBatch, CompressionType, type SimpleRecord, TimestampType } from '../../../src-main/core/record';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();
const T0 = 1_600_000_000_000;
const utf8 = (s: string) => new TextEncoder().encode(s);

function records(n: number, extra: Partial<SimpleRecord> = {}): SimpleRecord[] {
  return Array.from({ length: n }, (_, i) => ({ key: utf8(`k${i}`), value: utf8(`v${i}`), timestamp: T0 - 10 + i, ...extra }));
}

describe('message.format.version on append', () => {
  let dir: string;
  let cleanup: () => void;
  let time: ManualTime;
  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('kafka-dojo-format-'));
    time = new ManualTime(T0);
  });
  afterEach(() => cleanup());

  function newLog(config: TopicConfigValues): Log {
    return Log.create({ fs, time, random: new SeededRandom(3), dir: join(dir, 'old-0'), config: LogConfig.of(config) });
  }

  function stored(log: Log) {
    const bytes = log.read(0, 1 << 20, 'log-end', true).records;
    return [...batchesIn(bytes)];
  }

  it('0.10.2 stores a v2 batch as magic 1 messages with its offsets and timestamps, and counts the conversion', () => {
    const log = newLog({ 'message.format.version': '0.10.2' });
    const info = log.appendAsLeader(buildRecordBatch(records(3)), 0);
    expect([info.firstOffset, info.lastOffset, info.maxTimestamp]).toEqual([0, 2, T0 - 8]);
    expect(info.recordConversionStats.numRecordsConverted).toBe(3);
    expect(info.recordConversionStats.temporaryMemoryBytes).toBeGreaterThan(0);
    const batches = stored(log);
    expect(batches.map((b) => [b.magic, b.baseOffset, b.compressionType])).toEqual([
      [1, 0, CompressionType.NONE],
      [1, 1, CompressionType.NONE],
      [1, 2, CompressionType.NONE],
    ]);
    const read = batches.flatMap((b) => b.records());
    expect(read.map((r) => [r.offset, new TextDecoder().decode(r.value!), r.timestamp, r.timestampType])).toEqual([
      [0, 'v0', T0 - 10, TimestampType.CREATE_TIME],
      [1, 'v1', T0 - 9, TimestampType.CREATE_TIME],
      [2, 'v2', T0 - 8, TimestampType.CREATE_TIME],
    ]);
    for (const b of batches) b.ensureValid();
  });

  it('0.10.2 recompresses a gzip v2 batch into one gzip v1 wrapper after the log end', () => {
    const log = newLog({ 'message.format.version': '0.10.2' });
    log.appendAsLeader(buildRecordBatch(records(2)), 0);
    const info = log.appendAsLeader(buildRecordBatch(records(4), { compression: CompressionType.GZIP }), 0);
    expect([info.firstOffset, info.lastOffset]).toEqual([2, 5]);
    expect(info.recordConversionStats.numRecordsConverted).toBe(4);
    const wrapper = stored(log).at(-1)!;
    wrapper.ensureValid();
    expect([wrapper.magic, wrapper.compressionType, wrapper.baseOffset, wrapper.lastOffset]).toEqual([1, CompressionType.GZIP, 2, 5]);
    expect(wrapper.records().map((r) => r.offset)).toEqual([2, 3, 4, 5]);
  });

  it('0.9.0 stores magic 0: no timestamps', () => {
    const log = newLog({ 'message.format.version': '0.9.0' });
    log.appendAsLeader(buildRecordBatch(records(2)), 0);
    const batches = stored(log);
    expect(batches.map((b) => b.magic)).toEqual([0, 0]);
    expect(batches.flatMap((b) => b.records()).map((r) => [r.offset, r.timestamp, r.timestampType])).toEqual([
      [0, -1, TimestampType.NO_TIMESTAMP_TYPE],
      [1, -1, TimestampType.NO_TIMESTAMP_TYPE],
    ]);
  });

  it('a v1 message already in the topic format is stamped in place, not converted', () => {
    const log = newLog({ 'message.format.version': '0.10.2' });
    const info = log.appendAsLeader(buildRecordBatch(records(2), { magic: 1, baseOffset: 77 }), 0);
    expect(info.recordConversionStats.numRecordsConverted).toBe(0);
    expect(stored(log).map((b) => [b.magic, b.baseOffset])).toEqual([
      [1, 0],
      [1, 1],
    ]);
  });

  it('LogAppendTime on 0.10.2: the v1 messages carry the broker time', () => {
    const log = newLog({ 'message.format.version': '0.10.2', 'message.timestamp.type': 'LogAppendTime' });
    const info = log.appendAsLeader(buildRecordBatch(records(2)), 0);
    expect(info.logAppendTime).toBe(T0);
    expect(stored(log).flatMap((b) => b.records().map((r) => [r.timestamp, r.timestampType]))).toEqual([
      [T0, TimestampType.LOG_APPEND_TIME],
      [T0, TimestampType.LOG_APPEND_TIME],
    ]);
  });

  it('refuses what v0/v1 cannot hold, writing nothing: headers, idempotent and transactional batches', () => {
    const log = newLog({ 'message.format.version': '0.10.2' });
    const withHeaders = buildRecordBatch(records(1, { headers: [{ key: 'h', value: null }] }));
    expect(() => log.appendAsLeader(withHeaders, 0)).toThrow('Magic v1 does not support record headers');
    const idempotent = buildRecordBatch(records(1), { producerId: 9, producerEpoch: 0, baseSequence: 0 });
    const error = (() => {
      try {
        log.appendAsLeader(idempotent, 0);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(KafkaApiError);
    expect((error as KafkaApiError).errorName).toBe('UNSUPPORTED_FOR_MESSAGE_FORMAT');
    expect((error as KafkaApiError).message).toBe('Idempotent records cannot be used with magic version 1');
    const transactional = buildRecordBatch(records(1), { producerId: 9, producerEpoch: 0, baseSequence: 0, isTransactional: true });
    expect(() => log.appendAsLeader(transactional, 0)).toThrow('Transactional records cannot be used with magic version 1');
    expect(log.logEndOffset).toBe(0);
  });

  it('checks the timestamps of records it converts (INVALID_TIMESTAMP)', () => {
    const log = newLog({ 'message.format.version': '0.10.2', 'message.timestamp.difference.max.ms': 1000 });
    const stale = buildRecordBatch(records(2, { timestamp: T0 - 5000 }));
    const error = (() => {
      try {
        log.appendAsLeader(stale, 0);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(RecordValidationException);
    expect((error as RecordValidationException).invalidException.errorName).toBe('INVALID_TIMESTAMP');
    expect((error as RecordValidationException).recordErrors.map((e) => e.batchIndex)).toEqual([0, 1]);
    expect(log.logEndOffset).toBe(0);
  });
});
