/**
 * The records of `__transaction_state` (Kafka 2.5's `TransactionLog`): key and value each start
 * with an int16 schema version, then Kafka's protocol types. A null value is the tombstone of an
 * expired transactional id.
 *
 *   Key v0:    transactional_id: string
 *   Value v0:  producer_id: int64, producer_epoch: int16, transaction_timeout: int32,
 *              transaction_status: int8, transaction_partitions: [topic: string, partition_ids: [int32]] (nullable),
 *              transaction_entry_timestamp: int64, transaction_start_timestamp: int64
 *
 * Written uncompressed with acks −1 (`EnforcedCompressionType`, `EnforcedRequiredAcks`); an Empty
 * transaction's partitions are null.
 */
import { IllegalStateException } from '../../common/java-lang';
import type { TopicPartition } from '../../common/topic-partition';
import { ByteCursor } from '../../record/byte-cursor';
import { NO_PRODUCER_EPOCH, NO_PRODUCER_ID } from '../../record/constants';
import { readString, RecordWriter } from '../group/group-records';
import { byteToState, stateByte, TransactionMetadata, transitText, type TxnTransitMetadata } from './transaction-metadata';

export const TRANSACTION_STATE_TOPIC_NAME = '__transaction_state';
const KEY_VERSION = 0;
const VALUE_VERSION = 0;

export function transactionLogKey(transactionalId: string): Uint8Array {
  return new RecordWriter().int16(KEY_VERSION).string(transactionalId).toBytes();
}

export function transactionLogValue(t: TxnTransitMetadata): Uint8Array {
  const w = new RecordWriter()
    .int16(VALUE_VERSION)
    .int64(t.producerId)
    .int16(t.producerEpoch)
    .int32(t.txnTimeoutMs)
    .int8(stateByte(t.txnState));
  if (t.txnState === 'Empty') {
    if (t.topicPartitions.length > 0)
      throw new IllegalStateException(
        `Transaction is not expected to have any partitions since its state is ${t.txnState}: ${transitText(t)}`,
      );
    w.int32(-1);
  } else {
    const byTopic = new Map<string, number[]>();
    for (const tp of t.topicPartitions) byTopic.set(tp.topic, [...(byTopic.get(tp.topic) ?? []), tp.partition]);
    w.int32(byTopic.size);
    for (const [topic, partitions] of byTopic) {
      w.string(topic).int32(partitions.length);
      for (const p of partitions) w.int32(p);
    }
  }
  return w.int64(t.txnLastUpdateTimestamp).int64(t.txnStartTimestamp).toBytes();
}

/** `readTxnRecordKey`: the transactional id of a key. */
export function readTransactionLogKey(bytes: Uint8Array): string {
  const c = new ByteCursor(bytes);
  const version = c.int16();
  if (version !== KEY_VERSION) throw new IllegalStateException(`Unknown version ${version} from the transaction log message`);
  const id = readString(c);
  if (id === null) throw new IllegalStateException('Transaction log key has a null transactional id');
  return id;
}

/** `readTxnRecordValue`: the metadata as loaded (no last producer id or epoch), or null for a tombstone. */
export function readTransactionLogValue(transactionalId: string, bytes: Uint8Array | null): TransactionMetadata | null {
  if (bytes === null) return null;
  const c = new ByteCursor(bytes);
  const version = c.int16();
  if (version !== VALUE_VERSION) throw new IllegalStateException(`Unknown version ${version} from the transaction log message value`);
  const producerId = c.int64();
  const producerEpoch = c.int16();
  const timeoutMs = c.int32();
  const state = byteToState(c.int8());
  const partitions: TopicPartition[] = [];
  const topics = c.int32();
  for (let i = 0; i < topics; i++) {
    const topic = readString(c) ?? '';
    const count = c.int32();
    for (let j = 0; j < count; j++) partitions.push({ topic, partition: c.int32() });
  }
  const entryTimestamp = c.int64();
  const startTimestamp = c.int64();
  return new TransactionMetadata(
    transactionalId,
    producerId,
    NO_PRODUCER_ID,
    producerEpoch,
    NO_PRODUCER_EPOCH,
    timeoutMs,
    state,
    state === 'Empty' ? [] : partitions,
    startTimestamp,
    entryTimestamp,
  );
}
