/**
 * Incidents told from the event log's facts (`core/cluster/timeline-index.ts`): an operator action
 * or a fault opens one (a broker killed, stopped or started, a topic created or deleted, a log dir
 * failure, a leader election, a reassignment, a dynamic config change, the controller moving), and
 * what the cluster did about it — the session expiry, the controller's reaction, new leaders, shrunk
 * ISRs, logs created — becomes its steps, in seq order.
 *
 * `IncidentGrouper` is fed the facts as they arrive (each once, in seq order) and answers from what
 * it holds, so a call costs the new facts, not the whole log; `groupIncidents` is the same fold over
 * a whole list. Either way a pure function of the facts and the clock: the same log gives the same
 * incidents, however it was cut into batches.
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
/** Brokers applying one config change do so within this of each other (each reads the notification). */
const CONFIG_SPREAD_MS = 5_000;
/**
 * A settled incident older than this never gets another step (every later fact is matched only to
 * recent or still unfolding incidents), which is what lets the grouper forget old ones.
 */
const RELEVANT_MS = 60 * 60_000;
/** Partitions named in one step; the rest are counted. */
const NAMED = 8;

interface Step {
  timeMs: number;
  seq: number;
  text: LocalizedText;
  /** Facts of one kind at one time are told as one step. */
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
  /** Topic deletion: partitions deleted. Reassignment: partitions moving. Topic creation: partitions with a leader. */
  partitions: Set<string>;
  /** Reassignment: partitions still moving. Topic creation: replicas whose log is created. */
  pending: Set<string>;
  /** Topic creation: its partitions and replicas, as the controller counted them. */
  size: { partitions: number; replicas: number } | null;
  endMs: number;
  /** The last answer told of it, while nothing it is told from has changed. */
  told?: { sig: string; tail: LocalizedText[]; value: Omit<IncidentDto, 'endMs'> };
}

const t = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });
const named = (items: readonly string[]): string =>
  items.length <= NAMED ? items.join(', ') : `${items.slice(0, NAMED).join(', ')} (+${items.length - NAMED})`;
const unique = (items: readonly string[]): string[] => [...new Set(items)];

export interface IncidentGrouperOptions {
  /** Settled incidents that ended longer than this before the newest fact are forgotten (default: never). */
  readonly retainMs?: number;
}

export class IncidentGrouper {
  private incidents: Builder[] = [];
  /** The incidents still waiting for the fact that ends them (a few), newest last. */
  private unfolding: Builder[] = [];
  /** The latest creation of each topic, the latest change of each config entity. */
  private readonly created = new Map<string, Builder>();
  private readonly configChanges = new Map<string, Builder>();
  private readonly sessionOwner = new Map<string, number>();
  private unownedExpiry: { seq: number; timeMs: number; hex: string } | null = null;
  private controllerId: number | null = null;
  private focus: Builder | null = null;
  private seq = 0;
  private latestMs = -Infinity;
  private forgottenBeforeMs = -Infinity;
  private readonly retainMs: number;

  constructor(options: IncidentGrouperOptions = {}) {
    this.retainMs = Math.max(options.retainMs ?? Infinity, RELEVANT_MS);
  }

  /** The seq of the last fact taken in (0 before the first). */
  get lastSeq(): number {
    return this.seq;
  }

  /** Incidents that started before this may have been forgotten; from here on the answers are whole. */
  get completeFromMs(): number {
    return this.forgottenBeforeMs;
  }

  /** Takes in facts in seq order; those already taken in are skipped. */
  add(events: readonly StoredEvent[]): void {
    for (const e of events) {
      if (e.seq <= this.seq) continue;
      this.seq = e.seq;
      this.latestMs = Math.max(this.latestMs, e.timeMs);
      let fact: TimelineFact;
      try {
        fact = JSON.parse(e.fact ?? 'null') as TimelineFact;
      } catch {
        continue;
      }
      if (fact !== null) this.apply(e, fact);
    }
    this.forget();
  }

