/**
 * Debian's kafka-python (python3-kafka and its codec modules, run with /usr/bin/python3) as an
 * independent implementation of Kafka's record formats, through
 * test/fixtures/kafka_python_records.py: what it reads in a file of batches, in the shape our
 * `asPython` gives our own reading.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RecordBatch } from '../../src-main/core/record';

export const PYTHON = '/usr/bin/python3';
export const SCRIPT = resolve(import.meta.dirname, '../fixtures/kafka_python_records.py');
export const APT_PACKAGES = 'python3-kafka python3-snappy python3-lz4 python3-zstandard python3-xxhash';

/** Why kafka-python cannot be used here, or null when it can. */
export function kafkaPythonUnavailable(): string | null {
  if (!existsSync(PYTHON)) return `${PYTHON} does not exist`;
  const r = spawnSync(PYTHON, [SCRIPT, 'probe'], { encoding: 'utf8' });
  if (r.error) return r.error.message;
  if (r.status !== 0) return `${r.stdout}${r.stderr}`.trim() || `probe exited with ${r.status}`;
  return null;
}

export function python(args: string[], input?: string): string {
  const r = spawnSync(PYTHON, [SCRIPT, ...args], { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`kafka_python_records.py ${args[0]} exited with ${r.status}: ${r.stderr}`);
  return r.stdout;
}

export interface PyRecord {
  offset: number;
  timestamp: number;
  timestamp_type: number;
  key: string | null;
  value: string | null;
  headers: [string, string | null][];
}
export type PyBatch = { [field: string]: unknown; records: PyRecord[] };

export const hexOrNull = (b: Uint8Array | null): string | null => (b === null ? null : Buffer.from(b).toString('hex'));

/** Our reading of a batch, in the shape the Python script prints. */
export function asPython(b: RecordBatch): PyBatch {
  const records: PyRecord[] = b.records().map((r) => ({
    offset: r.offset,
    timestamp: r.timestamp,
    timestamp_type: r.timestampType,
    key: hexOrNull(r.key),
    value: hexOrNull(r.value),
    headers: r.headers.map((h) => [h.key, hexOrNull(h.value)] as [string, string | null]),
  }));
  if (b.magic === 2) {
    return {
      magic: 2,
      base_offset: b.baseOffset,
      last_offset_delta: b.lastOffset - b.baseOffset,
      partition_leader_epoch: b.partitionLeaderEpoch,
      crc: b.storedChecksum,
      crc_valid: b.isValid(),
      compression: b.compressionType,
      timestamp_type: b.timestampType,
      is_transactional: b.isTransactional,
      is_control: b.isControlBatch,
      first_timestamp: b.firstTimestamp,
      max_timestamp: b.maxTimestamp,
      producer_id: b.producerId,
      producer_epoch: b.producerEpoch,
      base_sequence: b.baseSequence,
      count: b.countOrNull,
      records,
    };
  }
  return {
    magic: b.magic,
    offset: b.lastOffset,
    crc: b.storedChecksum,
    crc_valid: b.isValid(),
    compression: b.compressionType,
    timestamp_type: b.timestampType,
    timestamp: b.maxTimestamp,
    records,
  };
}
