/**
 * A partition reassignment, from `/admin/reassign_partitions` (`reassignment-requested`) or an
 * AlterPartitionReassignments request (`reassignment-api`, which may cancel): it unfolds while the
 * controller moves replicas (`reassignment-partition`), the new replicas get their logs and join
 * the ISR (`topic-creation.ts`, `partition-state.ts`), and each partition completes
 * (`reassignment-partition-completed`); it ends when nothing is left to move (`reassignment-completed`,
 * or the request's handling finished with no partition pending).
 */
import type { StoredEvent } from '../../../core/cluster/event-log';
import type { LocalizedText } from '../../localized-text';
import { durationText } from '../../duration-text';
import { named, t, type FactHandlers, type IncidentBuilder, type IncidentStories } from './incident-story';

export const reassignments: FactHandlers = {
  'reassignment-requested': (s, e) => {
    const b = openReassignment(s, e, false);
    s.step(b, e, t('Reassignment started (/admin/reassign_partitions created)', '重分配开始（已创建 /admin/reassign_partitions）'));
  },
  'reassignment-api': (s, e, fact) => {
    const cancel = fact.partitions.every((p) => p.replicas === null);
    const b = openReassignment(s, e, cancel);
    const items = fact.partitions.map((p) =>
      p.replicas === null ? `${p.partition} (cancel)` : `${p.partition} → ${p.replicas.join(',')}`,
    );
    s.step(
      b,
      e,
      t(
        `AlterPartitionReassignments request: ${named(items)}`,
        `AlterPartitionReassignments 请求：${named(items.map((i) => i.replace('(cancel)', '（取消）')))}`,
      ),
    );
  },
  'reassignment-partition': (s, e, fact) => {
    const b = reassignmentOf(s, e, fact.partition);
    if (b === null) return;
    b.partitions.add(fact.partition);
    b.pending.add(fact.partition);
    s.groupStep(b, e, 'moving', `${fact.partition} ${fact.from.join(',')} → ${fact.to.join(',')}`, (items) =>
      t(`Replicas moving: ${named(items)}`, `副本迁移：${named(items)}`),
    );
  },
  'reassignment-partition-completed': (s, e, fact) => {
    const b = s.waitingOf('reassignment', (x) => x.pending.has(fact.partition));
    if (b === undefined) return;
    b.pending.delete(fact.partition);
    s.groupStep(b, e, 'moved', `${fact.partition} [${fact.replicas.join(',')}]`, (items) =>
      t(`Reassignment done for ${named(items)}`, `重分配完成：${named(items)}`),
    );
    if (b.pending.size === 0 && b.steps.some((x) => x.group?.fact === 'api-finished')) finishReassignment(s, b, e);
  },
  'reassignment-api-finished': (s, e) => {
    const b = s.focused(e);
    if (b?.kind !== 'reassignment' || !b.waiting) return;
    if (b.pending.size === 0) finishReassignment(s, b, e);
    else b.steps.push({ timeMs: e.timeMs, seq: e.seq, text: waitingForText(b), group: { fact: 'api-finished', items: [] } });
  },
  'reassignment-completed': (s, e) => {
    const b = s.waitingOf('reassignment', () => true);
    if (b !== undefined) finishReassignment(s, b, e);
  },
};

/** A log created for a replica a reassignment is moving to `broker`. */
export function reassignedLogCreated(s: IncidentStories, e: StoredEvent, broker: number, partition: string): void {
  const b = s.waitingOf('reassignment', (x) => x.pending.has(partition));
  if (b === undefined) return;
  s.groupStep(b, e, 'logs', `${partition} on broker ${broker}`, (items) =>
    t(
      `Logs created for the new replicas: ${named(items)}`,
      `已为新副本创建日志：${named(items.map((i) => i.replace(' on broker ', ' @ broker ')))}`,
    ),
  );
}

function openReassignment(s: IncidentStories, e: StoredEvent, cancel: boolean): IncidentBuilder {
  const b = s.open(e, 'reassignment', null, null, (x) => {
    const took = durationText(x.endMs - x.startMs);
    const n = x.partitions.size;
    if (x.waiting)
      return cancel ? t('Reassignment being cancelled', '正在取消重分配') : t('Partition reassignment in progress', '分区重分配进行中');
    if (cancel)
      return t(
        `Reassignment cancelled (${n} ${n === 1 ? 'partition' : 'partitions'}, took ${took.en})`,
        `重分配已取消（${n} 个分区，耗时 ${took['zh-CN']}）`,
      );
    return t(
      `Partition reassignment (${n} ${n === 1 ? 'partition' : 'partitions'}, took ${took.en})`,
      `分区重分配（${n} 个分区，耗时 ${took['zh-CN']}）`,
    );
  });
  s.unfold(b);
  s.focus = b;
  return b;
}

/** The reassignment a partition's move belongs to: the one the controller is busy with, or the unfolding one that holds it. */
function reassignmentOf(s: IncidentStories, e: StoredEvent, partition: string): IncidentBuilder | null {
  const focused = s.focused(e);
  if (focused?.kind === 'reassignment' && focused.waiting) return focused;
  return s.waitingOf('reassignment', (x) => x.pending.has(partition)) ?? s.waitingOf('reassignment', () => true) ?? null;
}

function finishReassignment(s: IncidentStories, b: IncidentBuilder, e: StoredEvent): void {
  b.waiting = false;
  const took = durationText(e.timeMs - b.startMs);
  s.step(
    b,
    e,
    b.partitions.size === 0
      ? t(
          `No partition was reassigned (the controller answered every partition with an error)`,
          '没有分区被重分配（控制器对每个分区都返回了错误）',
        )
      : t(`Reassignment finished after ${took.en}`, `重分配在 ${took['zh-CN']}后完成`),
  );
}

function waitingForText(b: IncidentBuilder): LocalizedText {
  const moving = [...b.pending];
  return t(
    `The controller started the moves; waiting for the new replicas of ${named(moving)} to join the ISR`,
    `控制器已开始迁移；等待 ${named(moving)} 的新副本加入 ISR`,
  );
}
