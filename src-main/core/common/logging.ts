/**
 * Kafka's `kafka.utils.Logging` trait: each component logs through its own logger, named after its
 * class (`kafka.server.ReplicaFetcherThread`), and puts its `logIdent` before every message
 * (`[Controller id=0] `, `[GroupCoordinator 1]: `). A line goes to the broker's `LogSink`, which
 * hands it to the cluster's event stream; the log4j writer puts it into the file Kafka's
 * `log4j.properties` routes that logger to (`server.log`, `controller.log`, `state-change.log`).
 */
import { stackTrace } from './throwable';
import type { UnknownThrowableClass } from './throwable';

export type Log4jLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/** The files of Kafka's default `log4j.properties` that a broker writes. */
export type Log4jFile = 'server.log' | 'controller.log' | 'state-change.log' | 'log-cleaner.log';

/** One line of a broker's log4j files, before the timestamp is added. */
export interface LogLine {
  file: Log4jFile;
  level: Log4jLevel;
  /** The log4j logger (Kafka's class), shown in parentheses at the end of the line. */
  logger: string;
  message: string;
  /**
   * The exception logged with the line, as log4j prints it on the lines after it
   * (`<java class>: <message>`, `Caused by: …`; Kafka's stack frames are not reproduced).
   */
  throwable?: string;
}

export type LogSink = (line: LogLine) => void;

export interface LoggerOptions {
  /**
   * Kafka's `logIdent`, put before every message. A function when it changes while the component
   * lives (the state-change logger's controller epoch).
   */
  readonly logIdent?: string | (() => string);
  /** The file the logger's appender writes; server.log unless log4j.properties routes it elsewhere. */
  readonly file?: Log4jFile;
  /** What names an exception with no Java class under a line (throwable.ts; the error's JS name unless told). */
  readonly unknownThrowableClass?: UnknownThrowableClass;
}

/** A component's logger, as `kafka.utils.Logging` gives one to each class that mixes it in. */
export class Logger {
  private readonly file: Log4jFile;
  private readonly logIdent: string | (() => string);
  private readonly unknownThrowableClass: UnknownThrowableClass | undefined;

  constructor(
    private readonly sink: LogSink,
    /** `loggerName`: Kafka's class name, the log4j logger. */
    readonly loggerName: string,
    options: LoggerOptions = {},
  ) {
    this.file = options.file ?? 'server.log';
    this.logIdent = options.logIdent ?? '';
    this.unknownThrowableClass = options.unknownThrowableClass;
  }

  trace(message: string, e?: unknown): void {
    this.log('TRACE', message, e);
  }

  debug(message: string, e?: unknown): void {
    this.log('DEBUG', message, e);
  }

  info(message: string, e?: unknown): void {
    this.log('INFO', message, e);
  }

  warn(message: string, e?: unknown): void {
    this.log('WARN', message, e);
  }

  error(message: string, e?: unknown): void {
    this.log('ERROR', message, e);
  }

  /** `fatal`: slf4j's ERROR with a FATAL marker, which log4j prints as ERROR. */
  fatal(message: string, e?: unknown): void {
    this.log('ERROR', message, e);
  }

  /** `msgWithLogIdent`. */
  msgWithLogIdent(message: string): string {
    return (typeof this.logIdent === 'string' ? this.logIdent : this.logIdent()) + message;
  }

  /** A line at a level known only at run time (a level carried in data, as log4j's `Logger.log(Level, …)`). */
  log(level: Log4jLevel, message: string, e?: unknown): void {
    const line: LogLine = { file: this.file, level, logger: this.loggerName, message: this.msgWithLogIdent(message) };
    if (e !== undefined) line.throwable = stackTrace(e, this.unknownThrowableClass);
    this.sink(line);
  }
}
