import { JavaThrowable } from './java-lang';

/**
 * `org.apache.kafka.common.KafkaException`, the root of Kafka's own exceptions: fatal for broker
 * startup when thrown while loading logs; what a record iterator throws when a codec fails.
 */
export class KafkaException extends JavaThrowable {
  override readonly name: string = 'KafkaException';
  readonly javaClass: string = 'org.apache.kafka.common.KafkaException';
}
