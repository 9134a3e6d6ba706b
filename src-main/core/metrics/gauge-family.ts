/**
 * A `MetricFamily` of gauges, one set per entity (a hosted partition, a log): `kafka.cluster:type=
 * Partition,name=UnderReplicated,topic=…,partition=…` for every partition the broker hosts now.
 * Names and gauges are made when read, so an entity that goes takes its gauges with it.
 */
import { Gauge } from './gauge';
import { metricName, type MetricTags } from './metric-name';
import type { Metric, MetricFamily, ParsedMBeanName, RegisteredMetric } from './metrics-registry';

export interface GaugeFamilySpec<E> {
  readonly group: string;
  readonly type: string;
  /** Gauge name → its value for an entity, in registration order. */
  readonly gauges: Readonly<Record<string, (entity: E) => number>>;
  /** The entities now. */
  entities(): Iterable<E>;
  /** An entity's tags, in Kafka's order (e.g. topic, partition). */
  tags(entity: E): MetricTags;
  /** The entity the tags of a name point at now (the name's properties other than type and name). */
  find(properties: ReadonlyMap<string, string>): E | undefined;
}

export function gaugeFamily<E>(spec: GaugeFamilySpec<E>): MetricFamily {
  const names = Object.entries(spec.gauges);
  return {
    group: spec.group,
    type: spec.type,
    gaugeNames: names.map(([name]) => name),
    readGauge(gaugeName: string, visit: (tags: MetricTags, value: number) => void): void {
      const read = Object.hasOwn(spec.gauges, gaugeName) ? spec.gauges[gaugeName] : undefined;
      if (!read) return;
      for (const entity of spec.entities()) visit(spec.tags(entity), read(entity));
    },
    *metrics(): Iterable<RegisteredMetric> {
      for (const entity of spec.entities()) {
        const tags = spec.tags(entity);
        for (const [name, read] of names) {
          yield { name: metricName(spec.group, spec.type, name, tags), metric: new Gauge(() => read(entity)) };
        }
      }
    },
    get(parsed: ParsedMBeanName): Metric | undefined {
      if (parsed.group !== spec.group || parsed.properties.get('type') !== spec.type) return undefined;
      const read = spec.gauges[parsed.properties.get('name') ?? ''];
      if (!read) return undefined;
      const entity = spec.find(parsed.properties);
      if (entity === undefined) return undefined;
      // The name must be exactly the one the entity has (no extra or missing tags).
      const expected = spec.tags(entity);
      if (parsed.properties.size !== expected.length + 2) return undefined;
      for (const [k, v] of expected) if (parsed.properties.get(k) !== v) return undefined;
      return new Gauge(() => read(entity));
    },
  };
}
