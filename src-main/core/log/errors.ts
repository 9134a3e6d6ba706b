/**
 * The exceptions Kafka's storage layer throws, with the Java class name Kafka would print in
 * server.log (`org.apache.kafka.common.KafkaException: Found directory …`). The message text is
 * Kafka's; `javaClass` lets an event render the line exactly as a broker would. The `java.lang`
 * ones (IllegalArgumentException, NumberFormatException, IllegalStateException) and
 * `Throwable.toString()` are in common/java-lang.ts.
 */
import { JavaThrowable } from '../common/java-lang';

import { KafkaException } from '../common/kafka-exception';

export { KafkaException };

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
export class IOException extends JavaThrowable {
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
