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
