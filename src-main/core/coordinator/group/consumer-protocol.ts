/**
 * The parts of the consumer's embedded protocol (`ConsumerProtocol`, protocol type "consumer") that
 * the broker and kafka-consumer-groups read. Every version starts with the v0 layout, so v0 is
 * all that is parsed:
 *
 *   Subscription v0: version: int16, topics: [string], user_data: bytes
 *   Assignment v0:   version: int16, assigned_partitions: [topic: string, partitions: [int32]], user_data: bytes
 */
import { ByteCursor } from '../../record/byte-cursor';
import type { TopicPartition } from '../../common/topic-partition';

export const CONSUMER_PROTOCOL_TYPE = 'consumer';

const decoder = new TextDecoder();

function readString(c: ByteCursor): string {
  const length = c.int16();
  return length < 0 ? '' : decoder.decode(c.bytes(length));
}

function readArray<T>(c: ByteCursor, item: () => T): T[] {
  const n = c.int32();
  const items: T[] = [];
  for (let i = 0; i < n; i++) items.push(item());
  return items;
}

/** The subscribed topics of a member's metadata; throws on bytes that are not a subscription. */
export function subscriptionTopics(metadata: Uint8Array): string[] {
  const c = new ByteCursor(metadata);
  c.int16();
  return readArray(c, () => readString(c));
}

/** The partitions of a member's assignment; an empty assignment has none. */
export function assignmentPartitions(assignment: Uint8Array): TopicPartition[] {
  if (assignment.length === 0) return [];
  const c = new ByteCursor(assignment);
  c.int16();
  return readArray(c, () => {
    const topic = readString(c);
    return readArray(c, () => ({ topic, partition: c.int32() }));
  }).flat();
}

/** The partitions of an assignment read by someone who must not throw (the UI's group view): null when the bytes are not one. */
export function consumerAssignmentPartitions(assignment: Uint8Array): TopicPartition[] | null {
  try {
    return assignmentPartitions(assignment);
  } catch {
    return null;
  }
}

/** `computeSubscribedTopics`: the union of the members' topics, for a consumer group with a protocol; null otherwise or when unreadable. */
/** What computeSubscribedTopics reads of a group (GroupMetadata has it; a narrow view keeps this file free of it). */
export interface SubscribedGroupView {
  readonly protocolType: string | null;
  readonly protocolName: string | null;
  readonly size: number;
  readonly members: ReadonlyMap<string, { metadata(protocol: string): Uint8Array }>;
}

export function computeSubscribedTopics(group: SubscribedGroupView): ReadonlySet<string> | null {
  if (group.protocolType !== CONSUMER_PROTOCOL_TYPE || group.size === 0 || group.protocolName === null) return null;
  try {
    const topics = new Set<string>();
    for (const member of group.members.values()) for (const t of subscriptionTopics(member.metadata(group.protocolName))) topics.add(t);
    return topics;
  } catch {
    return null;
  }
}
