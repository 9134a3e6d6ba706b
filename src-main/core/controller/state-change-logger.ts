import { Logger } from '../common/logging';

/** A line for `state-change.log`, in the words Kafka 2.5's controller and brokers write. */
export interface StateChangeLine {
  level: 'TRACE' | 'INFO' | 'WARN' | 'ERROR';
  message: string;
}

/** Kafka's `StateChangeLogger`: logger `state.change.logger`, lines prefixed `[Controller id=N epoch=E] ` or `[Broker id=N] `. */
export class StateChangeLogger {
  private readonly logger: Logger;

  constructor(brokerId: number, inControllerContext: boolean, epoch: () => number, sink: (line: StateChangeLine) => void) {
    // The controller's epoch is read at each line: it changes while the logger lives.
    const logIdent = inControllerContext ? () => `[Controller id=${brokerId} epoch=${epoch()}] ` : `[Broker id=${brokerId}] `;
    this.logger = new Logger((l) => sink({ level: l.level as StateChangeLine['level'], message: l.message }), 'state.change.logger', { logIdent, file: 'state-change.log' });
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

  error(message: string): void {
    this.logger.error(message);
  }
}
