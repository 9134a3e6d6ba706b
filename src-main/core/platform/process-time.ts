import type { ScheduledTask, Time } from './scheduler';

/**
 * The timers of one emulated process (a broker from startup to its shutdown or kill) on a shared
 * time line. `close()` is the process ending: every timer it still has is cancelled and none it
 * schedules later ever runs — a killed JVM runs no task, whatever its components forgot to cancel.
 * What was still pending at a clean stop is kept, so a test can see a component that did not stop
 * its own tasks.
 */
export class ProcessTime implements Time {
  private readonly pending = new Map<number, ScheduledTask>();
  private closed = false;
  private pendingAtCloseValue: string[] = [];

  constructor(private readonly time: Time) {}

  nowMs(): number {
    return this.time.nowMs();
  }

  schedule(name: string, delayMs: number, task: () => void): ScheduledTask {
    if (this.closed) return { id: -1, name };
    const scheduled = this.time.schedule(name, delayMs, () => {
      this.pending.delete(scheduled.id);
      task();
    });
    this.pending.set(scheduled.id, scheduled);
    return scheduled;
  }

  schedulePeriodic(name: string, initialDelayMs: number, periodMs: number, task: () => void): ScheduledTask {
    if (this.closed) return { id: -1, name };
    const scheduled = this.time.schedulePeriodic(name, initialDelayMs, periodMs, task);
    this.pending.set(scheduled.id, scheduled);
    return scheduled;
  }

  cancel(task: ScheduledTask): void {
    if (!this.pending.delete(task.id)) return;
    this.time.cancel(task);
  }

  /** Names of the timers this process still has. */
  pendingTaskNames(): string[] {
    return [...this.pending.values()].map((t) => t.name);
  }

  /** The process ends: its timers are cancelled; returns their names. */
  close(): string[] {
    if (this.closed) return this.pendingAtCloseValue;
    this.closed = true;
    this.pendingAtCloseValue = this.pendingTaskNames();
    for (const task of this.pending.values()) this.time.cancel(task);
    this.pending.clear();
    return this.pendingAtCloseValue;
  }

  /** What was still scheduled when the process ended (empty while it runs). */
  get pendingAtClose(): readonly string[] {
    return this.pendingAtCloseValue;
  }
}
