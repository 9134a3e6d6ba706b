/**
 * Follows every topic deletion through the workspace event log (which survives restarts): at
 * first use it reads the log back in pages (yielding between them, so the main process stays
 * responsive) to find the markers written and replay what happened to each; after that it reads
 * only the events newer than the last one it saw.
 */
import type { StoredEvent } from '../../core/cluster/event-log';
import type { ClusterQueries } from '../../core/cluster/cluster-facade';
import type { DeletionRecord } from './deletion-records';
import { applyDeletionEvent, markerCreated, newRecord } from './deletion-records';

/** Events read per page of the log (then the event loop gets a turn). */
const PAGE = 2000;
const FIRST_PAGE = 50;
/** Finished deletions kept (the oldest beyond that are forgotten); only the newest keep their timelines. */
const MAX_FINISHED = 1000;
const FINISHED_WITH_TIMELINE = 50;

const yieldTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class DeletionTracker {
  /** Deletions still running (or waiting for their `-delete` dirs), by topic. */
  private readonly active = new Map<string, DeletionRecord>();
  /** Finished deletions, oldest first. */
  private readonly finished: DeletionRecord[] = [];
  /** Wall-clock time each deletion finished while this tracker watched (for "recently finished"). */
  private readonly finishedWallMs = new Map<DeletionRecord, number>();
  private lastSeq = -1;
  /** True while the log is read at first use: what finishes then finished before the monitor was opened. */
  private replaying = false;
  private syncing: Promise<void> | null = null;
  private readonly suspects = new WeakSet<DeletionRecord>();

  constructor(
    readonly cluster: ClusterQueries,
    private readonly wallClock: () => number = Date.now,
  ) {}

  /** Reads what is new in the event log (the whole log the first time); concurrent calls share one read. */
  sync(): Promise<void> {
    this.syncing ??= (this.lastSeq < 0 ? this.bootstrap() : this.readNew()).finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /**
   * Ends a deletion whose marker is gone while the topic stays and no controller queued it (the
   * marker deleted by hand before a controller read it) — once seen so on two reads in a row, so
   * that a controller's own removal, whose log line may not be read yet, is not taken for one.
   */
  abandonIfSeenTwice(record: DeletionRecord, abandoned: boolean, nowMs: number): void {
    if (!abandoned) {
      this.suspects.delete(record);
      return;
    }
    if (!this.suspects.has(record)) {
      this.suspects.add(record);
      return;
    }
    this.suspects.delete(record);
    record.outcome = 'marker-removed-by-hand';
    record.finishedAtMs = nowMs;
    this.retire(record);
  }

  activeRecords(): DeletionRecord[] {
    return [...this.active.values()].sort((a, b) => a.markedAtMs - b.markedAtMs || a.id - b.id);
  }

  /** Finished deletions, newest first. */
  finishedRecords(): DeletionRecord[] {
    return [...this.finished].reverse();
  }

  /** Deletions that finished less than `withinMs` of wall-clock time ago, while watched. */
  recentlyFinished(withinMs: number): DeletionRecord[] {
    const now = this.wallClock();
    return this.finished.filter((r) => now - (this.finishedWallMs.get(r) ?? -Infinity) <= withinMs);
  }

  activeRecord(topic: string): DeletionRecord | undefined {
    return this.active.get(topic);
  }

  /** A deletion that exists only live (its marker older than the event log): remembered from now on. */
  adopt(topic: string, markedAtMs: number): DeletionRecord {
    const record = newRecord(0, topic, markedAtMs);
    this.active.set(topic, record);
    return record;
  }

  private async bootstrap(): Promise<void> {
    // Pass 1, newest to oldest: which markers were created, and from which event on to replay.
    const newest = this.cluster.recentEvents(1)[0]?.seq ?? 0;
    let firstMarkerSeq: number | null = null;
    let before: number | undefined = newest + 1;
    for (;;) {
      const page = this.cluster.recentEvents(PAGE, before);
      for (const e of page) if (markerCreated(e) !== null) firstMarkerSeq = e.seq;
      if (page.length < PAGE) break;
      before = page[page.length - 1].seq;
      await yieldTurn();
    }
    this.lastSeq = firstMarkerSeq === null ? newest : firstMarkerSeq - 1;
    // Pass 2, oldest to newest from the first marker: the same code as for new events.
    this.replaying = true;
    try {
      await this.readNew();
    } finally {
      this.replaying = false;
    }
  }

  private async readNew(): Promise<void> {
    const pages: StoredEvent[][] = [];
    let before: number | undefined;
    // Usually a handful of events are new: read a small page first, then bigger ones.
    for (let size = FIRST_PAGE; ; size = Math.min(PAGE, size * 4)) {
      const read = this.cluster.recentEvents(size, before);
      const page = read.filter((e) => e.seq > this.lastSeq);
      pages.push(page);
      if (page.length < read.length || read.length < size) break;
      before = page[page.length - 1].seq;
      await yieldTurn();
    }
    for (let i = pages.length - 1; i >= 0; i--) {
      const page = pages[i];
      for (let j = page.length - 1; j >= 0; j--) this.ingest(page[j]);
      if (i > 0) await yieldTurn();
    }
  }

  private ingest(e: StoredEvent): void {
    if (e.seq <= this.lastSeq) return;
    this.lastSeq = e.seq;
    const topic = markerCreated(e);
    if (topic !== null) {
      const previous = this.active.get(topic);
      // A marker deleted and written again by hand while the controller still has the topic queued
      // is the same deletion; after the znodes were removed (the topic came back) it is a new one.
      const same = previous !== undefined && previous.outcome === 'in-progress';
      if (previous && !same) this.retire(previous);
      if (!same) this.active.set(topic, newRecord(e.seq, topic, e.timeMs));
    }
    if (this.active.size === 0) return;
    for (const record of [...this.active.values()]) {
      applyDeletionEvent(record, e);
      if (record.finishedAtMs !== null) this.retire(record);
    }
  }

  private retire(record: DeletionRecord): void {
    if (this.active.get(record.topic) === record) this.active.delete(record.topic);
    this.finished.push(record);
    if (!this.replaying) this.finishedWallMs.set(record, this.wallClock());
    if (this.finished.length > MAX_FINISHED) this.finishedWallMs.delete(this.finished.shift()!);
    const older = this.finished[this.finished.length - 1 - FINISHED_WITH_TIMELINE];
    if (older && older.timeline.length > 0) {
      older.timelineDropped += older.timeline.length;
      older.timeline = [];
    }
  }
}
