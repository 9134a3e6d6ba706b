import { describe, expect, it } from 'vitest';
import type { ClusterEvent } from '../../../src-main/core/cluster/cluster-events';
import type { EventLogStore, StoredEvent } from '../../../src-main/core/cluster/event-log';
import { EventRecorder } from '../../../src-main/core/cluster/event-log';
import type { Executor } from '../../../src-main/core/platform/executor';

/** Runs queued tasks one turn at a time, when the test says. */
class ManualExecutor implements Executor {
  private tasks: Array<() => void> = [];
  execute(task: () => void): void {
    this.tasks.push(task);
  }
  yield(): Promise<void> {
    return new Promise((resolve) => this.tasks.push(resolve));
  }
  turn(): void {
    const tasks = this.tasks;
    this.tasks = [];
    for (const t of tasks) t();
  }
}

class MemoryStore implements EventLogStore {
  readonly appends: Array<Array<Omit<StoredEvent, 'seq'>>> = [];
  append(events: Array<Omit<StoredEvent, 'seq'>>): void {
    this.appends.push(events);
  }
  recent(): StoredEvent[] {
    return [];
  }
  query(): StoredEvent[] {
    return [];
  }
  facts(): StoredEvent[] {
    return [];
  }
  trim(): void {}
  count(): number {
    return this.appends.flat().length;
  }
}

const txn = (zxid: number) =>
  ({
    kind: 'zookeeper',
    event: { kind: 'txn', zxid, timeMs: zxid, sessionId: 1n, op: 'setData', path: '/a', err: 0 },
    timeMs: zxid,
  }) as unknown as ClusterEvent;
const zxidsOf = (events: Array<Omit<StoredEvent, 'seq'>>) =>
  events.map((e) => (JSON.parse(e.json) as { event: { zxid: number } }).event.zxid);

describe('EventRecorder', () => {
  it('writes the events of several turns in one append, in order, within 8 turns', () => {
    const executor = new ManualExecutor();
    const store = new MemoryStore();
    const recorder = new EventRecorder(store, executor);
    for (let zxid = 1; zxid <= 3; zxid++) {
      recorder.record(txn(zxid));
      executor.turn();
    }
    expect(store.appends).toEqual([]);
    for (let i = 0; i < 5; i++) executor.turn();
    expect(store.appends.map(zxidsOf)).toEqual([[1, 2, 3]]);
    // Nothing buffered: no more appends, and no task left running.
    for (let i = 0; i < 10; i++) executor.turn();
    expect(store.appends).toHaveLength(1);
  });

  it('writes a full slice of 500 on the next turn, and flush writes whatever is buffered at once', () => {
    const executor = new ManualExecutor();
    const store = new MemoryStore();
    const recorder = new EventRecorder(store, executor);
    for (let zxid = 1; zxid <= 502; zxid++) recorder.record(txn(zxid));
    executor.turn();
    expect(store.appends.map((a) => a.length)).toEqual([500]);
    recorder.flush();
    expect(store.appends.map(zxidsOf).flat()).toEqual(Array.from({ length: 502 }, (_, i) => i + 1));
  });
});
