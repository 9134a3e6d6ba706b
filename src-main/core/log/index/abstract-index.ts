/**
 * `kafka.log.AbstractIndex`: a file of fixed-size entries that Kafka memory-maps. Here the entries
 * live in a byte buffer mirroring the file (read lazily on first use), and every append is also
 * written to the file at its slot, so the file holds exactly what Kafka's mapping would.
 *
 * Size rules (Kafka's):
 * - a new index, or the active segment's on load, is pre-allocated to `maxIndexSize` rounded down
 *   to a multiple of the entry size; entries = what had been written (`resize` keeps them);
 * - an index found on disk is taken at its word: entries = its length / entry size, even when a
 *   crash left a pre-allocated tail of zeros (recovery then resets it);
 * - `trimToValidSize` (segment rolled or closed) cuts the file to entries × entry size.
 */
import { IllegalArgumentException } from '../../common/java-lang';
import type { FileSystem } from '../../platform/file-system';
import { KafkaException } from '../errors';
import type { FileHandleCache } from '../segment/file-handle-cache';
import { SegmentFile } from '../segment/segment-file';

/** `org.apache.kafka.common.errors.CorruptIndexException`. */
export class CorruptIndexException extends KafkaException {
  override readonly name = 'CorruptIndexException';
  override readonly javaClass = 'org.apache.kafka.common.errors.CorruptIndexException';
}

/** `org.apache.kafka.common.errors.InvalidOffsetException`. */
export class InvalidOffsetException extends KafkaException {
  override readonly name = 'InvalidOffsetException';
  override readonly javaClass = 'org.apache.kafka.common.errors.InvalidOffsetException';
}

/** `AbstractIndex.roundDownToExactMultiple`. */
export function roundDownToExactMultiple(n: number, factor: number): number {
  return factor * Math.floor(n / factor);
}

/** The length a fresh index file gets for `segment.index.bytes = maxIndexSize`. */
export function preallocatedIndexSize(maxIndexSize: number, entrySize: number): number {
  if (maxIndexSize < entrySize) throw new IllegalArgumentException(`Invalid max index size: ${maxIndexSize}`);
  return roundDownToExactMultiple(maxIndexSize, entrySize);
}

export abstract class AbstractIndex extends SegmentFile {
  protected abstract readonly entrySize: number;
  /** Entries, as the mapped file would show them; null until first used. */
  private buffer: Uint8Array | null = null;
  protected view: DataView | null = null;
  protected entryCount: number;
  /** File length in bytes (the mapping's limit). */
  private length: number;

  protected constructor(
    handles: FileHandleCache,
    path: string,
    readonly baseOffset: number,
    entries: number,
    length: number,
  ) {
    super(handles, path);
    this.entryCount = entries;
    this.length = length;
  }

  /** Opens or creates the index file; a new file is pre-allocated to `maxIndexSize`. */
  protected static openFile(fs: FileSystem, path: string, maxIndexSize: number, entrySize: number): { entries: number; length: number } {
    if (!fs.exists(path)) {
      const length = preallocatedIndexSize(maxIndexSize, entrySize);
      fs.setLength(path, length);
      return { entries: 0, length };
    }
    const length = roundDownToExactMultiple(fs.stat(path).size, entrySize);
    return { entries: length / entrySize, length };
  }

  get entries(): number {
    return this.entryCount;
  }

  get maxEntries(): number {
    return Math.floor(this.length / this.entrySize);
  }

  get sizeInBytes(): number {
    return this.entryCount * this.entrySize;
  }

  get fileLength(): number {
    return this.length;
  }

  isFull(): boolean {
    return this.entryCount >= this.maxEntries;
  }

  /** The entry bytes, loaded from the file the first time. */
  protected data(): DataView {
    if (this.view) return this.view;
    const bytes = new Uint8Array(Math.max(this.entryCount * this.entrySize, 64));
    const wanted = this.entryCount * this.entrySize;
    if (wanted > 0) {
      const handle = this.handles.get(this.path);
      let read = 0;
      while (read < wanted) {
        const n = handle.read(bytes.subarray(read, wanted), read);
        if (n === 0) break;
        read += n;
      }
    }
    this.buffer = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return this.view;
  }

  /**
   * One entry's bytes, without loading the whole index: what `lastEntry` and the sanity checks
   * need (an index a crash left pre-allocated holds megabytes of zeros).
   */
  protected entryAt(slot: number): DataView {
    if (this.view) return new DataView(this.view.buffer, this.view.byteOffset + slot * this.entrySize, this.entrySize);
    const bytes = new Uint8Array(this.entrySize);
    this.handles.get(this.path).read(bytes, slot * this.entrySize);
    return new DataView(bytes.buffer);
  }

  /** Writes `entry` in the next slot, in memory and in the file. */
  protected appendEntry(entry: Uint8Array): void {
    this.data();
    const at = this.entryCount * this.entrySize;
    if (this.buffer!.length < at + this.entrySize) {
      const grown = new Uint8Array(Math.max(this.buffer!.length * 2, at + this.entrySize));
      grown.set(this.buffer!);
      this.buffer = grown;
      this.view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength);
    }
    this.buffer!.set(entry, at);
    this.handles.get(this.path).write(entry, at);
    this.entryCount++;
  }

  /** Largest slot whose key is ≤ `target`, by binary search (`largestLowerBoundSlotFor`); −1 if none. */
  protected largestLowerBoundSlot(target: number, keyAt: (slot: number) => number): number {
    if (this.entryCount === 0 || keyAt(0) > target) return -1;
    let lo = 0;
    let hi = this.entryCount - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (keyAt(mid) <= target) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Smallest slot whose key is ≥ `target`; −1 if none. */
  protected smallestUpperBoundSlot(target: number, keyAt: (slot: number) => number): number {
    if (this.entryCount === 0 || keyAt(this.entryCount - 1) < target) return -1;
    let lo = 0;
    let hi = this.entryCount - 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (keyAt(mid) >= target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Keeps the first `entries` entries (`truncateToEntries`). */
  protected truncateToEntries(entries: number): void {
    this.entryCount = Math.min(entries, this.entryCount);
  }

  /** `AbstractIndex.resize`: sets the file length (rounded down to whole entries); entries are kept. */
  resize(newSize: number): boolean {
    const rounded = roundDownToExactMultiple(newSize, this.entrySize);
    if (this.length === rounded) return false;
    this.data();
    this.handles.get(this.path).truncate(rounded);
    this.length = rounded;
    this.entryCount = Math.min(this.entryCount, rounded / this.entrySize);
    return true;
  }

  /** `trimToValidSize`: the file cut to its entries (a segment that stops being active). */
  trimToValidSize(): void {
    this.resize(this.entryCount * this.entrySize);
  }

  /** `reset`: no entries, and the file re-expanded to its full size (recovery rebuilds it). */
  reset(maxIndexSize: number): void {
    this.entryCount = 0;
    this.resize(preallocatedIndexSize(maxIndexSize, this.entrySize));
  }

  flush(): void {
    if (this.handles.fs.exists(this.path)) this.handles.get(this.path).sync();
  }

  override deleteIfExists(): boolean {
    this.buffer = null;
    this.view = null;
    return super.deleteIfExists();
  }

  /** Raw entry bytes for the log browser (what the file holds in its valid part). */
  entryBytes(): Uint8Array {
    this.data();
    return this.buffer!.slice(0, this.entryCount * this.entrySize);
  }
}
