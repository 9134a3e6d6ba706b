/**
 * A segment's `.index` / `.timeindex` read from disk in small slices, for lookups without loading
 * the file: Kafka's binary searches (`OffsetIndex.lookup`, `TimeIndex.lookup`) over entries read a
 * block at a time. Entry layouts are Kafka's (core/log offset-index.ts, time-index.ts):
 *
 *   offset index entry (8 bytes)  = int32 relativeOffset, int32 position
 *   time index entry  (12 bytes)  = int64 timestamp, int32 relativeOffset
 *
 * The active segment's indexes are pre-allocated (10 MB of zeros after the entries); as in
 * `kafka-dump-log`, a slot after the first whose relative offset is 0 is not an entry. The entries
 * in use are found by binary search on that boundary.
 */
import type { ReadOnlyFile } from '../../core/platform/read-only-folder';
import { OFFSET_INDEX_ENTRY_SIZE, TIME_INDEX_ENTRY_SIZE } from '../../core/log/segment/log-segment';
import type { IndexEntryDto, IndexKindDto } from './log-dir-contract';

const BLOCK_BYTES = 4096;

export class IndexFileReader {
  readonly entrySize: number;
  readonly slots: number;
  private entryCount = -1;
  private readonly blocks = new Map<number, Uint8Array>();

  constructor(
    readonly kind: IndexKindDto,
    readonly file: ReadOnlyFile,
    readonly baseOffset: number,
  ) {
    this.entrySize = kind === 'offset' ? OFFSET_INDEX_ENTRY_SIZE : TIME_INDEX_ENTRY_SIZE;
    this.slots = Math.floor(file.size / this.entrySize);
  }

  get sizeBytes(): number {
    return this.file.size;
  }

  /** The raw bytes of one slot, through a small block cache. */
  private async slotBytes(slot: number): Promise<DataView> {
    const at = slot * this.entrySize;
    const blockNo = Math.floor(at / BLOCK_BYTES);
    let block = this.blocks.get(blockNo);
    if (!block) {
      // A block boundary may cut an entry: read one entry more.
      block = await this.file.read(blockNo * BLOCK_BYTES, BLOCK_BYTES + this.entrySize);
      if (this.blocks.size > 64) this.blocks.clear();
      this.blocks.set(blockNo, block);
    }
    return new DataView(block.buffer, block.byteOffset + (at - blockNo * BLOCK_BYTES), this.entrySize);
  }

  private decode(view: DataView, slot: number): IndexEntryDto {
    if (this.kind === 'offset') {
      return { slot, offset: this.baseOffset + view.getInt32(0), position: view.getInt32(4), timestamp: null };
    }
    return { slot, offset: this.baseOffset + view.getInt32(8), position: null, timestamp: Number(view.getBigInt64(0)) };
  }

  async entry(slot: number): Promise<IndexEntryDto> {
    return this.decode(await this.slotBytes(slot), slot);
  }

  private async relativeOffset(slot: number): Promise<number> {
    const view = await this.slotBytes(slot);
    return view.getInt32(this.kind === 'offset' ? 0 : 8);
  }

  private async inUse(slot: number): Promise<boolean> {
    if (slot > 0) return (await this.relativeOffset(slot)) !== 0;
    const view = await this.slotBytes(0);
    for (let i = 0; i < this.entrySize; i++) if (view.getUint8(i) !== 0) return true;
    return false;
  }

  /** Entries in use: the slots before the first zero slot (binary search on that boundary). */
  async entries(): Promise<number> {
    if (this.entryCount >= 0) return this.entryCount;
    let count: number;
    if (this.slots === 0 || !(await this.inUse(0))) count = 0;
    else if (await this.inUse(this.slots - 1)) count = this.slots;
    else {
      let lo = 0; // in use
      let hi = this.slots - 1; // not in use
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (await this.inUse(mid)) lo = mid;
        else hi = mid;
      }
      count = hi;
    }
    this.entryCount = count;
    return count;
  }

  /** `largestLowerBoundSlotFor`: the last slot whose key is ≤ `target`, −1 if none. */
  async largestLowerBound(target: number, key: (e: IndexEntryDto) => number): Promise<IndexEntryDto | null> {
    const n = await this.entries();
    if (n === 0 || key(await this.entry(0)) > target) return null;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (key(await this.entry(mid)) <= target) lo = mid;
      else hi = mid - 1;
    }
    return this.entry(lo);
  }

  /** The first entry whose key is > `target`, else null. */
  async smallestAbove(target: number, key: (e: IndexEntryDto) => number): Promise<IndexEntryDto | null> {
    const n = await this.entries();
    if (n === 0 || key(await this.entry(n - 1)) <= target) return null;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (key(await this.entry(mid)) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.entry(lo);
  }

  /** Entries `from`..`from + limit` (one read). */
  async page(from: number, limit: number): Promise<IndexEntryDto[]> {
    const n = await this.entries();
    const start = Math.max(0, Math.min(from, n));
    const end = Math.min(n, start + Math.max(0, limit));
    const bytes = await this.file.read(start * this.entrySize, (end - start) * this.entrySize);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const out: IndexEntryDto[] = [];
    for (let slot = start; slot < end && (slot - start + 1) * this.entrySize <= bytes.length; slot++) {
      out.push(this.decode(new DataView(view.buffer, view.byteOffset + (slot - start) * this.entrySize, this.entrySize), slot));
    }
    return out;
  }

  /**
   * Every entry as `kafka-dump-log` reads them (stopping at a zero slot after the first), read in
   * 256 KiB slices (a few milliseconds of decoding each) and handed to `each` in slot order;
   * returns how many there were.
   */
  async forEach(each: (e: IndexEntryDto) => void): Promise<number> {
    const size = this.entrySize;
    const perSlice = Math.floor((256 * 1024) / size);
    for (let start = 0; start < this.slots; start += perSlice) {
      const bytes = await this.file.read(start * size, Math.min(perSlice, this.slots - start) * size);
      for (let i = 0; (i + 1) * size <= bytes.length; i++) {
        const slot = start + i;
        const view = new DataView(bytes.buffer, bytes.byteOffset + i * size, size);
        const e = this.decode(view, slot);
        if (slot > 0 && e.offset === this.baseOffset) return slot;
        if (slot === 0 && e.offset === this.baseOffset && (e.position ?? e.timestamp) === 0) return 0;
        each(e);
      }
      if (bytes.length < size) return start;
    }
    return this.slots;
  }
}