  /** The incidents that started in [fromMs, toMs], oldest first, as of `nowMs`. */
  snapshot(nowMs: number, fromMs = -Infinity, toMs = Infinity): IncidentDto[] {
    const out: IncidentDto[] = [];
    for (const b of this.incidents) {
      if (b.startMs < fromMs || b.startMs > toMs) continue;
      out.push({ ...this.told(b), endMs: b.waiting || nowMs - b.endMs < SETTLE_MS ? null : b.endMs });
    }
    return out;
  }

  /** Most incidents are settled: what was told of one is told again while its steps and counts stay as they were. */
  private told(b: Builder): Omit<IncidentDto, 'endMs'> {
    const sig = `${b.steps.length}|${b.waiting}|${b.endMs}|${b.partitions.size}|${b.pending.size}|${b.size?.partitions ?? -1}|${b.brokerId}`;
    const tail = b.steps.slice(-4).map((s) => s.text);
    const c = b.told;
    if (c !== undefined && c.sig === sig && c.tail.every((x, i) => x === tail[i])) return c.value;
    const value = {
      id: b.id,
      kind: b.kind,
      startMs: b.startMs,
      brokerId: b.brokerId,
      title: b.title(b),
      steps: b.steps.map((s) => ({ timeMs: s.timeMs, seq: s.seq, text: s.text })),
    };
    b.told = { sig, tail, value };
    return value;
  }

  private forget(): void {
    const cutoff = this.latestMs - this.retainMs;
    if (!(cutoff > this.forgottenBeforeMs)) return;
    const first = this.incidents.find((b) => !b.waiting);
    if (first === undefined || first.endMs >= cutoff) return;
    this.incidents = this.incidents.filter((b) => b.waiting || b.endMs >= cutoff);
    for (const map of [this.created, this.configChanges]) for (const [k, b] of map) if (!b.waiting && b.endMs < cutoff) map.delete(k);
    if (this.focus !== null && !this.incidents.includes(this.focus)) this.focus = null;
    this.forgottenBeforeMs = cutoff;
  }

