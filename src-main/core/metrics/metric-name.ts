/**
 * MBean names as Kafka 2.5's `KafkaMetricsGroup.explicitMetricName` builds them:
 * `<group>:type=<type>,name=<name>[,<tag>=<value>…]` with the tags in the order given, empty tag
 * values dropped, and a value quoted as `ObjectName.quote` does unless it is made only of
 * `[\w-%. \t]` (`Sanitizer.jmxSanitize`).
 */
export type MetricTags = ReadonlyArray<readonly [key: string, value: string]>;

export interface MetricName {
  /** e.g. `kafka.server` */
  readonly group: string;
  /** e.g. `BrokerTopicMetrics` */
  readonly type: string;
  /** e.g. `MessagesInPerSec` */
  readonly name: string;
  readonly tags: MetricTags;
  /** e.g. `kafka.server:type=BrokerTopicMetrics,name=MessagesInPerSec,topic=orders` */
  readonly mBeanName: string;
}

const JMX_SAFE = /^[\w\-%. \t]*$/;

/** `ObjectName.quote`: `"…"` with `"`, `*`, `?`, `\` and newline escaped by a backslash. */
export function objectNameQuote(value: string): string {
  let out = '"';
  for (const ch of value) {
    if (ch === '\n') out += '\\n';
    else if (ch === '"' || ch === '*' || ch === '?' || ch === '\\') out += `\\${ch}`;
    else out += ch;
  }
  return `${out}"`;
}

/** `Sanitizer.jmxSanitize`. */
export function jmxSanitize(value: string): string {
  return JMX_SAFE.test(value) ? value : objectNameQuote(value);
}

export function metricName(group: string, type: string, name: string, tags: MetricTags = []): MetricName {
  const kept = tags.filter(([, value]) => value !== '');
  let mBeanName = `${group}:type=${type}`;
  if (name.length > 0) mBeanName += `,name=${name}`;
  for (const [key, value] of kept) mBeanName += `,${key}=${jmxSanitize(value)}`;
  return { group, type, name, tags: kept, mBeanName };
}
