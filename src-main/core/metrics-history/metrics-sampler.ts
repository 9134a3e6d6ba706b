/**
 * Every `intervalMs` of cluster time, one sample round: the running brokers' registries are read
 * (only the MBeans `sampled-metrics.ts` keeps, classified once per metric; of the per-log and
 * per-partition families only the gauges kept, without making their names), meters turned into
 * rates since the previous round, and the cluster's, each broker's, each topic's and each consumer
 * group's series appended to the store — read in one go, written in slices (`sliced-round-writer.ts`).
 *
 * A registry's sampled metrics are classified again only when it gained or lost one (its version).
 *
 * A counter reset is told two ways: a broker restarted between rounds has a new registry (its
 * counts began at zero after the previous round, so they count whole), and a count below the
 * previous one (a topic's meter removed and made again) counts from zero, as Prometheus' rate().
 */
import type { Meter } from '../metrics/meter';
import type { MetricTags } from '../metrics/metric-name';
import type { Metric, MetricFamily, MetricsRegistry, RegisteredMetric } from '../metrics/metrics-registry';
import type { ScheduledTask, Time } from '../platform/scheduler';
import { brokerScope, CLUSTER_SCOPE, groupScope, topicScope, type MetricsHistoryStore, type SeriesSample } from './metrics-history-store';
import { SAMPLES_PER_SLICE, SlicedRoundWriter } from './sliced-round-writer';
import { BROKER_METRICS, familyTargetOf, sampleTargetOf, TOPIC_METRICS, type SampleTarget } from './sampled-metrics';

/** The default sample interval, in cluster time. */
export const METRICS_SAMPLE_INTERVAL_MS = 15_000;

export interface BrokerRegistry {
  readonly brokerId: number;
  readonly registry: MetricsRegistry;
}

export interface GroupLag {
  readonly groupId: string;
  readonly lag: number;
}

/** What a round reads: the running brokers' registries and the consumer groups' lag. */
export interface MetricsSampleSource {
  registries(): readonly BrokerRegistry[];
  groupLags(): readonly GroupLag[];
}

interface SampledEntry {
  readonly mBeanName: string;
  readonly metric: Metric;
  readonly target: SampleTarget;
}

interface BrokerState {
  readonly registry: MetricsRegistry;
  /** The registry's sampled metrics, classified at `version` (most of a broker's MBeans are not sampled). */
  readonly version: number;
  readonly entries: readonly SampledEntry[];
  /** Each meter's count at the previous round, by MBean name. */
  counts: Map<string, number>;
}

interface FamilyGauge {
  readonly gaugeName: string;
  readonly targetOf: (tags: MetricTags) => SampleTarget | null;
}

type Totals = Map<string, number>;

function countOf(metric: Metric): number {
  if (metric.kind === 'meter') return (metric as Meter).count();
  if (metric.kind === 'timer' || metric.kind === 'histogram') return metric.count();
  return metric.value();
}

function add(totals: Totals, target: SampleTarget, value: number): void {
  const prev = totals.get(target.metric);
  totals.set(target.metric, prev === undefined ? value : target.max ? Math.max(prev, value) : prev + value);
}

export class MetricsSampler {
  private readonly brokers = new Map<number, BrokerState>();
  private lastRoundMs: number | null = null;
  private task: ScheduledTask | null = null;
  /** Classified once per registered metric (a new registry brings new names, the old ones go with it). */
  private readonly targets = new WeakMap<RegisteredMetric['name'], SampleTarget | null>();
  private readonly familyTargets = new WeakMap<MetricFamily, readonly FamilyGauge[]>();
  private readonly writer: SlicedRoundWriter;

  constructor(
    private readonly time: Time,
    private readonly source: MetricsSampleSource,
    store: MetricsHistoryStore,
    readonly intervalMs: number = METRICS_SAMPLE_INTERVAL_MS,
    private readonly onError: (e: unknown) => void = () => undefined,
    samplesPerSlice: number = SAMPLES_PER_SLICE,
  ) {
    this.writer = new SlicedRoundWriter(time, store, onError, samplesPerSlice);
  }

  /** The first round only takes the counts the rates start from; the next ones append. */
  start(): void {
    if (this.task) return;
    this.sampleRound();
    this.task = this.time.schedulePeriodic('metrics-sampler', this.intervalMs, this.intervalMs, () => {
      try {
        this.sampleRound();
      } catch (e) {
        this.onError(e);
      }
    });
  }

  /** Stops the rounds; the samples of the last one not written yet are written now. */
  stop(): void {
    if (this.task) this.time.cancel(this.task);
    this.task = null;
    this.writer.flush();
  }

  /** Samples of past rounds still waiting for their slice. */
  get pendingSamples(): number {
    return this.writer.pendingSamples;
  }

