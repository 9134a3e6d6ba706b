import { getCurrentInstance, ref, shallowRef, type ShallowRef } from 'vue';
import { ElMessage } from 'element-plus';
import { useI18n } from 'vue-i18n';
import { errorTextIn, toApiCallError } from '../api/api-error';
import type { ApiErrorDto } from '../api/types';

export interface ApiActionOptions {
  /** Where the refusal goes; several actions may share one (a dialog's explain and perform). */
  readonly error?: ShallowRef<ApiErrorDto | null>;
  /**
   * `start` (the default): a new attempt hides the last refusal. `success`: the refusal stays shown
   * until a call succeeds (a page that reloads itself does not flicker its error away).
   */
  readonly clearErrorOn?: 'start' | 'success';
  /** Also show the refusal's message in a toast (for controls with no room for an alert). */
  readonly toast?: boolean;
}

/**
 * An API call with a busy flag and the refusal to show, in Kafka's words: `run` sets `busy` while
 * the call runs and puts what it rejected with into `error`. It resolves to the call's result, or
 * to undefined when the call was refused.
 */
export function useApiAction(options: ApiActionOptions = {}) {
  const busy = ref(false);
  const error = options.error ?? shallowRef<ApiErrorDto | null>(null);
  const clearOnStart = options.clearErrorOn !== 'success';
  // Outside a component (a store's action) there is no i18n to ask: the toast then shows the English.
  const locale = getCurrentInstance() ? useI18n().locale : null;

  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    busy.value = true;
    if (clearOnStart) error.value = null;
    try {
      const result = await action();
      if (!clearOnStart) error.value = null;
      return result;
    } catch (e) {
      error.value = toApiCallError(e).dto;
      if (options.toast) ElMessage.error(locale ? errorTextIn(error.value, locale.value) : error.value.message);
      return undefined;
    } finally {
      busy.value = false;
    }
  }

  return { busy, error, run };
}
