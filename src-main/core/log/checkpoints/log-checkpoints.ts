/**
 * The per-dir offset checkpoints of a `LogManager`: `recovery-point-offset-checkpoint`,
 * `log-start-offset-checkpoint`, `replication-offset-checkpoint` (high watermarks, written for the
 * ReplicaManager) and `cleaner-offset-checkpoint` (for the LogCleaner), and their periodic tasks.
 *
 * Checkpoints are written only for dirs that hold at least one log (Kafka iterates `logsByDir`), so
 * an empty log dir keeps 0-byte checkpoint files, and deleting a dir's last partition leaves its
 * entry in that dir's recovery-point checkpoint — both as a 2.5 broker does.
 */
import { errorMessage } from '../../common/throwable';
import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap } from '../../common/topic-partition';
import { joinPath } from '../../platform/file-system';
import type { ScheduledTask } from '../../platform/scheduler';
import { OffsetCheckpointFile } from './checkpoint-file';
import type { Log } from '../log';
import {
  CLEANER_OFFSET_CHECKPOINT_FILE,
  LOG_START_OFFSET_CHECKPOINT_FILE,
  RECOVERY_POINT_CHECKPOINT_FILE,
  REPLICATION_OFFSET_CHECKPOINT_FILE,
} from '../log-manager/log-dir-names';
import { INITIAL_TASK_DELAY_MS } from '../log-manager/log-manager-config';
import type { LogManagerContext } from '../log-manager/log-manager-context';

export class LogCheckpoints {
  private readonly recoveryPointCheckpoints = new Map<string, OffsetCheckpointFile>();
  private readonly logStartOffsetCheckpoints = new Map<string, OffsetCheckpointFile>();
  private readonly highWatermarkCheckpoints = new Map<string, OffsetCheckpointFile>();
  private readonly cleanerCheckpoints = new Map<string, OffsetCheckpointFile>();
  private readonly tasks: ScheduledTask[] = [];
  private highWatermarkTask: ScheduledTask | null = null;

  constructor(private readonly ctx: LogManagerContext) {}

  /** A checkpoint's read or write failed: its dir goes offline, logged with the I/O error under the checkpoint's. */
  private reportFailure(dir: string, e: unknown): void {
    this.ctx.reportLogDirFailure(dir, errorMessage(e), e instanceof Error && e.cause ? e.cause : e);
  }

  // --- opening (startup) -------------------------------------------------------------------------

  /** Opens the recovery-point and log-start checkpoints of each live dir (before the logs load). */
  openOffsetCheckpoints(): void {
    for (const dir of this.ctx.liveLogDirs) {
      this.recoveryPointCheckpoints.set(dir, this.openCheckpoint(dir, RECOVERY_POINT_CHECKPOINT_FILE));
      this.logStartOffsetCheckpoints.set(dir, this.openCheckpoint(dir, LOG_START_OFFSET_CHECKPOINT_FILE));
    }
  }

  /** Opens the cleaner (as the LogCleaner does, when enabled) and high-watermark (as the ReplicaManager does) checkpoints. */
  openCleanerAndHighWatermarkCheckpoints(): void {
    if (this.ctx.config.cleanerEnable) {
      for (const dir of this.ctx.liveLogDirs) this.cleanerCheckpoints.set(dir, this.openCheckpoint(dir, CLEANER_OFFSET_CHECKPOINT_FILE));
    }
    for (const dir of this.ctx.liveLogDirs) {
      this.highWatermarkCheckpoints.set(dir, this.openCheckpoint(dir, REPLICATION_OFFSET_CHECKPOINT_FILE));
    }
  }

  private openCheckpoint(dir: string, file: string): OffsetCheckpointFile {
    const checkpoint = new OffsetCheckpointFile(this.ctx.fs, joinPath(dir, file));
    try {
      if (checkpoint.createIfMissing()) this.ctx.fileCreated(dir, checkpoint.path, file);
    } catch (e) {
      this.ctx.reportLogDirFailure(dir, `Error while creating checkpoint file ${checkpoint.path}`, e);
    }
    return checkpoint;
  }

  /** The dir's recovery points, read at load time. */
  readRecoveryPoints(dir: string): TopicPartitionMap<number> {
    return this.readLoadTimeCheckpoint(dir, this.recoveryPointCheckpoints, RECOVERY_POINT_CHECKPOINT_FILE, [
      'Resetting the recovery checkpoint to 0',
    ]);
  }

  /** The dir's log start offsets, read at load time. */
  readLogStartOffsets(dir: string): TopicPartitionMap<number> {
    return this.readLoadTimeCheckpoint(dir, this.logStartOffsetCheckpoints, LOG_START_OFFSET_CHECKPOINT_FILE, []);
  }

