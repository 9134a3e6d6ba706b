/**
 * A partition log's idempotent-producer table (Kafka 2.5's `ProducerStateManager`): per producer
 * id its epoch and last batches, the offset the table is valid up to (`mapEndOffset`), and its
 * `.snapshot` files — written at each roll and at clean shutdown, read back at load (the latest
 * snapshot, then the log after it), dropped past the log end on truncation and below the log start
 * when retention moves it.
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { FileSystem } from '../../platform/file-system';
import { joinPath } from '../../platform/file-system';
import { NO_PRODUCER_ID } from '../../record';
import { offsetFromFileName, PRODUCER_SNAPSHOT_FILE_SUFFIX, producerSnapshotFileName } from '../log-manager/log-dir-names';
import { ProducerAppendInfo } from './producer-append-info';
import type { AppendOrigin } from './producer-append-info';
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
}

export class ProducerStateManager {
  private readonly fs: FileSystem;
  readonly topicPartition: TopicPartition;
  private logDir: string;
  private readonly maxProducerIdExpirationMs: number;
  private readonly onMessage: (level: 'INFO' | 'WARN', message: string) => void;
  private readonly producerEntries = new Map<number, ProducerStateEntry>();
  private lastMapOffset = 0;
  private lastSnapOffset = 0;

  constructor(options: ProducerStateManagerOptions) {
    this.fs = options.fs;
    this.topicPartition = options.topicPartition;
    this.logDir = options.dir;
    this.maxProducerIdExpirationMs = options.maxProducerIdExpirationMs ?? DEFAULT_MAX_PRODUCER_ID_EXPIRATION_MS;
    this.onMessage = options.onMessage ?? (() => {});
  }

  get isEmpty(): boolean {
    return this.producerEntries.size === 0;
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
    return new ProducerAppendInfo(this.topicPartition, producerId, current, origin, (m) => this.onMessage('WARN', m));
  }

  /** Merges a checked append into the table. */
  update(appendInfo: ProducerAppendInfo): void {
    if (appendInfo.producerId === NO_PRODUCER_ID)
      throw new Error(`Invalid producer id ${appendInfo.producerId} passed to update for partition ${this.partitionName}`);
    const updated = appendInfo.toEntry();
    const current = this.producerEntries.get(appendInfo.producerId);
    if (current) current.update(updated);
    else this.producerEntries.set(appendInfo.producerId, updated);
  }

  updateMapEndOffset(lastOffset: number): void {
    this.lastMapOffset = lastOffset;
  }

  /** `takeSnapshot`: only when the table moved past the last snapshot. */
  takeSnapshot(): void {
    if (this.lastMapOffset <= this.lastSnapOffset) return;
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
          if (!this.isProducerExpired(currentTimeMs, entry)) this.producerEntries.set(entry.producerId, entry);
        }
        this.lastSnapOffset = offset;
        this.lastMapOffset = offset;
        return;
      } catch (e) {
        if (!(e instanceof CorruptSnapshotException)) throw e;
        this.onMessage('WARN', `Failed to load producer snapshot from '${path}': ${e.message}`);
        this.producerEntries.clear();
        this.fs.rm(path, { force: true });
      }
    }
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
    this.deleteSnapshotFiles(() => true);
    this.lastSnapOffset = 0;
    this.lastMapOffset = 0;
  }

  deleteSnapshotsBefore(offset: number): void {
    this.deleteSnapshotFiles((o) => o < offset);
  }

  private deleteSnapshotFiles(predicate: (offset: number) => boolean): void {
    for (const offset of this.snapshotOffsets()) {
      if (predicate(offset)) this.fs.rm(joinPath(this.logDir, producerSnapshotFileName(offset)), { force: true });
    }
  }

  private get partitionName(): string {
    return `${this.topicPartition.topic}-${this.topicPartition.partition}`;
  }
}
