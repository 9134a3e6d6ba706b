/**
 * The controller moving to another broker (`controller-elected` with a new broker or epoch). Its
 * own story says who was elected; when the previous controller was just killed, stopped or failed,
 * the election is that broker's story's last step too: a new controller starts from the live
 * brokers, so no failure callback tells of the old one's death.
 */
import { claimUnownedExpiry } from './broker-failure';
import { FOCUS_MS, t, type FactHandlers } from './incident-story';

/** How long after a broker's story last grew the controller's move may still be its doing. */
const CAUSE_MS = FOCUS_MS + 60_000;

export const controllerMoved: FactHandlers = {
  'controller-elected': (s, e, fact) => {
    const previous = s.cluster.controllerId;
    s.cluster.controllerId = fact.broker;
    if (previous === fact.broker || (previous === null && fact.epoch <= 1)) return;
    const to = fact.broker;
    const epoch = fact.epoch;
    const b = s.open(e, 'controller-moved', to, null, () =>
      previous === null
        ? t(`Broker ${to} became the controller (epoch ${epoch})`, `Broker ${to} 成为控制器（epoch ${epoch}）`)
        : t(`Controller moved from broker ${previous} to broker ${to}`, `控制器从 broker ${previous} 迁移到 broker ${to}`),
    );
    const text = t(`Broker ${to} elected as the controller, epoch ${epoch}`, `Broker ${to} 当选为控制器，epoch ${epoch}`);
    s.step(b, e, text);
    if (previous !== null) {
      const cause = s.latestOf(previous, ['broker-killed', 'broker-stopped', 'broker-failed'], e);
      if (cause !== null && e.timeMs - cause.endMs <= CAUSE_MS) {
        claimUnownedExpiry(s, cause, e, 'expiry');
        if (cause.kind === 'broker-killed') cause.waiting = false;
        s.step(cause, e, text);
      }
    }
    s.focus = b;
  },
};
