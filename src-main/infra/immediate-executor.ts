import type { Executor } from '../core/platform/executor';

/** Runs core work on the next turn of the Node event loop (after pending I/O). */
export const immediateExecutor: Executor = {
  execute: (task) => {
    setImmediate(task);
  },
  yield: () => new Promise((resolve) => setImmediate(resolve)),
};
