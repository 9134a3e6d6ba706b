/**
 * Kafka's `LogDirFailureChannel` as the LogManager uses it: IO errors on a log dir are reported
 * here (logged once per dir) and queued; the LogManager later hands each queued dir to its handler
 * (the ReplicaManager, or `LogManager.handleLogDirFailure`).
 */
import type { LogManagerEmit } from './log-manager-event';

const FAILURE_CHANNEL_LOGGER = 'kafka.server.LogDirFailureChannel';

export class LogDirFailureChannel {
  /** Dirs reported failed, and those not yet handed to the handler. */
  private readonly reportedOfflineDirs = new Set<string>();
  private readonly pendingOfflineDirs: string[] = [];

  constructor(private readonly emit: LogManagerEmit) {}

  /** `LogDirFailureChannel.maybeAddOfflineLogDir`: logs the error once per dir and queues the dir for the handler. */
  maybeAddOfflineLogDir(dir: string, message: string, cause: unknown): void {
    this.emit('ERROR', message, { type: 'error', dir }, { cause, logger: FAILURE_CHANNEL_LOGGER });
    if (this.reportedOfflineDirs.has(dir)) return;
    this.reportedOfflineDirs.add(dir);
    this.pendingOfflineDirs.push(dir);
  }

  /** `LogDirFailureChannel.takeNextOfflineLogDir`, without blocking: undefined when none is queued. */
  takeNextOfflineLogDir(): string | undefined {
    return this.pendingOfflineDirs.shift();
  }

  /** Drops the dirs not yet handed to the handler (at shutdown). */
  clearPending(): void {
    this.pendingOfflineDirs.length = 0;
  }
}
