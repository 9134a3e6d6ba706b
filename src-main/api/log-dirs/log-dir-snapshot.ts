/**
 * A producer-state `.snapshot` file parsed for the log dir browser: one row per producer, as
 * Kafka 2.5's ProducerStateManager reads it back, or why it would drop the file (its words). And a
 * segment's `.txnindex`: its aborted transactions, with what `TransactionIndex.sanityCheck` says.
 */
import { decodeProducerSnapshot } from '../../core/log/producer-state/producer-snapshot';
import { ABORTED_TXN_SIZE, decodeAbortedTxns } from '../../core/log/index/transaction-index';
import type { AbortedTxnDto, ProducerSnapshotEntryDto } from './log-dir-contract';
import { errorMessage } from '../../core/common/throwable';

export function parseProducerSnapshotFile(
  bytes: Uint8Array,
  sizeBytes: number,
): { entries: ProducerSnapshotEntryDto[] | null; error: string | null } {
  if (bytes.length < sizeBytes) return { entries: null, error: `The snapshot is ${sizeBytes} bytes: too large to parse here.` };
  try {
    return { entries: decodeProducerSnapshot(bytes).map((e) => ({ ...e })), error: null };
  } catch (e) {
    return { entries: null, error: `Failed to load producer snapshot: ${errorMessage(e)}` };
  }
}

export function parseTransactionIndexFile(
  path: string,
  baseOffset: number | null,
  bytes: Uint8Array,
  sizeBytes: number,
): { entries: AbortedTxnDto[] | null; error: string | null } {
  if (bytes.length < sizeBytes) return { entries: null, error: `The transaction index is ${sizeBytes} bytes: too large to parse here.` };
  try {
    const entries = decodeAbortedTxns(bytes, path).map((e) => ({ ...e }));
    const before = baseOffset === null ? undefined : entries.find((e) => e.lastOffset < baseOffset);
    if (before)
      return {
        entries,
        error:
          `Last offset of aborted transaction AbortedTxn(version=${before.version}, producerId=${before.producerId}, firstOffset=${before.firstOffset}, ` +
          `lastOffset=${before.lastOffset}, lastStableOffset=${before.lastStableOffset}) in index ${path} is less than start offset ${baseOffset}`,
      };
    // Kafka's iterator stops before a partial entry; say that bytes are left over.
    const torn = bytes.length % ABORTED_TXN_SIZE;
    return { entries, error: torn === 0 ? null : `${torn} bytes after the last whole ${ABORTED_TXN_SIZE}-byte entry are ignored.` };
  } catch (e) {
    return { entries: null, error: errorMessage(e) };
  }
}
