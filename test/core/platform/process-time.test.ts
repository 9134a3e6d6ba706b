import { describe, expect, it } from 'vitest';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { ProcessTime } from '../../../src-main/core/platform/process-time';

describe('ProcessTime: the timers of one broker incarnation', () => {
  it('runs its tasks on the shared clock while open; close() cancels every pending one and later ones never run', () => {
    const shared = new ManualTime(0);
    const process = new ProcessTime(shared);
    const ran: string[] = [];
    process.schedule('once', 100, () => ran.push('once'));
    process.schedulePeriodic('tick', 50, 50, () => ran.push('tick'));
    const cancelled = process.schedule('cancelled', 10, () => ran.push('cancelled'));
    process.cancel(cancelled);
    shared.schedule('other-process', 500, () => ran.push('other'));
    shared.advance(120);
    expect(ran).toEqual(['tick', 'once', 'tick']);
    expect(process.pendingTaskNames()).toEqual(['tick']);

    process.close();
    process.schedule('after-close', 0, () => ran.push('after-close'));
    process.schedulePeriodic('after-close-periodic', 0, 10, () => ran.push('after-close-periodic'));
    shared.advance(1000);
    // Only the other process's task ran: nothing of the closed one, whatever it had or asked for.
    expect(ran).toEqual(['tick', 'once', 'tick', 'other']);
    expect(process.pendingTaskNames()).toEqual([]);
    expect(shared.pendingTaskCount).toBe(0);
  });
});
