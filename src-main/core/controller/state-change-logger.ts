/** A line for `state-change.log`, in the words Kafka 2.5's controller and brokers write. */
export interface StateChangeLine {
  level: 'TRACE' | 'INFO' | 'WARN' | 'ERROR';
  message: string;
}

/** Kafka's `StateChangeLogger`: prefixes lines with `[Controller id=N epoch=E]` or `[Broker id=N]`. */
export class StateChangeLogger {
  constructor(
    private readonly brokerId: number,
    private readonly inControllerContext: boolean,
    private readonly epoch: () => number,
    private readonly sink: (line: StateChangeLine) => void,
  ) {}

  private prefix(): string {
    return this.inControllerContext ? `[Controller id=${this.brokerId} epoch=${this.epoch()}] ` : `[Broker id=${this.brokerId}] `;
  }

  trace(message: string): void {
    this.sink({ level: 'TRACE', message: this.prefix() + message });
  }

  info(message: string): void {
    this.sink({ level: 'INFO', message: this.prefix() + message });
  }

  warn(message: string): void {
    this.sink({ level: 'WARN', message: this.prefix() + message });
  }

  error(message: string): void {
    this.sink({ level: 'ERROR', message: this.prefix() + message });
  }
}
