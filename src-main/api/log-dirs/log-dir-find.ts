/**
 * Finding an offset, a time or a byte position in a segment as Kafka's LogSegment does: a binary
 * search of the index for the last entry at or below the target (`OffsetIndex.lookup`,
 * `TimeIndex.lookup`), then a forward scan of batch headers from that entry's position
 * (`FileRecords.searchForOffsetWithSize`, `searchForTimestamp`).
 */
import type { Record } from '../../core/record';
import type { ReadOnlyFile } from '../../core/platform/read-only-folder';
import type { IndexFileReader } from './log-dir-index';
import type { SegmentSeekDto } from './log-dir-contract';
import { MAX_DECODED_BATCH_BYTES, walkBatches, wholeBatch } from './log-dir-segment';

export interface FoundBatch {
  readonly offsetIndexEntry: { slot: number; offset: number; position: number };
  readonly timeIndexEntry: { slot: number; timestamp: number; offset: number } | null;
  readonly batchPosition: number | null;
  readonly foundOffset: number | null;
  readonly foundTimestamp: number | null;
  readonly message: string | null;
  readonly batchesScanned: number;
}

async function offsetEntryAtOrBelow(index: IndexFileReader | null, baseOffset: number, target: number, key: 'offset' | 'position') {
  const e = index ? await index.largestLowerBound(target, (x) => (key === 'offset' ? x.offset : (x.position ?? 0))) : null;
  return e ? { slot: e.slot, offset: e.offset, position: e.position ?? 0 } : { slot: -1, offset: baseOffset, position: 0 };
}

export async function findInSegment(
  log: ReadOnlyFile,
  baseOffset: number,
  offsetIndex: IndexFileReader | null,
  timeIndex: IndexFileReader | null,
  target: SegmentSeekDto,
): Promise<FoundBatch> {
  let scanned = 0;
  if (target.kind === 'offset') {
    const entry = await offsetEntryAtOrBelow(offsetIndex, baseOffset, target.offset, 'offset');
    let last = -1;
    for await (const item of walkBatches(log, entry.position)) {
      if (item.kind === 'stop') break;
      scanned++;
      last = item.batch.lastOffset;
      if (last >= target.offset) {
        const before =
          target.offset < baseOffset
            ? `Offset ${target.offset} is below this segment's base offset ${baseOffset}: its first batch is shown.`
            : null;
        return {
          offsetIndexEntry: entry,
          timeIndexEntry: null,
          batchPosition: item.position,
          foundOffset: null,
          foundTimestamp: null,
          message: before,
          batchesScanned: scanned,
        };
      }
    }
    const message = `Offset ${target.offset} is past the end of this segment${last >= 0 ? ` (its last offset is ${last})` : ''}.`;
    return {
      offsetIndexEntry: entry,
      timeIndexEntry: null,
      batchPosition: null,
      foundOffset: null,
      foundTimestamp: null,
      message,
      batchesScanned: scanned,
    };
  }
  if (target.kind === 'position') {
    const entry = await offsetEntryAtOrBelow(offsetIndex, baseOffset, target.position, 'position');
    for await (const item of walkBatches(log, entry.position)) {
      if (item.kind === 'stop') break;
      scanned++;
      if (item.position + item.sizeInBytes > target.position) {
        return {
          offsetIndexEntry: entry,
          timeIndexEntry: null,
          batchPosition: item.position,
          foundOffset: null,
          foundTimestamp: null,
          message: null,
          batchesScanned: scanned,
        };
      }
    }
    return {
      offsetIndexEntry: entry,
      timeIndexEntry: null,
      batchPosition: null,
      foundOffset: null,
      foundTimestamp: null,
      message: `Position ${target.position} is past the last whole batch of this segment (${log.size} bytes).`,
      batchesScanned: scanned,
    };
  }
  const t = timeIndex ? await timeIndex.largestLowerBound(target.timestamp, (x) => x.timestamp ?? -1) : null;
  const timeEntry = t ? { slot: t.slot, timestamp: t.timestamp ?? -1, offset: t.offset } : { slot: -1, timestamp: -1, offset: baseOffset };
  const entry = await offsetEntryAtOrBelow(offsetIndex, baseOffset, timeEntry.offset, 'offset');
  for await (const item of walkBatches(log, entry.position)) {
    if (item.kind === 'stop') break;
    scanned++;
    if (item.batch.maxTimestamp < target.timestamp) continue;
    const whole = await wholeBatch(log, item, MAX_DECODED_BATCH_BYTES);
    let records: Record[];
    try {
      records = whole?.records() ?? [];
    } catch {
      records = [];
    }
    const record = records.find((r) => r.timestamp >= target.timestamp && r.offset >= timeEntry.offset);
    if (record) {
      return {
        offsetIndexEntry: entry,
        timeIndexEntry: timeEntry,
        batchPosition: item.position,
        foundOffset: record.offset,
        foundTimestamp: record.timestamp,
        message: null,
        batchesScanned: scanned,
      };
    }
  }
  return {
    offsetIndexEntry: entry,
    timeIndexEntry: timeEntry,
    batchPosition: null,
    foundOffset: null,
    foundTimestamp: null,
    message: `No record of this segment has a timestamp at or after ${target.timestamp}.`,
    batchesScanned: scanned,
  };
}
