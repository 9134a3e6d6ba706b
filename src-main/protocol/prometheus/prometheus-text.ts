/**
 * The Prometheus text exposition format (0.0.4) as the JMX exporter writes it: one `# HELP` and
 * `# TYPE` per metric name, then its samples; values as Java's `Double.toString` (`42.0`,
 * `1.5E7`), `NaN`, `+Inf`, `-Inf`. Each emulated broker is one JVM, so its series carry a `broker`
 * label instead of the `instance` a scrape of many JVMs would add.
 */
import { javaDoubleToString } from '../../core/common/java-lang';
import { mBeanAttributes, type MBeanAttribute } from '../../core/metrics/mbean-attributes';
import type { MetricsRegistry } from '../../core/metrics/metrics-registry';
import { KAFKA_2_0_0_RULES, matchSample, type JmxExporterRule, type MatchedSample, type PrometheusType } from './jmx-exporter-rules';

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** An MBean and its numeric attributes, as JMX shows it (Kafka Metrics' MBeans, which are not in the Yammer registry). */
export interface MBeanReading {
  readonly mBeanName: string;
  readonly attributes: readonly MBeanAttribute[];
}

export interface MetricsSource {
  /** Labels added to every series of this source, e.g. `[['broker', '1']]`. */
  readonly labels: ReadonlyArray<readonly [string, string]>;
  /** The JVM's Yammer metrics. */
  readonly registry?: MetricsRegistry;
  /** Further MBeans of the same JVM, read when the text is written. */
  readonly mBeans?: () => readonly MBeanReading[];
}

function readings(source: MetricsSource): MBeanReading[] {
  const fromRegistry = (source.registry?.all() ?? []).map(({ name, metric }) => ({
    mBeanName: name.mBeanName,
    attributes: mBeanAttributes(metric),
  }));
  return [...fromRegistry, ...(source.mBeans?.() ?? [])];
}

interface Family {
  readonly help: string;
  readonly type: PrometheusType;
  readonly samples: string[];
}

export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function escapeHelp(help: string): string {
  return help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

export function goDouble(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return javaDoubleToString(value);
}

/** Matches by rules and `<mBean>\0<attribute>`: the same MBeans come back at every scrape, and matching them is most of a scrape's work. */
const matchCache = new WeakMap<readonly JmxExporterRule[], Map<string, MatchedSample | null>>();
const MATCH_CACHE_LIMIT = 200_000;

function cachedMatch(rules: readonly JmxExporterRule[], mBeanName: string, attribute: string): MatchedSample | null {
  let cache = matchCache.get(rules);
  if (cache === undefined) {
    cache = new Map();
    matchCache.set(rules, cache);
  }
  const key = `${mBeanName}\0${attribute}`;
  let sample = cache.get(key);
  if (sample === undefined) {
    // Topics come and go: start over rather than grow without bound.
    if (cache.size >= MATCH_CACHE_LIMIT) cache.clear();
    sample = matchSample(rules, mBeanName, attribute);
    cache.set(key, sample);
  }
  return sample;
}

export function prometheusText(sources: readonly MetricsSource[], rules: readonly JmxExporterRule[] = KAFKA_2_0_0_RULES): string {
  const families = new Map<string, Family>();
  for (const source of sources) {
    for (const { mBeanName, attributes } of readings(source)) {
      for (const [attribute, value] of attributes) {
        const sample = cachedMatch(rules, mBeanName, attribute);
        if (!sample) continue;
        let family = families.get(sample.name);
        if (!family) {
          family = { help: sample.help, type: sample.type, samples: [] };
          families.set(sample.name, family);
        }
        const labels = [...sample.labels, ...source.labels].map(([k, v]) => `${k}="${escapeLabelValue(v)}"`);
        family.samples.push(`${sample.name}${labels.length > 0 ? `{${labels.join(',')}}` : ''} ${goDouble(value)}`);
      }
    }
  }
  let out = '';
  for (const [name, family] of families) {
    out += `# HELP ${name} ${escapeHelp(family.help)}\n# TYPE ${name} ${family.type.toLowerCase()}\n`;
    for (const line of family.samples) out += `${line}\n`;
  }
  return out;
}
