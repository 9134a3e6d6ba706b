import type { Clock } from './clock';

/** A task registered with a `Scheduler`; cancel it through the scheduler that returned it. */
export interface ScheduledTask {
  readonly id: number;
  readonly name: string;
}

/**
 * Delayed and periodic work, on the same time line as the `Clock` it comes with. This mirrors
 * Kafka's `Scheduler` (KafkaScheduler / MockScheduler): tasks run one at a time, never concurrently.
 */
export interface Scheduler {
  /** Runs `task` once, `delayMs` from now (0 = as soon as the scheduler gets to it). */
  schedule(name: string, delayMs: number, task: () => void): ScheduledTask;
  /** Runs `task` first after `initialDelayMs`, then every `periodMs` until cancelled. */
  schedulePeriodic(name: string, initialDelayMs: number, periodMs: number, task: () => void): ScheduledTask;
  /** Cancels a task; cancelling one that already ran or was cancelled does nothing. */
  cancel(task: ScheduledTask): void;
}

/** The pair every core component takes: one time line for reading and for scheduling. */
export interface Time extends Clock, Scheduler {}
