/**
 * A partition log's idempotent-producer table (Kafka 2.5's `ProducerStateManager`): per producer
 * id its epoch and last batches, the offset the table is valid up to (`mapEndOffset`), and its
 * `.snapshot` files — written at each roll and at clean shutdown, read back at load (the latest
 * snapshot, then the log after it), dropped past the log end on truncation and below the log start
 * when retention moves it. It also tracks the partition's transactions: the ongoing ones by first
 * offset, and the completed ones whose marker is not yet below the high watermark
 * (`unreplicatedTxns`) — together they give the first unstable offset, which holds the last
 * stable offset back.
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { FileSystem } from '../../platform/file-system';
import { joinPath } from '../../platform/file-system';
import { NO_PRODUCER_ID } from '../../record';
import { offsetFromFileName, PRODUCER_SNAPSHOT_FILE_SUFFIX, producerSnapshotFileName } from '../log-manager/log-dir-names';
import { ProducerAppendInfo } from './producer-append-info';
import type { AppendOrigin, CompletedTxn, TxnMetadata } from './producer-append-info';
import {
  CorruptSnapshotException,
  decodeProducerSnapshot,
  encodeProducerSnapshot,
  producerStateEntryOf,
  snapshotEntryOf,
} from './producer-snapshot';
import { ProducerStateEntry } from './producer-state-entry';

/** `transactional.id.expiration.ms` default (7 days): a producer silent that long is forgotten. */
export const DEFAULT_MAX_PRODUCER_ID_EXPIRATION_MS = 604800000;

export interface ProducerStateManagerOptions {
  readonly fs: FileSystem;
  readonly topicPartition: TopicPartition;
  readonly dir: string;
  readonly maxProducerIdExpirationMs?: number;
  /** INFO/WARN lines in Kafka's words. */
  readonly onMessage?: (level: 'INFO' | 'WARN', message: string) => void;
  /**
   * Reads the dir's snapshots but never writes or removes one: the table segment recovery builds
   * to re-enter a segment's aborted transactions, whose snapshots the log's own table then makes.
   */
  readonly readOnlySnapshots?: boolean;
}

export class ProducerStateManager {
  private readonly fs: FileSystem;
  readonly topicPartition: TopicPartition;
  private logDir: string;
  private readonly maxProducerIdExpirationMs: number;
  private readonly onMessage: (level: 'INFO' | 'WARN', message: string) => void;
  private readonly readOnlySnapshots: boolean;
  /**
   * With read-only snapshots, the ones a truncation would have deleted: hidden, not removed, so
   * that a table rebuilt to a segment's base never loads a later segment's snapshot.
   */
  private readonly hiddenSnapshots = new Set<number>();
  private readonly producerEntries = new Map<number, ProducerStateEntry>();
  private lastMapOffset = 0;
  private lastSnapOffset = 0;
  /** `ongoingTxns`: the transactions without a marker yet, by first offset. */
  private readonly ongoingTxns = new Map<number, TxnMetadata>();
  /** `unreplicatedTxns`: completed transactions whose marker is at or above the high watermark, by first offset. */
  private readonly unreplicatedTxns = new Map<number, TxnMetadata>();

  constructor(options: ProducerStateManagerOptions) {
    this.fs = options.fs;
    this.topicPartition = options.topicPartition;
    this.logDir = options.dir;
    this.maxProducerIdExpirationMs = options.maxProducerIdExpirationMs ?? DEFAULT_MAX_PRODUCER_ID_EXPIRATION_MS;
    this.onMessage = options.onMessage ?? (() => {});
    this.readOnlySnapshots = options.readOnlySnapshots ?? false;
  }

  get isEmpty(): boolean {
    return this.producerEntries.size === 0 && this.unreplicatedTxns.size === 0;
  }

  /** The ongoing transactions, by first offset ascending (Kafka's TreeMap order). */
  get ongoingTransactions(): TxnMetadata[] {
    return sortedByFirstOffset(this.ongoingTxns);
  }

  /**
   * `firstUnstableOffset`: the first offset of the earliest transaction that is undecided, or
   * decided with its marker not yet replicated (above the high watermark); null when there is none.
   */
  get firstUnstableOffset(): number | null {
    const firsts = [...this.ongoingTxns.keys(), ...this.unreplicatedTxns.keys()];
    return firsts.length === 0 ? null : Math.min(...firsts);
  }

  /** `firstUndecidedOffset`: the earliest ongoing transaction's first offset. */
  get firstUndecidedOffset(): number | null {
    return this.ongoingTransactions[0]?.firstOffset ?? null;
  }

  /** `onHighWatermarkUpdated`: completed transactions whose marker is now below the high watermark are stable. */
  onHighWatermarkUpdated(highWatermark: number): void {
    this.removeUnreplicatedTransactions(highWatermark);
  }

