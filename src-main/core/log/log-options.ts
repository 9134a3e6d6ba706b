import type { FileSystem } from '../platform/file-system';
import type { Random } from '../platform/random';
import type { Time } from '../platform/scheduler';
import type { LogConfig } from './log-config';
import type { LogEventSink } from './log-event';
import type { FileHandleCache } from './segment/file-handle-cache';

/** How a `Log` is opened: where, with which config, clock and file budget (LogManager passes them). */
export interface LogOptions {
  readonly fs: FileSystem;
  /** The partition directory (absolute). */
  readonly dir: string;
  readonly config: LogConfig;
  readonly logStartOffset?: number;
  readonly recoveryPoint?: number;
  /** Clock and scheduler (roll times, LogAppendTime, the delayed removal of `.deleted` files). */
  readonly time: Time;
  /** For each segment's `segment.jitter.ms` share. */
  readonly random?: Random;
  /** Shared open-file budget of the broker; a log of its own gets a small one. */
  readonly handles?: FileHandleCache;
  readonly onEvent?: LogEventSink;
  /** The log dir had `.kafka_cleanshutdown`: loading skips recovery. */
  readonly hadCleanShutdown?: boolean;
}
