import type { LogLine } from '../common/logging';
import type { Executor } from '../platform/executor';
import type { FileHandle, FileSystem } from '../platform/file-system';
import { joinPath } from '../platform/file-system';

/** The last timestamp formatted: a burst of lines (10,000 partitions' state changes) shares a few milliseconds. */
let lastTimestamp = { timeMs: Number.NaN, text: '' };

/** `[2020-10-14 12:34:56,789]` in UTC, as Kafka's log4j.properties pattern `[%d] %p %m (%c)%n` prints it. */
export function log4jTimestamp(timeMs: number): string {
  if (timeMs === lastTimestamp.timeMs) return lastTimestamp.text;
  const d = new Date(timeMs);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const text = `[${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())},${p(d.getUTCMilliseconds(), 3)}]`;
  lastTimestamp = { timeMs, text };
  return text;
}

export function formatLog4jLine(timeMs: number, line: LogLine): string {
  const throwable = line.throwable === undefined ? '' : `${line.throwable}\n`;
  return `${log4jTimestamp(timeMs)} ${line.level} ${line.message} (${line.logger})\n${throwable}`;
}

/** Lines formatted and appended per file per turn of the executor. */
const LINES_PER_SLICE = 2000;

/**
 * Writes each broker's `server.log`, `controller.log` and `state-change.log` under
 * `<logsDir(brokerId)>/`, as Kafka's default log4j configuration does (TRACE lines of
 * state-change.log included, since Kafka's default sets state.change.logger to TRACE). Lines are
 * buffered and appended once per turn of the executor.
 */
export class Log4jWriter {
  private readonly pending = new Map<string, Array<{ timeMs: number; line: LogLine }>>();
  private readonly handles = new Map<string, FileHandle>();
  private flushScheduled = false;
  private readonly encoder = new TextEncoder();
  private readonly buffer = new Uint8Array(1 << 20);

  constructor(
    private readonly fs: FileSystem,
    private readonly executor: Executor,
    private readonly logsDir: (brokerId: number) => string,
  ) {}

  write(brokerId: number, timeMs: number, line: LogLine): void {
    if (line.level === 'TRACE' && line.file !== 'state-change.log') return;
    // log4j.logger.kafka=INFO: the broker's DEBUG lines never reach server.log.
    if (line.level === 'DEBUG' && (line.file === 'server.log' || line.file === 'log-cleaner.log')) return;
    const path = joinPath(this.logsDir(brokerId), line.file);
    let lines = this.pending.get(path);
    if (!lines) this.pending.set(path, (lines = []));
    // Formatting waits for the flush: a burst of lines costs the caller only a push.
    lines.push({ timeMs, line });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.executor.execute(() => this.scheduledFlush());
    }
  }

  /** Formats and appends up to `maxLines` pending lines per file; the rest waits for the next turn. */
  private flushSlice(maxLines: number): void {
    for (const [path, queued] of this.pending) {
      const entries = queued.splice(0, maxLines);
      if (queued.length === 0) this.pending.delete(path);
      let handle = this.handles.get(path);
      if (!handle) {
        this.fs.mkdirs(path.slice(0, Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'))));
        handle = this.fs.open(path, { create: true });
        this.handles.set(path, handle);
      }
      this.append(handle, entries);
    }
  }

  /**
   * Appends the lines as UTF-8, each encoded straight into one reused buffer (written out whenever
   * it fills): joining a slice's lines into one string and encoding that cost ~6 times as much.
   */
  private append(handle: FileHandle, entries: ReadonlyArray<{ timeMs: number; line: LogLine }>): void {
    let length = 0;
    for (const e of entries) {
      const text = formatLog4jLine(e.timeMs, e.line);
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (this.buffer.length - length < text.length * 3) {
        if (length > 0) handle.append(this.buffer.subarray(0, length));
        length = 0;
        if (this.buffer.length < text.length * 3) {
          handle.append(this.encoder.encode(text));
          continue;
        }
      }
      length += this.encoder.encodeInto(text, this.buffer.subarray(length)).written;
    }
    if (length > 0) handle.append(this.buffer.subarray(0, length));
  }

  private scheduledFlush(): void {
    this.flushScheduled = false;
    this.flushSlice(LINES_PER_SLICE);
    if (this.pending.size > 0) {
      this.flushScheduled = true;
      this.executor.execute(() => this.scheduledFlush());
    }
  }

  /** Writes every pending line now. */
  flush(): void {
    this.flushScheduled = false;
    while (this.pending.size > 0) this.flushSlice(LINES_PER_SLICE * 10);
  }

  close(): void {
    this.flush();
    for (const h of this.handles.values()) h.close();
    this.handles.clear();
  }
}
