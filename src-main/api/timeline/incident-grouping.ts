/**
 * Incidents told from the event log's facts (`core/cluster/timeline-index.ts`): an operator action
 * or a fault opens one (a broker killed, stopped or started, a topic deletion, a log dir failure, a
 * leader election, the controller moving), and what the cluster did about it — the session expiry,
 * the controller's reaction, new leaders, shrunk ISRs — becomes its steps, in seq order. A pure
 * function of the facts and the clock: the same log gives the same incidents.
 */
import type { StoredEvent } from '../../core/cluster/event-log';
import type { TimelineFact } from '../../core/cluster/timeline-index';
import type { IncidentDto, LocalizedText } from '../contract';
import { durationText } from '../duration-text';

/** How long after its last step the controller's work still belongs to an incident. */
const FOCUS_MS = 30_000;
/** An incident whose last step is this recent may still grow. */
const SETTLE_MS = 10_000;
/**
 * A session expiry whose owner the log does not name (Kafka registers a broker in a multi) belongs
 * to the broker whose failure the controller handles this soon after it.
 */
const UNOWNED_EXPIRY_MS = 5_000;
/** Partitions named in one step; the rest are counted. */
const NAMED = 8;

interface Step {
  timeMs: number;
  seq: number;
  text: LocalizedText;
  /** Consecutive facts of one kind are told as one step. */
  group?: { fact: string; items: string[] };
}

interface Builder {
  id: string;
  kind: string;
  startMs: number;
  brokerId: number | null;
  topic: string | null;
  title: (b: Builder) => LocalizedText;
  steps: Step[];
  waiting: boolean;
  sessionExpired: boolean;
  deletedPartitions: Set<string>;
  endMs: number;
}

const t = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });
const named = (items: readonly string[]): string =>
  items.length <= NAMED ? items.join(', ') : `${items.slice(0, NAMED).join(', ')} (+${items.length - NAMED})`;

