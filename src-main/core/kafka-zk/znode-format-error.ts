/**
 * What is wrong with a znode's data, said the way Kafka would say it, plus what Kafka 2.5 itself
 * would make of the same bytes so that callers can choose between protection and fidelity.
 */

/**
 * How a real Kafka 2.5 broker/controller reads the same data:
 * * `throws`          — it fails (an exception in the controller event or broker task; nothing is
 *                       applied);
 * * `treats-as-empty` — it silently reads nothing (e.g. broken JSON in a topic znode is a topic
 *                       without partitions; an invalid reassignment znode is ignored);
 * * `accepts`         — it reads the data as if it were fine; the emulation refuses it only to
 *                       protect its controller (negative or repeated broker ids, partitions not
 *                       numbered 0..n−1, an unknown version, …). `kafkaValue` holds what Kafka read.
 */
export type KafkaReading = 'throws' | 'treats-as-empty' | 'accepts';

export interface ZnodeFormatErrorInit<T> {
  readonly kafkaValue?: T;
  /** JSON pointer (RFC 6901) of the offending value, `''` for the whole document. */
  readonly pointer?: string | null;
  /** Offset, line and column (1-based) in the decoded text, when the problem has a place. */
  readonly offset?: number | null;
  readonly line?: number | null;
  readonly column?: number | null;
}

export class ZnodeFormatError<T = unknown> extends Error {
  override readonly name = 'ZnodeFormatError';
  readonly kafkaValue: T | undefined;
  readonly pointer: string | null;
  readonly offset: number | null;
  readonly line: number | null;
  readonly column: number | null;

  constructor(
    /** The znode whose data is wrong. */
    readonly path: string,
    /** The problem alone, in Kafka's words (the message adds the path). */
    readonly reason: string,
    readonly kafkaReading: KafkaReading,
    init: ZnodeFormatErrorInit<T> = {},
  ) {
    super(`${path}: ${reason}`);
    this.kafkaValue = init.kafkaValue;
    this.pointer = init.pointer ?? null;
    this.offset = init.offset ?? null;
    this.line = init.line ?? null;
    this.column = init.column ?? null;
  }
}

/** Narrowing helper: `if (isZnodeFormatError(r)) …`. */
export function isZnodeFormatError(value: unknown): value is ZnodeFormatError {
  return value instanceof ZnodeFormatError;
}

/**
 * The value Kafka 2.5 would work with: the decoded value, or `kafkaValue` when Kafka accepts or
 * empties the data; `undefined` when Kafka fails on it.
 */
export function kafkaReadingOf<T>(result: T | ZnodeFormatError<T>): T | undefined {
  if (result instanceof ZnodeFormatError) return result.kafkaReading === 'throws' ? undefined : result.kafkaValue;
  return result;
}