  /**
   * `lastStableOffset(completedTxn)`: the LSO once this transaction is complete (the first offset
   * of the earliest other producer's ongoing one, else just past the marker), for its `.txnindex` entry.
   */
  lastStableOffset(completedTxn: CompletedTxn): number {
    const next = this.ongoingTransactions.find((t) => t.producerId !== completedTxn.producerId);
    return next ? next.firstOffset : completedTxn.lastOffset + 1;
  }

  /** `completeTxn`: the transaction waits in `unreplicatedTxns` until the high watermark passes its marker. */
  completeTxn(completedTxn: CompletedTxn): void {
    const txn = this.ongoingTxns.get(completedTxn.firstOffset);
    if (!txn)
      throw new Error(
        `Attempted to complete transaction CompletedTxn(producerId=${completedTxn.producerId}, firstOffset=${completedTxn.firstOffset}, ` +
          `lastOffset=${completedTxn.lastOffset}, isAborted=${completedTxn.isAborted}) on partition ${this.partitionName} which was not started`,
      );
    this.ongoingTxns.delete(completedTxn.firstOffset);
    txn.lastOffset = completedTxn.lastOffset;
    this.unreplicatedTxns.set(completedTxn.firstOffset, txn);
  }

  private removeUnreplicatedTransactions(offset: number): void {
    for (const [first, txn] of this.unreplicatedTxns)
      if (txn.lastOffset !== null && txn.lastOffset < offset) this.unreplicatedTxns.delete(first);
  }

  /** The offset up to which the table reflects the log. */
  get mapEndOffset(): number {
    return this.lastMapOffset;
  }

  /** The producers, by id (a read-only view for the UI and tests). */
  get activeProducers(): ReadonlyMap<number, ProducerStateEntry> {
    return this.producerEntries;
  }

  lastEntry(producerId: number): ProducerStateEntry | undefined {
    return this.producerEntries.get(producerId);
  }

  /** The partition dir was renamed (deletion, future replica promoted). */
  updateDir(dir: string): void {
    this.logDir = dir;
  }

  prepareUpdate(producerId: number, origin: AppendOrigin): ProducerAppendInfo {
    const current = this.lastEntry(producerId) ?? ProducerStateEntry.empty(producerId);
    return new ProducerAppendInfo(
      this.topicPartition,
      producerId,
      current,
      origin,
      (m) => this.onMessage('WARN', m),
      (m) => this.onMessage('INFO', m),
    );
  }

  /** Merges a checked append into the table. */
  update(appendInfo: ProducerAppendInfo): void {
    if (appendInfo.producerId === NO_PRODUCER_ID)
      throw new Error(`Invalid producer id ${appendInfo.producerId} passed to update for partition ${this.partitionName}`);
    const updated = appendInfo.toEntry();
    const current = this.producerEntries.get(appendInfo.producerId);
    if (current) current.update(updated);
    else this.producerEntries.set(appendInfo.producerId, updated);
    for (const txn of appendInfo.startedTransactions) this.ongoingTxns.set(txn.firstOffset, txn);
  }

  updateMapEndOffset(lastOffset: number): void {
    this.lastMapOffset = lastOffset;
  }

  /** `takeSnapshot`: only when the table moved past the last snapshot. */
  takeSnapshot(): void {
    if (this.lastMapOffset <= this.lastSnapOffset) return;
    if (this.readOnlySnapshots) {
      this.lastSnapOffset = this.lastMapOffset;
      return;
    }
    this.onMessage('INFO', `Writing producer snapshot at offset ${this.lastMapOffset}`);
    // Sorted by id so the same table always gives the same bytes (Kafka writes in hash order).
    const entries = [...this.producerEntries.values()].sort((a, b) => a.producerId - b.producerId).map(snapshotEntryOf);
    this.fs.writeFile(joinPath(this.logDir, producerSnapshotFileName(this.lastMapOffset)), encodeProducerSnapshot(entries));
    this.lastSnapOffset = this.lastMapOffset;
  }

  /** Snapshot offsets on disk, ascending. */
  snapshotOffsets(): number[] {
    if (!this.fs.exists(this.logDir)) return [];
    return this.fs
      .readdir(this.logDir)
      .filter((e) => e.isFile && e.name.endsWith(PRODUCER_SNAPSHOT_FILE_SUFFIX) && /^\d{20}\.snapshot$/.test(e.name))
      .map((e) => offsetFromFileName(e.name))
      .filter((offset) => !this.hiddenSnapshots.has(offset))
      .sort((a, b) => a - b);
  }

  get latestSnapshotOffset(): number | null {
    const offsets = this.snapshotOffsets();
    return offsets.length > 0 ? offsets[offsets.length - 1] : null;
  }

