import type { Executor } from '../platform/executor';
import type { ClusterEvent } from './cluster-events';

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
  return JSON.stringify(event, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array ? Array.from(value) : value));
}

/**
 * Keeps the cluster's event stream in the workspace: events are buffered and written once per turn
 * of the executor, and the log is trimmed to `maxEvents` so a long session cannot fill the disk.
 */
export class EventRecorder {
  private buffer: Array<Omit<StoredEvent, 'seq'>> = [];
  private flushScheduled = false;
  private sinceTrim = 0;

  constructor(
    private readonly store: EventLogStore,
    private readonly executor: Executor,
    private readonly maxEvents = 100_000,
  ) {}

  record(event: ClusterEvent): void {
    const brokerId = 'brokerId' in event ? event.brokerId : null;
    this.buffer.push({ timeMs: event.timeMs, kind: event.kind, brokerId, json: eventJson(event) });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.executor.execute(() => this.flush());
    }
  }

  flush(): void {
    this.flushScheduled = false;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.store.append(batch);
    this.sinceTrim += batch.length;
    if (this.sinceTrim >= this.maxEvents / 10) {
      this.store.trim(this.maxEvents);
      this.sinceTrim = 0;
    }
  }
}
