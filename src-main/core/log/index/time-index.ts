/**
 * `kafka.log.TimeIndex` (`<base>.timeindex`): 12-byte entries, `int64 timestamp` and `int32
 * relativeOffset`. An entry is written only when its timestamp is strictly greater than the last;
 * its offset is the batch holding the largest timestamp so far. One slot stays free for the entry
 * written when the segment becomes inactive, so "full" is `entries ≥ maxEntries − 1`.
 */
import { IllegalArgumentException, IllegalStateException } from '../../common/java-lang';
import type { FileSystem } from '../../platform/file-system';
import { AbstractIndex, CorruptIndexException, InvalidOffsetException } from './abstract-index';
import type { FileHandleCache } from '../segment/file-handle-cache';

export const TIME_INDEX_ENTRY_SIZE = 12;

export interface TimestampOffset {
  readonly timestamp: number;
  readonly offset: number;
}

export class TimeIndex extends AbstractIndex {
  protected readonly entrySize = TIME_INDEX_ENTRY_SIZE;

  static open(handles: FileHandleCache, path: string, baseOffset: number, maxIndexSize: number): TimeIndex {
    const { entries, length } = AbstractIndex.openFile(handles.fs as FileSystem, path, maxIndexSize, TIME_INDEX_ENTRY_SIZE);
    return new TimeIndex(handles, path, baseOffset, entries, length);
  }

  private timestampAt(slot: number): number {
    return Number(this.data().getBigInt64(slot * TIME_INDEX_ENTRY_SIZE));
  }

  entry(slot: number): TimestampOffset {
    const view = this.entryAt(slot);
    return { timestamp: Number(view.getBigInt64(0)), offset: this.baseOffset + view.getInt32(8) };
  }

  /** The last entry, or (−1, baseOffset) when empty. */
  get lastEntry(): TimestampOffset {
    return this.entryCount === 0 ? { timestamp: -1, offset: this.baseOffset } : this.entry(this.entryCount - 1);
  }

  override isFull(): boolean {
    return this.entryCount >= this.maxEntries - 1;
  }

  /** `TimeIndex.maybeAppend`. */
  maybeAppend(timestamp: number, offset: number, skipFullCheck = false): void {
    if (!skipFullCheck && this.isFull()) {
      throw IllegalArgumentException.requirementFailed(`Attempt to append to a full time index (size = ${this.entryCount}).`);
    }
    const last = this.lastEntry;
    if (this.entryCount !== 0 && offset < last.offset) {
      throw new InvalidOffsetException(
        `Attempt to append an offset (${offset}) to slot ${this.entryCount} no larger than the last offset appended (${last.offset}) to ${this.path}.`,
      );
    }
    if (this.entryCount !== 0 && timestamp < last.timestamp) {
      throw new IllegalStateException(
        `Attempt to append a timestamp (${timestamp}) to slot ${this.entryCount} no larger than the last timestamp appended (${last.timestamp}) to ${this.path}.`,
      );
    }
    // An empty index's last entry is (−1, base): v0 data (no timestamps) leaves the index empty.
    if (timestamp > last.timestamp) {
      const entry = new Uint8Array(TIME_INDEX_ENTRY_SIZE);
      const view = new DataView(entry.buffer);
      view.setBigInt64(0, BigInt(timestamp));
      view.setInt32(8, offset - this.baseOffset);
      this.appendEntry(entry);
    }
  }

  /** `TimeIndex.lookup`: the last entry with timestamp ≤ `targetTimestamp`, else (−1, baseOffset). */
  lookup(targetTimestamp: number): TimestampOffset {
    const slot = this.largestLowerBoundSlot(targetTimestamp, (s) => this.timestampAt(s));
    return slot < 0 ? { timestamp: -1, offset: this.baseOffset } : this.entry(slot);
  }

  /** `TimeIndex.truncateTo`: removes entries with offset ≥ `offset`. */
  truncateTo(offset: number): void {
    const slot = this.largestLowerBoundSlot(offset - this.baseOffset, (s) => this.data().getInt32(s * TIME_INDEX_ENTRY_SIZE + 8));
    const newEntries = slot < 0 ? 0 : this.entry(slot).offset === offset ? slot : slot + 1;
    this.truncateToEntries(newEntries);
  }

  /** `TimeIndex.sanityCheck`. */
  sanityCheck(): void {
    if (this.entryCount === 0) return;
    const last = this.lastEntry;
    const firstTimestamp = this.entry(0).timestamp;
    if (last.timestamp < firstTimestamp) {
      throw new CorruptIndexException(
        `Corrupt time index found, time index file (${this.path}) has non-zero size but the last timestamp is ${last.timestamp} which is less than the first timestamp ${firstTimestamp}`,
      );
    }
    if (last.offset < this.baseOffset) {
      throw new CorruptIndexException(
        `Corrupt time index found, time index file (${this.path}) has non-zero size but the last offset is ${last.offset} which is less than the first offset ${this.baseOffset}`,
      );
    }
  }
}
