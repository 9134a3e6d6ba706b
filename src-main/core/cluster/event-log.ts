import type { Executor } from '../platform/executor';
import type { ClusterEvent } from './cluster-events';
import { summarizeChannelEvent } from './request-summary';
import { Significance, timelineIndex, type TimelineCategory, type TimelineLevel } from './timeline-index';

/** An event as stored: its sequence number, time, kind and JSON body. */
export interface StoredEvent {
  seq: number;
  timeMs: number;
  kind: ClusterEvent['kind'];
  brokerId: number | null;
  /** The event as JSON (bigints as decimal strings). */
  json: string;
  /** The timeline's columns (`timeline-index.ts`); absent on rows of older versions until indexed. */
  category?: TimelineCategory | null;
  significance?: Significance;
  /** The fact the event states, as JSON, for the incidents. */
  fact?: string | null;
}

/** What a new row carries beside its event: the timeline's columns. */
export interface IndexedEvent extends Omit<StoredEvent, 'seq'> {
  level?: TimelineLevel | null;
  topic?: string | null;
}

/** The timeline's filter, as the store runs it (every field narrows; absent means any). */
export interface EventQuery {
  readonly limit: number;
  readonly beforeSeq?: number;
  readonly categories?: readonly TimelineCategory[];
  readonly brokerId?: number;
  readonly topic?: string;
  readonly levels?: readonly TimelineLevel[];
  /** Routine noise (checkpoint writes …) too; default false. */
  readonly includeRoutine?: boolean;
}

/** Events kept per significance: noise never pushes out what incidents are told from. */
export type RetentionBudgets = Readonly<Record<Significance, number>>;

/** The split of a total budget: a fifth for routine noise, half for details, the rest for significant events. */
export function retentionBudgets(maxEvents: number): RetentionBudgets {
  const routine = Math.floor(maxEvents / 5);
  const detail = Math.floor(maxEvents / 2);
  return { [Significance.routine]: routine, [Significance.detail]: detail, [Significance.significant]: maxEvents - routine - detail };
}

/** The workspace's bounded event log (the SQLite implementation is `infra/sqlite-event-log.ts`). */
export interface EventLogStore {
  append(events: IndexedEvent[]): void;
  /** Newest first, at most `limit`, older than `beforeSeq` when given. */
  recent(limit: number, beforeSeq?: number): StoredEvent[];
  /** Newest first, the events that pass the filter. */
  query(query: EventQuery): StoredEvent[];
  /** The events that state a fact (`fact` set), oldest first, from `fromMs` on (and after seq `afterSeq`). */
  facts(fromMs: number, afterSeq?: number): StoredEvent[];
  /** Keeps only the newest events of each significance, as many as its budget. */
  trim(budgets: RetentionBudgets): void;
  count(): number;
}

export function eventJson(event: ClusterEvent): string {
  // The bulk of a busy log: a ZooKeeper event is flat but for its bigint session id, and a replacer
  // (called back for every key) costs several times a plain stringify of a copy.
  if (event.kind === 'zookeeper' && 'sessionId' in event.event && typeof event.event.sessionId === 'bigint') {
    return JSON.stringify({ ...event, event: { ...event.event, sessionId: event.event.sessionId.toString() } });
  }
  // A log line holds only strings and numbers: a failover writes 13 of them per partition.
  if (event.kind === 'log') return JSON.stringify(event);
  return JSON.stringify(event, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array ? Array.from(value) : value,
  );
}

/** Events serialised and written per turn of the executor, so a burst never blocks the app for long. */
const EVENTS_PER_SLICE = 500;

/** Turns of the executor a part-filled slice waits for more events before it is written. */
const TURNS_PER_SLICE = 8;

/**
 * Keeps the cluster's event stream in the workspace: events are buffered and written a slice per
 * turn of the executor, and the log is trimmed to `maxEvents` so a long session cannot fill the disk
 * (each significance to its share, `retentionBudgets`).
 */
export class EventRecorder {
  private buffer: ClusterEvent[] = [];
  private flushScheduled = false;
  private sinceTrim = 0;
  private turnsWaited = 0;

  constructor(
    private readonly store: EventLogStore,
    private readonly executor: Executor,
    private readonly maxEvents = 100_000,
  ) {
    this.budgets = retentionBudgets(maxEvents);
  }

  private readonly budgets: RetentionBudgets;

  record(event: ClusterEvent): void {
    // The stored form of a request is its summary (header and a sample), not 10,000 partition
    // states; summarising now also lets the big request go while the event waits to be written.
    this.buffer.push(
      event.kind === 'channel' ? ({ ...event, event: summarizeChannelEvent(event.event) } as unknown as ClusterEvent) : event,
    );
    this.scheduleSlice();
  }

  private scheduleSlice(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.executor.execute(() => {
      this.flushScheduled = false;
      if (this.buffer.length === 0) {
        this.turnsWaited = 0;
        return;
      }
      // A busy ZooKeeper releases events after each group commit, a few turns apart: waiting a few
      // turns puts several commits' events in one transaction (reads flush what is still buffered).
      if (this.buffer.length < EVENTS_PER_SLICE && ++this.turnsWaited < TURNS_PER_SLICE) {
        this.scheduleSlice();
        return;
      }
      this.turnsWaited = 0;
      this.writeSlice(EVENTS_PER_SLICE);
      if (this.buffer.length > 0) this.scheduleSlice();
    });
  }

  /** Writes everything buffered now (reading the log, closing the workspace). */
  flush(): void {
    while (this.buffer.length > 0) this.writeSlice(EVENTS_PER_SLICE * 10);
  }

  private writeSlice(max: number): void {
    if (this.buffer.length === 0) return;
    const batch = this.buffer.splice(0, max).map((event): IndexedEvent => {
      const index = timelineIndex(event);
      return {
        timeMs: event.timeMs,
        kind: event.kind,
        brokerId: 'brokerId' in event ? event.brokerId : null,
        json: eventJson(event),
        category: index.category,
        level: index.level,
        topic: index.topic,
        significance: index.significance,
        fact: index.fact === null ? null : JSON.stringify(index.fact),
      };
    });
    this.store.append(batch);
    this.sinceTrim += batch.length;
    // Often enough that the smallest budget (routine noise) overshoots by a quarter at most.
    if (this.sinceTrim >= this.budgets[Significance.routine] / 4) {
      this.store.trim(this.budgets);
      this.sinceTrim = 0;
    }
  }
}
