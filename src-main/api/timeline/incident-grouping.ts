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
 *
 * This file is the mechanism (the incidents, their steps, what stories find them by); each story
 * family tells its own facts in `incidents/` (`incidents/incident-story.ts` says what a family is).
 */
import type { StoredEvent } from '../../core/cluster/event-log';
import type { TimelineFact } from '../../core/cluster/timeline-index';
import type { LocalizedText } from '../localized-text';
import type { IncidentDto } from './timeline-contract';
import { brokerFailure } from './incidents/broker-failure';
import { brokerLifecycle } from './incidents/broker-lifecycle';
import { configChanges } from './incidents/config-changes';
import { controllerMoved } from './incidents/controller-moved';
import {
  FOCUS_MS,
  RELEVANT_MS,
  type ClusterMemory,
  type FactHandlers,
  type IncidentBuilder,
  type IncidentStories,
} from './incidents/incident-story';
import { leaderElections } from './incidents/leader-elections';
import { logDirFailure } from './incidents/log-dir-failure';
import { partitionState } from './incidents/partition-state';
import { reassignments } from './incidents/reassignments';
import { topicCreation } from './incidents/topic-creation';
import { topicDeletion } from './incidents/topic-deletion';

/** An incident whose last step is this recent may still grow. */
const SETTLE_MS = 10_000;

type FactHandler = (s: IncidentStories, e: StoredEvent, fact: TimelineFact) => void;

/** Every story family's facts; a fact two families claim is a mistake found at load. */
const HANDLERS: ReadonlyMap<string, FactHandler> = joinFamilies([
  brokerLifecycle,
  brokerFailure,
  controllerMoved,
  partitionState,
  leaderElections,
  topicCreation,
  topicDeletion,
  logDirFailure,
  reassignments,
  configChanges,
]);

function joinFamilies(families: readonly FactHandlers[]): ReadonlyMap<string, FactHandler> {
  const handlers = new Map<string, FactHandler>();
  for (const family of families)
    for (const [fact, handler] of Object.entries(family)) {
      if (handlers.has(fact)) throw new Error(`Two incident stories tell the fact ${fact}`);
      handlers.set(fact, handler as FactHandler);
    }
  return handlers;
}

export interface IncidentGrouperOptions {
  /** Settled incidents that ended longer than this before the newest fact are forgotten (default: never). */
  readonly retainMs?: number;
}

export class IncidentGrouper {
  private readonly stories = new GroupedIncidents();
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
      if (fact !== null) HANDLERS.get(fact.f)?.(this.stories, e, fact);
    }
    const cutoff = this.latestMs - this.retainMs;
    if (cutoff > this.forgottenBeforeMs && this.stories.forget(cutoff)) this.forgottenBeforeMs = cutoff;
  }

  /** The incidents that started in [fromMs, toMs], oldest first, as of `nowMs`. */
  snapshot(nowMs: number, fromMs = -Infinity, toMs = Infinity): IncidentDto[] {
    const out: IncidentDto[] = [];
    for (const b of this.stories.incidents) {
      if (b.startMs < fromMs || b.startMs > toMs) continue;
      out.push({ ...told(b), endMs: b.waiting || nowMs - b.endMs < SETTLE_MS ? null : b.endMs });
    }
    return out;
  }
}

/** The whole fold at once: every fact of `events`, answered as of `nowMs`. */
export function groupIncidents(events: readonly StoredEvent[], nowMs: number): IncidentDto[] {
  const grouper = new IncidentGrouper();
  grouper.add(events);
  return grouper.snapshot(nowMs);
}

/** Most incidents are settled: what was told of one is told again while its steps and counts stay as they were. */
function told(b: IncidentBuilder): Omit<IncidentDto, 'endMs'> {
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

/** The incidents told so far, and what the stories look them up by. */
class GroupedIncidents implements IncidentStories {
  incidents: IncidentBuilder[] = [];
  readonly cluster: ClusterMemory = { controllerId: null, sessionOwner: new Map(), unownedExpiry: null };
  focus: IncidentBuilder | null = null;
  /** The incidents still waiting for the fact that ends them (a few), newest last. */
  private unfolding: IncidentBuilder[] = [];
  /** The latest incident of a kind about a key (the creation of each topic, the change of each config entity). */
  private readonly latest = new Map<string, IncidentBuilder>();

  /** Drops the settled incidents that ended before `cutoffMs`; false while the oldest settled one has not. */
  forget(cutoffMs: number): boolean {
    const first = this.incidents.find((b) => !b.waiting);
    if (first === undefined || first.endMs >= cutoffMs) return false;
    this.incidents = this.incidents.filter((b) => b.waiting || b.endMs >= cutoffMs);
    for (const [k, b] of this.latest) if (!b.waiting && b.endMs < cutoffMs) this.latest.delete(k);
    if (this.focus !== null && !this.incidents.includes(this.focus)) this.focus = null;
    return true;
  }

  open(e: StoredEvent, kind: string, brokerId: number | null, topic: string | null, title: IncidentBuilder['title']): IncidentBuilder {
    const b: IncidentBuilder = {
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

  step(b: IncidentBuilder, e: StoredEvent, text: LocalizedText): void {
    b.steps.push({ timeMs: e.timeMs, seq: e.seq, text });
    b.endMs = e.timeMs;
  }

  groupStep(b: IncidentBuilder, e: StoredEvent, fact: string, item: string, render: (items: string[]) => LocalizedText): void {
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

  latestOf(brokerId: number, kinds: readonly string[], e: StoredEvent): IncidentBuilder | null {
    for (let i = this.incidents.length - 1; i >= 0; i--) {
      const b = this.incidents[i];
      if (b.brokerId === brokerId && kinds.includes(b.kind)) return b.waiting || e.timeMs - b.endMs <= RELEVANT_MS ? b : null;
    }
    return null;
  }

  unfold(b: IncidentBuilder): void {
    b.waiting = true;
    this.unfolding.push(b);
  }

  settle(matches: (b: IncidentBuilder) => boolean): void {
    for (const b of this.unfolding) if (matches(b)) b.waiting = false;
  }

  waitingOf(kind: string, matches: (b: IncidentBuilder) => boolean): IncidentBuilder | undefined {
    if (this.unfolding.some((b) => !b.waiting)) this.unfolding = this.unfolding.filter((b) => b.waiting);
    return this.unfolding.findLast((b) => b.kind === kind && matches(b));
  }

  focused(e: StoredEvent): IncidentBuilder | null {
    return this.focus !== null && e.timeMs - this.focus.endMs <= FOCUS_MS ? this.focus : null;
  }

  remember(b: IncidentBuilder, key: string): void {
    this.latest.set(`${b.kind}\n${key}`, b);
  }

  remembered(kind: string, key: string): IncidentBuilder | undefined {
    return this.latest.get(`${kind}\n${key}`);
  }
}
