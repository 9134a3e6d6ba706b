/**
 * The metrics sampler on a manual clock: meters kept as the increase of their Count over the time
 * between rounds, across a broker restart (a new registry) and a meter made again; gauges as
 * values; cluster totals, per-topic sums of meters and partition logs, group lag.
 */
import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from '../../../src-main/core/metrics/metrics-registry';
import { InMemoryMetricsHistory } from '../../../src-main/core/metrics-history/in-memory-metrics-history';
import { MetricsSampler, type BrokerRegistry, type GroupLag } from '../../../src-main/core/metrics-history/metrics-sampler';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';

const INTERVAL_MS = 15_000;

function setup() {
  const time = new ManualTime();
  const registries: BrokerRegistry[] = [];
  const lags: GroupLag[] = [];
  const store = new InMemoryMetricsHistory(INTERVAL_MS, 100);
  const sampler = new MetricsSampler(time, { registries: () => registries, groupLags: () => lags }, store, INTERVAL_MS);
  const registry = (brokerId: number) => {
    const r = new MetricsRegistry(time, new SeededRandom(brokerId));
    const at = registries.findIndex((b) => b.brokerId === brokerId);
    if (at >= 0) registries.splice(at, 1, { brokerId, registry: r });
    else registries.push({ brokerId, registry: r });
    return r;
  };
  const values = (metric: string, scope: string) => store.points({ metric, scope }, 0, Number.MAX_SAFE_INTEGER).map((p) => p.value);
  return { time, registries, lags, store, sampler, registry, values };
}

const bytesIn = (r: MetricsRegistry, topic?: string) =>
  r.newMeter('kafka.server', 'BrokerTopicMetrics', 'BytesInPerSec', 'bytes', topic ? [['topic', topic]] : []);

describe('MetricsSampler', () => {
  it('keeps a meter as its count increase per second between rounds, the first round being the baseline', () => {
    const { time, sampler, registry, values } = setup();
    const r = registry(1);
    bytesIn(r).mark(1000); // before the baseline: not counted
    sampler.start();
    bytesIn(r).mark(3000);
    time.advance(INTERVAL_MS);
    bytesIn(r).mark(1500);
    time.advance(INTERVAL_MS);
    time.advance(INTERVAL_MS);
    expect(values('BytesInPerSec', 'broker:1')).toEqual([200, 100, 0]);
    expect(values('BytesInPerSec', 'cluster')).toEqual([200, 100, 0]);
    sampler.stop();
    time.advance(INTERVAL_MS);
    expect(values('BytesInPerSec', 'cluster')).toHaveLength(3);
  });

  it('counts a restarted broker’s new registry from zero, even when its count passed the old one', () => {
    const { time, sampler, registry, values } = setup();
    const before = registry(1);
    bytesIn(before).mark(100_000);
    sampler.start();
    time.advance(INTERVAL_MS);
    // Killed and started again between rounds: a new JVM, its meters from zero.
    const after = registry(1);
    bytesIn(after).mark(150_000);
    time.advance(INTERVAL_MS);
    expect(values('BytesInPerSec', 'broker:1')).toEqual([0, 10_000]);
  });

  it('counts a meter made again in the same registry (its count fell) from zero, as Prometheus’ rate()', () => {
    const { time, sampler, registry, values } = setup();
    const r = registry(1);
    bytesIn(r, 'orders').mark(9000);
    sampler.start();
    time.advance(INTERVAL_MS);
    r.remove('kafka.server', 'BrokerTopicMetrics', 'BytesInPerSec', [['topic', 'orders']]);
    bytesIn(r, 'orders').mark(3000);
    time.advance(INTERVAL_MS);
    expect(values('BytesInPerSec', 'topic:orders')).toEqual([0, 200]);
  });

  it('sums brokers into the cluster and partitions’ logs into their topic; MaxLag is the largest; a stopped broker has no sample', () => {
    const { time, registries, lags, sampler, registry, values } = setup();
    const r1 = registry(1);
    const r2 = registry(2);
    r1.newGauge('kafka.server', 'ReplicaManager', 'UnderReplicatedPartitions', () => 2);
    r2.newGauge('kafka.server', 'ReplicaManager', 'UnderReplicatedPartitions', () => 3);
    r1.newGauge('kafka.server', 'ReplicaFetcherManager', 'MaxLag', () => 40, [['clientId', 'Replica']]);
    r2.newGauge('kafka.server', 'ReplicaFetcherManager', 'MaxLag', () => 7, [['clientId', 'Replica']]);
    for (const [r, size] of [
      [r1, 100],
      [r2, 250],
    ] as const) {
      for (const partition of ['0', '1']) {
        r.newGauge('kafka.log', 'Log', 'Size', () => size, [
          ['topic', 'orders'],
          ['partition', partition],
        ]);
        r.newGauge('kafka.log', 'Log', 'LogEndOffset', () => 1e9, [
          ['topic', 'orders'],
          ['partition', partition],
        ]);
      }
    }
    const perSec = (r: MetricsRegistry, name: string, tags: Array<[string, string]>) =>
      r.newMeter('kafka.network', 'RequestMetrics', name, 'requests', tags);
    lags.push({ groupId: 'billing', lag: 42 });
    sampler.start();
    perSec(r1, 'RequestsPerSec', [
      ['request', 'Produce'],
      ['version', '8'],
    ]).mark(150);
    perSec(r2, 'RequestsPerSec', [
      ['request', 'Fetch'],
      ['version', '11'],
    ]).mark(300);
    time.advance(INTERVAL_MS);
    expect(values('UnderReplicatedPartitions', 'cluster')).toEqual([5]);
    expect(values('MaxLag', 'cluster')).toEqual([40]);
    expect(values('RequestsPerSec', 'cluster')).toEqual([30]);
    expect(values('RequestsPerSec', 'broker:2')).toEqual([20]);
    expect(values('Size', 'topic:orders')).toEqual([700]);
    expect(values('Lag', 'group:billing')).toEqual([42]);
    registries.splice(0, 1); // broker 1 stopped
    time.advance(INTERVAL_MS);
    expect(values('UnderReplicatedPartitions', 'broker:1')).toEqual([2]);
    expect(values('UnderReplicatedPartitions', 'cluster')).toEqual([5, 3]);
  });

  it('keeps no series for MBeans the charts do not use (per-partition ones included)', () => {
    const { time, store, sampler, registry } = setup();
    const r = registry(1);
    r.newGauge('kafka.log', 'Log', 'LogEndOffset', () => 5, [
      ['topic', 'orders'],
      ['partition', '0'],
    ]);
    r.newMeter('kafka.server', 'BrokerTopicMetrics', 'FailedProduceRequestsPerSec', 'requests', [['topic', 'orders']]);
    sampler.start();
    time.advance(INTERVAL_MS);
    const scopes = new Set(store.seriesKeys().map((k) => k.scope));
    expect(scopes).toEqual(new Set(['cluster', 'broker:1']));
  });
});
