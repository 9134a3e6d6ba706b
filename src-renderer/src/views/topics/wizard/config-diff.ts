/**
 * Topic config overrides, without the UI: what a topic sets itself (source TOPIC_CONFIG), what an
 * edit changes against it, and the override map AlterConfigs is sent (it replaces the topic's
 * overrides as a whole, as the non-incremental AlterConfigs of Kafka 2.5 does).
 */
import type { TopicConfigEntryDto } from '../../../api/types';

export type ConfigChangeKind = 'added' | 'changed' | 'removed';

export interface ConfigChange {
  readonly name: string;
  readonly kind: ConfigChangeKind;
  /** The override before (null: none). */
  readonly before: string | null;
  /** The override after (null: removed, the broker's or Kafka's default applies again). */
  readonly after: string | null;
}

/** The topic's own overrides (`/config/topics/<t>`), from DescribeConfigs entries. */
export function topicOverrides(entries: readonly TopicConfigEntryDto[]): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const entry of entries) {
    if (entry.source === 'TOPIC_CONFIG' && entry.value !== null) overrides[entry.name] = entry.value;
  }
  return overrides;
}

/**
 * The overrides an edit asks for: entries whose value is empty (after trimming) are dropped, so
 * clearing a field removes the override.
 */
export function normalizeOverrides(edited: Readonly<Record<string, string | null | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of Object.keys(edited).sort()) {
    const value = edited[name];
    if (value !== null && value !== undefined && value.trim() !== '') result[name] = value.trim();
  }
  return result;
}

/** What changes from `current` to `next` overrides, by config name. */
export function diffOverrides(current: Readonly<Record<string, string>>, next: Readonly<Record<string, string>>): ConfigChange[] {
  const names = [...new Set([...Object.keys(current), ...Object.keys(next)])].sort();
  const changes: ConfigChange[] = [];
  for (const name of names) {
    const before = Object.hasOwn(current, name) ? current[name] : null;
    const after = Object.hasOwn(next, name) ? next[name] : null;
    if (before === after) continue;
    changes.push({ name, kind: before === null ? 'added' : after === null ? 'removed' : 'changed', before, after });
  }
  return changes;
}
