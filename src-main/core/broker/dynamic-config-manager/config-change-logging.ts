import { ConfigException } from '../../common/config-def';
import { JavaThrowable } from '../../common/java-lang';
import { describeError as describeControllerError } from '../../controller/controller-errors';
import { ZnodeFormatError } from '../../kafka-zk/znode-format-error';
import { KeeperException } from '../../zookeeper';
import type { LogLine, LogSink } from '../log-line';

type Level = LogLine['level'];

/** A `server.log` logger named after Kafka's class; an error may carry the exception log4j prints under it. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, e?: unknown): void;
}

export function logger(sink: LogSink, name: string): Logger {
  const line = (level: Level, message: string, e?: unknown) =>
    sink({ file: 'server.log', level, logger: name, message, ...(e === undefined ? {} : { throwable: javaThrowable(e) }) });
  return {
    debug: (m) => line('DEBUG', m),
    info: (m) => line('INFO', m),
    warn: (m) => line('WARN', m),
    error: (m, e) => line('ERROR', m, e),
  };
}

/** `Throwable.toString()` of what Kafka would have thrown, as log4j prints it under the line. */
export function javaThrowable(e: unknown): string {
  if (e instanceof ZnodeFormatError) {
    const reason = e.reason;
    // Decoding `entity_path` without a '/': `substring(0, -1)` fails before Kafka's own check.
    if (reason.startsWith('String index out of range: -1')) return 'java.lang.StringIndexOutOfBoundsException: String index out of range: -1';
    if (/^(Config change notification|Version [12] config change notification)/.test(reason)) return `java.lang.IllegalArgumentException: ${reason}`;
    // Kafka's JsonValue conversions (`js("version").to[Int]`, `v.to[String]`).
    return `com.fasterxml.jackson.databind.JsonMappingException: ${reason}`;
  }
  if (e instanceof ConfigException) return `org.apache.kafka.common.config.ConfigException: ${e.message}`;
  if (e instanceof JavaThrowable) return e.toString();
  if (e instanceof KeeperException) return describeControllerError(e);
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}
