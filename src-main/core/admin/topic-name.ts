/**
 * Kafka 2.5's `org.apache.kafka.common.internals.Topic`: what a topic may be called, which names
 * are internal, and the '.'/'_' collision rule (both characters map to '_' in metric names, so
 * `a.b` and `a_b` cannot coexist).
 */
import { KafkaApiError } from '../common/kafka-errors';

export const GROUP_METADATA_TOPIC_NAME = '__consumer_offsets';
export const TRANSACTION_STATE_TOPIC_NAME = '__transaction_state';
export const LEGAL_CHARS = '[a-zA-Z0-9._-]';
export const MAX_NAME_LENGTH = 249;

const INTERNAL_TOPICS: ReadonlySet<string> = new Set([GROUP_METADATA_TOPIC_NAME, TRANSACTION_STATE_TOPIC_NAME]);

export function isInternalTopic(topic: string): boolean {
  return INTERNAL_TOPICS.has(topic);
}

/** `Topic.containsValidPattern`: ASCII alphanumerics, '.', '_' and '-' only. */
export function containsValidPattern(topic: string): boolean {
  return /^[a-zA-Z0-9._-]*$/.test(topic);
}

/** `Topic.validate`'s wording for an illegal name; null when the name is legal. */
export function topicNameProblem(topic: string): string | null {
  if (topic.length === 0) return "Topic name is illegal, it can't be empty";
  if (topic === '.' || topic === '..') return 'Topic name cannot be "." or ".."';
  if (topic.length > MAX_NAME_LENGTH) {
    return `Topic name is illegal, it can't be longer than ${MAX_NAME_LENGTH} characters, topic name: ${topic}`;
  }
  if (!containsValidPattern(topic)) {
    return `Topic name "${topic}" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`;
  }
  return null;
}

/** `Topic.validate` as a value: the InvalidTopicException Kafka would throw, or null. */
export function topicNameError(topic: string): KafkaApiError | null {
  const problem = topicNameProblem(topic);
  return problem === null ? null : new KafkaApiError('INVALID_TOPIC_EXCEPTION', problem);
}

/** `Topic.validate`: throws INVALID_TOPIC_EXCEPTION with Kafka's message. */
export function validateTopic(topic: string): void {
  const error = topicNameError(topic);
  if (error !== null) throw error;
}

/** `Topic.hasCollisionChars`. */
export function hasCollisionChars(topic: string): boolean {
  return topic.includes('_') || topic.includes('.');
}

/** The name with '.' mapped to '_' (Kafka ≥ 2.7 names this helper; 2.5 inlines it in hasCollision). */
export function unifyCollisionChars(topic: string): string {
  return topic.replaceAll('.', '_');
}

/** `Topic.hasCollision`: equal once '.' and '_' are the same character. */
export function hasCollision(topicA: string, topicB: string): boolean {
  return unifyCollisionChars(topicA) === unifyCollisionChars(topicB);
}

/** The existing topics `topic` collides with, in the order given. */
export function collidingTopics(topic: string, existingTopics: Iterable<string>): string[] {
  return [...existingTopics].filter((existing) => hasCollision(topic, existing));
}

/**
 * The existence and collision part of `AdminZkClient.validateTopicCreate`: an existing topic gives
 * TOPIC_ALREADY_EXISTS, a colliding one INVALID_TOPIC_EXCEPTION naming every collision. Kafka only
 * lists existing topics when the new name has a '.' or '_', so a name without one never collides.
 */
export function topicExistenceError(topic: string, existingTopics: Iterable<string>): KafkaApiError | null {
  const existing = [...existingTopics];
  if (existing.includes(topic)) return new KafkaApiError('TOPIC_ALREADY_EXISTS', `Topic '${topic}' already exists.`);
  if (!hasCollisionChars(topic)) return null;
  const collisions = collidingTopics(topic, existing);
  if (collisions.length === 0) return null;
  return new KafkaApiError('INVALID_TOPIC_EXCEPTION', `Topic '${topic}' collides with existing topics: ${collisions.join(', ')}`);
}
