/**
 * A dynamic config change (replication throttles among them), told from the brokers applying it
 * (`config-applied`): each broker reads the change notification and applies it on its own, so the
 * brokers applying one entity's config within a few seconds of each other make one story. A
 * starting broker replays the recent notifications (`ZkNodeChangeNotificationListener.init`): those
 * are a step of its start instead.
 */
import type { StoredEvent } from '../../../core/cluster/event-log';
import { durationText } from '../../duration-text';
import { named, t, type FactHandlers, type IncidentStories } from './incident-story';

/** Brokers applying one config change do so within this of each other (each reads the notification). */
const CONFIG_SPREAD_MS = 5_000;

export const configChanges: FactHandlers = {
  'config-applied': (s, e, fact) => configApplied(s, e, fact.broker, fact.entity, fact.config),
};

function configApplied(s: IncidentStories, e: StoredEvent, broker: number, entity: string, config: string): void {
  const starting = s.latestOf(broker, ['broker-started'], e);
  if (starting?.waiting) {
    s.groupStep(starting, e, 'config', `${entity}: ${config}`, (items) =>
      t(
        `Broker ${broker} applied the recent dynamic config changes: ${named(items)}`,
        `Broker ${broker} 应用了最近的动态配置更改：${named(items)}`,
      ),
    );
    return;
  }
  let b = s.remembered('config-changed', entity);
  const item = String(broker);
  const last = b?.steps.at(-1);
  if (b === undefined || e.timeMs - b.endMs > CONFIG_SPREAD_MS || last?.group?.fact !== config || last.group.items.includes(item)) {
    const throttle = config.includes('throttled');
    b = s.open(e, 'config-changed', entity.startsWith('brokers/') ? Number(entity.slice(8)) : null, entity, () =>
      throttle
        ? t(`Replication throttle changed on ${entity}`, `${entity} 的复制限流已更改`)
        : t(`Dynamic config of ${entity} changed`, `${entity} 的动态配置已更改`),
    );
    if (Number.isNaN(b.brokerId)) b.brokerId = null;
    s.remember(b, entity);
  }
  const opened = b;
  const applied = (items: string[]) =>
    t(
      `Applied by ${items.length === 1 ? 'broker' : 'brokers'} ${items.join(', ')} (${durationText(e.timeMs - opened.startMs).en}): ${config}`,
      `broker ${items.join(', ')} 已应用（${durationText(e.timeMs - opened.startMs)['zh-CN']}）：${config}`,
    );
  if (last !== undefined && b.steps.at(-1) === last) {
    last.group!.items.push(item);
    last.text = applied(last.group!.items);
    b.endMs = e.timeMs;
  } else {
    b.steps.push({ timeMs: e.timeMs, seq: e.seq, text: applied([item]), group: { fact: config, items: [item] } });
    b.endMs = e.timeMs;
  }
}
