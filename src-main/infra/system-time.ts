import type { ScheduledTask, Time } from '../core/platform/scheduler';

/**
 * The app's time line: wall-clock time, run `speed` times faster from the moment it started
 * (1× … 100×), so that a trainee does not wait a whole `file.delete.delay.ms`. Changing the speed
 * keeps time continuous and reschedules pending tasks on the new speed.
 */
export class SystemTime implements Time {
  private anchorWallMs: number;
  private anchorEmulatedMs: number;
  private speedFactor: number;
  private nextId = 1;
  private readonly tasks = new Map<
    number,
    { name: string; dueMs: number; periodMs: number | null; run: () => void; timer: ReturnType<typeof setTimeout> | null }
  >();

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
      throw new RangeError(`clock speed must be between ${SystemTime.MIN_SPEED}× and ${SystemTime.MAX_SPEED}×, got ${speed}`);
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
    for (const [id, task] of this.tasks) this.arm(id, task);
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
    const t = this.tasks.get(task.id);
    if (t?.timer) clearTimeout(t.timer);
    this.tasks.delete(task.id);
  }

  /** Cancels everything (app shutdown). */
  shutdown(): void {
    for (const id of [...this.tasks.keys()]) this.cancel({ id, name: '' });
  }

  private add(name: string, delayMs: number, periodMs: number | null, run: () => void): ScheduledTask {
    const id = this.nextId++;
    const task = { name, dueMs: this.nowMs() + Math.max(0, delayMs), periodMs, run, timer: null };
    this.tasks.set(id, task);
    this.arm(id, task);
    return { id, name };
  }

  private arm(
    id: number,
    task: { dueMs: number; periodMs: number | null; run: () => void; timer: ReturnType<typeof setTimeout> | null },
  ): void {
    if (task.timer) clearTimeout(task.timer);
    const wallDelayMs = Math.max(0, Math.ceil((task.dueMs - this.nowMs()) / this.speedFactor));
    task.timer = setTimeout(() => {
      if (this.tasks.get(id) !== task) return;
      // Node's timers run on a monotonic clock with whole-millisecond buckets and may fire up to a
      // millisecond before Date.now() says the delay passed; at 100× that is 100 emulated ms early.
      // A task must never see nowMs() before its due time, so wait out the remainder.
      if (this.nowMs() < task.dueMs) {
        this.arm(id, task);
        return;
      }
      if (task.periodMs === null) this.tasks.delete(id);
      else {
        task.dueMs += task.periodMs;
        this.arm(id, task);
      }
      task.run();
    }, wallDelayMs);
    // Pending emulation timers must not keep a headless process or a test alive on their own.
    task.timer.unref?.();
  }
}
