/**
 * A broker killed, shut down or started. The operator's action opens the story from the broker's
 * own state changes (`broker-state`: Killed, PendingControlledShutdown / BrokerShuttingDown,
 * Starting), and the broker's later states end it (NotRunning, Failed, RunningAsBroker); the
 * controller's side joins it: a controlled shutdown's success (with the leaders it moved) and the
 * controller seeing a started broker join (`brokers-added`). A killed broker's story ends in
 * `broker-failure.ts`, when its session expires.
 */
import type { StoredEvent } from '../../../core/cluster/event-log';
import { after, FOCUS_MS, t, type FactHandlers, type IncidentStories } from './incident-story';

export const brokerLifecycle: FactHandlers = {
  'broker-state': (s, e, fact) => brokerState(s, e, fact.broker, fact.state),
  'controlled-shutdown-succeeded': (s, e, fact) => {
    const b = s.latestOf(fact.broker, ['broker-stopped'], e);
    if (b === null || !b.waiting) return;
    const moved = b.steps.filter((x) => x.group?.fact === 'leader').reduce((n, x) => n + (x.group?.items.length ?? 0), 0);
    s.step(
      b,
      e,
      t(
        `Controlled shutdown succeeded after ${after(e, b).en}: the controller moved ${moved} ${moved === 1 ? 'leader' : 'leaders'} away`,
        `受控关闭在 ${after(e, b)['zh-CN']}后成功：控制器迁走了 ${moved} 个 leader`,
      ),
    );
  },
  'brokers-added': (s, e, fact) => {
    for (const id of fact.brokers) {
      const b = s.latestOf(id, ['broker-started'], e);
      if (b === null || e.timeMs - b.endMs > FOCUS_MS) continue;
      s.step(
        b,
        e,
        t(`The controller (broker ${fact.controller}) saw broker ${id} join`, `控制器（broker ${fact.controller}）发现 broker ${id} 加入`),
      );
      s.focus = b;
    }
  },
};

function brokerState(s: IncidentStories, e: StoredEvent, id: number, state: string): void {
  // A new state of the broker ends whatever its previous one was still telling.
  const settle = () => s.settle((b) => b.brokerId === id && b.kind.startsWith('broker-'));
  if (state === 'Killed') {
    settle();
    const wasController = s.cluster.controllerId === id;
    const b = s.open(e, 'broker-killed', id, null, () =>
      wasController
        ? t(`Broker ${id} (the controller) killed`, `Broker ${id}（控制器）被强制终止`)
        : t(`Broker ${id} killed`, `Broker ${id} 被强制终止`),
    );
    s.unfold(b);
    s.step(
      b,
      e,
      t(
        `Broker ${id} killed (kill -9): its ZooKeeper session lives on until it expires`,
        `Broker ${id} 被强制终止（kill -9）：其 ZooKeeper 会话在过期前仍然存在`,
      ),
    );
  } else if (state === 'PendingControlledShutdown' || state === 'BrokerShuttingDown') {
    const ongoing = s.latestOf(id, ['broker-stopped'], e);
    if (ongoing?.waiting) return;
    settle();
    const controlled = state === 'PendingControlledShutdown';
    const b = s.open(e, 'broker-stopped', id, null, () => t(`Broker ${id} shut down`, `Broker ${id} 已关闭`));
    s.unfold(b);
    s.step(
      b,
      e,
      controlled
        ? t(
            `Broker ${id} began a controlled shutdown: the controller moves its leaders away`,
            `Broker ${id} 开始受控关闭：控制器把它的 leader 迁走`,
          )
        : t(`Broker ${id} began shutting down`, `Broker ${id} 开始关闭`),
    );
    s.focus = b;
  } else if (state === 'NotRunning' || state === 'Failed') {
    const b = s.latestOf(id, ['broker-stopped', 'broker-started'], e);
    if (b !== null && b.waiting) {
      b.waiting = false;
      s.step(
        b,
        e,
        state === 'Failed'
          ? t(`Broker ${id} failed after ${after(e, b).en}`, `Broker ${id} 在 ${after(e, b)['zh-CN']}后失败`)
          : t(`Broker ${id} stopped after ${after(e, b).en}`, `Broker ${id} 在 ${after(e, b)['zh-CN']}后停止`),
      );
    }
  } else if (state === 'Starting') {
    settle();
    const b = s.open(e, 'broker-started', id, null, () => t(`Broker ${id} started`, `Broker ${id} 已启动`));
    s.unfold(b);
    s.step(b, e, t(`Broker ${id} starting`, `Broker ${id} 正在启动`));
  } else if (state === 'RunningAsBroker') {
    const b = s.latestOf(id, ['broker-started'], e);
    if (b !== null && b.waiting) {
      b.waiting = false;
      s.step(
        b,
        e,
        t(
          `Broker ${id} is running (registered in ZooKeeper) after ${after(e, b).en}`,
          `Broker ${id} 在 ${after(e, b)['zh-CN']}后运行（已在 ZooKeeper 注册）`,
        ),
      );
    }
  }
}
