import { MinHeap } from './min-heap';
import type { ScheduledTask, Time } from './scheduler';

interface PendingTask extends ScheduledTask {
  dueMs: number;
  /** Tie-breaker: tasks due at the same time run in the order they were scheduled. */
  sequence: number;
  periodMs: number | null;
  run: () => void;
}

/**
 * A clock that moves only when a test says so, like Kafka's `MockTime` + `MockScheduler`.
 * `advance(ms)` runs every task that falls due, in (due time, scheduling order) order, setting the
 * clock to each task's due time before running it; tasks scheduled by a running task run in the same
 * advance if they fall due within it. Time never goes backwards.
 */
export class ManualTime implements Time {
  private currentMs: number;
  private nextId = 1;
  private nextSequence = 0;
  private readonly pending = new Map<number, PendingTask>();
  // Entries of cancelled tasks stay in the heap and are skipped when they surface.
  private readonly queue = new MinHeap<{ task: PendingTask; dueMs: number; sequence: number }>(
    (a, b) => a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.sequence < b.sequence),
  );
  private advancing = false;

  constructor(startMs = 1_600_000_000_000) {
    this.currentMs = startMs;
  }

  nowMs(): number {
    return this.currentMs;
  }

  schedule(name: string, delayMs: number, task: () => void): ScheduledTask {
    return this.add(name, delayMs, null, task);
  }

  schedulePeriodic(name: string, initialDelayMs: number, periodMs: number, task: () => void): ScheduledTask {
    if (!(periodMs > 0)) throw new RangeError(`periodMs must be > 0, got ${periodMs} for task ${name}`);
    return this.add(name, initialDelayMs, periodMs, task);
  }

  cancel(task: ScheduledTask): void {
    this.pending.delete(task.id);
  }

  /** Number of tasks waiting to run (periodic ones count once). */
  get pendingTaskCount(): number {
    return this.pending.size;
  }

  /** Due time of the earliest pending task, or null. */
  nextDueMs(): number | null {
    const next = this.earliest();
    return next ? next.dueMs : null;
  }

  /** Moves the clock `ms` forward, running due tasks in order. Returns the number of tasks run. */
  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError(`ManualTime cannot go backwards or by NaN (asked ${ms} ms)`);
    return this.advanceTo(this.currentMs + ms);
  }

  /** Runs the tasks due now (the same as `advance(0)`). */
  runDue(): number {
    return this.advanceTo(this.currentMs);
  }

  advanceTo(targetMs: number): number {
    if (targetMs < this.currentMs) {
      throw new RangeError(`ManualTime cannot go backwards: now ${this.currentMs}, asked ${targetMs}`);
    }
    if (this.advancing) throw new Error('ManualTime.advance called from inside a scheduled task');
    this.advancing = true;
    let ran = 0;
    try {
      for (;;) {
        const next = this.earliest();
        if (!next || next.dueMs > targetMs) break;
        this.currentMs = Math.max(this.currentMs, next.dueMs);
        this.queue.pop();
        if (next.periodMs === null) {
          this.pending.delete(next.id);
        } else {
          next.dueMs += next.periodMs;
          next.sequence = this.nextSequence++;
          this.queue.push({ task: next, dueMs: next.dueMs, sequence: next.sequence });
        }
        ran++;
        next.run();
      }
      this.currentMs = targetMs;
    } finally {
      this.advancing = false;
    }
    return ran;
  }

  private add(name: string, delayMs: number, periodMs: number | null, run: () => void): ScheduledTask {
    const task: PendingTask = {
      id: this.nextId++,
      name,
      dueMs: this.currentMs + Math.max(0, delayMs),
      sequence: this.nextSequence++,
      periodMs,
      run,
    };
    this.pending.set(task.id, task);
    this.queue.push({ task, dueMs: task.dueMs, sequence: task.sequence });
    return { id: task.id, name };
  }

  private earliest(): PendingTask | undefined {
    for (;;) {
      const top = this.queue.peek();
      if (!top) return undefined;
      const live = this.pending.get(top.task.id);
      // Skip cancelled tasks and stale entries of periodic tasks that were re-queued.
      if (live === top.task && top.sequence === live.sequence) return live;
      this.queue.pop();
    }
  }
}
