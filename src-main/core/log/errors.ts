/**
 * The exceptions Kafka's storage layer throws, with the Java class name Kafka would print in
 * server.log (`org.apache.kafka.common.KafkaException: Found directory …`). The message text is
 * Kafka's; `javaClass` lets an event render the line exactly as a broker would.
 */
export abstract class KafkaLogError extends Error {
  abstract readonly javaClass: string;

  /** `<java class>: <message>`, as `Throwable.toString()` prints it. */
  override toString(): string {
    return `${this.javaClass}: ${this.message}`;
  }
}

/** `org.apache.kafka.common.KafkaException`: fatal for broker startup when thrown while loading logs. */
export class KafkaException extends KafkaLogError {
  override readonly name: string = 'KafkaException';
  readonly javaClass: string = 'org.apache.kafka.common.KafkaException';
}

/** `KafkaStorageException`: an I/O error on a log dir (the dir goes offline). */
export class KafkaStorageException extends KafkaException {
  override readonly name = 'KafkaStorageException';
  override readonly javaClass = 'org.apache.kafka.common.errors.KafkaStorageException';
}

/** `LogDirNotFoundException`: a log dir that is not in `log.dirs`. */
export class LogDirNotFoundException extends KafkaException {
  override readonly name = 'LogDirNotFoundException';
  override readonly javaClass = 'org.apache.kafka.common.errors.LogDirNotFoundException';
}

/** `java.io.IOException`: what checkpoint and meta.properties readers throw for bad content. */
export class IOException extends KafkaLogError {
  override readonly name: string = 'IOException';
  readonly javaClass: string = 'java.io.IOException';
}

/**
 * A checkpoint file whose content Kafka rejects. Kafka's message names the file and quotes the
 * line's text; `lineNumber` (1-based) says which line, for a person opening the file.
 */
export class CheckpointFormatException extends IOException {
  override readonly name = 'CheckpointFormatException';

  constructor(
    message: string,
    readonly path: string,
    readonly lineNumber: number,
    readonly line: string | null,
  ) {
    super(message);
  }
}

/** `java.lang.IllegalArgumentException` (Scala's `require` failures: "requirement failed: …"). */
export class IllegalArgumentException extends KafkaLogError {
  override readonly name: string = 'IllegalArgumentException';
  readonly javaClass: string = 'java.lang.IllegalArgumentException';
}

/** `java.lang.IllegalStateException`. */
export class IllegalStateException extends KafkaLogError {
  override readonly name = 'IllegalStateException';
  readonly javaClass = 'java.lang.IllegalStateException';
}

/** `java.lang.NumberFormatException`, with Java's text: `For input string: "abc"`. */
export class NumberFormatException extends IllegalArgumentException {
  override readonly name = 'NumberFormatException';
  override readonly javaClass = 'java.lang.NumberFormatException';
}

/** `Throwable.toString()`: `<java class>: <message>` (the message may span lines). */
export function throwableToString(e: unknown): string {
  if (e instanceof KafkaLogError) return e.toString();
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/**
 * Renders an error the way Kafka's logger prints an exception under a line: `<class>: <message>`,
 * then `Caused by: <class>: <message>` for each cause.
 */
export function describeError(e: unknown): string {
  const one = (x: unknown): string =>
    x instanceof KafkaLogError ? x.toString() : x instanceof Error ? `${x.name}: ${x.message}` : String(x);
  let text = one(e);
  let cause = e instanceof Error ? e.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < 8; depth++) {
    text += `\nCaused by: ${one(cause)}`;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return text;
}

/** `kafka.common.InconsistentBrokerMetadataException`: log dirs disagree about the broker's identity. */
export class InconsistentBrokerMetadataException extends KafkaException {
  override readonly name = 'InconsistentBrokerMetadataException';
  override readonly javaClass = 'kafka.common.InconsistentBrokerMetadataException';
}

/** `kafka.common.InconsistentBrokerIdException`: configured `broker.id` ≠ the one in meta.properties. */
export class InconsistentBrokerIdException extends KafkaException {
  override readonly name = 'InconsistentBrokerIdException';
  override readonly javaClass = 'kafka.common.InconsistentBrokerIdException';
}

/** `kafka.common.InconsistentClusterIdException`: the cluster id in ZooKeeper ≠ the one in meta.properties. */
export class InconsistentClusterIdException extends KafkaException {
  override readonly name = 'InconsistentClusterIdException';
  override readonly javaClass = 'kafka.common.InconsistentClusterIdException';
}
