/**
 * Writes sample rounds to the store in slices of at most `samplesPerSlice` samples, one scheduler
 * task each: a round of many series (thousands of topics, groups) would otherwise hold the event
 * loop for the whole write. The round's values are taken before (one snapshot); only the write is
 * split, so a reader between two slices sees some series with the new sample and some without.
 *
 * Rounds are written in the order they were queued, one slice at a time; `flush` writes whatever
 * is left at once (before the store closes).
 */
import type { ScheduledTask, Scheduler } from '../platform/scheduler';
import type { MetricsHistoryStore, SeriesSample } from './metrics-history-store';

/** Samples written in one event-loop turn: a few milliseconds of SQLite upserts. */
export const SAMPLES_PER_SLICE = 1_000;

interface QueuedRound {
  readonly timeMs: number;
  readonly samples: readonly SeriesSample[];
  /** The first sample not written yet. */
  next: number;
}

export class SlicedRoundWriter {
  private readonly queue: QueuedRound[] = [];
  private task: ScheduledTask | null = null;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly store: MetricsHistoryStore,
    private readonly onError: (e: unknown) => void,
    private readonly samplesPerSlice: number = SAMPLES_PER_SLICE,
  ) {
    if (!(samplesPerSlice >= 1)) throw new RangeError(`samplesPerSlice must be ≥ 1, got ${samplesPerSlice}`);
  }

  /** Queues a round; its first slice runs when the scheduler next gets to it. */
  write(timeMs: number, samples: readonly SeriesSample[]): void {
    if (samples.length === 0) return;
    this.queue.push({ timeMs, samples, next: 0 });
    this.scheduleSlice();
  }

  /** Samples queued and not yet written. */
  get pendingSamples(): number {
    let n = 0;
    for (const round of this.queue) n += round.samples.length - round.next;
    return n;
  }

  /** Writes every queued slice now. */
  flush(): void {
    if (this.task) this.scheduler.cancel(this.task);
    this.task = null;
    while (this.queue.length > 0) this.writeSlice();
  }

  private scheduleSlice(): void {
    if (this.task || this.queue.length === 0) return;
    this.task = this.scheduler.schedule('metrics-sampler-write', 0, () => {
      this.task = null;
      this.writeSlice();
      this.scheduleSlice();
    });
  }

  private writeSlice(): void {
    const round = this.queue[0];
    const end = Math.min(round.next + this.samplesPerSlice, round.samples.length);
    const slice = round.next === 0 && end === round.samples.length ? round.samples : round.samples.slice(round.next, end);
    round.next = end;
    if (end === round.samples.length) this.queue.shift();
    try {
      this.store.append(round.timeMs, slice);
    } catch (e) {
      this.onError(e);
    }
  }
}
