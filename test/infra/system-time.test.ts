import { describe, expect, it } from 'vitest';
import { SystemTime } from '../../src-main/infra/system-time';

describe('SystemTime', () => {
  it('runs emulated time `speed` times faster than the wall clock, continuously across speed changes', () => {
    let wall = 1_000_000;
    const time = new SystemTime(10, () => wall);
    const start = time.nowMs();
    wall += 1000;
    expect(time.nowMs() - start).toBe(10_000);
    time.setSpeed(60);
    wall += 1000;
    expect(time.nowMs() - start).toBe(70_000);
    time.setSpeed(1);
    wall += 500;
    expect(time.nowMs() - start).toBe(70_500);
  });

  it('refuses speeds outside 1×–100×', () => {
    expect(() => new SystemTime(0)).toThrow(RangeError);
    expect(() => new SystemTime(101)).toThrow(RangeError);
    expect(() => new SystemTime(1).setSpeed(1000)).toThrow(/between 1× and 100×/);
  });

  it('fires a task scheduled 2 emulated seconds ahead after about 20 wall milliseconds at 100×, and periodic tasks repeat', async () => {
    const time = new SystemTime(100);
    const scheduledAt = time.nowMs();
    const fired = await new Promise<number>((resolve) => time.schedule('once', 2000, () => resolve(time.nowMs())));
    expect(fired - scheduledAt).toBeGreaterThanOrEqual(2000);
    let count = 0;
    await new Promise<void>((resolve) => {
      const task = time.schedulePeriodic('tick', 100, 100, () => {
        if (++count === 3) {
          time.cancel(task);
          resolve();
        }
      });
    });
    expect(count).toBe(3);
    time.shutdown();
  });

  it('never runs a task before its emulated due time, even when the timer fires before the wall clock moved', async () => {
    let wall = 5_000_000;
    const time = new SystemTime(100, () => wall);
    let firedAt: number | null = null;
    time.schedule('due-in-2s', 2000, () => (firedAt = time.nowMs()));
    // The wall clock stands still: the Node timer fires, but emulated time has not reached the due time.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(firedAt).toBeNull();
    wall += 20;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(firedAt).toBe(5_000_000 + 2000);
    time.shutdown();
  });

  it('does not run a cancelled task', async () => {
    const time = new SystemTime(100);
    let ran = false;
    const task = time.schedule('never', 100, () => (ran = true));
    time.cancel(task);
    await new Promise<void>((resolve) => time.schedule('after', 500, resolve));
    expect(ran).toBe(false);
    time.shutdown();
  });
});

describe('SystemTime with many tasks on one Node timer', () => {
  it('runs tasks in due order, ties in scheduling order, and skips cancelled and rescheduled ones', async () => {
    const time = new SystemTime(100);
    const ran: string[] = [];
    const cancelled = [];
    for (let i = 0; i < 3000; i++) cancelled.push(time.schedule(`cancelled-${i}`, 50 + (i % 7), () => ran.push('cancelled')));
    time.schedule('c', 300, () => ran.push('c'));
    time.schedule('a', 100, () => ran.push('a'));
    time.schedule('b1', 200, () => ran.push('b1'));
    time.schedule('b2', 200, () => ran.push('b2'));
    for (const task of cancelled) time.cancel(task);
    await new Promise<void>((resolve) => time.schedule('end', 500, resolve));
    expect(ran).toEqual(['a', 'b1', 'b2', 'c']);
    time.shutdown();
  });

  it('lets the promise continuations of one due task run before the next due task, as separate timers would', async () => {
    const time = new SystemTime(100);
    const order: string[] = [];
    time.schedule('first', 100, () => {
      void Promise.resolve().then(() => order.push('first continuation'));
      order.push('first');
    });
    time.schedule('second', 100, () => order.push('second'));
    await new Promise<void>((resolve) => time.schedule('end', 300, resolve));
    expect(order).toEqual(['first', 'first continuation', 'second']);
    time.shutdown();
  });

  it('runs a chain of due tasks without waiting for unrelated timers or I/O', async () => {
    // The regression: the immediate that runs the next due task was unref'd, and libuv's poll then
    // blocked until the next ref'd timer — here the keep-alive — stalling the emulated cluster.
    const time = new SystemTime(1);
    const order: string[] = [];
    const keepAlive = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('keep-alive');
        resolve();
      }, 300),
    );
    const names = Array.from({ length: 20 }, (_, i) => `t${i}`);
    for (const name of names) time.schedule(name, 0, () => order.push(name));
    await keepAlive;
    expect(order).toEqual([...names, 'keep-alive']);
    time.shutdown();
  });
});
