/**
 * `kafka-topics --describe` as Kafka 2.5's AdminClientTopicService prints it: per topic a line
 * `Topic: x\tPartitionCount: 3\tReplicationFactor: 2\tConfigs: a=b,c=d` (the entries whose source is
 * not DEFAULT_CONFIG), then one `\tTopic: x\tPartition: 0\tLeader: 1\tReplicas: 1,2\tIsr: 1,2` per
 * partition (`Leader: none` without a leader). The report options (`--under-replicated-partitions`,
 * `--unavailable-partitions`, `--under-min-isr-partitions`, `--at-min-isr-partitions`) print only the
 * partitions concerned and no topic lines; `--topics-with-overrides` only topic lines of topics with
 * overrides. Topics come in the order of the Java HashMap `describeTopics().all()` returns.
 */
import { javaNewHashMapOrder } from '../../core/common/jvm-hash-order';
import type { ConfigEntry, TopicDescription, TopicPartitionInfo } from '../../protocol/kafka/client/admin-client';

export interface DescribeFlags {
  readonly underReplicated: boolean;
  readonly unavailable: boolean;
  readonly underMinIsr: boolean;
  readonly atMinIsr: boolean;
  readonly topicsWithOverrides: boolean;
}

function isUnderReplicated(p: TopicPartitionInfo): boolean {
  return p.replicas.length - p.isr.length > 0;
}

function minIsrOf(config: readonly ConfigEntry[]): number | null {
  const value = config.find((c) => c.name === 'min.insync.replicas')?.value;
  return value === undefined || value === null ? null : Number(value);
}

function partitionLine(topic: string, p: TopicPartitionInfo): string {
  return `\tTopic: ${topic}\tPartition: ${p.partition}\tLeader: ${p.leader ?? 'none'}\tReplicas: ${p.replicas.join(',')}\tIsr: ${p.isr.join(',')}`;
}

/** The iteration order of a `new HashMap<>(n)` filled with `keys` (sorted names, as TopicCommand asks). */
export function describeTopicsAllOrder(keys: readonly string[]): string[] {
  return javaNewHashMapOrder(keys, keys.length);
}

export function describeLines(
  descriptions: readonly TopicDescription[],
  configs: ReadonlyMap<string, readonly ConfigEntry[]>,
  liveBrokers: ReadonlySet<number>,
  flags: DescribeFlags,
): string[] {
  const describeConfigs = !flags.unavailable && !flags.underReplicated && !flags.underMinIsr && !flags.atMinIsr;
  const describePartitions = !flags.topicsWithOverrides;
  const byName = new Map(descriptions.map((d) => [d.name, d]));
  const lines: string[] = [];
  for (const name of describeTopicsAllOrder(descriptions.map((d) => d.name))) {
    const td = byName.get(name)!;
    const config = configs.get(name) ?? [];
    const sorted = [...td.partitions].sort((a, b) => a.partition - b.partition);
    if (describeConfigs) {
      const overrides = config.filter((c) => !c.isDefault);
      if (!flags.topicsWithOverrides || overrides.length > 0) {
        const first = td.partitions[0];
        const configsAsString = overrides.map((c) => `${c.name}=${c.value}`).join(',');
        lines.push(
          `Topic: ${name}\tPartitionCount: ${td.partitions.length}\tReplicationFactor: ${first ? first.replicas.length : 0}\tConfigs: ${configsAsString}`,
        );
      }
    }
    if (!describePartitions) continue;
    const minIsr = minIsrOf(config);
    for (const p of sorted) {
      const unavailable = p.leader === null || !liveBrokers.has(p.leader);
      const print =
        describeConfigs ||
        (flags.underReplicated && isUnderReplicated(p)) ||
        (flags.unavailable && unavailable) ||
        (flags.underMinIsr && (p.leader === null || (minIsr !== null && p.isr.length < minIsr))) ||
        (flags.atMinIsr && minIsr !== null && p.isr.length === minIsr);
      if (print) lines.push(partitionLine(name, p));
    }
  }
  return lines;
}
