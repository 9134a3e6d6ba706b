import { describe, expect, it, vi } from 'vitest';
import type { ApiErrorDto } from '../../../src-renderer/src/api/types';
import { usePreviewedChange } from '../../../src-renderer/src/composables/use-previewed-change';

interface Preview {
  readonly error: ApiErrorDto | null;
  readonly plan: string;
}

const REFUSAL: ApiErrorDto = { name: 'INVALID_PARTITIONS', message: 'would not be an increase', field: 'totalCount' };

describe('usePreviewedChange', () => {
  it('applies only what a preview Kafka accepted, and hands that preview over', async () => {
    const change = usePreviewedChange<Preview>();
    const apply = vi.fn(async (p: Preview) => ({ error: null, applied: p.plan }));
    const applied = vi.fn();

    await change.runApply(apply, applied);
    expect(apply).not.toHaveBeenCalled();

    await change.runPreview(async () => ({ error: null, plan: 'add 2' }));
    expect(change.accepted.value).toBe(true);
    await change.runApply(apply, applied);
    expect(apply).toHaveBeenCalledWith({ error: null, plan: 'add 2' });
    expect(applied).toHaveBeenCalledWith({ error: null, plan: 'add 2' });
  });

  it('shows a refused preview and does not apply it', async () => {
    const change = usePreviewedChange<Preview>();
    await change.runPreview(async () => ({ error: REFUSAL, plan: '' }));
    expect(change.error.value).toEqual(REFUSAL);
    expect(change.accepted.value).toBe(false);
    const apply = vi.fn(async () => ({ error: null }));
    await change.runApply(apply, () => undefined);
    expect(apply).not.toHaveBeenCalled();
  });

  it('shows what the apply refused, without calling it applied', async () => {
    const change = usePreviewedChange<Preview>();
    await change.runPreview(async () => ({ error: null, plan: 'move' }));
    const applied = vi.fn();
    await change.runApply(async () => ({ error: REFUSAL }), applied);
    expect(change.error.value).toEqual(REFUSAL);
    expect(applied).not.toHaveBeenCalled();
  });

  it('forgets the preview and its refusal when the form changes', async () => {
    const change = usePreviewedChange<Preview>();
    await change.runPreview(async () => ({ error: REFUSAL, plan: '' }));
    change.discard();
    expect(change.preview.value).toBeNull();
    expect(change.error.value).toBeNull();
  });
});
