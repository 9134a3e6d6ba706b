import { describe, expect, it } from 'vitest';
import { shallowRef } from 'vue';
import type { ApiErrorDto } from '../../../src-renderer/src/api/types';
import { useApiAction } from '../../../src-renderer/src/composables/use-api-action';

const REFUSAL: ApiErrorDto = { name: 'INVALID_CONFIG', message: 'Unknown topic config name: x', field: 'configs' };

/** A call that stays pending until `settle` says how it ends. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useApiAction', () => {
  it('is busy while the call runs and resolves to its result', async () => {
    const { busy, error, run } = useApiAction();
    const call = pending<number>();
    const result = run(() => call.promise);
    expect(busy.value).toBe(true);
    call.resolve(7);
    expect(await result).toBe(7);
    expect(busy.value).toBe(false);
    expect(error.value).toBeNull();
  });

  it('keeps a refusal in Kafka’s words and resolves to undefined', async () => {
    const { busy, error, run } = useApiAction();
    expect(await run(() => Promise.reject({ error: REFUSAL }))).toBeUndefined();
    expect(error.value).toEqual(REFUSAL);
    expect(busy.value).toBe(false);
  });

  it('hides the last refusal when a new attempt starts, by default', async () => {
    const { error, run } = useApiAction();
    await run(() => Promise.reject({ error: REFUSAL }));
    const call = pending<void>();
    const again = run(() => call.promise);
    expect(error.value).toBeNull();
    call.resolve();
    await again;
  });

  it('with clearErrorOn "success", keeps the refusal shown until a call succeeds', async () => {
    const { error, run } = useApiAction({ clearErrorOn: 'success' });
    await run(() => Promise.reject({ error: REFUSAL }));
    const call = pending<void>();
    const again = run(() => call.promise);
    expect(error.value).toEqual(REFUSAL);
    call.resolve();
    await again;
    expect(error.value).toBeNull();
  });

  it('lets two actions share one refusal', async () => {
    const error = shallowRef<ApiErrorDto | null>(null);
    const explain = useApiAction({ error });
    const perform = useApiAction({ error });
    await explain.run(() => Promise.reject({ error: REFUSAL }));
    expect(perform.error.value).toEqual(REFUSAL);
    await perform.run(() => Promise.resolve());
    expect(explain.error.value).toBeNull();
  });
});
