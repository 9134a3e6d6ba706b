/**
 * A leader election the operator asked for (`election-started`: preferred or unclean, with its
 * trigger and partitions). The new leaders join it from `partition-state.ts` while it has the
 * controller's focus; a preferred election also tells which partitions are led by their preferred
 * replica again (`preferred-elected`).
 */
import { named, t, type FactHandlers } from './incident-story';

export const leaderElections: FactHandlers = {
  'election-started': (s, e, fact) => {
    const { type, trigger, partitions } = fact;
    const b = s.open(e, type === 'UNCLEAN' ? 'unclean-election' : 'leader-election', null, null, () =>
      type === 'UNCLEAN'
        ? t(`Unclean leader election (${trigger})`, `非干净 leader 选举（${trigger}）`)
        : t(
            `${type === 'PREFERRED' ? 'Preferred' : type} leader election (${trigger})`,
            `${type === 'PREFERRED' ? '优先' : type} leader 选举（${trigger}）`,
          ),
    );
    s.step(b, e, t(`Election started for ${named(partitions)}`, `开始为 ${named(partitions)} 选举`));
    s.focus = b;
  },
  'preferred-elected': (s, e, fact) => {
    const b = s.focused(e);
    if (b?.kind !== 'leader-election') return;
    s.groupStep(b, e, 'preferred', fact.partition, (items) =>
      t(`Led by their preferred replica again: ${named(items)}`, `重新由优先副本担任 leader：${named(items)}`),
    );
  },
};
