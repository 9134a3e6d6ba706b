import type { ScheduledTask, Time } from '../core/platform/scheduler';
import { MinHeap } from '../core/platform/min-heap';
import { ClockSpeedError } from '../core/platform/clock-speed-error';

interface Task {
  readonly id: number;
  readonly name: string;
  dueMs: number;
  readonly periodMs: number | null;
  readonly run: () => void;
  /** Which heap entry is this task's current one (a reschedule leaves the old entry behind). */
  sequence: number;
}

interface Entry {
  readonly task: Task;
  readonly dueMs: number;
  readonly sequence: number;
}

/**
 * The app's time line: wall-clock time, run `speed` times faster from the moment it started
 * (1× … 100×), so that a trainee does not wait a whole `file.delete.delay.ms`. Changing the speed
 * keeps time continuous and reschedules pending tasks on the new speed.
 *
 * All tasks share one Node timer, armed for the earliest: a cluster of 10,000 partitions has one
 * `PeriodicProducerExpirationCheck` per log, and a Node timer each cost ~1 KiB and a slot in
 * Node's timer lists. Due tasks run one per macrotask, as separate timers would, so the promise
 * continuations of one run before the next task.
 */
export class SystemTime implements Time {
  private anchorWallMs: number;
  private anchorEmulatedMs: number;
  private speedFactor: number;
  private nextId = 1;
  private nextSequence = 1;
  private readonly tasks = new Map<number, Task>();
  // Entries of cancelled or rescheduled tasks stay in the heap and are skipped when they surface.
  private queue = SystemTime.newQueue();
  /** Entries left behind by cancels: the heap is rebuilt when they outnumber the live tasks. */
  private staleEntries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The emulated time the armed timer is for. */
  private timerDueMs = Infinity;
  /** A due task runs in the next macrotask. */
  private immediate: ReturnType<typeof setImmediate> | null = null;

  constructor(
    speed = 1,
    private readonly wallClock: () => number = Date.now,
  ) {
    SystemTime.checkSpeed(speed);
    this.speedFactor = speed;
    this.anchorWallMs = wallClock();
    this.anchorEmulatedMs = this.anchorWallMs;
  }

  static readonly MIN_SPEED = 1;
  static readonly MAX_SPEED = 100;

  private static checkSpeed(speed: number): void {
    if (!(speed >= SystemTime.MIN_SPEED && speed <= SystemTime.MAX_SPEED)) {
      throw new ClockSpeedError(speed, SystemTime.MIN_SPEED, SystemTime.MAX_SPEED);
    }
  }

  get speed(): number {
    return this.speedFactor;
  }

  setSpeed(speed: number): void {
    SystemTime.checkSpeed(speed);
    this.anchorEmulatedMs = this.nowMs();
    this.anchorWallMs = this.wallClock();
    this.speedFactor = speed;
    this.disarm();
    this.arm();
  }

  nowMs(): number {
    return Math.floor(this.anchorEmulatedMs + (this.wallClock() - this.anchorWallMs) * this.speedFactor);
  }

  schedule(name: string, delayMs: number, task: () => void): ScheduledTask {
    return this.add(name, delayMs, null, task);
  }

  schedulePeriodic(name: string, initialDelayMs: number, periodMs: number, task: () => void): ScheduledTask {
    if (!(periodMs > 0)) throw new RangeError(`periodMs must be > 0, got ${periodMs} for task ${name}`);
    return this.add(name, initialDelayMs, periodMs, task);
  }

  cancel(task: ScheduledTask): void {
    if (!this.tasks.delete(task.id)) return;
    // Request timeouts are scheduled and cancelled thousands of times a second, most far from due.
    if (++this.staleEntries > 1024 && this.staleEntries > this.tasks.size) this.rebuildQueue();
    if (this.tasks.size === 0) this.disarm();
  }

  private static newQueue(): MinHeap<Entry> {
    return new MinHeap<Entry>((a, b) => a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.sequence < b.sequence));
  }

  private rebuildQueue(): void {
    this.queue = SystemTime.newQueue();
    this.staleEntries = 0;
    for (const task of this.tasks.values()) this.queue.push({ task, dueMs: task.dueMs, sequence: task.sequence });
  }

  /** Cancels everything (app shutdown). */
  shutdown(): void {
    this.tasks.clear();
    this.disarm();
    this.queue = SystemTime.newQueue();
    this.staleEntries = 0;
  }

  private add(name: string, delayMs: number, periodMs: number | null, run: () => void): ScheduledTask {
    const id = this.nextId++;
    const task: Task = { id, name, dueMs: this.nowMs() + Math.max(0, delayMs), periodMs, run, sequence: 0 };
    this.tasks.set(id, task);
    this.enqueue(task);
    this.arm();
    return { id, name };
  }

  private enqueue(task: Task): void {
    task.sequence = this.nextSequence++;
    this.queue.push({ task, dueMs: task.dueMs, sequence: task.sequence });
  }

  /** The earliest entry of a live task, dropping the stale ones above it. */
  private earliest(): Entry | undefined {
    for (;;) {
      const top = this.queue.peek();
      if (!top) return undefined;
      if (top.task.sequence === top.sequence && this.isLive(top.task)) return top;
      this.queue.pop();
      if (!this.isLive(top.task)) this.staleEntries = Math.max(0, this.staleEntries - 1);
    }
  }

  private isLive(task: Task): boolean {
    return this.tasks.get(task.id) === task;
  }

  /** The one Node timer, for the earliest task (or the next macrotask when one is due). */
  private arm(): void {
    if (this.immediate) return;
    const next = this.earliest();
    if (!next) return this.disarm();
    if (this.timer && this.timerDueMs <= next.dueMs) return;
    if (this.timer) clearTimeout(this.timer);
    const wallDelayMs = Math.max(0, Math.ceil((next.dueMs - this.nowMs()) / this.speedFactor));
    this.timerDueMs = next.dueMs;
    this.timer = setTimeout(() => this.fire(), wallDelayMs);
    // Pending emulation timers must not keep a headless process or a test alive on their own.
    this.timer.unref?.();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerDueMs = Infinity;
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = null;
  }

  private fire(): void {
    this.timer = null;
    this.timerDueMs = Infinity;
    this.immediate = null;
    const next = this.earliest();
    // Node's timers run on a monotonic clock with whole-millisecond buckets and may fire up to a
    // millisecond before Date.now() says the delay passed; at 100× that is 100 emulated ms early.
    // A task must never see nowMs() before its due time, so wait out the remainder.
    if (!next || this.nowMs() < next.dueMs) return this.arm();
    this.queue.pop();
    const task = next.task;
    if (task.periodMs === null) this.tasks.delete(task.id);
    else {
      task.dueMs += task.periodMs;
      this.enqueue(task);
    }
    try {
      task.run();
    } finally {
      const after = this.earliest();
      if (after && this.nowMs() >= after.dueMs) {
        // Kept ref'd: an unref'd immediate does not stop libuv's poll from blocking until the next
        // ref'd timer or I/O, so at 100× a chain of due tasks stalled for whole session timeouts.
        // It cannot keep the process alive: once nothing is due, the one (unref'd) timer takes over.
        this.immediate = setImmediate(() => this.fire());
      } else this.arm();
    }
  }
}
