/**
 * The metrics sampler on a manual clock: meters kept as the increase of their Count over the time
 * between rounds, across a broker restart (a new registry) and a meter made again; gauges as
 * values; cluster totals, per-topic sums of meters and partition logs (kept gauges and the per-log
 * family), group lag; a round of thousands of series written in slices, one scheduler task each.
 */
import { describe, expect, it } from 'vitest';
import { gaugeFamily } from '../../../src-main/core/metrics/gauge-family';
import { MetricsRegistry } from '../../../src-main/core/metrics/metrics-registry';
import { InMemoryMetricsHistory } from '../../../src-main/core/metrics-history/in-memory-metrics-history';
import type { SeriesSample } from '../../../src-main/core/metrics-history/metrics-history-store';
import { MetricsSampler, type BrokerRegistry, type GroupLag } from '../../../src-main/core/metrics-history/metrics-sampler';
import { SAMPLES_PER_SLICE } from '../../../src-main/core/metrics-history/sliced-round-writer';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import type { ScheduledTask, Time } from '../../../src-main/core/platform/scheduler';
import { SeededRandom } from '../../../src-main/core/platform/random';

const INTERVAL_MS = 15_000;

function setup(time: Time & { advance(ms: number): number } = new ManualTime()) {
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

/** A log as the `kafka.log:type=Log` family reads it. */
interface FakeLog {
  readonly topic: string;
  readonly partition: number;
  size: number;
}

/** The per-log gauge family as the LogManager registers it, over `logs`. */
function addLogFamily(r: MetricsRegistry, logs: FakeLog[]): void {
  r.addFamily(
    gaugeFamily<FakeLog>({
      group: 'kafka.log',
      type: 'Log',
      gauges: { LogEndOffset: () => 1e9, Size: (log) => log.size },
      entities: () => logs,
      tags: (log) => [
        ['topic', log.topic],
        ['partition', String(log.partition)],
      ],
      find: (properties) => logs.find((l) => l.topic === properties.get('topic') && String(l.partition) === properties.get('partition')),
    }),
  );
}

/**
 * A manual clock whose zero-delay tasks (the sampler's write slices) wait until `step()` runs the
 * next one: what the app's SystemTime does between two event-loop turns.
 */
class SteppedTime extends ManualTime {
  private readonly queued: Array<{ task: ScheduledTask; run: () => void }> = [];
  private nextStepId = 1_000_000;

  override schedule(name: string, delayMs: number, run: () => void): ScheduledTask {
    if (delayMs > 0) return super.schedule(name, delayMs, run);
    const task = { id: this.nextStepId++, name };
    this.queued.push({ task, run });
    return task;
  }

  override cancel(task: ScheduledTask): void {
    const at = this.queued.findIndex((q) => q.task.id === task.id);
    if (at >= 0) this.queued.splice(at, 1);
    else super.cancel(task);
  }

  /** Runs the oldest queued task; returns its name, or null when none was queued. */
  step(): string | null {
    const next = this.queued.shift();
    if (!next) return null;
    next.run();
    return next.task.name;
  }
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

  it('sums a log family’s Size into its topic and keeps none of its other gauges', () => {
    const { time, store, sampler, registry, values } = setup();
    const logs: FakeLog[] = [
      { topic: 'orders', partition: 0, size: 100 },
      { topic: 'orders', partition: 1, size: 250 },
      { topic: 'audit', partition: 0, size: 7 },
    ];
    addLogFamily(registry(1), logs);
    sampler.start();
    time.advance(INTERVAL_MS);
    logs[1].size = 300;
    logs.push({ topic: 'audit', partition: 1, size: 3 });
    time.advance(INTERVAL_MS);
    expect(values('Size', 'topic:orders')).toEqual([350, 400]);
    expect(values('Size', 'topic:audit')).toEqual([7, 10]);
    expect(store.seriesKeys().filter((k) => k.metric === 'LogEndOffset')).toEqual([]);
  });

  it('writes a round of thousands of series in slices, one scheduler task each, every sample at the values read at the round', () => {
    const time = new SteppedTime();
    const { store, sampler, registry } = setup(time);
    const appends: Array<{ timeMs: number; samples: readonly SeriesSample[] }> = [];
    const append = store.append.bind(store);
    store.append = (timeMs, samples) => {
      appends.push({ timeMs, samples });
      append(timeMs, samples);
    };
    const logs: FakeLog[] = [];
    for (let t = 0; t < 1_000; t++) for (let p = 0; p < 2; p++) logs.push({ topic: `topic-${t}`, partition: p, size: t * 10 + p });
    addLogFamily(registry(1), logs);
    const r2 = registry(2);
    addLogFamily(r2, logs);
    for (let t = 0; t < 1_000; t++) bytesIn(r2, `topic-${t}`);
    sampler.sampleRound();
    time.advance(INTERVAL_MS);
    const roundMs = time.nowMs();
    const samples = sampler.sampleRound();
    // 2 brokers' and the cluster's series, and 4 per topic.
    expect(samples.length).toBe(27 * 3 + 1_000 * 4);
    expect(appends).toEqual([]);
    // Changed after the round read them: the written samples keep the round's values.
    for (const log of logs) log.size = -1;
    let steps = 0;
    for (;;) {
      const before = appends.length;
      const task = time.step();
      if (task === null) break;
      expect(task).toBe('metrics-sampler-write');
      expect(appends.length).toBe(before + 1);
      steps++;
    }
    expect(steps).toBe(Math.ceil(samples.length / SAMPLES_PER_SLICE));
    expect(steps).toBeGreaterThan(1);
    expect(sampler.pendingSamples).toBe(0);
    for (const a of appends) {
      expect(a.timeMs).toBe(roundMs);
      expect(a.samples.length).toBeLessThanOrEqual(SAMPLES_PER_SLICE);
    }
    expect(appends.flatMap((a) => a.samples)).toEqual(samples);
    const written = store.points({ metric: 'Size', scope: 'topic:topic-999' }, 0, Number.MAX_SAFE_INTEGER);
    expect(written).toEqual([{ timeMs: roundMs, value: 2 * (9_990 + 9_991) }]);
    expect(new Set(store.seriesKeys().map((k) => `${k.metric} ${k.scope}`)).size).toBe(samples.length);
  });

  it('writes the slices left of the last round when stopped', () => {
    const time = new SteppedTime();
    const { store, sampler, registry, values } = setup(time);
    const logs: FakeLog[] = [];
    for (let t = 0; t < 600; t++) logs.push({ topic: `topic-${t}`, partition: 0, size: 5 });
    addLogFamily(registry(1), logs);
    sampler.start();
    time.advance(INTERVAL_MS);
    expect(sampler.pendingSamples).toBe(27 * 2 + 600 * 4);
    expect(time.step()).toBe('metrics-sampler-write');
    expect(sampler.pendingSamples).toBe(27 * 2 + 600 * 4 - SAMPLES_PER_SLICE);
    sampler.stop();
    expect(sampler.pendingSamples).toBe(0);
    expect(time.step()).toBeNull();
    expect(values('Size', 'topic:topic-599')).toEqual([5]);
    expect(store.seriesKeys()).toHaveLength(27 * 2 + 600 * 4);
  });
});
