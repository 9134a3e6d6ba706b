/**
 * The `<20-digit offset>.snapshot` file of a partition dir (Kafka 2.5's `ProducerStateManager`
 * `PidSnapshotMapSchema`, version 1), big-endian:
 *
 *   int16 version (1) | uint32 crc (CRC-32C of everything after it) | int32 count |
 *   count × { int64 producer_id, int16 epoch, int32 last_sequence, int64 last_offset,
 *             int32 offset_delta, int64 timestamp, int32 coordinator_epoch,
 *             int64 current_txn_first_offset (−1: none) }
 *
 * Only each producer's last batch is kept, so after a restart a duplicate of an older one of its
 * five retained batches is no longer recognised — as in Kafka.
 */
import { crc32c } from '../../record';
import { ProducerStateEntry } from './producer-state-entry';

export const PRODUCER_SNAPSHOT_VERSION = 1;
const CRC_OFFSET = 2;
const PRODUCER_ENTRIES_OFFSET = 6;
const ENTRY_SIZE = 8 + 2 + 4 + 8 + 4 + 8 + 4 + 8;

/** `CorruptSnapshotException`: the file is dropped and an older one (or the log) is used instead. */
export class CorruptSnapshotException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptSnapshotException';
  }
}

/** One row of a snapshot, as written. */
export interface ProducerSnapshotEntry {
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly lastSequence: number;
  readonly lastOffset: number;
  readonly offsetDelta: number;
  readonly timestamp: number;
  readonly coordinatorEpoch: number;
  readonly currentTxnFirstOffset: number;
}

export function snapshotEntryOf(entry: ProducerStateEntry): ProducerSnapshotEntry {
  return {
    producerId: entry.producerId,
    producerEpoch: entry.producerEpoch,
    lastSequence: entry.lastSeq,
    lastOffset: entry.lastDataOffset,
    offsetDelta: entry.lastOffsetDelta,
    timestamp: entry.lastTimestamp,
    coordinatorEpoch: entry.coordinatorEpoch,
    currentTxnFirstOffset: entry.currentTxnFirstOffset ?? -1,
  };
}

/** `readSnapshot`'s entry: only a batch with a real offset is kept. */
export function producerStateEntryOf(e: ProducerSnapshotEntry): ProducerStateEntry {
  const batches =
    e.lastOffset >= 0 ? [{ lastSeq: e.lastSequence, lastOffset: e.lastOffset, offsetDelta: e.offsetDelta, timestamp: e.timestamp }] : [];
  return new ProducerStateEntry(
    e.producerId,
    batches,
    e.producerEpoch,
    e.coordinatorEpoch,
    e.timestamp,
    e.currentTxnFirstOffset >= 0 ? e.currentTxnFirstOffset : null,
  );
}

export function encodeProducerSnapshot(entries: readonly ProducerSnapshotEntry[]): Uint8Array {
  const bytes = new Uint8Array(PRODUCER_ENTRIES_OFFSET + 4 + entries.length * ENTRY_SIZE);
  const view = new DataView(bytes.buffer);
  view.setInt16(0, PRODUCER_SNAPSHOT_VERSION);
  view.setInt32(PRODUCER_ENTRIES_OFFSET, entries.length);
  let p = PRODUCER_ENTRIES_OFFSET + 4;
  for (const e of entries) {
    view.setBigInt64(p, BigInt(e.producerId));
    view.setInt16(p + 8, e.producerEpoch);
    view.setInt32(p + 10, e.lastSequence);
    view.setBigInt64(p + 14, BigInt(e.lastOffset));
    view.setInt32(p + 22, e.offsetDelta);
    view.setBigInt64(p + 26, BigInt(e.timestamp));
    view.setInt32(p + 34, e.coordinatorEpoch);
    view.setBigInt64(p + 38, BigInt(e.currentTxnFirstOffset));
    p += ENTRY_SIZE;
  }
  view.setUint32(CRC_OFFSET, crc32c(bytes, PRODUCER_ENTRIES_OFFSET));
  return bytes;
}

/** `readSnapshot`: throws `CorruptSnapshotException` with Kafka's words. */
export function decodeProducerSnapshot(bytes: Uint8Array): ProducerSnapshotEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (size: number, what: string) => {
    if (bytes.length < size)
      throw new CorruptSnapshotException(
        `Snapshot failed schema validation: Error reading field '${what}': java.nio.BufferUnderflowException`,
      );
  };
  need(2, 'version');
  const version = view.getInt16(0);
  need(PRODUCER_ENTRIES_OFFSET, 'crc');
  need(PRODUCER_ENTRIES_OFFSET + 4, 'producer_entries');
  if (version !== PRODUCER_SNAPSHOT_VERSION) throw new CorruptSnapshotException(`Snapshot contained an unknown file version ${version}`);
  const crc = view.getUint32(CRC_OFFSET);
  const computed = crc32c(bytes, PRODUCER_ENTRIES_OFFSET);
  if (crc !== computed)
    throw new CorruptSnapshotException(`Snapshot is corrupt (CRC is no longer valid). Stored crc: ${crc}. Computed crc: ${computed}`);
  const count = view.getInt32(PRODUCER_ENTRIES_OFFSET);
  if (count < 0 || bytes.length < PRODUCER_ENTRIES_OFFSET + 4 + count * ENTRY_SIZE) {
    throw new CorruptSnapshotException(
      `Snapshot failed schema validation: Error reading array of size ${count}, only ${bytes.length - PRODUCER_ENTRIES_OFFSET - 4} bytes available`,
    );
  }
  const out: ProducerSnapshotEntry[] = [];
  let p = PRODUCER_ENTRIES_OFFSET + 4;
  for (let i = 0; i < count; i++, p += ENTRY_SIZE) {
    out.push({
      producerId: Number(view.getBigInt64(p)),
      producerEpoch: view.getInt16(p + 8),
      lastSequence: view.getInt32(p + 10),
      lastOffset: Number(view.getBigInt64(p + 14)),
      offsetDelta: view.getInt32(p + 22),
      timestamp: Number(view.getBigInt64(p + 26)),
      coordinatorEpoch: view.getInt32(p + 34),
      currentTxnFirstOffset: Number(view.getBigInt64(p + 38)),
    });
  }
  return out;
}
