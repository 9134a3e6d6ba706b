import type { Time } from '../platform/scheduler';

/**
 * Kafka's DelayedOperation purgatory in its simplest form: `check()` is tried now, then after each
 * change the caller signals, until it holds or `timeoutMs` passes on the cluster's clock.
 * Resolves true when satisfied, false on timeout.
 */
export function waitUntil(
  time: Time,
  timeoutMs: number,
  check: () => boolean,
  subscribe: (onChange: () => void) => () => void,
): Promise<boolean> {
  if (check()) return Promise.resolve(true);
  if (timeoutMs <= 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: boolean) => {
      if (done) return;
      done = true;
      unsubscribe();
      time.cancel(timer);
      resolve(value);
    };
    const unsubscribe = subscribe(() => {
      if (check()) finish(true);
    });
    const timer = time.schedule('delayed-operation-timeout', timeoutMs, () => finish(check()));
  });
}
