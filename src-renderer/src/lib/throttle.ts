/**
 * Runs `task` at most once per `intervalMs`: the first trigger runs it at once, later triggers
 * within the interval collapse into one trailing run. A run never overlaps the previous one (a
 * trigger during a run schedules one more after it). Used to refresh views on pushes.
 */
export interface Throttled {
  trigger(): void;
  cancel(): void;
}

export interface ThrottleTimers {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

const defaultTimers: ThrottleTimers = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function throttle(task: () => Promise<unknown> | void, intervalMs: number, timers: ThrottleTimers = defaultTimers): Throttled {
  let lastStart = -Infinity;
  let running = false;
  let pending = false;
  let timer: unknown = null;
  let cancelled = false;

  function run(): void {
    timer = null;
    if (cancelled) return;
    if (running) {
      pending = true;
      return;
    }
    pending = false;
    running = true;
    lastStart = timers.now();
    let result: Promise<unknown> | void;
    try {
      result = task();
    } catch {
      result = undefined;
    }
    Promise.resolve(result)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (pending && !cancelled) schedule();
      });
  }

  function schedule(): void {
    if (timer !== null || cancelled) return;
    const wait = Math.max(0, lastStart + intervalMs - timers.now());
    if (wait === 0 && !running) run();
    else timer = timers.setTimer(run, Math.max(wait, 0));
  }

  return {
    trigger() {
      cancelled = false;
      if (running) {
        pending = true;
        return;
      }
      schedule();
    },
    cancel() {
      cancelled = true;
      pending = false;
      if (timer !== null) timers.clearTimer(timer);
      timer = null;
    },
  };
}
