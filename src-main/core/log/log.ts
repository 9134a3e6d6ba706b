/**
 * A partition's log (`kafka.log.Log`): its directory, its segments, its offsets and its
 * `leader-epoch-checkpoint`.
 *
 * What a new log looks like on disk (Kafka 2.5, `segment.index.bytes` = 10485760):
 *
 *   <log dir>/orders-0/
 *     00000000000000000000.log         0 bytes (segment.bytes, sparse, if preallocate=true)
 *     00000000000000000000.index       10485760 bytes, sparse (rounded down to a multiple of 8)
 *     00000000000000000000.timeindex   10485756 bytes, sparse (rounded down to a multiple of 12)
 *     leader-epoch-checkpoint          0 bytes: created empty; "0\n1\n0 0\n" once the first
 *                                      leader epoch is assigned (next issue)
 *
 * Creation order as in Kafka's `Log` constructor: directory, leader-epoch-checkpoint (opening the
 * checkpoint creates it), then the first segment at `logStartOffset`, whose indexes are resized to
 * `segment.index.bytes` because it is the active one.
 *
 * Not yet here — the data path that comes next: append (offset assignment, leader epoch stamping,
 * the sparse-index rule, roll), read (index lookups), flush and the recovery point, the high
 * watermark moves, retention (`.deleted` segments), truncation, and recovery on load (segments
 * after the recovery point re-validated batch by batch unless the log dir had a clean shutdown).
 */
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { FileSystem } from '../platform/file-system';
import { baseName, joinPath, parentPath } from '../platform/file-system';
import type { EpochEntry } from './checkpoint-file';
import { LeaderEpochCheckpointFile } from './checkpoint-file';
import type { LogConfig } from './log-config';
import {
  DELETE_DIR_SUFFIX,
  FUTURE_DIR_SUFFIX,
  LEADER_EPOCH_CHECKPOINT_FILE,
  isLogFileName,
  offsetFromFileName,
  parseTopicPartitionName,
} from './log-dir-names';
import { LogSegment } from './log-segment';

export interface LogOptions {
  readonly fs: FileSystem;
  /** The partition directory (absolute). */
  readonly dir: string;
  readonly config: LogConfig;
  readonly logStartOffset?: number;
  readonly recoveryPoint?: number;
}

export class Log {
  private dirPath: string;
  readonly topicPartition: TopicPartition;
  private logConfig: LogConfig;
  private readonly fs: FileSystem;
  /** Segments by base offset, ascending; the last one is the active segment. */
  private readonly segmentList: LogSegment[] = [];
  private leaderEpochFile: LeaderEpochCheckpointFile;
  private epochEntries: EpochEntry[] = [];

  logStartOffset: number;
  recoveryPoint: number;
  logEndOffset: number;
  highWatermark: number;

  private constructor(options: LogOptions) {
    this.fs = options.fs;
    this.dirPath = options.dir;
    this.logConfig = options.config;
    this.topicPartition = parseTopicPartitionName(options.dir);
    this.logStartOffset = options.logStartOffset ?? 0;
    this.recoveryPoint = options.recoveryPoint ?? 0;
    this.logEndOffset = this.logStartOffset;
    this.highWatermark = this.logStartOffset;
    this.leaderEpochFile = new LeaderEpochCheckpointFile(this.fs, joinPath(this.dirPath, LEADER_EPOCH_CHECKPOINT_FILE));
  }

  /**
   * A new, empty log in `dir` (which LogManager has just created): leader-epoch-checkpoint, then the
   * first segment at offset 0. Throws the `FileSystemError` of a failed write.
   */
  static create(options: LogOptions): Log {
    const log = new Log(options);
    options.fs.mkdirs(log.dirPath);
    log.leaderEpochFile.createIfMissing();
    log.addFreshSegment(log.logStartOffset);
    return log;
  }

  /**
   * A log found on disk at startup. Segments are the `.log` files present; a dir with none gets a
   * fresh segment at `logStartOffset`, as Kafka does. Unless the dir is a `-delete` dir, the active
   * segment's indexes are re-expanded to `segment.index.bytes`.
   */
  static load(options: LogOptions): Log {
    const log = new Log(options);
    const fs = options.fs;
    log.leaderEpochFile.createIfMissing();
    log.epochEntries = log.leaderEpochFile.read();
    const baseOffsets: number[] = [];
    for (const entry of fs.readdir(log.dirPath)) {
      if (entry.isFile && isLogFileName(entry.name)) baseOffsets.push(offsetFromFileName(entry.name));
    }
    baseOffsets.sort((a, b) => a - b);
    for (const base of baseOffsets) log.segmentList.push(LogSegment.open(fs, log.dirPath, base));
    const isDeleteDir = log.dirPath.endsWith(DELETE_DIR_SUFFIX);
    if (log.segmentList.length === 0) {
      // A -delete dir gets a bare segment (no recovery, no index files), as Kafka loads it.
      log.addFreshSegment(log.logStartOffset, !isDeleteDir);
    } else if (!isDeleteDir) {
      log.activeSegment.resizeIndexes(log.logConfig.maxIndexSize);
    }
    // Recovery (reading the tail of the active segment) will set the real log end offset; until the
    // data path exists, segments are empty and the log ends where its active segment starts.
    log.logEndOffset = Math.max(log.logStartOffset, log.activeSegment.baseOffset);
    log.recoveryPoint = log.logEndOffset;
    return log;
  }

