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

/**
 * Metrics that exist exactly while something else does — one gauge set per hosted partition or
 * per log — made when read instead of kept: 10,000 partitions' 100,000 gauges would otherwise
 * hold ~75 MiB per broker for values nobody reads between two scrapes.
 */
export interface MetricFamily {
  /** Every metric of the family now. */
  metrics(): Iterable<RegisteredMetric>;
  /** The family's metric of that name now, if it has it. */
  get(name: ParsedMBeanName): Metric | undefined;
  /** The MBean group and type of all the family's metrics (e.g. `kafka.log`, `Log`). */
  readonly group: string;
  readonly type: string;
  /** The gauges every entity has, in registration order (e.g. `Size`). */
  readonly gaugeNames: readonly string[];
  /**
   * One gauge's value for each entity now, with the entity's tags (raw: its name would drop an empty
   * value): what `metrics()` gives for that name without making names and gauges — a sampler reads
   * one gauge of 10,000 logs.
   */
  readGauge(gaugeName: string, visit: (tags: MetricTags, value: number) => void): void;
}

/** An MBean name taken apart (values as written: the names families use are JMX-safe, never quoted). */
export interface ParsedMBeanName {
  readonly group: string;
  readonly properties: ReadonlyMap<string, string>;
}

export function parseMBeanName(mBeanName: string): ParsedMBeanName | null {
  const colon = mBeanName.indexOf(':');
  if (colon < 0) return null;
  const properties = new Map<string, string>();
  for (const part of mBeanName.slice(colon + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    properties.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return { group: mBeanName.slice(0, colon), properties };
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, RegisteredMetric>();
  private readonly families: MetricFamily[] = [];
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

  /** Grows with every kept metric added or removed: a reader may keep what it derived from `kept()` while it stays. */
  get version(): number {
    return this.changes;
  }

  /** The kept metrics alone, in registration order (`all()` without the families'). */
  kept(): RegisteredMetric[] {
    return [...this.metrics.values()];
  }

  /** The families, in the order they were added. */
  familyList(): readonly MetricFamily[] {
    return this.families;
  }

  addFamily(family: MetricFamily): void {
    this.families.push(family);
  }

  get(mBeanName: string): Metric | undefined {
    const kept = this.metrics.get(mBeanName)?.metric;
    if (kept || this.families.length === 0) return kept;
    const parsed = parseMBeanName(mBeanName);
    if (!parsed) return undefined;
    for (const family of this.families) {
      const metric = family.get(parsed);
      if (metric) return metric;
    }
    return undefined;
  }

  /** Every metric: those kept, in registration order, then each family's. */
  all(): RegisteredMetric[] {
    const out = [...this.metrics.values()];
    for (const family of this.families) for (const m of family.metrics()) out.push(m);
    return out;
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
