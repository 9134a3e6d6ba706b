import { describe, expect, it } from 'vitest';
import { ManualTime } from '../../../src-main/core/platform/manual-time';

describe('ManualTime', () => {
  it('runs nothing until advanced, then runs due tasks in (time, scheduling order) order', () => {
    const time = new ManualTime(1000);
    const ran: string[] = [];
    time.schedule('c', 30, () => ran.push(`c@${time.nowMs()}`));
    time.schedule('a', 10, () => ran.push(`a@${time.nowMs()}`));
    time.schedule('b1', 20, () => ran.push(`b1@${time.nowMs()}`));
    time.schedule('b2', 20, () => ran.push(`b2@${time.nowMs()}`));
    expect(ran).toEqual([]);
    expect(time.advance(25)).toBe(3);
    expect(ran).toEqual(['a@1010', 'b1@1020', 'b2@1020']);
    expect(time.nowMs()).toBe(1025);
    time.advance(5);
    expect(ran).toEqual(['a@1010', 'b1@1020', 'b2@1020', 'c@1030']);
  });

  it('runs a task scheduled by a running task in the same advance when it falls due within it', () => {
    const time = new ManualTime(0);
    const ran: number[] = [];
    time.schedule('outer', 10, () => {
      ran.push(time.nowMs());
      time.schedule('inner', 5, () => ran.push(time.nowMs()));
      time.schedule('later', 100, () => ran.push(time.nowMs()));
    });
    time.advance(20);
    expect(ran).toEqual([10, 15]);
    time.advance(100);
    expect(ran).toEqual([10, 15, 110]);
  });

  it('repeats periodic tasks at their period and stops them on cancel', () => {
    const time = new ManualTime(0);
    const ran: number[] = [];
    const task = time.schedulePeriodic('tick', 5, 10, () => ran.push(time.nowMs()));
    time.advance(40);
    expect(ran).toEqual([5, 15, 25, 35]);
    time.cancel(task);
    time.advance(100);
    expect(ran).toEqual([5, 15, 25, 35]);
    expect(time.pendingTaskCount).toBe(0);
  });

  it('does not run a cancelled one-shot task, and a periodic task may cancel itself', () => {
    const time = new ManualTime(0);
    const ran: string[] = [];
    const t = time.schedule('x', 10, () => ran.push('x'));
    time.cancel(t);
    const self = time.schedulePeriodic('self', 1, 1, () => {
      ran.push(`self@${time.nowMs()}`);
      if (time.nowMs() >= 3) time.cancel(self);
    });
    time.advance(50);
    expect(ran).toEqual(['self@1', 'self@2', 'self@3']);
  });

  it('never goes backwards', () => {
    const time = new ManualTime(100);
    expect(() => time.advance(-1)).toThrow(/backwards/);
    expect(() => time.advanceTo(99)).toThrow(/backwards/);
    expect(() => time.advance(Number.NaN)).toThrow();
    expect(time.nowMs()).toBe(100);
  });

  it('treats a negative delay as due now', () => {
    const time = new ManualTime(0);
    let ran = false;
    time.schedule('late', -50, () => (ran = true));
    expect(time.nextDueMs()).toBe(0);
    time.runDue();
    expect(ran).toBe(true);
  });

  it('rejects re-entrant advance from inside a task', () => {
    const time = new ManualTime(0);
    let error: unknown;
    time.schedule('reenter', 1, () => {
      try {
        time.advance(1);
      } catch (e) {
        error = e;
      }
    });
    time.advance(5);
    expect(String(error)).toMatch(/inside a scheduled task/);
  });

  it('keeps order with many tasks scheduled at random times', () => {
    const time = new ManualTime(0);
    const due: Array<[number, number]> = [];
    const ran: Array<[number, number]> = [];
    for (let i = 0; i < 2000; i++) {
      const delay = (i * 7919) % 997;
      due.push([delay, i]);
      time.schedule(`t${i}`, delay, () => ran.push([time.nowMs(), i]));
    }
    time.advance(1000);
    due.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(ran).toEqual(due);
  });
});
