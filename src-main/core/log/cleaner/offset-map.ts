/**
 * `kafka.log.SkimpyOffsetMap`: the cleaner's key → latest offset map for one pass. Kafka stores an
 * MD5 hash (16 bytes) and an offset (8 bytes) per slot in `memory` bytes, so a map holds
 * `memory / 24` slots and the cleaner stops filling it at `slots × load factor` keys — which is
 * why a small `log.cleaner.dedupe.buffer.size` cleans a large dirty section in several passes.
 * The slots' layout is not observable, so keys are held in a Map; the capacity is Kafka's.
 */
import { IllegalArgumentException } from '../../common/java-lang';

/** MD5's digest length plus the offset (`bytesPerEntry`). */
const BYTES_PER_ENTRY = 16 + 8;

function keyString(key: Uint8Array): string {
  let s = '';
  for (let i = 0; i < key.length; i += 4096) s += String.fromCharCode(...key.subarray(i, i + 4096));
  return s;
}

export class SkimpyOffsetMap {
  readonly slots: number;
  private readonly offsets = new Map<string, number>();
  private lastOffset = -1;

  constructor(readonly memory: number) {
    this.slots = Math.floor(memory / BYTES_PER_ENTRY);
  }

  get size(): number {
    return this.offsets.size;
  }

  /** `utilization`: entries per slot, what `max-buffer-utilization-percent` reports. */
  get utilization(): number {
    return this.slots === 0 ? 0 : this.size / this.slots;
  }

  /** The latest offset put into the map or set through `updateLatestOffset`; −1 for none. */
  get latestOffset(): number {
    return this.lastOffset;
  }

  put(key: Uint8Array, offset: number): void {
    const k = keyString(key);
    if (!this.offsets.has(k) && this.offsets.size >= this.slots) {
      throw new IllegalArgumentException('requirement failed: Attempt to add a new entry to a full offset map.');
    }
    this.offsets.set(k, offset);
    this.lastOffset = offset;
  }

  /** The latest offset of `key`, or −1. */
  get(key: Uint8Array): number {
    return this.offsets.get(keyString(key)) ?? -1;
  }

  updateLatestOffset(offset: number): void {
    this.lastOffset = offset;
  }

  clear(): void {
    this.offsets.clear();
    this.lastOffset = -1;
  }
}