  private addFreshSegment(baseOffset: number, activeIndexes = true): void {
    this.segmentList.push(
      LogSegment.create(this.fs, this.dirPath, baseOffset, {
        initFileSize: activeIndexes ? this.logConfig.initFileSize : 0,
        preallocate: activeIndexes && this.logConfig.preallocate,
        maxIndexSize: this.logConfig.maxIndexSize,
        activeIndexes,
      }),
    );
  }

  /** The partition directory (changes when the log is renamed for deletion). */
  get dir(): string {
    return this.dirPath;
  }

  /** The log dir holding this partition (`Log.parentDir`). */
  get parentDir(): string {
    return parentPath(this.dirPath);
  }

  /** The partition directory's name (`Log.name`). */
  get name(): string {
    return baseName(this.dirPath);
  }

  get config(): LogConfig {
    return this.logConfig;
  }

  get isFuture(): boolean {
    return this.dirPath.endsWith(FUTURE_DIR_SUFFIX);
  }

  get segments(): readonly LogSegment[] {
    return this.segmentList;
  }

  get activeSegment(): LogSegment {
    return this.segmentList[this.segmentList.length - 1];
  }

  get numberOfSegments(): number {
    return this.segmentList.length;
  }

  get leaderEpochCheckpointPath(): string {
    return this.leaderEpochFile.path;
  }

  /** The leader-epoch cache as loaded (empty for a new log). */
  get leaderEpochEntries(): readonly EpochEntry[] {
    return this.epochEntries;
  }

  /**
   * `Log.maybeAssignEpochStartOffset` (LeaderEpochFileCache.assign): a new leader records the offset
   * its epoch starts at; the checkpoint is rewritten only when the epoch is new.
   */
  maybeAssignEpochStartOffset(leaderEpoch: number, startOffset: number): boolean {
    const last = this.epochEntries[this.epochEntries.length - 1];
    if (last && (last.epoch >= leaderEpoch || last.startOffset > startOffset)) return false;
    this.epochEntries = [...this.epochEntries, { epoch: leaderEpoch, startOffset }];
    this.leaderEpochFile.write(this.epochEntries);
    return true;
  }

  /** `Log.updateConfig`: a topic config change (dynamic config). */
  updateConfig(config: LogConfig): void {
    this.logConfig = config;
  }

  /**
   * `Log.renameDir`: moves the partition directory to `<log dir>/<name>` and points segments and
   * checkpoints at it. Throws the `FileSystemError` of a failed rename.
   */
  renameDir(name: string): void {
    const renamed = joinPath(this.parentDir, name);
    if (renamed === this.dirPath) return;
    this.fs.rename(this.dirPath, renamed);
    this.dirPath = renamed;
    for (const s of this.segmentList) s.updateDir(renamed);
    this.leaderEpochFile = new LeaderEpochCheckpointFile(this.fs, joinPath(renamed, LEADER_EPOCH_CHECKPOINT_FILE));
  }

  /** `Log.closeHandlers`: drops open handles without touching the files (log dir failure). */
  closeHandlers(): void {
    // Segments hold no open handles yet; the data path will close them here.
  }

  /** `Log.close`: flushes and closes; index files are trimmed to their valid size (clean shutdown). */
  close(): void {
    for (const s of this.segmentList) s.close();
  }

  /** `Log.delete`: removes the directory and everything in it. */
  delete(): void {
    this.fs.rm(this.dirPath, { recursive: true, force: true });
    this.segmentList.length = 0;
    this.epochEntries = [];
  }

  /** As Kafka 2.5 prints a log in its messages. */
  toString(): string {
    return (
      `Log(dir=${this.dirPath}, topic=${this.topicPartition.topic}, partition=${this.topicPartition.partition}, ` +
      `highWatermark=${this.highWatermark}, lastStableOffset=${this.highWatermark}, ` +
      `logStartOffset=${this.logStartOffset}, logEndOffset=${this.logEndOffset})`
    );
  }

  /** `orders-0` */
  get partitionName(): string {
    return tpKey(this.topicPartition);
  }
}

