/**
 * The consumer protocol's member assignment (`ConsumerProtocol.deserializeAssignment`, versions 0
 * and 1 — 1 only adds nothing a reader needs): int16 version, an array of (topic, partitions), the
 * user data. What a consumer group's leader sends in SyncGroup and DescribeGroups returns.
 */
import type { TopicPartition } from '../common/topic-partition';

/** The partitions of a `consumer` member's assignment; null when the bytes are not one (another protocol type, or cut short). */
export function consumerAssignmentPartitions(bytes: Uint8Array): TopicPartition[] | null {
  if (bytes.length === 0) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new RangeError('assignment cut short');
  };
  const int16 = () => (need(2), (at += 2), view.getInt16(at - 2));
  const int32 = () => (need(4), (at += 4), view.getInt32(at - 4));
  try {
    int16(); // version
    const topics = int32();
    const out: TopicPartition[] = [];
    for (let t = 0; t < topics; t++) {
      const length = int16();
      need(length);
      const topic = new TextDecoder().decode(bytes.subarray(at, at + length));
      at += length;
      const partitions = int32();
      for (let p = 0; p < partitions; p++) out.push({ topic, partition: int32() });
    }
    return out;
  } catch {
    return null;
  }
}
