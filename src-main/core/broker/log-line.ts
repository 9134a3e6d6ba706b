/** One line of a broker's log4j files, before the timestamp is added. */
export interface LogLine {
  file: 'server.log' | 'controller.log' | 'state-change.log';
  level: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** The log4j logger (Kafka's class), shown in parentheses at the end of the line. */
  logger: string;
  message: string;
}

export type LogSink = (line: LogLine) => void;