export function groupIncidents(events: readonly StoredEvent[], nowMs: number): IncidentDto[] {
  const incidents: Builder[] = [];
  const sessionOwner = new Map<string, number>();
  let unownedExpiry: { seq: number; timeMs: number; hex: string } | null = null;
  let controllerId: number | null = null;
  let focus: Builder | null = null;

  const open = (e: StoredEvent, kind: string, brokerId: number | null, topic: string | null, title: Builder['title']): Builder => {
    const b: Builder = {
      id: String(e.seq),
      kind,
      startMs: e.timeMs,
      brokerId,
      topic,
      title,
      steps: [],
      waiting: false,
      sessionExpired: false,
      deletedPartitions: new Set(),
      endMs: e.timeMs,
    };
    incidents.push(b);
    return b;
  };
  const step = (b: Builder, e: StoredEvent, text: LocalizedText): void => {
    b.steps.push({ timeMs: e.timeMs, seq: e.seq, text });
    b.endMs = e.timeMs;
  };
  /** One step for consecutive facts of a kind: `render` retells it with every item so far. */
  const groupStep = (b: Builder, e: StoredEvent, fact: string, item: string, render: (items: string[]) => LocalizedText): void => {
    const last = b.steps[b.steps.length - 1];
    if (last?.group?.fact === fact && last.timeMs === e.timeMs) {
      last.group.items.push(item);
      last.text = render(last.group.items);
    } else {
      b.steps.push({ timeMs: e.timeMs, seq: e.seq, text: render([item]), group: { fact, items: [item] } });
    }
    b.endMs = e.timeMs;
  };
  const latestOf = (brokerId: number, kinds: readonly string[]): Builder | null => {
    for (let i = incidents.length - 1; i >= 0; i--) {
      const b = incidents[i];
      if (b.brokerId === brokerId && kinds.includes(b.kind)) return b;
    }
    return null;
  };
  const focused = (e: StoredEvent): Builder | null => (focus !== null && e.timeMs - focus.endMs <= FOCUS_MS ? focus : null);
  const after = (b: Builder, e: StoredEvent) => durationText(e.timeMs - b.startMs);

  for (const e of events) {
    let fact: TimelineFact;
    try {
      fact = JSON.parse(e.fact ?? 'null') as TimelineFact;
    } catch {
      continue;
    }
    if (fact === null) continue;
    switch (fact.f) {
      case 'session-owner':
        sessionOwner.set(fact.session, fact.broker);
        break;
      case 'broker-state': {
        const id = fact.broker;
        if (fact.state === 'Killed') {
          for (const b of incidents) if (b.brokerId === id) b.waiting = false;
          const wasController = controllerId === id;
          const b = open(e, 'broker-killed', id, null, () =>
            wasController
              ? t(`Broker ${id} (the controller) killed`, `Broker ${id}（控制器）被强制终止`)
              : t(`Broker ${id} killed`, `Broker ${id} 被强制终止`),
          );
          b.waiting = true;
          step(
            b,
            e,
            t(
              `Broker ${id} killed (kill -9): its ZooKeeper session lives on until it expires`,
              `Broker ${id} 被强制终止（kill -9）：其 ZooKeeper 会话在过期前仍然存在`,
            ),
          );
        } else if (fact.state === 'PendingControlledShutdown' || fact.state === 'BrokerShuttingDown') {
          for (const b of incidents) if (b.brokerId === id) b.waiting = false;
          const controlled = fact.state === 'PendingControlledShutdown';
          const b = open(e, 'broker-stopped', id, null, () => t(`Broker ${id} shut down`, `Broker ${id} 已关闭`));
          b.waiting = true;
          step(
            b,
            e,
            controlled
              ? t(
                  `Broker ${id} began a controlled shutdown: the controller moves its leaders away`,
                  `Broker ${id} 开始受控关闭：控制器把它的 leader 迁走`,
                )
              : t(`Broker ${id} began shutting down`, `Broker ${id} 开始关闭`),
          );
          focus = b;
        } else if (fact.state === 'NotRunning' || fact.state === 'Failed') {
          const b = latestOf(id, ['broker-stopped', 'broker-started']);
          if (b !== null && b.waiting) {
            b.waiting = false;
            step(
              b,
              e,
              fact.state === 'Failed'
                ? t(`Broker ${id} failed after ${after(b, e).en}`, `Broker ${id} 在 ${after(b, e)['zh-CN']}后失败`)
                : t(`Broker ${id} stopped after ${after(b, e).en}`, `Broker ${id} 在 ${after(b, e)['zh-CN']}后停止`),
            );
          }
        } else if (fact.state === 'Starting') {
          for (const b of incidents) if (b.brokerId === id) b.waiting = false;
          const b = open(e, 'broker-started', id, null, () => t(`Broker ${id} started`, `Broker ${id} 已启动`));
          b.waiting = true;
          step(b, e, t(`Broker ${id} starting`, `Broker ${id} 正在启动`));
        } else if (fact.state === 'RunningAsBroker') {
          const b = latestOf(id, ['broker-started']);
          if (b !== null && b.waiting) {
            b.waiting = false;
            step(
              b,
              e,
              t(
                `Broker ${id} is running (registered in ZooKeeper) after ${after(b, e).en}`,
                `Broker ${id} 在 ${after(b, e)['zh-CN']}后运行（已在 ZooKeeper 注册）`,
              ),
            );
          }
        }
        break;
      }
      case 'session-expired': {
        const owner = sessionOwner.get(fact.session);
        const b = owner === undefined ? null : latestOf(owner, ['broker-killed']);
        const hex = `0x${BigInt(fact.session).toString(16)}`;
        if (b === null || b.sessionExpired) {
          unownedExpiry = { seq: e.seq, timeMs: e.timeMs, hex };
          break;
        }
        b.sessionExpired = true;
        step(
          b,
          e,
          t(
            `ZooKeeper session ${hex} expired after ${after(b, e).en} (zookeeper.session.timeout.ms)`,
            `ZooKeeper 会话 ${hex} 在 ${after(b, e)['zh-CN']}后过期（zookeeper.session.timeout.ms）`,
          ),
        );
        break;
      }
      case 'broker-failure': {
        const controller = fact.controller;
        let first: Builder | null = null;
        for (const id of fact.brokers) {
          let b = latestOf(id, ['broker-killed', 'broker-stopped']);
          if (b === null || !b.waiting) {
            b = open(e, 'broker-failed', id, null, () =>
              t(`Broker ${id} lost its ZooKeeper session`, `Broker ${id} 失去了 ZooKeeper 会话`),
            );
          }
          if (
            b.kind === 'broker-killed' &&
            !b.sessionExpired &&
            unownedExpiry !== null &&
            e.timeMs - unownedExpiry.timeMs <= UNOWNED_EXPIRY_MS
          ) {
            b.sessionExpired = true;
            b.steps.push({
              timeMs: e.timeMs,
              seq: unownedExpiry.seq,
              text: t(
                `ZooKeeper session ${unownedExpiry.hex} expired after ${after(b, e).en} (zookeeper.session.timeout.ms)`,
                `ZooKeeper 会话 ${unownedExpiry.hex} 在 ${after(b, e)['zh-CN']}后过期（zookeeper.session.timeout.ms）`,
              ),
            });
          }
          b.waiting = false;
          step(
            b,
            e,
            t(
              `The controller (broker ${controller}) handled the failure of broker ${id}`,
              `控制器（broker ${controller}）处理了 broker ${id} 的失效`,
            ),
          );
          first ??= b;
        }
        focus = first;
        break;
      }
      case 'brokers-added':
        for (const id of fact.brokers) {
          const b = latestOf(id, ['broker-started']);
          if (b === null) continue;
          step(
            b,
            e,
            t(
              `The controller (broker ${fact.controller}) saw broker ${id} join`,
              `控制器（broker ${fact.controller}）发现 broker ${id} 加入`,
            ),
          );
          focus = b;
        }
        break;
      case 'controller-elected': {
        const previous = controllerId;
        controllerId = fact.broker;
        if (previous === fact.broker || (previous === null && fact.epoch <= 1)) break;
        const to = fact.broker;
        const epoch = fact.epoch;
        const b = open(e, 'controller-moved', to, null, () =>
          previous === null
            ? t(`Broker ${to} became the controller (epoch ${epoch})`, `Broker ${to} 成为控制器（epoch ${epoch}）`)
            : t(`Controller moved from broker ${previous} to broker ${to}`, `控制器从 broker ${previous} 迁移到 broker ${to}`),
        );
        const text = t(`Broker ${to} elected as the controller, epoch ${epoch}`, `Broker ${to} 当选为控制器，epoch ${epoch}`);
        step(b, e, text);
        if (previous !== null) {
          const cause = latestOf(previous, ['broker-killed', 'broker-stopped', 'broker-failed']);
          if (cause !== null && e.timeMs - cause.endMs <= FOCUS_MS + 60_000) step(cause, e, text);
        }
        focus = b;
        break;
      }
      case 'leader-elected': {
        const b = focused(e);
        if (b === null || b.kind === 'topic-deleted') break;
        const item = `${fact.partition} → ${fact.leader}`;
        groupStep(b, e, 'leader', item, (items) => t(`New leaders: ${named(items)}`, `新的 leader：${named(items)}`));
        break;
      }
      case 'partition-offline': {
        const b = focused(e);
        if (b === null || b.kind === 'topic-deleted') break;
        groupStep(b, e, 'offline', fact.partition, (items) =>
          t(`Offline (no leader): ${named(items)}`, `离线（无 leader）：${named(items)}`),
        );
        break;
      }
      case 'partition-deleted': {
        const b = focused(e);
        if (b?.kind === 'topic-deleted') b.deletedPartitions.add(fact.partition);
        break;
      }
      case 'isr-removed': {
        const b = focused(e);
        if (b === null || b.kind === 'topic-deleted') break;
        const item = `${fact.partition} [${fact.isr.join(',')}]`;
        groupStep(b, e, `isr-removed-${fact.replica}`, item, (items) =>
          t(`ISR shrank: replica ${fact.replica} removed from ${named(items)}`, `ISR 收缩：副本 ${fact.replica} 被移出 ${named(items)}`),
        );
        break;
      }
      case 'isr-shrink':
      case 'isr-expand': {
        const changed =
          fact.f === 'isr-shrink' ? fact.from.filter((r) => !fact.to.includes(r)) : fact.to.filter((r) => !fact.from.includes(r));
        const b =
          changed.length === 0
            ? null
            : latestOf(changed[0], fact.f === 'isr-shrink' ? ['broker-killed', 'broker-stopped'] : ['broker-started']);
        if (b === null || e.timeMs - b.endMs > 5 * 60_000) break;
        const item = `${fact.partition} [${fact.to.join(',')}]`;
        groupStep(b, e, fact.f, item, (items) =>
          fact.f === 'isr-shrink'
            ? t(`The leader shrank the ISR: ${named(items)}`, `leader 收缩了 ISR：${named(items)}`)
            : t(
                `Broker ${changed[0]} caught up and rejoined the ISR: ${named(items)}`,
                `Broker ${changed[0]} 追上进度并重新加入 ISR：${named(items)}`,
              ),
        );
        break;
      }
      case 'deletion-requested': {
        const topic = fact.topic;
        const b = open(e, 'topic-deleted', null, topic, (x) =>
          x.waiting
            ? t(`Topic ${topic} being deleted`, `主题 ${topic} 正在删除`)
            : t(
                `Topic ${topic} deleted (${x.deletedPartitions.size} partitions, took ${durationText(x.endMs - x.startMs).en})`,
                `主题 ${topic} 已删除（${x.deletedPartitions.size} 个分区，耗时 ${durationText(x.endMs - x.startMs)['zh-CN']}）`,
              ),
        );
        b.waiting = true;
        step(
          b,
          e,
          t(
            `Deletion of ${topic} requested (/admin/delete_topics/${topic} created)`,
            `请求删除 ${topic}（已创建 /admin/delete_topics/${topic}）`,
          ),
        );
        break;
      }
      case 'deletion-started': {
        const b = incidents.findLast((x) => x.kind === 'topic-deleted' && x.topic === fact.topic && x.waiting);
        if (b === undefined) break;
        step(b, e, t(`The controller started deleting ${fact.topic}`, `控制器开始删除 ${fact.topic}`));
        focus = b;
        break;
      }
      case 'deletion-completed': {
        const b = incidents.findLast((x) => x.kind === 'topic-deleted' && x.topic === fact.topic && x.waiting);
        if (b === undefined) break;
        b.waiting = false;
        step(b, e, t(`Deletion of ${fact.topic} completed after ${after(b, e).en}`, `${fact.topic} 在 ${after(b, e)['zh-CN']}后删除完成`));
        break;
      }
      case 'election-started': {
        const type = fact.type;
        const trigger = fact.trigger;
        const partitions = fact.partitions;
        const b = open(e, 'leader-election', null, null, () =>
          type === 'UNCLEAN'
            ? t(`Unclean leader election (${trigger})`, `非干净 leader 选举（${trigger}）`)
            : t(
                `${type === 'PREFERRED' ? 'Preferred' : type} leader election (${trigger})`,
                `${type === 'PREFERRED' ? '优先' : type} leader 选举（${trigger}）`,
              ),
        );
        step(b, e, t(`Election started for ${named(partitions)}`, `开始为 ${named(partitions)} 选举`));
        focus = b;
        break;
      }
      case 'log-dir-failed': {
        const id = fact.broker;
        const dir = fact.dir;
        const b = open(e, 'log-dir-failed', id, null, () => t(`Log dir failed on broker ${id}`, `Broker ${id} 的日志目录故障`));
        step(
          b,
          e,
          t(
            `${dir} failed: ${named(fact.partitions)} offline on broker ${id}`,
            `${dir} 故障：broker ${id} 上 ${named(fact.partitions)} 离线`,
          ),
        );
        focus = b;
        break;
      }
      case 'reassignment-requested': {
        const b = open(e, 'reassignment', null, null, (x) =>
          x.waiting
            ? t('Partition reassignment in progress', '分区重分配进行中')
            : t(
                `Partition reassignment (took ${durationText(x.endMs - x.startMs).en})`,
                `分区重分配（耗时 ${durationText(x.endMs - x.startMs)['zh-CN']}）`,
              ),
        );
        b.waiting = true;
        step(b, e, t('Reassignment started (/admin/reassign_partitions created)', '重分配开始（已创建 /admin/reassign_partitions）'));
        focus = b;
        break;
      }
      case 'reassignment-completed': {
        const b = incidents.findLast((x) => x.kind === 'reassignment' && x.waiting);
        if (b === undefined) break;
        b.waiting = false;
        step(b, e, t(`Reassignment finished after ${after(b, e).en}`, `重分配在 ${after(b, e)['zh-CN']}后完成`));
        break;
      }
    }
  }
  return incidents.map((b) => ({
    id: b.id,
    kind: b.kind,
    startMs: b.startMs,
    endMs: b.waiting || nowMs - b.endMs < SETTLE_MS ? null : b.endMs,
    brokerId: b.brokerId,
    title: b.title(b),
    steps: b.steps.map((s) => ({ timeMs: s.timeMs, seq: s.seq, text: s.text })),
  }));
}
