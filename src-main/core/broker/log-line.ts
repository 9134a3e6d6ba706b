/** One line of a broker's log4j files, before the timestamp is added. */
export interface LogLine {
  file: 'server.log' | 'controller.log' | 'state-change.log';
  level: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** The log4j logger (Kafka's class), shown in parentheses at the end of the line. */
  logger: string;
  message: string;
  /**
   * The exception logged with the line, as log4j prints it on the lines after it
   * (`<java class>: <message>`; Kafka's stack frames are not reproduced).
   */
  throwable?: string;
}

export type LogSink = (line: LogLine) => void;
