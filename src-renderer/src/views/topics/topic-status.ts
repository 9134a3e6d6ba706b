/** The status tags of a topic in the list: internal, offline, under-replicated, being deleted, or healthy. */
import type { TopicSummaryDto } from '../../api/types';

export interface TopicStatusTag {
  /** The i18n key of the text, and its parameters. */
  readonly text: string;
  readonly params: Readonly<Record<string, number>>;
  readonly type: 'info' | 'danger' | 'warning' | 'success';
  readonly effect?: 'dark';
}

export function topicStatusTags(topic: TopicSummaryDto): TopicStatusTag[] {
  const tags: TopicStatusTag[] = [];
  if (topic.internal) tags.push({ text: 'topics.internal', params: {}, type: 'info' });
  if (topic.offlinePartitions > 0) tags.push({ text: 'topics.offlineN', params: { n: topic.offlinePartitions }, type: 'danger' });
  if (topic.underReplicatedPartitions > 0)
    tags.push({ text: 'topics.urpN', params: { n: topic.underReplicatedPartitions }, type: 'warning' });
  if (topic.beingDeleted) tags.push({ text: 'topics.beingDeleted', params: {}, type: 'danger', effect: 'dark' });
  if (tags.length === 0) tags.push({ text: 'topics.healthy', params: {}, type: 'success' });
  return tags;
}
