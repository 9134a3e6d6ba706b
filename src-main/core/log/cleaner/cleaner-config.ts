/**
 * `kafka.log.CleanerConfig`: what the broker's `log.cleaner.*` settings give the LogCleaner
 * (`LogCleaner.cleanerConfig(KafkaConfig)` in 2.5).
 */
export interface CleanerConfig {
  /** `log.cleaner.threads`. */
  readonly numThreads: number;
  /** `log.cleaner.dedupe.buffer.size`: the offset maps' memory, shared by the threads. */
  readonly dedupeBufferSize: number;
  /** `log.cleaner.io.buffer.load.factor`: how full an offset map may get. */
  readonly dedupeBufferLoadFactor: number;
  /** `log.cleaner.io.buffer.size`. */
  readonly ioBufferSize: number;
  /** `message.max.bytes`. */
  readonly maxMessageSize: number;
  /** `log.cleaner.io.max.bytes.per.second`. */
  readonly maxIoBytesPerSecond: number;
  /** `log.cleaner.backoff.ms`: a thread's sleep when no log needs cleaning. */
  readonly backOffMs: number;
  /** `log.cleaner.enable`. */
  readonly enableCleaner: boolean;
}

/** Kafka 2.5's defaults (KafkaConfig). */
export const DEFAULT_CLEANER_CONFIG: CleanerConfig = {
  numThreads: 1,
  dedupeBufferSize: 134217728,
  dedupeBufferLoadFactor: 0.9,
  ioBufferSize: 524288,
  maxMessageSize: 1048588,
  maxIoBytesPerSecond: Number.MAX_VALUE,
  backOffMs: 15000,
  enableCleaner: true,
};