  /** Reads a checkpoint at load time: a bad one is a warning (offsets default to 0) and a failed dir. */
  private readLoadTimeCheckpoint(
    dir: string,
    checkpoints: Map<string, OffsetCheckpointFile>,
    file: string,
    extraWarnings: string[],
  ): TopicPartitionMap<number> {
    const checkpoint = checkpoints.get(dir);
    if (!checkpoint) return new TopicPartitionMap();
    try {
      return checkpoint.read();
    } catch (e) {
      this.reportFailure(dir, e);
      this.ctx.emit(
        'WARN',
        `Error occurred while reading ${file} file of directory ${dir}`,
        { type: 'warning', dir, path: checkpoint.path },
        { cause: e },
      );
      for (const w of extraWarnings) this.ctx.emit('WARN', w, { type: 'warning', dir });
      return new TopicPartitionMap();
    }
  }

  /**
   * The high watermark `replication-offset-checkpoint` holds for `tp` in `dir` (what a partition's
   * log starts with when the ReplicaManager first hosts it), or null. The file is read once per dir
   * and re-read after each write. A bad file takes the dir offline and throws, as Kafka does.
   */
  checkpointedHighWatermark(dir: string, tp: TopicPartition): number | null {
    let offsets = this.highWatermarkCache.get(dir);
    if (!offsets) {
      const checkpoint = this.highWatermarkCheckpoints.get(dir);
      if (!checkpoint) return null;
      try {
        offsets = checkpoint.read();
      } catch (e) {
        this.reportFailure(dir, e);
        throw e;
      }
      this.highWatermarkCache.set(dir, offsets);
    }
    return offsets.get(tp) ?? null;
  }

  private readonly highWatermarkCache = new Map<string, TopicPartitionMap<number>>();

  /** A failed dir's checkpoints are no longer written. */
  removeDir(dir: string): void {
    this.recoveryPointCheckpoints.delete(dir);
    this.logStartOffsetCheckpoints.delete(dir);
    this.highWatermarkCheckpoints.delete(dir);
    this.cleanerCheckpoints.delete(dir);
  }

  // --- periodic tasks ----------------------------------------------------------------------------

  /** kafka-recovery-point-checkpoint and kafka-log-start-offset-checkpoint: 30 s, then every interval. */
  scheduleTasks(checkpointLogRecoveryOffsets: () => void, checkpointLogStartOffsets: () => void): void {
    this.tasks.push(
      this.ctx.time.schedulePeriodic(
        'kafka-recovery-point-checkpoint',
        INITIAL_TASK_DELAY_MS,
        this.ctx.config.flushRecoveryOffsetCheckpointMs,
        () => this.ctx.guarded(checkpointLogRecoveryOffsets),
      ),
      this.ctx.time.schedulePeriodic(
        'kafka-log-start-offset-checkpoint',
        INITIAL_TASK_DELAY_MS,
        this.ctx.config.flushStartOffsetCheckpointMs,
        () => this.ctx.guarded(checkpointLogStartOffsets),
      ),
    );
  }

  /**
   * Starts the periodic high-watermark checkpoint, as the ReplicaManager does on its first
   * LeaderAndIsr (first run now, then every `highWatermarkCheckpointIntervalMs`). Idempotent.
   */
  startHighWatermarkCheckpointTask(checkpointHighWatermarks: () => void): void {
    if (this.highWatermarkTask) return;
    this.highWatermarkTask = this.ctx.time.schedulePeriodic(
      'highwatermark-checkpoint',
      0,
      this.ctx.config.highWatermarkCheckpointIntervalMs,
      () => this.ctx.guarded(checkpointHighWatermarks),
    );
  }

  cancelTasks(): void {
    for (const t of this.tasks) this.ctx.time.cancel(t);
    this.tasks.length = 0;
  }

  cancelHighWatermarkTask(): void {
    if (this.highWatermarkTask) this.ctx.time.cancel(this.highWatermarkTask);
    this.highWatermarkTask = null;
  }

  // --- writing -----------------------------------------------------------------------------------

  /** Each log's high watermark into its dir's `replication-offset-checkpoint` (live dirs with logs only). */
  checkpointHighWatermarks(): void {
    for (const dir of this.ctx.liveLogDirs) {
      const logs = this.ctx.logsInDir.get(dir);
      if (!logs || logs.size === 0) continue;
      this.highWatermarkCache.delete(dir);
      this.writeCheckpoint(
        dir,
        this.highWatermarkCheckpoints.get(dir),
        [...logs.values()].map((l) => [l.topicPartition, l.highWatermark] as const),
      );
    }
  }

