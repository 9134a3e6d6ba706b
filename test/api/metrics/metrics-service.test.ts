/**
 * The dashboard's series API: over the real backend the workspace's sampler fills `metadata.db`
 * on the cluster's clock (sped up here) and the history is there again after the workspace is
 * reopened; the query's checks refuse an unknown metric or scope and a bad range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../../src-main/api/backend';
import { createBackend } from '../../../src-main/app/create-backend';
import { makeTempDir } from '../../support/temp-dir';
import { waitFor } from '../../support/wait-for';

describe('MetricsService over the backend', () => {
  const tmp = makeTempDir('kafka-dojo-metrics-');
  let backend: DojoBackend;
  let workspaceId: string;

  beforeAll(async () => {
    backend = await createBackend({ dataDir: tmp.dir, kafkaListeners: false });
    workspaceId = (await backend.api.workspaces.create({ name: 'metrics', brokers: 2, racks: null, logDirsPerBroker: 1, brokerConfig: {} }))
      .id;
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
    // 15 s of cluster time every 150 ms.
    await backend.api.cluster.setClockSpeed(100);
  }, 60_000);

  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  const series = (metric: string, scope: string, maxPoints = 500) =>
    backend.api.metrics.series({ metric, scope, fromMs: 0, toMs: Number.MAX_SAFE_INTEGER, maxPoints });

  it('samples the cluster, each running broker and each topic on the cluster’s clock, and keeps them across a reopen', async () => {
    await backend.api.topics.create(
      { name: 'orders', partitions: 2, replicationFactor: 2, assignment: { kind: 'automatic', rackAware: true }, configs: {} },
      { validateOnly: false },
    );
    await waitFor('orders led', async () => (await backend.api.topics.detail('orders')).partitions.every((p) => p.leader >= 0));
    for (let i = 0; i < 10; i++) await backend.api.messages.produce({ topic: 'orders', key: `k${i}`, value: 'v', acks: -1 });
    await waitFor('three sample rounds', async () => (await series('ActiveControllerCount', 'cluster')).points.length >= 3, 30_000);
    const catalog = await backend.api.metrics.catalog();
    expect(catalog.intervalMs).toBe(15_000);
    expect(catalog.brokers).toEqual([0, 1]);
    expect(catalog.topics).toContain('orders');
    const points = (await series('ActiveControllerCount', 'cluster')).points;
    expect(points.slice(1).every(([t], i) => t > points[i]![0])).toBe(true);
    expect(points.at(-1)![1]).toBe(1);
    await waitFor('messages in on orders', async () => (await series('MessagesInPerSec', 'topic:orders')).points.some(([, v]) => v > 0));
    expect((await series('Size', 'topic:orders')).points.at(-1)![1]).toBeGreaterThan(0);
    expect((await series('PartitionCount', 'cluster')).points.at(-1)![1]).toBeGreaterThanOrEqual(4);
    expect((await series('BytesInPerSec', 'broker:1')).points.length).toBeGreaterThan(0);
    expect((await series('BytesInPerSec', 'cluster', 1)).points).toHaveLength(1);

    const kept = points.length;
    await backend.api.workspaces.open(workspaceId);
    const after = await series('ActiveControllerCount', 'cluster');
    expect(after.points.length).toBeGreaterThanOrEqual(kept);
    expect(after.points.slice(0, kept)).toEqual(points);
  }, 60_000);

  it('refuses an unknown metric, a malformed scope, a range that ends before it starts and too many points', async () => {
    const base = { metric: 'BytesInPerSec', scope: 'cluster', fromMs: 0, toMs: 1, maxPoints: 10 };
    await expect(backend.api.metrics.series({ ...base, metric: 'Nope' })).rejects.toMatchObject({
      errorName: 'INVALID_INPUT',
      field: 'metric',
    });
    await expect(backend.api.metrics.series({ ...base, metric: 'Lag' })).rejects.toMatchObject({ field: 'metric' });
    await expect(backend.api.metrics.series({ ...base, scope: 'broker:x' })).rejects.toMatchObject({ field: 'scope' });
    await expect(backend.api.metrics.series({ ...base, fromMs: 2 })).rejects.toMatchObject({ field: 'fromMs' });
    await expect(backend.api.metrics.series({ ...base, maxPoints: 0 })).rejects.toMatchObject({ field: 'maxPoints' });
    expect((await backend.api.metrics.series({ ...base, metric: 'Lag', scope: 'group:none' })).points).toEqual([]);
  });
});
