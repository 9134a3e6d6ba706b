/**
 * A log dir failing on a broker that keeps running (`log-dir-failed`, with the partitions it takes
 * offline there) and the controller handling it (`log-dir-event`, from the
 * `/log_dir_event_notification` znode the broker writes).
 */
import { after, FOCUS_MS, named, t, type FactHandlers } from './incident-story';

export const logDirFailure: FactHandlers = {
  'log-dir-failed': (s, e, fact) => {
    const id = fact.broker;
    const b = s.open(e, 'log-dir-failed', id, null, () => t(`Log dir failed on broker ${id}`, `Broker ${id} 的日志目录故障`));
    s.step(
      b,
      e,
      t(
        `${fact.dir} failed: ${named(fact.partitions)} offline on broker ${id}`,
        `${fact.dir} 故障：broker ${id} 上 ${named(fact.partitions)} 离线`,
      ),
    );
    s.focus = b;
  },
  'log-dir-event': (s, e, fact) => {
    for (const id of fact.brokers) {
      const b = s.latestOf(id, ['log-dir-failed'], e);
      if (b === null || e.timeMs - b.endMs > FOCUS_MS) continue;
      s.step(
        b,
        e,
        t(
          `The controller (broker ${fact.controller}) handled the log dir failure of broker ${id} after ${after(e, b).en}`,
          `控制器（broker ${fact.controller}）在 ${after(e, b)['zh-CN']}后处理了 broker ${id} 的日志目录故障`,
        ),
      );
      s.focus = b;
    }
  },
};
