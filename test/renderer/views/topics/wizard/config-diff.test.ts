import { describe, expect, it } from 'vitest';
import type { TopicConfigEntryDto } from '../../../../../src-renderer/src/api/types';
import { diffOverrides, normalizeOverrides, topicOverrides } from '../../../../../src-renderer/src/views/topics/wizard/config-diff';

const entry = (name: string, value: string | null, source: string): TopicConfigEntryDto => ({
  name,
  value,
  source,
  isDefault: source === 'DEFAULT_CONFIG',
  sensitive: false,
});

describe('topic config overrides', () => {
  it('takes only the TOPIC_CONFIG entries as the topic overrides', () => {
    expect(
      topicOverrides([
        entry('retention.ms', '1000', 'TOPIC_CONFIG'),
        entry('cleanup.policy', 'delete', 'DEFAULT_CONFIG'),
        entry('min.insync.replicas', '2', 'STATIC_BROKER_CONFIG'),
      ]),
    ).toEqual({ 'retention.ms': '1000' });
  });

  it('drops cleared fields, so clearing removes an override', () => {
    expect(normalizeOverrides({ 'retention.ms': ' 5 ', 'cleanup.policy': '', 'x.y': null })).toEqual({ 'retention.ms': '5' });
  });

  it('lists added, changed and removed overrides by name', () => {
    expect(diffOverrides({ a: '1', b: '2', c: '3' }, { a: '1', b: '20', d: '4' })).toEqual([
      { name: 'b', kind: 'changed', before: '2', after: '20' },
      { name: 'c', kind: 'removed', before: '3', after: null },
      { name: 'd', kind: 'added', before: null, after: '4' },
    ]);
    expect(diffOverrides({ a: '1' }, { a: '1' })).toEqual([]);
  });
});
