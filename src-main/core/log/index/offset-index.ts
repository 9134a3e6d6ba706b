/**
 * `kafka.log.OffsetIndex` (`<base>.index`): 8-byte entries, `int32 relativeOffset` (offset − base
 * offset) and `int32 position` (byte position of a batch in `.log`), strictly increasing. A lookup
 * gives the last entry at or below an offset; the log is then scanned from that position.
 */
import type { FileSystem } from '../../platform/file-system';
import { IllegalArgumentException } from '../../common/java-lang';
import { AbstractIndex, CorruptIndexException, InvalidOffsetException } from './abstract-index';
import type { FileHandleCache } from '../segment/file-handle-cache';

export const OFFSET_INDEX_ENTRY_SIZE = 8;

export interface OffsetPosition {
  readonly offset: number;
  readonly position: number;
}

export class OffsetIndex extends AbstractIndex {
  protected readonly entrySize = OFFSET_INDEX_ENTRY_SIZE;

  static open(handles: FileHandleCache, path: string, baseOffset: number, maxIndexSize: number): OffsetIndex {
    const { entries, length } = AbstractIndex.openFile(handles.fs as FileSystem, path, maxIndexSize, OFFSET_INDEX_ENTRY_SIZE);
    return new OffsetIndex(handles, path, baseOffset, entries, length);
  }

  private relativeOffset(slot: number): number {
    return this.data().getInt32(slot * OFFSET_INDEX_ENTRY_SIZE);
  }

  entry(slot: number): OffsetPosition {
    const view = this.entryAt(slot);
    return { offset: this.baseOffset + view.getInt32(0), position: view.getInt32(4) };
  }

  /** The last entry, or (baseOffset, 0) when empty (`lastEntry`). */
  get lastEntry(): OffsetPosition {
    return this.entryCount === 0 ? { offset: this.baseOffset, position: 0 } : this.entry(this.entryCount - 1);
  }

  get lastOffset(): number {
    return this.lastEntry.offset;
  }

  /** `OffsetIndex.lookup`: the largest entry with offset ≤ `targetOffset`, else (baseOffset, 0). */
  lookup(targetOffset: number): OffsetPosition {
    const slot = this.largestLowerBoundSlot(targetOffset - this.baseOffset, (s) => this.relativeOffset(s));
    return slot < 0 ? { offset: this.baseOffset, position: 0 } : this.entry(slot);
  }

  /** `OffsetIndex.fetchUpperBoundOffset`: the first entry whose position is ≥ `position + fetchSize`. */
  fetchUpperBoundOffset(fetchPosition: number, fetchSize: number): OffsetPosition | null {
    const slot = this.smallestUpperBoundSlot(fetchPosition + fetchSize, (s) => this.data().getInt32(s * OFFSET_INDEX_ENTRY_SIZE + 4));
    return slot < 0 ? null : this.entry(slot);
  }

  /** `OffsetIndex.append`. */
  append(offset: number, position: number): void {
    if (this.isFull()) throw IllegalArgumentException.requirementFailed(`Attempt to append to a full index (size = ${this.entryCount}).`);
    if (this.entryCount > 0 && offset <= this.lastOffset) {
      throw new InvalidOffsetException(
        `Attempt to append an offset (${offset}) to position ${this.entryCount} no larger than the last offset appended (${this.lastOffset}) to ${this.path}.`,
      );
    }
    const entry = new Uint8Array(OFFSET_INDEX_ENTRY_SIZE);
    const view = new DataView(entry.buffer);
    view.setInt32(0, offset - this.baseOffset);
    view.setInt32(4, position);
    this.appendEntry(entry);
  }

  /** `OffsetIndex.truncateTo`: removes entries with offset ≥ `offset`. */
  truncateTo(offset: number): void {
    const slot = this.largestLowerBoundSlot(offset - this.baseOffset, (s) => this.relativeOffset(s));
    const newEntries = slot < 0 ? 0 : this.entry(slot).offset === offset ? slot : slot + 1;
    this.truncateToEntries(newEntries);
  }

  /** `OffsetIndex.sanityCheck`. */
  sanityCheck(): void {
    if (this.entryCount !== 0 && this.lastOffset < this.baseOffset) {
      throw new CorruptIndexException(
        `Corrupt index found, index file (${this.path}) has non-zero size but the last offset is ${this.lastOffset} which is less than the base offset ${this.baseOffset}.`,
      );
    }
  }

  /** Entries that break Kafka's invariant (strictly increasing offsets, positions within `logSize`). */
  check(logSize: number): string[] {
    const problems: string[] = [];
    for (let i = 0; i < this.entryCount; i++) {
      const e = this.entry(i);
      if (e.offset < this.baseOffset) problems.push(`entry ${i}: offset ${e.offset} is below the base offset ${this.baseOffset}`);
      if (i > 0 && e.offset <= this.entry(i - 1).offset) problems.push(`entry ${i}: offset ${e.offset} is not above the previous entry's`);
      if (e.position < 0 || e.position >= Math.max(logSize, 1))
        problems.push(`entry ${i}: position ${e.position} is outside the log (${logSize} bytes)`);
    }
    return problems;
  }
}
