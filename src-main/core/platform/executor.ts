/**
 * Where the core continues work "soon". The app passes one that runs on the next turn of the event
 * loop (`infra/immediate-executor.ts`), so that a burst of requests is cut into batches with I/O,
 * timers and IPC in between; tests keep the default, which runs on the microtask queue and so needs
 * no clock or event loop turn to make progress.
 */
export interface Executor {
  execute(task: () => void): void;
  /** Resolves on a later turn; long loops await it between slices. */
  yield(): Promise<void>;
}

export const microtaskExecutor: Executor = {
  execute: (task) => queueMicrotask(task),
  yield: () => Promise.resolve(),
};

/**
 * Cuts a long loop into slices: `tick()` resolves at once except every `every`-th call, when it
 * waits for a later turn of the executor. Keeps the app's event loop responsive while the
 * controller or a broker works through 10,000 partitions.
 */
export class Slicer {
  private count = 0;

  constructor(
    private readonly executor: Executor,
    private readonly every: number,
  ) {}

  async tick(): Promise<void> {
    if (++this.count < this.every) return;
    this.count = 0;
    await this.executor.yield();
  }
}
