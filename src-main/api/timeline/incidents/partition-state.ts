/**
 * Partitions' state changes, told as steps of the incident that caused them: new leaders
 * (`leader-elected`), partitions going offline, replicas leaving the ISR (`isr-removed` by the
 * controller, `isr-shrink` by a leader) and rejoining it (`isr-expand`). They join the incident the
 * controller is busy with, a topic's creation, the reassignment moving the partition, or the story
 * of the broker whose replica left or came back.
 */
import type { StoredEvent } from '../../../core/cluster/event-log';
import type { LocalizedText } from '../../localized-text';
import { named, t, type FactHandlers, type FactOf, type IncidentBuilder, type IncidentStories } from './incident-story';
import { creationOf } from './topic-creation';

/** How long after a broker's story last grew a leader's ISR change may still be about it. */
const ISR_CHANGE_MS = 5 * 60_000;

export const partitionState: FactHandlers = {
  'leader-elected': (s, e, fact) => {
    const b = creationOf(s, fact.partition, e, true) ?? s.focused(e);
    if (b === null || b.kind === 'topic-deleted') return;
    if (b.kind === 'topic-created') b.partitions.add(fact.partition);
    const item = `${fact.partition} → ${fact.leader}`;
    s.groupStep(b, e, 'leader', item, (items) => leadersText(b, items));
  },
  'partition-offline': (s, e, fact) => {
    const b = s.focused(e);
    if (b === null || b.kind === 'topic-deleted') return;
    s.groupStep(b, e, 'offline', fact.partition, (items) =>
      t(`Offline (no leader): ${named(items)}`, `离线（无 leader）：${named(items)}`),
    );
  },
  'isr-removed': (s, e, fact) => {
    const b = s.focused(e);
    if (b === null || b.kind === 'topic-deleted') return;
    const item = `${fact.partition} [${fact.isr.join(',')}]`;
    s.groupStep(b, e, `isr-removed-${fact.replica}`, item, (items) =>
      t(`ISR shrank: replica ${fact.replica} removed from ${named(items)}`, `ISR 收缩：副本 ${fact.replica} 被移出 ${named(items)}`),
    );
  },
  'isr-shrink': isrChange,
  'isr-expand': isrChange,
};

function isrChange(s: IncidentStories, e: StoredEvent, fact: FactOf<'isr-shrink' | 'isr-expand'>): void {
  const changed = fact.f === 'isr-shrink' ? fact.from.filter((r) => !fact.to.includes(r)) : fact.to.filter((r) => !fact.from.includes(r));
  if (changed.length === 0) return;
  const item = `${fact.partition} [${fact.to.join(',')}]`;
  const moving = fact.f === 'isr-expand' ? s.waitingOf('reassignment', (x) => x.pending.has(fact.partition)) : undefined;
  if (moving !== undefined) {
    s.groupStep(moving, e, `isr-expand-${changed[0]}`, item, (items) =>
      t(
        `New replica ${changed[0]} caught up and joined the ISR: ${named(items)}`,
        `新副本 ${changed[0]} 追上进度并加入 ISR：${named(items)}`,
      ),
    );
    return;
  }
  const b = s.latestOf(changed[0], fact.f === 'isr-shrink' ? ['broker-killed', 'broker-stopped'] : ['broker-started'], e);
  if (b === null || e.timeMs - b.endMs > ISR_CHANGE_MS) return;
  s.groupStep(b, e, fact.f, item, (items) =>
    fact.f === 'isr-shrink'
      ? t(`The leader shrank the ISR: ${named(items)}`, `leader 收缩了 ISR：${named(items)}`)
      : t(
          `Broker ${changed[0]} caught up and rejoined the ISR: ${named(items)}`,
          `Broker ${changed[0]} 追上进度并重新加入 ISR：${named(items)}`,
        ),
  );
}

function leadersText(b: IncidentBuilder, items: readonly string[]): LocalizedText {
  if (b.kind === 'topic-created') return t(`Leaders elected: ${named(items)}`, `已选出 leader：${named(items)}`);
  if (b.kind === 'unclean-election')
    return t(
      `Unclean leaders (not from the ISR: records they lack are lost): ${named(items)}`,
      `非干净 leader（不在 ISR 中：它们缺少的记录已丢失）：${named(items)}`,
    );
  return t(`New leaders: ${named(items)}`, `新的 leader：${named(items)}`);
}
