/**
 * The transaction coordinator is not emulated yet: no `__transaction_state`, and the client-facing
 * transactional APIs (AddPartitionsToTxn 24 … EndTxn 26, TxnOffsetCommit 28) are neither answered
 * nor advertised (WriteTxnMarkers 27, the partition side, is). Until they exist every transactional
 * id is refused the way a Kafka 2.5 broker whose authorizer denies it refuses it:
 * TRANSACTIONAL_ID_AUTHORIZATION_FAILED (53) for FindCoordinator with key type 1 and for
 * InitProducerId with a transactional id (`KafkaApis.handleFindCoordinatorRequest`,
 * `handleInitProducerIdRequest`). A Produce of transactional batches is refused so only without a
 * transactional id, as `handleProduceRequest` refuses it with no authorizer; with one it is appended.
 *
 * Why this answer: it is the only one a 2.5 broker gives that clients take as final at once.
 * - What a 2.5 broker answers when it cannot create `__transaction_state` (COORDINATOR_NOT_AVAILABLE)
 *   is retriable: librdkafka 2.0.2 queries again until `init_transactions` times out (a retriable
 *   `_TIMED_OUT`), kafkajs 2.2.4 retries through its whole retry budget.
 * - NOT_COORDINATOR from InitProducerId is retriable too, and librdkafka's transaction-coordinator
 *   lookup treats every FindCoordinator error but the two authorization ones as worth another query
 *   (UNSUPPORTED_VERSION, INVALID_REQUEST included).
 * - Leaving the transactional APIs out of ApiVersions does not help: librdkafka only checks
 *   InitProducerId before `init_transactions`, kafkajs only an API it is about to send.
 * - TRANSACTIONAL_ID_AUTHORIZATION_FAILED makes librdkafka raise a fatal transactional error
 *   ("Failed to find transaction coordinator: …"), and kafkajs give up (the error is not retriable).
 *
 * CLUSTER_AUTHORIZATION_FAILED would do as much for the clients, but a 2.5 broker uses it for the
 * idempotent-write permission, which idempotent producers here have.
 */
import type { ErrorName } from '../../../core/common/kafka-errors';
import { batchesIn } from '../../../core/record';

export const TRANSACTIONAL_ID_REFUSED: ErrorName = 'TRANSACTIONAL_ID_AUTHORIZATION_FAILED';

/** `ProduceRequest.hasTransactionalRecords`: any partition's batches marked transactional. */
export function hasTransactionalRecords(partitions: ReadonlyArray<{ records: Buffer | null }>): boolean {
  return partitions.some((p) => {
    if (!p.records) return false;
    try {
      for (const batch of batchesIn(p.records)) if (batch.magic >= 2 && batch.isTransactional) return true;
    } catch {
      // Bytes that do not parse are ProduceRequest.validateRecords' to refuse.
    }
    return false;
  });
}
