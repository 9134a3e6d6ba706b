/**
 * A producer-state `.snapshot` file parsed for the log dir browser: one row per producer, as
 * Kafka 2.5's ProducerStateManager reads it back, or why it would drop the file (its words).
 */
import { decodeProducerSnapshot } from '../../core/log/producer-state/producer-snapshot';
import type { ProducerSnapshotEntryDto } from './log-dir-contract';
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
