/**
 * A set of strings that iterates in the order a `java.util.HashSet<String>` does, for the
 * ZooKeeper collections whose iteration order reaches clients (a znode's children, a session's
 * ephemerals): buckets `(h ^ h >>> 16) & (capacity − 1)` in ascending order, each bucket in
 * insertion order; the table is allocated at the first add with `tableSizeFor(initialCapacity)`
 * buckets and doubles when the size passes 3/4 of them (a split keeps each bucket's order) or when
 * one bucket reaches 9 entries in a table under 64 (`treeifyBin` resizes instead). It never
 * shrinks, so the order depends on the set's history, as in Java. Not modelled: tree bins (9 or
 * more colliding names in a table of 64 or more buckets).
 */
import { javaStringHashCode } from './java-lang';

const TREEIFY_THRESHOLD = 8;
const MIN_TREEIFY_CAPACITY = 64;

/** `HashMap.tableSizeFor`: the next power of two ≥ n (at least 1). */
function tableSizeFor(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

function spread(key: string): number {
  const h = javaStringHashCode(key);
  return (h ^ (h >>> 16)) >>> 0;
}

export class JavaHashSet implements Iterable<string> {
  private table: string[][] | null = null;
  private capacity: number;
  private count = 0;

  /** `new HashSet<>(initialCapacity)`; Java's default is 16. */
  constructor(initialCapacity = 16) {
    this.capacity = tableSizeFor(initialCapacity);
  }

  /** `new HashSet<>(source)` / `HashSet.clone()`: sized for the source, filled in its order. */
  static copyOf(source: Iterable<string>, size: number): JavaHashSet {
    const copy = new JavaHashSet(tableSizeFor(Math.trunc(size / 0.75 + 1)));
    for (const key of source) copy.add(key);
    return copy;
  }

  get size(): number {
    return this.count;
  }

  has(key: string): boolean {
    return this.table?.[spread(key) & (this.capacity - 1)].includes(key) ?? false;
  }

  add(key: string): this {
    if (this.table === null) this.table = Array.from({ length: this.capacity }, () => []);
    const bin = this.table[spread(key) & (this.capacity - 1)];
    if (bin.includes(key)) return this;
    bin.push(key);
    if (bin.length > TREEIFY_THRESHOLD && this.capacity < MIN_TREEIFY_CAPACITY) this.resize();
    if (++this.count > this.capacity * 0.75) this.resize();
    return this;
  }

  delete(key: string): boolean {
    const bin = this.table?.[spread(key) & (this.capacity - 1)];
    const at = bin ? bin.indexOf(key) : -1;
    if (!bin || at === -1) return false;
    bin.splice(at, 1);
    this.count--;
    return true;
  }

  /**
   * Adds `key` and answers how to take the add back leaving no trace: the table as it was before,
   * a resize included (a resize builds new bins, so the old ones still hold the old order). Each
   * take-back must come before those of later changes (an undo log run backwards). O(1) but for
   * the resize `add` itself makes.
   */
  addReversibly(key: string): () => void {
    if (this.has(key)) return () => undefined;
    const table = this.table;
    const capacity = this.capacity;
    this.add(key);
    return () => {
      if (this.table !== table) {
        this.table = table;
        this.capacity = capacity;
      }
      const bin = this.table?.[spread(key) & (this.capacity - 1)];
      // The key is its bin's last: everything added after it was taken back first.
      if (bin) bin.splice(bin.lastIndexOf(key), 1);
      this.count--;
    };
  }

  /** Deletes `key` and answers how to put it back where it was in its bin (see `addReversibly`). */
  deleteReversibly(key: string): () => void {
    const bin = this.table?.[spread(key) & (this.capacity - 1)];
    const at = bin ? bin.indexOf(key) : -1;
    if (!bin || at === -1) return () => undefined;
    bin.splice(at, 1);
    this.count--;
    return () => {
      bin.splice(at, 0, key);
      this.count++;
    };
  }

  *[Symbol.iterator](): Iterator<string> {
    for (const bin of this.table ?? []) yield* [...bin];
  }

  private resize(): void {
    const old = this.table ?? [];
    this.capacity *= 2;
    this.table = Array.from({ length: this.capacity }, () => []);
    for (const bin of old) for (const key of bin) this.table[spread(key) & (this.capacity - 1)].push(key);
  }
}
