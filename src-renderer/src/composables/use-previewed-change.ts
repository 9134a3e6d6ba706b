import { computed, shallowRef } from 'vue';
import type { ApiErrorDto } from '../api/types';
import { useApiAction } from './use-api-action';

/** What a preview or an apply answers: Kafka's refusal, or null. */
interface Answer {
  readonly error: ApiErrorDto | null;
}

/**
 * A change that is previewed before it is applied (add partitions, reassign): the last preview,
 * the refusal to show (the preview's or the apply's, in Kafka's words) and a busy flag. Apply only
 * runs after a preview that Kafka accepted.
 */
export function usePreviewedChange<P extends Answer>() {
  const preview = shallowRef<P | null>(null);
  const { busy, error, run } = useApiAction();
  const accepted = computed(() => preview.value !== null && preview.value.error === null);

  async function runPreview(call: () => Promise<P>): Promise<void> {
    await run(async () => {
      const result = await call();
      preview.value = result;
      error.value = result.error;
    });
  }

  async function runApply(call: (accepted: P) => Promise<Answer>, onApplied: (applied: P) => void): Promise<void> {
    const previewed = preview.value;
    if (previewed === null || previewed.error !== null) return;
    await run(async () => {
      const result = await call(previewed);
      if (result.error !== null) error.value = result.error;
      else onApplied(previewed);
    });
  }

  /** Forgets the preview and its refusal (the form changed). */
  function discard(): void {
    preview.value = null;
    error.value = null;
  }

  return { preview, error, busy, accepted, runPreview, runApply, discard };
}