  private open(e: StoredEvent, kind: string, brokerId: number | null, topic: string | null, title: Builder['title']): Builder {
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
      partitions: new Set(),
      pending: new Set(),
      size: null,
      endMs: e.timeMs,
    };
    this.incidents.push(b);
    return b;
  }

  private step(b: Builder, e: StoredEvent, text: LocalizedText): void {
    b.steps.push({ timeMs: e.timeMs, seq: e.seq, text });
    b.endMs = e.timeMs;
  }

  /** One step for the facts of a kind at one time (interleaved with other grouped facts of that time): `render` retells it with every item so far. */
  private groupStep(b: Builder, e: StoredEvent, fact: string, item: string, render: (items: string[]) => LocalizedText): void {
    for (let i = b.steps.length - 1; i >= 0 && i >= b.steps.length - 4; i--) {
      const s = b.steps[i];
      if (s.timeMs !== e.timeMs || s.group === undefined) break;
      if (s.group?.fact === fact) {
        s.group.items.push(item);
        s.text = render(s.group.items);
        b.endMs = e.timeMs;
        return;
      }
    }
    b.steps.push({ timeMs: e.timeMs, seq: e.seq, text: render([item]), group: { fact, items: [item] } });
    b.endMs = e.timeMs;
  }

  /** The latest incident of `kinds` about broker `brokerId` that is still unfolding or recent. */
  private latestOf(brokerId: number, kinds: readonly string[], e: StoredEvent): Builder | null {
    for (let i = this.incidents.length - 1; i >= 0; i--) {
      const b = this.incidents[i];
      if (b.brokerId === brokerId && kinds.includes(b.kind)) return b.waiting || e.timeMs - b.endMs <= RELEVANT_MS ? b : null;
    }
    return null;
  }

  /** Marks `b` as still unfolding (only such incidents wait for a fact that ends them). */
  private unfold(b: Builder): void {
    b.waiting = true;
    this.unfolding.push(b);
  }

  private waitingOf(kind: string, matches: (b: Builder) => boolean): Builder | undefined {
    if (this.unfolding.some((b) => !b.waiting)) this.unfolding = this.unfolding.filter((b) => b.waiting);
    return this.unfolding.findLast((b) => b.kind === kind && matches(b));
  }

  private focused(e: StoredEvent): Builder | null {
    return this.focus !== null && e.timeMs - this.focus.endMs <= FOCUS_MS ? this.focus : null;
  }

  private apply(e: StoredEvent, fact: TimelineFact): void {
    const after = (b: Builder) => durationText(e.timeMs - b.startMs);
    switch (fact.f) {
      case 'session-owner':
        this.sessionOwner.set(fact.session, fact.broker);
        break;
      case 'broker-state':
        this.brokerState(e, fact.broker, fact.state);
        break;
      case 'controlled-shutdown-succeeded': {
        const b = this.latestOf(fact.broker, ['broker-stopped'], e);
        if (b === null || !b.waiting) break;
        const moved = b.steps.filter((s) => s.group?.fact === 'leader').reduce((n, s) => n + (s.group?.items.length ?? 0), 0);
        this.step(
          b,
          e,
          t(
            `Controlled shutdown succeeded after ${after(b).en}: the controller moved ${moved} ${moved === 1 ? 'leader' : 'leaders'} away`,
            `受控关闭在 ${after(b)['zh-CN']}后成功：控制器迁走了 ${moved} 个 leader`,
          ),
        );
        break;
      }
      case 'session-expired': {
        const owner = this.sessionOwner.get(fact.session);
        const b = owner === undefined ? null : this.latestOf(owner, ['broker-killed'], e);
        const hex = `0x${BigInt(fact.session).toString(16)}`;
        if (b === null || b.sessionExpired) {
          this.unownedExpiry = { seq: e.seq, timeMs: e.timeMs, hex };
          break;
        }
        b.sessionExpired = true;
        this.step(b, e, expiredText(hex, after(b)));
        break;
      }
      case 'broker-failure': {
        let first: Builder | null = null;
        for (const id of fact.brokers) {
          let b = this.latestOf(id, ['broker-killed', 'broker-stopped'], e);
          // A clean shutdown ends before the controller sees the broker's znode go.
          const stoppedJustNow = b !== null && b.kind === 'broker-stopped' && e.timeMs - b.endMs <= FOCUS_MS;
          if (b === null || !(b.waiting || stoppedJustNow)) {
            b = this.open(e, 'broker-failed', id, null, () =>
              t(`Broker ${id} lost its ZooKeeper session`, `Broker ${id} 失去了 ZooKeeper 会话`),
            );
          }
          const unowned = this.unownedExpiry;
          if (b.kind === 'broker-killed' && !b.sessionExpired && unowned !== null && e.timeMs - unowned.timeMs <= UNOWNED_EXPIRY_MS) {
            b.sessionExpired = true;
            b.steps.push({ timeMs: e.timeMs, seq: unowned.seq, text: expiredText(unowned.hex, after(b)) });
          }
          b.waiting = false;
          this.step(
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
        this.focus = first;
        break;
      }
      case 'brokers-added':
        for (const id of fact.brokers) {
          const b = this.latestOf(id, ['broker-started'], e);
          if (b === null || e.timeMs - b.endMs > FOCUS_MS) continue;
          this.step(
            b,
            e,
            t(
              `The controller (broker ${fact.controller}) saw broker ${id} join`,
              `控制器（broker ${fact.controller}）发现 broker ${id} 加入`,
            ),
          );
          this.focus = b;
        }
        break;
      case 'controller-elected': {
        const previous = this.controllerId;
        this.controllerId = fact.broker;
        if (previous === fact.broker || (previous === null && fact.epoch <= 1)) break;
        const to = fact.broker;
        const epoch = fact.epoch;
        const b = this.open(e, 'controller-moved', to, null, () =>
          previous === null
            ? t(`Broker ${to} became the controller (epoch ${epoch})`, `Broker ${to} 成为控制器（epoch ${epoch}）`)
            : t(`Controller moved from broker ${previous} to broker ${to}`, `控制器从 broker ${previous} 迁移到 broker ${to}`),
        );
        const text = t(`Broker ${to} elected as the controller, epoch ${epoch}`, `Broker ${to} 当选为控制器，epoch ${epoch}`);
        this.step(b, e, text);
        if (previous !== null) {
          const cause = this.latestOf(previous, ['broker-killed', 'broker-stopped', 'broker-failed'], e);
          if (cause !== null && e.timeMs - cause.endMs <= FOCUS_MS + 60_000) {
            // A new controller starts from the live brokers: no failure callback follows a controller's death.
            const unowned = this.unownedExpiry;
            if (
              cause.kind === 'broker-killed' &&
              !cause.sessionExpired &&
              unowned !== null &&
              e.timeMs - unowned.timeMs <= UNOWNED_EXPIRY_MS
            ) {
              cause.sessionExpired = true;
              cause.steps.push({
                timeMs: unowned.timeMs,
                seq: unowned.seq,
                text: expiredText(unowned.hex, durationText(unowned.timeMs - cause.startMs)),
              });
            }
            if (cause.kind === 'broker-killed') cause.waiting = false;
            this.step(cause, e, text);
          }
        }
        this.focus = b;
        break;
      }
      case 'leader-elected': {
        const b = this.creationOf(fact.partition, e, true) ?? this.focused(e);
        if (b === null || b.kind === 'topic-deleted') break;
        if (b.kind === 'topic-created') b.partitions.add(fact.partition);
        const item = `${fact.partition} → ${fact.leader}`;
        this.groupStep(b, e, 'leader', item, (items) => leadersText(b, items));
        break;
      }
      case 'preferred-elected': {
        const b = this.focused(e);
        if (b?.kind !== 'leader-election') break;
        this.groupStep(b, e, 'preferred', fact.partition, (items) =>
          t(`Led by their preferred replica again: ${named(items)}`, `重新由优先副本担任 leader：${named(items)}`),
        );
        break;
      }
      case 'partition-offline': {
        const b = this.focused(e);
        if (b === null || b.kind === 'topic-deleted') break;
        this.groupStep(b, e, 'offline', fact.partition, (items) =>
          t(`Offline (no leader): ${named(items)}`, `离线（无 leader）：${named(items)}`),
        );
        break;
      }
      case 'partition-deleted': {
        const b = this.focused(e);
        if (b?.kind === 'topic-deleted') b.partitions.add(fact.partition);
        break;
      }
      case 'isr-removed': {
        const b = this.focused(e);
        if (b === null || b.kind === 'topic-deleted') break;
        const item = `${fact.partition} [${fact.isr.join(',')}]`;
        this.groupStep(b, e, `isr-removed-${fact.replica}`, item, (items) =>
          t(`ISR shrank: replica ${fact.replica} removed from ${named(items)}`, `ISR 收缩：副本 ${fact.replica} 被移出 ${named(items)}`),
        );
        break;
      }
      case 'isr-shrink':
      case 'isr-expand':
        this.isrChange(e, fact);
        break;
      case 'topic-created': {
        const topic = fact.topic;
        const b = this.open(e, 'topic-created', null, topic, (x) => createdTitle(topic, x));
        this.created.set(topic, b);
        this.step(
          b,
          e,
          t(`Topic ${topic} created (/brokers/topics/${topic} written)`, `主题 ${topic} 已创建（已写入 /brokers/topics/${topic}）`),
        );
        this.focus = b;
        break;
      }
      case 'topics-new':
        for (const { topic, partitions, replicas } of fact.topics) {
          const b = this.created.get(topic);
          if (b === undefined || b.size !== null || e.timeMs - b.endMs > FOCUS_MS) continue;
          b.size = { partitions, replicas };
          this.step(
            b,
            e,
            t(
              `The controller (broker ${fact.controller}) saw it after ${after(b).en}: ${partitions} ${partitions === 1 ? 'partition' : 'partitions'}, ${replicas} ${replicas === 1 ? 'replica' : 'replicas'} assigned`,
              `控制器（broker ${fact.controller}）在 ${after(b)['zh-CN']}后发现它：分配了 ${partitions} 个分区、${replicas} 个副本`,
            ),
          );
          this.focus = b;
        }
        break;
      case 'log-created':
        this.logCreated(e, fact.broker, fact.partition);
        break;
      case 'deletion-requested': {
        const topic = fact.topic;
        const b = this.open(e, 'topic-deleted', null, topic, (x) =>
          x.waiting
            ? t(`Topic ${topic} being deleted`, `主题 ${topic} 正在删除`)
            : t(
                `Topic ${topic} deleted (${x.partitions.size} ${x.partitions.size === 1 ? 'partition' : 'partitions'}, took ${durationText(x.endMs - x.startMs).en})`,
                `主题 ${topic} 已删除（${x.partitions.size} 个分区，耗时 ${durationText(x.endMs - x.startMs)['zh-CN']}）`,
              ),
        );
        this.unfold(b);
        this.step(
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
        const b = this.waitingOf('topic-deleted', (x) => x.topic === fact.topic);
        if (b === undefined) break;
        this.step(b, e, t(`The controller started deleting ${fact.topic}`, `控制器开始删除 ${fact.topic}`));
        this.focus = b;
        break;
      }
      case 'deletion-completed': {
        const b = this.waitingOf('topic-deleted', (x) => x.topic === fact.topic);
        if (b === undefined) break;
        b.waiting = false;
        this.step(b, e, t(`Deletion of ${fact.topic} completed after ${after(b).en}`, `${fact.topic} 在 ${after(b)['zh-CN']}后删除完成`));
        break;
      }
      case 'election-started': {
        const { type, trigger, partitions } = fact;
        const b = this.open(e, type === 'UNCLEAN' ? 'unclean-election' : 'leader-election', null, null, () =>
          type === 'UNCLEAN'
            ? t(`Unclean leader election (${trigger})`, `非干净 leader 选举（${trigger}）`)
            : t(
                `${type === 'PREFERRED' ? 'Preferred' : type} leader election (${trigger})`,
                `${type === 'PREFERRED' ? '优先' : type} leader 选举（${trigger}）`,
              ),
        );
        this.step(b, e, t(`Election started for ${named(partitions)}`, `开始为 ${named(partitions)} 选举`));
        this.focus = b;
        break;
      }
      case 'log-dir-failed': {
        const id = fact.broker;
        const b = this.open(e, 'log-dir-failed', id, null, () => t(`Log dir failed on broker ${id}`, `Broker ${id} 的日志目录故障`));
        this.step(
          b,
          e,
          t(
            `${fact.dir} failed: ${named(fact.partitions)} offline on broker ${id}`,
            `${fact.dir} 故障：broker ${id} 上 ${named(fact.partitions)} 离线`,
          ),
        );
        this.focus = b;
        break;
      }
      case 'log-dir-event':
        for (const id of fact.brokers) {
          const b = this.latestOf(id, ['log-dir-failed'], e);
          if (b === null || e.timeMs - b.endMs > FOCUS_MS) continue;
          this.step(
            b,
            e,
            t(
              `The controller (broker ${fact.controller}) handled the log dir failure of broker ${id} after ${after(b).en}`,
              `控制器（broker ${fact.controller}）在 ${after(b)['zh-CN']}后处理了 broker ${id} 的日志目录故障`,
            ),
          );
          this.focus = b;
        }
        break;
      case 'reassignment-requested': {
        const b = this.openReassignment(e, false);
        this.step(b, e, t('Reassignment started (/admin/reassign_partitions created)', '重分配开始（已创建 /admin/reassign_partitions）'));
        break;
      }
      case 'reassignment-api': {
        const cancel = fact.partitions.every((p) => p.replicas === null);
        const b = this.openReassignment(e, cancel);
        const items = fact.partitions.map((p) =>
          p.replicas === null ? `${p.partition} (cancel)` : `${p.partition} → ${p.replicas.join(',')}`,
        );
        this.step(
          b,
          e,
          t(
            `AlterPartitionReassignments request: ${named(items)}`,
            `AlterPartitionReassignments 请求：${named(items.map((i) => i.replace('(cancel)', '（取消）')))}`,
          ),
        );
        break;
      }
      case 'reassignment-partition': {
        const b = this.reassignmentOf(e, fact.partition);
        if (b === null) break;
        b.partitions.add(fact.partition);
        b.pending.add(fact.partition);
        this.groupStep(b, e, 'moving', `${fact.partition} ${fact.from.join(',')} → ${fact.to.join(',')}`, (items) =>
          t(`Replicas moving: ${named(items)}`, `副本迁移：${named(items)}`),
        );
        break;
      }
      case 'reassignment-partition-completed': {
        const b = this.waitingOf('reassignment', (x) => x.pending.has(fact.partition));
        if (b === undefined) break;
        b.pending.delete(fact.partition);
        this.groupStep(b, e, 'moved', `${fact.partition} [${fact.replicas.join(',')}]`, (items) =>
          t(`Reassignment done for ${named(items)}`, `重分配完成：${named(items)}`),
        );
        if (b.pending.size === 0 && b.steps.some((s) => s.group?.fact === 'api-finished')) this.finishReassignment(b, e);
        break;
      }
      case 'reassignment-api-finished': {
        const b = this.focused(e);
        if (b?.kind !== 'reassignment' || !b.waiting) break;
        if (b.pending.size === 0) this.finishReassignment(b, e);
        else b.steps.push({ timeMs: e.timeMs, seq: e.seq, text: waitingForText(b), group: { fact: 'api-finished', items: [] } });
        break;
      }
      case 'reassignment-completed': {
        const b = this.waitingOf('reassignment', () => true);
        if (b !== undefined) this.finishReassignment(b, e);
        break;
      }
      case 'config-applied':
        this.configApplied(e, fact.broker, fact.entity, fact.config);
        break;
    }
  }

  private brokerState(e: StoredEvent, id: number, state: string): void {
    const after = (b: Builder) => durationText(e.timeMs - b.startMs);
    const settle = () => {
      for (const b of this.unfolding) if (b.brokerId === id && b.kind.startsWith('broker-')) b.waiting = false;
    };
    if (state === 'Killed') {
      settle();
      const wasController = this.controllerId === id;
      const b = this.open(e, 'broker-killed', id, null, () =>
        wasController
          ? t(`Broker ${id} (the controller) killed`, `Broker ${id}（控制器）被强制终止`)
          : t(`Broker ${id} killed`, `Broker ${id} 被强制终止`),
      );
      this.unfold(b);
      this.step(
        b,
        e,
        t(
          `Broker ${id} killed (kill -9): its ZooKeeper session lives on until it expires`,
          `Broker ${id} 被强制终止（kill -9）：其 ZooKeeper 会话在过期前仍然存在`,
        ),
      );
    } else if (state === 'PendingControlledShutdown' || state === 'BrokerShuttingDown') {
      const ongoing = this.latestOf(id, ['broker-stopped'], e);
      if (ongoing?.waiting) return;
      settle();
      const controlled = state === 'PendingControlledShutdown';
      const b = this.open(e, 'broker-stopped', id, null, () => t(`Broker ${id} shut down`, `Broker ${id} 已关闭`));
      this.unfold(b);
      this.step(
        b,
        e,
        controlled
          ? t(
              `Broker ${id} began a controlled shutdown: the controller moves its leaders away`,
              `Broker ${id} 开始受控关闭：控制器把它的 leader 迁走`,
            )
          : t(`Broker ${id} began shutting down`, `Broker ${id} 开始关闭`),
      );
      this.focus = b;
    } else if (state === 'NotRunning' || state === 'Failed') {
      const b = this.latestOf(id, ['broker-stopped', 'broker-started'], e);
      if (b !== null && b.waiting) {
        b.waiting = false;
        this.step(
          b,
          e,
          state === 'Failed'
            ? t(`Broker ${id} failed after ${after(b).en}`, `Broker ${id} 在 ${after(b)['zh-CN']}后失败`)
            : t(`Broker ${id} stopped after ${after(b).en}`, `Broker ${id} 在 ${after(b)['zh-CN']}后停止`),
        );
      }
    } else if (state === 'Starting') {
      settle();
      const b = this.open(e, 'broker-started', id, null, () => t(`Broker ${id} started`, `Broker ${id} 已启动`));
      this.unfold(b);
      this.step(b, e, t(`Broker ${id} starting`, `Broker ${id} 正在启动`));
    } else if (state === 'RunningAsBroker') {
      const b = this.latestOf(id, ['broker-started'], e);
      if (b !== null && b.waiting) {
        b.waiting = false;
        this.step(
          b,
          e,
          t(
            `Broker ${id} is running (registered in ZooKeeper) after ${after(b).en}`,
            `Broker ${id} 在 ${after(b)['zh-CN']}后运行（已在 ZooKeeper 注册）`,
          ),
        );
      }
    }
  }

  private isrChange(e: StoredEvent, fact: Extract<TimelineFact, { f: 'isr-shrink' | 'isr-expand' }>): void {
    const changed = fact.f === 'isr-shrink' ? fact.from.filter((r) => !fact.to.includes(r)) : fact.to.filter((r) => !fact.from.includes(r));
    if (changed.length === 0) return;
    const item = `${fact.partition} [${fact.to.join(',')}]`;
    const moving = fact.f === 'isr-expand' ? this.waitingOf('reassignment', (x) => x.pending.has(fact.partition)) : undefined;
    if (moving !== undefined) {
      this.groupStep(moving, e, `isr-expand-${changed[0]}`, item, (items) =>
        t(
          `New replica ${changed[0]} caught up and joined the ISR: ${named(items)}`,
          `新副本 ${changed[0]} 追上进度并加入 ISR：${named(items)}`,
        ),
      );
      return;
    }
    const b = this.latestOf(changed[0], fact.f === 'isr-shrink' ? ['broker-killed', 'broker-stopped'] : ['broker-started'], e);
    if (b === null || e.timeMs - b.endMs > 5 * 60_000) return;
    this.groupStep(b, e, fact.f, item, (items) =>
      fact.f === 'isr-shrink'
        ? t(`The leader shrank the ISR: ${named(items)}`, `leader 收缩了 ISR：${named(items)}`)
        : t(
            `Broker ${changed[0]} caught up and rejoined the ISR: ${named(items)}`,
            `Broker ${changed[0]} 追上进度并重新加入 ISR：${named(items)}`,
          ),
    );
  }

  /** The creation of a partition's topic while the controller still elects its first leaders (`leaders`) or brokers create its logs. */
  private creationOf(partition: string, e: StoredEvent, leaders: boolean): Builder | null {
    const topic = partition.slice(0, partition.lastIndexOf('-'));
    const b = this.created.get(topic);
    if (b === undefined || b.size === null || e.timeMs - b.endMs > FOCUS_MS) return null;
    if (leaders ? b.partitions.has(partition) || b.partitions.size >= b.size.partitions : b.pending.size >= b.size.replicas) return null;
    return b;
  }

  private logCreated(e: StoredEvent, broker: number, partition: string): void {
    const b = this.creationOf(partition, e, false) ?? this.waitingOf('reassignment', (x) => x.pending.has(partition));
    if (b === undefined) return;
    const item = `${partition}@${broker}`;
    if (b.kind === 'topic-created') {
      b.pending.add(item);
      const of = b.size?.replicas ?? b.pending.size;
      this.groupStep(b, e, 'logs', item, (items) => {
        const brokers = unique(items.map((i) => i.slice(i.lastIndexOf('@') + 1))).join(', ');
        const done = durationText(e.timeMs - b.startMs);
        return t(
          `Logs created for ${b.pending.size} of ${of} replicas on brokers ${brokers} (${done.en} after creation)`,
          `已在 broker ${brokers} 上为 ${of} 个副本中的 ${b.pending.size} 个创建日志（创建后 ${done['zh-CN']}）`,
        );
      });
    } else {
      this.groupStep(b, e, 'logs', `${partition} on broker ${broker}`, (items) =>
        t(
          `Logs created for the new replicas: ${named(items)}`,
          `已为新副本创建日志：${named(items.map((i) => i.replace(' on broker ', ' @ broker ')))}`,
        ),
      );
    }
  }

  private openReassignment(e: StoredEvent, cancel: boolean): Builder {
    const b = this.open(e, 'reassignment', null, null, (x) => {
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
    this.unfold(b);
    this.focus = b;
    return b;
  }

  /** The reassignment a partition's move belongs to: the one the controller is busy with, or the unfolding one that holds it. */
  private reassignmentOf(e: StoredEvent, partition: string): Builder | null {
    const focused = this.focused(e);
    if (focused?.kind === 'reassignment' && focused.waiting) return focused;
    return this.waitingOf('reassignment', (x) => x.pending.has(partition)) ?? this.waitingOf('reassignment', () => true) ?? null;
  }

  private finishReassignment(b: Builder, e: StoredEvent): void {
    b.waiting = false;
    const took = durationText(e.timeMs - b.startMs);
    this.step(
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

  private configApplied(e: StoredEvent, broker: number, entity: string, config: string): void {
    // A starting broker replays the recent notifications (`ZkNodeChangeNotificationListener.init`).
    const starting = this.latestOf(broker, ['broker-started'], e);
    if (starting?.waiting) {
      this.groupStep(starting, e, 'config', `${entity}: ${config}`, (items) =>
        t(
          `Broker ${broker} applied the recent dynamic config changes: ${named(items)}`,
          `Broker ${broker} 应用了最近的动态配置更改：${named(items)}`,
        ),
      );
      return;
    }
    let b = this.configChanges.get(entity);
    const item = String(broker);
    const last = b?.steps.at(-1);
    if (b === undefined || e.timeMs - b.endMs > CONFIG_SPREAD_MS || last?.group?.fact !== config || last.group.items.includes(item)) {
      const throttle = config.includes('throttled');
      b = this.open(e, 'config-changed', entity.startsWith('brokers/') ? Number(entity.slice(8)) : null, entity, () =>
        throttle
          ? t(`Replication throttle changed on ${entity}`, `${entity} 的复制限流已更改`)
          : t(`Dynamic config of ${entity} changed`, `${entity} 的动态配置已更改`),
      );
      if (Number.isNaN(b.brokerId)) b.brokerId = null;
      this.configChanges.set(entity, b);
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
}

/** The whole fold at once: every fact of `events`, answered as of `nowMs`. */
export function groupIncidents(events: readonly StoredEvent[], nowMs: number): IncidentDto[] {
  const grouper = new IncidentGrouper();
  grouper.add(events);
  return grouper.snapshot(nowMs);
}

function expiredText(hex: string, after: LocalizedText): LocalizedText {
  return t(
    `ZooKeeper session ${hex} expired after ${after.en} (zookeeper.session.timeout.ms)`,
    `ZooKeeper 会话 ${hex} 在 ${after['zh-CN']}后过期（zookeeper.session.timeout.ms）`,
  );
}

function leadersText(b: Builder, items: readonly string[]): LocalizedText {
  if (b.kind === 'topic-created') return t(`Leaders elected: ${named(items)}`, `已选出 leader：${named(items)}`);
  if (b.kind === 'unclean-election')
    return t(
      `Unclean leaders (not from the ISR: records they lack are lost): ${named(items)}`,
      `非干净 leader（不在 ISR 中：它们缺少的记录已丢失）：${named(items)}`,
    );
  return t(`New leaders: ${named(items)}`, `新的 leader：${named(items)}`);
}

function createdTitle(topic: string, b: Builder): LocalizedText {
  if (b.size === null) return t(`Topic ${topic} created`, `主题 ${topic} 已创建`);
  const { partitions, replicas } = b.size;
  const logs = b.pending.size;
  const p = `${partitions} ${partitions === 1 ? 'partition' : 'partitions'}`;
  return logs >= replicas
    ? t(
        `Topic ${topic} created (${p}, ${replicas} ${replicas === 1 ? 'replica' : 'replicas'})`,
        `主题 ${topic} 已创建（${partitions} 个分区，${replicas} 个副本）`,
      )
    : t(
        `Topic ${topic} created (${p}; ${logs} of ${replicas} logs created)`,
        `主题 ${topic} 已创建（${partitions} 个分区；已创建 ${replicas} 个日志中的 ${logs} 个）`,
      );
}

function waitingForText(b: Builder): LocalizedText {
  const moving = [...b.pending];
  return t(
    `The controller started the moves; waiting for the new replicas of ${named(moving)} to join the ISR`,
    `控制器已开始迁移；等待 ${named(moving)} 的新副本加入 ISR`,
  );
}
