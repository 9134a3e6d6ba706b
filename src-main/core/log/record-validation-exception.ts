/**
 * Kafka's `kafka.common.RecordValidationException` (KIP-467): the records of a batch that failed
 * the leader's per-record checks, each with its index in the batch and why, and the exception the
 * partition's produce answer carries (INVALID_RECORD or INVALID_TIMESTAMP). It is the only append
 * failure whose message reaches a Produce v8 response's `error_message`.
 */
import { KafkaApiError } from '../common/kafka-errors';

/** `ProduceResponse.RecordError`: a record's index in its batch and the reason it was rejected. */
export interface RecordError {
  readonly batchIndex: number;
  readonly message: string | null;
}

export class RecordValidationException extends Error {
  override readonly name = 'RecordValidationException';

  constructor(
    readonly invalidException: KafkaApiError,
    readonly recordErrors: readonly RecordError[],
  ) {
    super(invalidException.message);
  }
}