  get oldestSnapshotOffset(): number | null {
    return this.snapshotOffsets()[0] ?? null;
  }

  /**
   * `truncateAndReload`: snapshots outside (log start, log end] removed; if the table is not at
   * the log end it is reloaded from the latest remaining snapshot (the caller then reads the log).
   */
  truncateAndReload(logStartOffset: number, logEndOffset: number, currentTimeMs: number): void {
    this.deleteSnapshotFiles((offset) => offset > logEndOffset || offset <= logStartOffset);
    if (logEndOffset !== this.mapEndOffset) {
      this.producerEntries.clear();
      this.ongoingTxns.clear();
      // The log end is at or below the high watermark here: no completed transaction is unreplicated.
      this.unreplicatedTxns.clear();
      this.loadFromSnapshot(logStartOffset, currentTimeMs);
    } else {
      this.truncateHead(logStartOffset);
    }
  }

  private loadFromSnapshot(logStartOffset: number, currentTimeMs: number): void {
    for (;;) {
      const offset = this.latestSnapshotOffset;
      if (offset === null) {
        this.lastSnapOffset = logStartOffset;
        this.lastMapOffset = logStartOffset;
        return;
      }
      const path = joinPath(this.logDir, producerSnapshotFileName(offset));
      try {
        this.onMessage('INFO', `Loading producer state from snapshot file '${path}'`);
        for (const e of decodeProducerSnapshot(this.fs.readFile(path))) {
          const entry = producerStateEntryOf(e);
          if (!this.isProducerExpired(currentTimeMs, entry)) this.loadProducerEntry(entry);
        }
        this.lastSnapOffset = offset;
        this.lastMapOffset = offset;
        return;
      } catch (e) {
        if (!(e instanceof CorruptSnapshotException)) throw e;
        this.onMessage('WARN', `Failed to load producer snapshot from '${path}': ${e.message}`);
        this.producerEntries.clear();
        if (this.readOnlySnapshots) this.hiddenSnapshots.add(offset);
        else this.fs.rm(path, { force: true });
      }
    }
  }

  /** `loadProducerEntry`: a snapshot's producer, with its open transaction if it had one. */
  private loadProducerEntry(entry: ProducerStateEntry): void {
    this.producerEntries.set(entry.producerId, entry);
    const first = entry.currentTxnFirstOffset;
    if (first !== null) this.ongoingTxns.set(first, { producerId: entry.producerId, firstOffset: first, lastOffset: null });
  }

  private isProducerExpired(currentTimeMs: number, entry: ProducerStateEntry): boolean {
    return entry.currentTxnFirstOffset === null && currentTimeMs - entry.lastTimestamp >= this.maxProducerIdExpirationMs;
  }

  /** `removeExpiredProducers` (the producer-expiration check). */
  removeExpiredProducers(currentTimeMs: number): void {
    for (const [id, entry] of this.producerEntries) if (this.isProducerExpired(currentTimeMs, entry)) this.producerEntries.delete(id);
  }

  /** `truncateHead`: the log start moved (retention, DeleteRecords); producers wholly below it go. */
  truncateHead(logStartOffset: number): void {
    this.removeUnreplicatedTransactions(logStartOffset);
    for (const [id, entry] of this.producerEntries) {
      entry.removeBatchesOlderThan(logStartOffset);
      if (entry.lastDataOffset < logStartOffset) this.producerEntries.delete(id);
    }
    if (this.lastMapOffset < logStartOffset) this.lastMapOffset = logStartOffset;
    this.deleteSnapshotsBefore(logStartOffset);
    this.lastSnapOffset = this.latestSnapshotOffset ?? logStartOffset;
  }

  /** `truncate`: the log restarts empty; every snapshot goes. */
  truncate(): void {
    this.producerEntries.clear();
    this.ongoingTxns.clear();
    this.unreplicatedTxns.clear();
    this.deleteSnapshotFiles(() => true);
    this.lastSnapOffset = 0;
    this.lastMapOffset = 0;
  }

  deleteSnapshotsBefore(offset: number): void {
    this.deleteSnapshotFiles((o) => o < offset);
  }

  private deleteSnapshotFiles(predicate: (offset: number) => boolean): void {
    for (const offset of this.snapshotOffsets()) {
      if (!predicate(offset)) continue;
      if (this.readOnlySnapshots) this.hiddenSnapshots.add(offset);
      else this.fs.rm(joinPath(this.logDir, producerSnapshotFileName(offset)), { force: true });
    }
  }

  private get partitionName(): string {
    return `${this.topicPartition.topic}-${this.topicPartition.partition}`;
  }
}

function sortedByFirstOffset(txns: ReadonlyMap<number, TxnMetadata>): TxnMetadata[] {
  return [...txns.values()].sort((a, b) => a.firstOffset - b.firstOffset);
}
