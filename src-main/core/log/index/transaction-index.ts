/**
 * A segment's `<base>.txnindex` (Kafka 2.5's `TransactionIndex`): the aborted transactions whose
 * ABORT marker is in the segment, for read_committed fetches (`collectAbortedTxns`). The file is
 * made only when the first entry is written. Each entry (`AbortedTxn`), big-endian, 34 bytes:
 *
 *   int16 version (0) | int64 producer_id | int64 first_offset | int64 last_offset | int64 last_stable_offset
 *
 * `last_offset` is the marker's offset, `last_stable_offset` the LSO once the transaction was
 * complete; a search can stop at an entry whose LSO is past the fetch's upper bound.
 */
import { IllegalArgumentException } from '../../common/java-lang';
import type { FileSystem } from '../../platform/file-system';
import { KafkaException } from '../errors';

export const ABORTED_TXN_SIZE = 34;
export const ABORTED_TXN_CURRENT_VERSION = 0;

/** `AbortedTxn`. */
export interface AbortedTxn {
  readonly version: number;
  readonly producerId: number;
  readonly firstOffset: number;
  readonly lastOffset: number;
  readonly lastStableOffset: number;
}

/** `TxnIndexSearchResult`: the aborted transactions overlapping the range, and whether the search may stop here. */
export interface TxnIndexSearchResult {
  readonly abortedTransactions: AbortedTxn[];
  readonly isComplete: boolean;
}

export function encodeAbortedTxn(t: Omit<AbortedTxn, 'version'>): Uint8Array {
  const bytes = new Uint8Array(ABORTED_TXN_SIZE);
  const view = new DataView(bytes.buffer);
  view.setInt16(0, ABORTED_TXN_CURRENT_VERSION);
  view.setBigInt64(2, BigInt(t.producerId));
  view.setBigInt64(10, BigInt(t.firstOffset));
  view.setBigInt64(18, BigInt(t.lastOffset));
  view.setBigInt64(26, BigInt(t.lastStableOffset));
  return bytes;
}

/** The whole entries of a `.txnindex` file's bytes (a torn tail is ignored, as Kafka's iterator does). */
export function decodeAbortedTxns(bytes: Uint8Array, path = '.txnindex'): AbortedTxn[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: AbortedTxn[] = [];
  for (let p = 0; bytes.length - p >= ABORTED_TXN_SIZE; p += ABORTED_TXN_SIZE) {
    const version = view.getInt16(p);
    if (version > ABORTED_TXN_CURRENT_VERSION)
      throw new KafkaException(
        `Unexpected aborted transaction version ${version} in transaction index ${path}, current version is ${ABORTED_TXN_CURRENT_VERSION}`,
      );
    out.push({
      version,
      producerId: Number(view.getBigInt64(p + 2)),
      firstOffset: Number(view.getBigInt64(p + 10)),
      lastOffset: Number(view.getBigInt64(p + 18)),
      lastStableOffset: Number(view.getBigInt64(p + 26)),
    });
  }
  return out;
}

export class TransactionIndex {
  /** The entries, read once from the file (it is small) and kept in step with it. */
  private entries: AbortedTxn[] | null = null;

  constructor(
    private readonly fs: FileSystem,
    readonly startOffset: number,
    private filePath: string,
  ) {}

  get path(): string {
    return this.filePath;
  }

  private loaded(): AbortedTxn[] {
    this.entries ??= this.fs.exists(this.filePath) ? decodeAbortedTxns(this.fs.readFile(this.filePath), this.filePath) : [];
    return this.entries;
  }

  /** `allAbortedTxns`. */
  get allAbortedTxns(): readonly AbortedTxn[] {
    return this.loaded();
  }

  /** `append`: last offsets must increase; the file is created by the first entry. */
  append(txn: Omit<AbortedTxn, 'version'>): void {
    const entries = this.loaded();
    const last = entries[entries.length - 1];
    if (last && last.lastOffset >= txn.lastOffset)
      throw new IllegalArgumentException(
        `The last offset of appended transactions must increase sequentially, but ${txn.lastOffset} is not greater than current last offset ${last.lastOffset} of index ${this.filePath}`,
      );
    const handle = this.fs.open(this.filePath, { create: true });
    try {
      // Entries past a torn tail start at a whole entry.
      handle.write(encodeAbortedTxn(txn), entries.length * ABORTED_TXN_SIZE);
    } finally {
      handle.close();
    }
    entries.push({ version: ABORTED_TXN_CURRENT_VERSION, ...txn });
  }

  /** `collectAbortedTxns(fetchOffset, upperBoundOffset)`: entries overlapping [fetchOffset, upperBoundOffset). */
  collectAbortedTxns(fetchOffset: number, upperBoundOffset: number): TxnIndexSearchResult {
    const abortedTransactions: AbortedTxn[] = [];
    for (const t of this.loaded()) {
      if (t.lastOffset >= fetchOffset && t.firstOffset < upperBoundOffset) abortedTransactions.push(t);
      if (t.lastStableOffset >= upperBoundOffset) return { abortedTransactions, isComplete: true };
    }
    return { abortedTransactions, isComplete: false };
  }

  /** `truncateTo`: the entries whose marker is at or after `offset` go. */
  truncateTo(offset: number): void {
    const entries = this.loaded();
    const keep = entries.findIndex((t) => t.lastOffset >= offset);
    if (keep < 0) return;
    this.setLength(keep * ABORTED_TXN_SIZE);
    entries.length = keep;
  }

  /** `reset`: every entry goes (recovery rebuilds them); the file, if any, stays empty. */
  reset(): void {
    if (this.fs.exists(this.filePath)) this.setLength(0);
    this.entries = [];
  }

  private setLength(size: number): void {
    this.fs.setLength(this.filePath, size);
  }

  flush(): void {
    if (!this.fs.exists(this.filePath)) return;
    const handle = this.fs.open(this.filePath);
    try {
      handle.sync();
    } finally {
      handle.close();
    }
  }

  /** `renameTo`: the file moves if it exists; the index follows the new name either way. */
  renameTo(path: string): void {
    if (this.fs.exists(this.filePath)) this.fs.rename(this.filePath, path);
    this.filePath = path;
  }

  /** The dir was renamed under the index. */
  updatePath(path: string): void {
    this.filePath = path;
  }

  deleteIfExists(): void {
    this.fs.rm(this.filePath, { force: true });
    this.entries = [];
  }
}
