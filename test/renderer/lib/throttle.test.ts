import { describe, expect, it } from 'vitest';
import { throttle, type ThrottleTimers } from '../../../src-renderer/src/lib/throttle';

function manualTimers() {
  let now = 0;
  const pending: Array<{ at: number; fn: () => void; id: number }> = [];
  let nextId = 1;
  const timers: ThrottleTimers = {
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      pending.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id) => {
      const i = pending.findIndex((p) => p.id === id);
      if (i >= 0) pending.splice(i, 1);
    },
  };
  return {
    timers,
    async advance(ms: number) {
      now += ms;
      for (;;) {
        pending.sort((a, b) => a.at - b.at);
        const due = pending[0];
        if (!due || due.at > now) break;
        pending.shift();
        due.fn();
        await Promise.resolve();
        await Promise.resolve();
      }
    },
  };
}

describe('throttle', () => {
  it('runs at once, then collapses triggers within the interval into one trailing run', async () => {
    const clock = manualTimers();
    let runs = 0;
    const t = throttle(() => void runs++, 1000, clock.timers);
    t.trigger();
    expect(runs).toBe(1);
    await Promise.resolve();
    await Promise.resolve();
    t.trigger();
    t.trigger();
    t.trigger();
    expect(runs).toBe(1);
    await clock.advance(999);
    expect(runs).toBe(1);
    await clock.advance(1);
    expect(runs).toBe(2);
    await clock.advance(5000);
    expect(runs).toBe(2);
  });

  it('never overlaps a running task and runs once more after it when triggered meanwhile', async () => {
    const clock = manualTimers();
    let resolve: () => void = () => undefined;
    let runs = 0;
    const t = throttle(
      () =>
        new Promise<void>((r) => {
          runs++;
          resolve = r;
        }),
      10,
      clock.timers,
    );
    t.trigger();
    await clock.advance(50);
    t.trigger();
    expect(runs).toBe(1);
    resolve();
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    await clock.advance(0);
    expect(runs).toBe(2);
  });

  it('does nothing after cancel', async () => {
    const clock = manualTimers();
    let runs = 0;
    const t = throttle(() => void runs++, 100, clock.timers);
    t.trigger();
    await Promise.resolve();
    await Promise.resolve();
    t.trigger();
    t.cancel();
    await clock.advance(1000);
    expect(runs).toBe(1);
  });
});
