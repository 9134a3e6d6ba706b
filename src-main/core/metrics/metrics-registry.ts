/**
 * One broker's (or the controller's, or ZooKeeper's) Yammer metrics, by MBean name — Kafka 2.5's
 * `Metrics.defaultRegistry()`, one per emulated JVM. As in Yammer, asking for a metric that exists
 * returns it, so a component that restarts keeps counting where it left off; `remove` is Kafka's
 * `removeMetric` (a deleted topic's meters go away).
 */
import type { Clock } from '../platform/clock';
import type { Random } from '../platform/random';
import { Gauge } from './gauge';
import { Histogram } from './histogram';
import { Meter } from './meter';
import { metricName, type MetricName, type MetricTags } from './metric-name';
import { Timer } from './timer';

export type Metric = Meter | Gauge | Histogram | Timer;

export interface RegisteredMetric {
  readonly name: MetricName;
  readonly metric: Metric;
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, RegisteredMetric>();
  private changes = 0;

  constructor(
    private readonly clock: Clock,
    private readonly random: Random,
  ) {}

  newMeter(group: string, type: string, name: string, eventType: string, tags: MetricTags = []): Meter {
    return this.getOrAdd(metricName(group, type, name, tags), Meter, () => new Meter(this.clock, eventType));
  }

  newHistogram(group: string, type: string, name: string, tags: MetricTags = []): Histogram {
    return this.getOrAdd(metricName(group, type, name, tags), Histogram, () => new Histogram(this.clock, this.random));
  }

  newTimer(group: string, type: string, name: string, tags: MetricTags = []): Timer {
    return this.getOrAdd(metricName(group, type, name, tags), Timer, () => new Timer(this.clock, this.random));
  }

  /** A gauge reads its value when asked; registering one that exists keeps the first (as Yammer). */
  newGauge(group: string, type: string, name: string, read: () => number, tags: MetricTags = []): Gauge {
    return this.getOrAdd(metricName(group, type, name, tags), Gauge, () => new Gauge(read));
  }

  remove(group: string, type: string, name: string, tags: MetricTags = []): boolean {
    const removed = this.metrics.delete(metricName(group, type, name, tags).mBeanName);
    if (removed) this.changes++;
    return removed;
  }

  /** Grows with every metric added or removed: a reader may keep what it derived from `all()` while it stays. */
  get version(): number {
    return this.changes;
  }

  get(mBeanName: string): Metric | undefined {
    return this.metrics.get(mBeanName)?.metric;
  }

  /** Every metric, in registration order. */
  all(): RegisteredMetric[] {
    return [...this.metrics.values()];
  }

  private getOrAdd<M extends Metric>(name: MetricName, kind: abstract new (...args: never[]) => M, create: () => M): M {
    const existing = this.metrics.get(name.mBeanName);
    if (existing) {
      if (!(existing.metric instanceof kind)) {
        throw new Error(`${name.mBeanName} is already registered as a ${existing.metric.kind}`);
      }
      return existing.metric;
    }
    const metric = create();
    this.metrics.set(name.mBeanName, { name, metric });
    this.changes++;
    return metric;
  }
}