  /**
   * `checkpointRecoveryOffsetsAndCleanSnapshot(dir, logsToCleanSnapshot)`: the dir's recovery points,
   * then the producer snapshots that recovery no longer needs, of the logs given ('all' of the dir's
   * for the periodic task and shutdown; none after a deletion or a future-log swap, as in Kafka —
   * listing every log's dir per deleted log made a topic's deletion quadratic).
   */
  checkpointLogRecoveryOffsetsInDir(dir: string, logsToCleanSnapshot: 'all' | readonly Log[]): void {
    const logs = this.ctx.logsInDir.get(dir);
    if (!logs || logs.size === 0 || !this.ctx.live.has(dir)) return;
    this.writeCheckpoint(
      dir,
      this.recoveryPointCheckpoints.get(dir),
      [...logs].map(([tp, l]) => [tp, l.recoveryPoint] as const),
    );
    for (const l of logsToCleanSnapshot === 'all' ? logs.values() : logsToCleanSnapshot) l.deleteSnapshotsAfterRecoveryPointCheckpoint();
  }

  checkpointLogStartOffsetsInDir(dir: string): void {
    const logs = this.ctx.logsInDir.get(dir);
    if (!logs || logs.size === 0 || !this.ctx.live.has(dir)) return;
    const entries: (readonly [TopicPartition, number])[] = [];
    for (const [tp, log] of logs) {
      const firstBase = log.segments[0]?.baseOffset ?? 0;
      if (log.logStartOffset > firstBase) entries.push([tp, log.logStartOffset]);
    }
    this.writeCheckpoint(dir, this.logStartOffsetCheckpoints.get(dir), entries);
  }

  /**
   * `LogCleanerManager.updateCheckpoints(dir, update)`: keeps only entries of partitions still live,
   * with `update` (the cleaner's new first dirty offset of a partition) put over them.
   */
  updateCleanerCheckpoint(dir: string, update?: readonly [TopicPartition, number]): void {
    const checkpoint = this.cleanerCheckpoints.get(dir);
    if (!checkpoint) return;
    try {
      const kept = new TopicPartitionMap<number>();
      for (const [tp, offset] of checkpoint.read()) if (this.ctx.currentLogs.has(tp)) kept.set(tp, offset);
      if (update) kept.set(update[0], update[1]);
      this.writeCheckpoint(dir, checkpoint, kept);
    } catch (e) {
      this.ctx.reportLogDirFailure(dir, `Failed to access checkpoint file ${CLEANER_OFFSET_CHECKPOINT_FILE} in dir ${dir}`, e);
    }
  }

  /**
   * `LogCleanerManager.allCleanerCheckpoints`: every live dir's cleaner checkpoint, merged; a file
   * that cannot be read is reported (its dir goes offline) and counts as empty.
   */
  readCleanerCheckpoints(): TopicPartitionMap<number> {
    const all = new TopicPartitionMap<number>();
    for (const [dir, checkpoint] of this.cleanerCheckpoints) {
      try {
        for (const [tp, offset] of checkpoint.read()) all.set(tp, offset);
      } catch (e) {
        this.ctx.reportLogDirFailure(dir, `Failed to access checkpoint file ${CLEANER_OFFSET_CHECKPOINT_FILE} in dir ${dir}`, e);
      }
    }
    return all;
  }

  /** The cleaner checkpoint of one dir (null when the cleaner is off or the dir offline). */
  readCleanerCheckpoint(dir: string): TopicPartitionMap<number> | null {
    const checkpoint = this.cleanerCheckpoints.get(dir);
    if (!checkpoint) return null;
    try {
      return checkpoint.read();
    } catch (e) {
      this.ctx.reportLogDirFailure(dir, `Failed to access checkpoint file ${CLEANER_OFFSET_CHECKPOINT_FILE} in dir ${dir}`, e);
      return null;
    }
  }

  private writeCheckpoint(
    dir: string,
    checkpoint: OffsetCheckpointFile | undefined,
    entries: Iterable<readonly [TopicPartition, number]>,
  ): void {
    if (!checkpoint) return;
    try {
      const n = checkpoint.write(entries);
      this.ctx.emit('DEBUG', `Wrote ${n} entries to ${checkpoint.path}`, {
        type: 'checkpoint-written',
        dir,
        path: checkpoint.path,
        file: checkpoint.path.slice(dir.length + 1),
        entries: n,
      });
    } catch (e) {
      this.reportFailure(dir, e);
    }
  }
}
