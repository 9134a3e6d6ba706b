import type { LogLine } from '../common/logging';
import { Logger } from '../common/logging';
import { KAFKA_ERRORS_PACKAGE } from '../common/throwable';

/** A line for `state-change.log`, in the words Kafka 2.5's controller and brokers write. */
export interface StateChangeLine {
  level: 'TRACE' | 'INFO' | 'WARN' | 'ERROR';
  message: string;
  /** The exception logged with the line (`LogLine.throwable`). */
  throwable?: string;
}

/** Kafka's `StateChangeLogger`: logger `state.change.logger`, lines prefixed `[Controller id=N epoch=E] ` or `[Broker id=N] `. */
export class StateChangeLogger {
  private readonly logger: Logger;

  constructor(brokerId: number, inControllerContext: boolean, epoch: () => number, sink: (line: StateChangeLine) => void) {
    // The controller's epoch is read at each line: it changes while the logger lives.
    const logIdent = inControllerContext ? () => `[Controller id=${brokerId} epoch=${epoch()}] ` : `[Broker id=${brokerId}] `;
    const line = (l: LogLine): StateChangeLine => ({
      level: l.level as StateChangeLine['level'],
      message: l.message,
      ...(l.throwable === undefined ? {} : { throwable: l.throwable }),
    });
    this.logger = new Logger((l) => sink(line(l)), 'state.change.logger', {
      logIdent,
      file: 'state-change.log',
      unknownThrowableClass: KAFKA_ERRORS_PACKAGE,
    });
  }

  trace(message: string): void {
    this.logger.trace(message);
  }

  info(message: string): void {
    this.logger.info(message);
  }

  warn(message: string): void {
    this.logger.warn(message);
  }

  error(message: string, e?: unknown): void {
    this.logger.error(message, e);
  }
}
