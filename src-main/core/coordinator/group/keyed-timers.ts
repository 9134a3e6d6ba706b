/**
 * The coordinator's purgatories (`DelayedJoin` per group, `DelayedHeartbeat` per member) as one-shot
 * timers on the broker's clock, one per key: a new watch on a key replaces the old one, and a
 * completed or cancelled watch never fires.
 */
import type { ScheduledTask, Time } from '../../platform/scheduler';

export class KeyedTimers<Tag = undefined> {
  private readonly timers = new Map<string, { task: ScheduledTask; tag: Tag }>();

  constructor(
    private readonly time: Time,
    private readonly name: string,
  ) {}

  /** Runs `onExpire` after `delayMs` unless cancelled or replaced first. */
  schedule(key: string, delayMs: number, tag: Tag, onExpire: () => void): void {
    this.cancel(key);
    const task = this.time.schedule(`${this.name}-${key}`, delayMs, () => {
      if (this.timers.get(key)?.task !== task) return;
      this.timers.delete(key);
      onExpire();
    });
    this.timers.set(key, { task, tag });
  }

  /** The tag of the watch on `key`, or undefined when none waits. */
  tagOf(key: string): Tag | undefined {
    return this.timers.get(key)?.tag;
  }

  has(key: string): boolean {
    return this.timers.has(key);
  }

  cancel(key: string): void {
    const timer = this.timers.get(key);
    if (timer) this.time.cancel(timer.task);
    this.timers.delete(key);
  }

  stop(): void {
    for (const { task } of this.timers.values()) this.time.cancel(task);
    this.timers.clear();
  }
}