  /**
   * One round now: every value read at once, the samples returned and queued for the store, which
   * gets them in slices through the scheduler (none on the first round, which only sets the baseline).
   */
  sampleRound(): SeriesSample[] {
    const nowMs = this.time.nowMs();
    const elapsedSec = this.lastRoundMs === null ? null : (nowMs - this.lastRoundMs) / 1000;
    if (elapsedSec !== null && elapsedSec <= 0) return [];
    const cluster: Totals = new Map();
    const topics = new Map<string, Totals>();
    const samples: SeriesSample[] = [];
    const seen = new Set<number>();
    for (const { brokerId, registry } of this.source.registries()) {
      seen.add(brokerId);
      const broker = this.sampleBroker(brokerId, registry, elapsedSec, cluster, topics);
      if (elapsedSec === null) continue;
      const scope = brokerScope(brokerId);
      for (const metric of BROKER_METRICS) samples.push({ metric, scope, value: broker.get(metric) ?? 0 });
    }
    for (const id of [...this.brokers.keys()]) if (!seen.has(id)) this.brokers.delete(id);
    const first = elapsedSec === null;
    this.lastRoundMs = nowMs;
    if (first) return [];
    for (const metric of BROKER_METRICS) samples.push({ metric, scope: CLUSTER_SCOPE, value: cluster.get(metric) ?? 0 });
    for (const [topic, totals] of topics) {
      const scope = topicScope(topic);
      for (const metric of TOPIC_METRICS) samples.push({ metric, scope, value: totals.get(metric) ?? 0 });
    }
    for (const { groupId, lag } of this.source.groupLags()) samples.push({ metric: 'Lag', scope: groupScope(groupId), value: lag });
    this.writer.write(nowMs, samples);
    return samples;
  }

  private sampleBroker(
    brokerId: number,
    registry: MetricsRegistry,
    elapsedSec: number | null,
    cluster: Totals,
    topics: Map<string, Totals>,
  ): Totals {
    const known = this.brokers.get(brokerId);
    // A registry not seen at the previous round belongs to an incarnation that started after it.
    const previous = known?.registry === registry ? known.counts : elapsedSec === null ? null : new Map<string, number>();
    const entries = known?.registry === registry && known.version === registry.version ? known.entries : this.classify(registry);
    const counts = new Map<string, number>();
    const broker: Totals = new Map();
    const accumulate = (target: SampleTarget, value: number) => {
      if (target.brokerLevel) {
        add(broker, target, value);
        add(cluster, target, value);
      }
      if (target.topic !== null) {
        let totals = topics.get(target.topic);
        if (!totals) {
          totals = new Map();
          topics.set(target.topic, totals);
        }
        add(totals, target, value);
      }
    };
    for (const { mBeanName, metric, target } of entries) {
      let value: number;
      if (target.kind === 'rate') {
        const count = countOf(metric);
        counts.set(mBeanName, count);
        if (previous === null || elapsedSec === null) continue;
        const before = previous.get(mBeanName) ?? 0;
        value = (count >= before ? count - before : count) / elapsedSec;
      } else {
        if (elapsedSec === null) continue;
        value = countOf(metric);
      }
      accumulate(target, value);
    }
    // Families (a gauge set per log or partition) are read gauge by gauge, without making their names.
    if (elapsedSec !== null) {
      for (const family of registry.familyList()) {
        for (const { gaugeName, targetOf } of this.familyGauges(family)) {
          family.readGauge(gaugeName, (tags, value) => {
            const target = targetOf(tags);
            if (target !== null) accumulate(target, value);
          });
        }
      }
    }
    this.brokers.set(brokerId, { registry, version: registry.version, entries, counts });
    return broker;
  }

  /** The family's gauges some entity's series keeps, classified once per family. */
  private familyGauges(family: MetricFamily): readonly FamilyGauge[] {
    let gauges = this.familyTargets.get(family);
    if (gauges === undefined) {
      gauges = family.gaugeNames.flatMap((gaugeName) => {
        const targetOf = familyTargetOf(family.group, family.type, gaugeName);
        return targetOf === null ? [] : [{ gaugeName, targetOf }];
      });
      this.familyTargets.set(family, gauges);
    }
    return gauges;
  }

  private classify(registry: MetricsRegistry): SampledEntry[] {
    const entries: SampledEntry[] = [];
    for (const { name, metric } of registry.kept()) {
      let target = this.targets.get(name);
      if (target === undefined) {
        target = sampleTargetOf(name);
        this.targets.set(name, target);
      }
      if (target !== null) entries.push({ mBeanName: name.mBeanName, metric, target });
    }
    return entries;
  }
}
