import type { Executor } from '../platform/executor';
import type { ClusterEvent } from './cluster-events';
import { summarizeChannelEvent } from './request-summary';

/** An event as stored: its sequence number, time, kind and JSON body. */
export interface StoredEvent {
  seq: number;
  timeMs: number;
  kind: ClusterEvent['kind'];
  brokerId: number | null;
  /** The event as JSON (bigints as decimal strings). */
  json: string;
}

/** The workspace's bounded event log (the SQLite implementation is `infra/sqlite-event-log.ts`). */
export interface EventLogStore {
  append(events: Array<Omit<StoredEvent, 'seq'>>): void;
  /** Newest first, at most `limit`, older than `beforeSeq` when given. */
  recent(limit: number, beforeSeq?: number): StoredEvent[];
  /** Keeps only the newest `maxEvents`. */
  trim(maxEvents: number): void;
  count(): number;
}

export function eventJson(event: ClusterEvent): string {
  // The bulk of a busy log: a ZooKeeper event is flat but for its bigint session id, and a replacer
  // (called back for every key) costs several times a plain stringify of a copy.
  if (event.kind === 'zookeeper' && 'sessionId' in event.event && typeof event.event.sessionId === 'bigint') {
    return JSON.stringify({ ...event, event: { ...event.event, sessionId: event.event.sessionId.toString() } });
  }
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
 * turn of the executor, and the log is trimmed to `maxEvents` so a long session cannot fill the disk.
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
  ) {}

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
    const batch = this.buffer.splice(0, max).map((event) => ({
      timeMs: event.timeMs,
      kind: event.kind,
      brokerId: 'brokerId' in event ? event.brokerId : null,
      json: eventJson(event),
    }));
    this.store.append(batch);
    this.sinceTrim += batch.length;
    if (this.sinceTrim >= this.maxEvents / 10) {
      this.store.trim(this.maxEvents);
      this.sinceTrim = 0;
    }
  }
}
