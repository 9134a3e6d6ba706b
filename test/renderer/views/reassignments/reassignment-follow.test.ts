// @vitest-environment happy-dom
/**
 * The reassignment page after the move finished: a push (or the poll while replicas catch up)
 * reads the plan's preview again, so its "current" replicas are the partition's replicas now, not
 * the in-progress list of while it ran; a preview a confirmation shows is left as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanPreviewDto } from '../../../../src-renderer/src/api/types';
import ReassignmentsView from '../../../../src-renderer/src/views/reassignments/ReassignmentsView.vue';
import { useReassignmentsStore } from '../../../../src-renderer/src/stores/reassignments';
import { useClusterStore } from '../../../../src-renderer/src/stores/cluster';
import { FakeApi } from '../../support/fake-api';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

function previewOf(current: number[], target: number[]): PlanPreviewDto {
  const adding = target.filter((b) => !current.includes(b));
  return {
    partitions: [
      { topic: 'orders', partition: 0, current, target, adding, removing: current.filter((b) => !target.includes(b)), sizeBytes: 10 },
    ],
    movingPartitions: adding.length > 0 ? 1 : 0,
    bytesPerBroker: adding.map((brokerId) => ({ brokerId, bytes: 10 })),
    totalBytes: adding.length * 10,
    throttles: { brokers: [], topics: [] },
    rackWarnings: [],
    errors: [],
  };
}

describe('the reassignment plan after a move', () => {
  it("shows the partition's replicas as they are once the move finished, after a push", async () => {
    const fake = new FakeApi();
    // While the move runs the partition has [0, 1, 2] (target [1, 2] plus the replica leaving); then [1, 2].
    let now = [0, 1, 2];
    fake.api.reassignments.preview = async () => previewOf(now, [1, 2]);
    const { wrapper: w } = mountWithApp(ReassignmentsView, { client: fake.client() });
    await settle();
    const store = useReassignmentsStore();
    store.setPlan([{ topic: 'orders', partition: 0, replicas: [1, 2] }]);
    await store.refreshPreview();
    await settle();
    const current = () => w.find('[data-testid="reassign-plan"] tbody tr td:nth-child(3)').text();
    expect(current()).toBe('[0, 1, 2]');

    now = [1, 2];
    // A push, as the cluster store counts it.
    useClusterStore().handlePush({ type: 'events', events: [] } as never);
    await expect
      .poll(
        async () => {
          await settle(1);
          return current();
        },
        { timeout: 4000, interval: 100 },
      )
      .toBe('[1, 2]');
    expect(store.preview?.movingPartitions).toBe(0);
  });

  it('leaves the preview a confirmation shows as it was', async () => {
    const fake = new FakeApi();
    let now = [0, 1, 2];
    fake.api.reassignments.preview = async () => previewOf(now, [1, 2]);
    mountWithApp(ReassignmentsView, { client: fake.client() });
    await settle();
    const store = useReassignmentsStore();
    store.setPlan([{ topic: 'orders', partition: 0, replicas: [1, 2] }]);
    await store.refreshPreview();
    now = [1, 2];
    await store.follow({ keepPreview: true });
    expect(store.preview?.partitions[0].current).toEqual([0, 1, 2]);
    await store.follow();
    expect(store.preview?.partitions[0].current).toEqual([1, 2]);
  });
});
