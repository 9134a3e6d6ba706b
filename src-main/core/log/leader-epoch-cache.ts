/**
 * `kafka.server.epoch.LeaderEpochFileCache`: which leader epoch wrote which offsets, kept in the
 * partition's `leader-epoch-checkpoint` (`0\n<count>\n<epoch> <startOffset>\n…`) and rewritten
 * after every change. A follower asks its leader where its own latest epoch ended
 * (`endOffsetFor`) and truncates there, so a log never keeps records a new leader does not have.
 */
import type { EpochEntry } from './checkpoints/checkpoint-file';
import { LeaderEpochCheckpointFile } from './checkpoints/checkpoint-file';
import type { FileSystem } from '../platform/file-system';

export const UNDEFINED_EPOCH = -1;
export const UNDEFINED_EPOCH_OFFSET = -1;

export interface EpochEndOffset {
  readonly leaderEpoch: number;
  readonly endOffset: number;
}

export class LeaderEpochFileCache {
  private epochs: EpochEntry[];
  private checkpoint: LeaderEpochCheckpointFile;

  constructor(
    fs: FileSystem,
    path: string,
    /** The log's end offset, for the latest epoch's end. */
    private readonly logEndOffset: () => number,
    /** A line for the log's server.log (Kafka warns when an assignment removes entries). */
    private readonly warn: (message: string) => void = () => {},
    entries?: readonly EpochEntry[],
  ) {
    this.checkpoint = new LeaderEpochCheckpointFile(fs, path);
    this.epochs = entries ? [...entries] : [];
  }

  /** Reads the checkpoint (creating it empty if missing). Throws `KafkaStorageException` for bad content. */
  load(): void {
    this.checkpoint.createIfMissing();
    this.epochs = this.checkpoint.read();
  }

  get path(): string {
    return this.checkpoint.path;
  }

  /** Points the cache at its file after the partition dir was renamed. */
  updatePath(fs: FileSystem, path: string): void {
    this.checkpoint = new LeaderEpochCheckpointFile(fs, path);
  }

  get entries(): readonly EpochEntry[] {
    return this.epochs;
  }

  get latestEpoch(): number | null {
    return this.epochs.length === 0 ? null : this.epochs[this.epochs.length - 1].epoch;
  }

  get earliestEntry(): EpochEntry | null {
    return this.epochs[0] ?? null;
  }

  /**
   * `assign`: from `startOffset` on, records are written under `epoch`. Entries with an epoch ≥ it or
   * a start ≥ it are removed first (a log that was truncated and re-led). No-op for the current epoch.
   */
  assign(epoch: number, startOffset: number): boolean {
    if (epoch < 0 || startOffset < 0) return false;
    const last = this.epochs[this.epochs.length - 1];
    if (last && last.epoch === epoch && startOffset >= last.startOffset) return false;
    const retained = this.epochs.filter((e) => e.epoch < epoch && e.startOffset < startOffset);
    const removed = this.epochs.filter((e) => !retained.includes(e));
    const entry = { epoch, startOffset };
    this.epochs = [...retained, entry];
    // Kafka warns only of a non-trivial removal: replacing the one entry that starts where the new
    // one does (a new epoch on a log nothing was written to meanwhile) is expected.
    if (removed.length > 1 || (removed.length === 1 && removed[0].startOffset !== startOffset)) {
      const listed = removed.map((e) => `EpochEntry(epoch=${e.epoch}, startOffset=${e.startOffset})`).join(', ');
      this.warn(
        `New epoch entry EpochEntry(epoch=${epoch}, startOffset=${startOffset}) caused truncation of conflicting entries ` +
          `ListBuffer(${listed}). Cache now contains ${this.epochs.length} entries.`,
      );
    }
    this.flush();
    return true;
  }

  /**
   * `endOffsetFor`: the requested epoch (or the largest epoch below it that this log knows) and the
   * offset where it ended: the start of the next epoch, or the log end for the latest epoch.
   * (−1, −1) for an epoch newer than any known, or UNDEFINED.
   */
  endOffsetFor(requestedEpoch: number): EpochEndOffset {
    if (requestedEpoch === UNDEFINED_EPOCH) return { leaderEpoch: UNDEFINED_EPOCH, endOffset: UNDEFINED_EPOCH_OFFSET };
    if (this.latestEpoch === requestedEpoch) return { leaderEpoch: requestedEpoch, endOffset: this.logEndOffset() };
    const subsequent = this.epochs.filter((e) => e.epoch > requestedEpoch);
    const previous = this.epochs.filter((e) => e.epoch <= requestedEpoch);
    if (subsequent.length === 0) return { leaderEpoch: UNDEFINED_EPOCH, endOffset: UNDEFINED_EPOCH_OFFSET };
    if (previous.length === 0) return { leaderEpoch: requestedEpoch, endOffset: subsequent[0].startOffset };
    return { leaderEpoch: previous[previous.length - 1].epoch, endOffset: subsequent[0].startOffset };
  }

  /** `truncateFromEnd`: entries starting at or after `endOffset` go (the log was truncated there). */
  truncateFromEnd(endOffset: number): void {
    if (endOffset < 0 || this.epochs.length === 0 || this.epochs[this.epochs.length - 1].startOffset < endOffset) return;
    this.epochs = this.epochs.filter((e) => e.startOffset < endOffset);
    this.flush();
  }

  /** `truncateFromStart`: entries before the new log start offset go; the last of them moves to it. */
  truncateFromStart(startOffset: number): void {
    if (this.epochs.length === 0) return;
    const before = this.epochs.filter((e) => e.startOffset <= startOffset);
    if (before.length === 0) return;
    const last = before[before.length - 1];
    if (before.length === 1 && last.startOffset === startOffset) return;
    const after = this.epochs.filter((e) => e.startOffset > startOffset);
    this.epochs = [{ epoch: last.epoch, startOffset }, ...after];
    this.flush();
  }

  /** `clearAndFlush`: no entries (a log truncated fully). */
  clearAndFlush(): void {
    this.epochs = [];
    this.flush();
  }

  private flush(): void {
    this.checkpoint.write(this.epochs);
  }
}
