import type { ScheduledTask, Time } from './scheduler';

/**
 * The timers of one emulated process (a broker from startup to its shutdown or kill) on a shared
 * time line. `close()` is the process ending: every timer it still has is cancelled and none it
 * schedules later ever runs — as Kafka's `KafkaScheduler.shutdown` ends the tasks a component
 * leaves (a log waiting for deletion keeps its producer-expiration check until then), and as a
 * killed JVM runs no task at all.
 */
export class ProcessTime implements Time {
  private readonly pending = new Map<number, ScheduledTask>();
  private closed = false;

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

  /** The process ends: its timers are cancelled, later ones never run. */
  close(): void {
    this.closed = true;
    for (const task of this.pending.values()) this.time.cancel(task);
    this.pending.clear();
  }
}
