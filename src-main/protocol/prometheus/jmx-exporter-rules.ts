/**
 * The Prometheus JMX exporter's Kafka rules (`example_configs/kafka-2_0_0.yml`, the rules most
 * Kafka 2.x deployments scrape with): each MBean attribute is matched, first rule wins, as the
 * string `<domain><<key>=<value>, …><><attribute>` with the keys in the MBean name's order, and
 * the rule's name and labels are filled from the groups. `lowercaseOutputName: true`; label names
 * keep their case. Attributes no rule matches are not exported (as with those rules).
 */
export type PrometheusType = 'GAUGE' | 'COUNTER';

export interface JmxExporterRule {
  readonly pattern: RegExp;
  readonly name: string;
  readonly type: PrometheusType;
  readonly labels: ReadonlyArray<readonly [name: string, value: string]>;
}

function rule(pattern: string, name: string, type: PrometheusType, labels: Array<[string, string]> = []): JmxExporterRule {
  // jmx_exporter anchors every pattern (`^…$`).
  return { pattern: new RegExp(`^${pattern}$`), name, type, labels };
}

const TWO = [
  ['$4', '$5'],
  ['$6', '$7'],
] as Array<[string, string]>;
const ONE = [['$4', '$5']] as Array<[string, string]>;

export const KAFKA_2_0_0_RULES: readonly JmxExporterRule[] = [
  // Special cases and very specific rules
  rule('kafka.server<type=(.+), name=(.+), clientId=(.+), topic=(.+), partition=(.*)><>Value', 'kafka_server_$1_$2', 'GAUGE', [
    ['clientId', '$3'],
    ['topic', '$4'],
    ['partition', '$5'],
  ]),
  rule('kafka.server<type=(.+), name=(.+), clientId=(.+), brokerHost=(.+), brokerPort=(.+)><>Value', 'kafka_server_$1_$2', 'GAUGE', [
    ['clientId', '$3'],
    ['broker', '$4:$5'],
  ]),
  rule('kafka.coordinator.(\\w+)<type=(.+), name=(.+)><>Value', 'kafka_coordinator_$1_$2_$3', 'GAUGE'),
  // Generic per-second counters with 0-2 key/value pairs
  rule('kafka.(\\w+)<type=(.+), name=(.+)PerSec\\w*, (.+)=(.+), (.+)=(.+)><>Count', 'kafka_$1_$2_$3_total', 'COUNTER', TWO),
  rule('kafka.(\\w+)<type=(.+), name=(.+)PerSec\\w*, (.+)=(.+)><>Count', 'kafka_$1_$2_$3_total', 'COUNTER', ONE),
  rule('kafka.(\\w+)<type=(.+), name=(.+)PerSec\\w*><>Count', 'kafka_$1_$2_$3_total', 'COUNTER'),
  rule('kafka.server<type=(.+), client-id=(.+)><>([a-z-]+)', 'kafka_server_quota_$3', 'GAUGE', [
    ['resource', '$1'],
    ['clientId', '$2'],
  ]),
  rule('kafka.server<type=(.+), user=(.+), client-id=(.+)><>([a-z-]+)', 'kafka_server_quota_$4', 'GAUGE', [
    ['resource', '$1'],
    ['user', '$2'],
    ['clientId', '$3'],
  ]),
  // Generic gauges with 0-2 key/value pairs
  rule('kafka.(\\w+)<type=(.+), name=(.+), (.+)=(.+), (.+)=(.+)><>Value', 'kafka_$1_$2_$3', 'GAUGE', TWO),
  rule('kafka.(\\w+)<type=(.+), name=(.+), (.+)=(.+)><>Value', 'kafka_$1_$2_$3', 'GAUGE', ONE),
  rule('kafka.(\\w+)<type=(.+), name=(.+)><>Value', 'kafka_$1_$2_$3', 'GAUGE'),
  // Emulate Prometheus 'Summary' metrics for the exported 'Histogram's (no '_sum', as upstream).
  rule('kafka.(\\w+)<type=(.+), name=(.+), (.+)=(.+), (.+)=(.+)><>Count', 'kafka_$1_$2_$3_count', 'COUNTER', TWO),
  rule('kafka.(\\w+)<type=(.+), name=(.+), (.+)=(.*), (.+)=(.+)><>(\\d+)thPercentile', 'kafka_$1_$2_$3', 'GAUGE', [
    ...TWO,
    ['quantile', '0.$8'],
  ]),
  rule('kafka.(\\w+)<type=(.+), name=(.+), (.+)=(.+)><>Count', 'kafka_$1_$2_$3_count', 'COUNTER', ONE),
  rule('kafka.(\\w+)<type=(.+), name=(.+), (.+)=(.*)><>(\\d+)thPercentile', 'kafka_$1_$2_$3', 'GAUGE', [...ONE, ['quantile', '0.$6']]),
  rule('kafka.(\\w+)<type=(.+), name=(.+)><>Count', 'kafka_$1_$2_$3_count', 'COUNTER'),
  rule('kafka.(\\w+)<type=(.+), name=(.+)><>(\\d+)thPercentile', 'kafka_$1_$2_$3', 'GAUGE', [['quantile', '0.$4']]),
];

/** `<domain><k=v, k=v><><attribute>` for an MBean name `domain:k=v,k=v`, keys in their order. */
export function jmxExporterMatchString(mBeanName: string, attribute: string): string {
  const colon = mBeanName.indexOf(':');
  const properties = mBeanName
    .substring(colon + 1)
    .split(',')
    .join(', ');
  return `${mBeanName.substring(0, colon)}<${properties}><>${attribute}`;
}

/** jmx_exporter's `safeName`: anything but `[a-zA-Z0-9:_]` becomes `_`, runs of `_` become one. */
export function safeName(name: string): string {
  return name.replace(/[^a-zA-Z0-9:_]/g, '_').replace(/__+/g, '_');
}

export interface MatchedSample {
  readonly name: string;
  readonly type: PrometheusType;
  readonly labels: ReadonlyArray<readonly [name: string, value: string]>;
  /** jmx_exporter's help text: the matched string. */
  readonly help: string;
}

export function matchSample(rules: readonly JmxExporterRule[], mBeanName: string, attribute: string): MatchedSample | null {
  const input = jmxExporterMatchString(mBeanName, attribute);
  for (const r of rules) {
    const m = r.pattern.exec(input);
    if (!m) continue;
    const fill = (template: string) => template.replace(/\$(\d+)/g, (_, i: string) => m[Number(i)] ?? '');
    const labels = r.labels.map(([n, v]) => [safeName(fill(n)), fill(v)] as const);
    return {
      name: safeName(fill(r.name)).toLowerCase(),
      type: r.type,
      labels,
      help: `Attribute exposed for management (${input})`,
    };
  }
  return null;
}
