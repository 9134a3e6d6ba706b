/**
 * How a broker's loss reaches the controller: its ZooKeeper session expiring (`session-expired`,
 * matched to its broker through `session-owner`) and the controller handling the failure
 * (`broker-failure`, when `/brokers/ids/<id>` goes). These end a killed broker's story, follow a
 * clean shutdown's, or open a story of their own when nothing the operator did explains them.
 */
import type { StoredEvent } from '../../../core/cluster/event-log';
import type { LocalizedText } from '../../localized-text';
import { durationText } from '../../duration-text';
import { after, FOCUS_MS, t, type FactHandlers, type IncidentBuilder, type IncidentStories } from './incident-story';

/**
 * A session expiry whose owner the log does not name (Kafka registers a broker in a multi) belongs
 * to the broker whose failure the controller handles this soon after it.
 */
const UNOWNED_EXPIRY_MS = 5_000;

export const brokerFailure: FactHandlers = {
  'session-owner': (s, _e, fact) => {
    s.cluster.sessionOwner.set(fact.session, fact.broker);
  },
  'session-expired': (s, e, fact) => {
    const owner = s.cluster.sessionOwner.get(fact.session);
    const b = owner === undefined ? null : s.latestOf(owner, ['broker-killed'], e);
    const hex = `0x${BigInt(fact.session).toString(16)}`;
    if (b === null || b.sessionExpired) {
      s.cluster.unownedExpiry = { seq: e.seq, timeMs: e.timeMs, hex };
      return;
    }
    b.sessionExpired = true;
    s.step(b, e, expiredText(hex, after(e, b)));
  },
  'broker-failure': (s, e, fact) => {
    let first: IncidentBuilder | null = null;
    for (const id of fact.brokers) {
      let b = s.latestOf(id, ['broker-killed', 'broker-stopped'], e);
      // A clean shutdown ends before the controller sees the broker's znode go.
      const stoppedJustNow = b !== null && b.kind === 'broker-stopped' && e.timeMs - b.endMs <= FOCUS_MS;
      if (b === null || !(b.waiting || stoppedJustNow)) {
        b = s.open(e, 'broker-failed', id, null, () => t(`Broker ${id} lost its ZooKeeper session`, `Broker ${id} 失去了 ZooKeeper 会话`));
      }
      claimUnownedExpiry(s, b, e, 'failure');
      b.waiting = false;
      s.step(
        b,
        e,
        b.kind === 'broker-stopped'
          ? t(
              `The controller (broker ${fact.controller}) removed broker ${id} from the live brokers (/brokers/ids/${id} deleted)`,
              `控制器（broker ${fact.controller}）把 broker ${id} 移出存活 broker（/brokers/ids/${id} 已删除）`,
            )
          : t(
              `The controller (broker ${fact.controller}) handled the failure of broker ${id}`,
              `控制器（broker ${fact.controller}）处理了 broker ${id} 的失效`,
            ),
      );
      first ??= b;
    }
    s.focus = first;
  },
};

/**
 * Tells a killed broker's session expiry that came without its owner, if one came just before `e`:
 * as a step at `e` (`failure`, the controller handling it) or at the expiry itself (`expiry`).
 */
export function claimUnownedExpiry(s: IncidentStories, b: IncidentBuilder, e: StoredEvent, toldAt: 'failure' | 'expiry'): void {
  const unowned = s.cluster.unownedExpiry;
  if (b.kind !== 'broker-killed' || b.sessionExpired || unowned === null || e.timeMs - unowned.timeMs > UNOWNED_EXPIRY_MS) return;
  b.sessionExpired = true;
  const timeMs = toldAt === 'failure' ? e.timeMs : unowned.timeMs;
  b.steps.push({ timeMs, seq: unowned.seq, text: expiredText(unowned.hex, durationText(timeMs - b.startMs)) });
}

function expiredText(hex: string, elapsed: LocalizedText): LocalizedText {
  return t(
    `ZooKeeper session ${hex} expired after ${elapsed.en} (zookeeper.session.timeout.ms)`,
    `ZooKeeper 会话 ${hex} 在 ${elapsed['zh-CN']}后过期（zookeeper.session.timeout.ms）`,
  );
}
