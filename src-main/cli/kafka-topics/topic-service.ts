/**
 * Kafka 2.5's `AdminClientTopicService` (kafka-topics with `--bootstrap-server`): what each action
 * sends through the admin client and prints. In 2.5 only `--create` prints on success
 * (`Created topic x.`); `--alter` and `--delete` print nothing (the `WARNING: If partitions are
 * increased…`, `Adding partitions succeeded!` and `Topic x is marked for deletion.` lines belong to
 * the `--zookeeper` variant).
 */
import { parseReplicaAssignment, validateCreateTopicOptions } from '../../core/admin/topic-command';
import { validateTopicConfigs } from '../../core/log/log-config';
import type { AdminClient } from '../../protocol/kafka/client/admin-client';
import { JavaException } from './command-failure';
import { describeLines } from './topic-describe';
import { runTopicAction, type TopicActions, type TopicCommandOptions } from './topic-command-options';

const INTERNAL_TOPICS = new Set(['__consumer_offsets', '__transaction_state']);

/** `CommandTopicPartition`: the options of one create or alter, read (and checked) in Kafka's order. */
export interface CommandTopicPartition {
  readonly name: string;
  readonly partitions: number | undefined;
  readonly replicationFactor: number | undefined;
  readonly replicaAssignment: number[][] | undefined;
  readonly configsToAdd: Map<string, string>;
}

function javaSplitDroppingTrailingEmpty(s: string, separator: RegExp): string[] {
  const parts = s.split(separator);
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

export class TopicService implements TopicActions {
  constructor(
    private readonly admin: AdminClient,
    private readonly opts: TopicCommandOptions,
    private readonly println: (line: string) => void,
  ) {}

  run(): Promise<void> {
    return runTopicAction(this, this.opts.action);
  }

  private commandTopicPartition(): CommandTopicPartition {
    return commandTopicPartition(this.opts, this.println);
  }

  async createTopic(): Promise<void> {
    const topic = this.commandTopicPartition();
    if (topic.name.includes('.') || topic.name.includes('_')) {
      this.println(
        "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore ('_') could collide. To avoid issues it is best to use either, but not both.",
      );
    }
    validateCreateTopicOptions({ partitions: topic.partitions, replicationFactor: topic.replicationFactor });
    if ((await this.admin.listTopics(false)).includes(topic.name)) {
      throw new JavaException('java.lang.IllegalArgumentException', `Topic ${topic.name} already exists`);
    }
    await this.admin.createTopic({
      name: topic.name,
      numPartitions: topic.replicaAssignment ? -1 : (topic.partitions ?? -1),
      replicationFactor: topic.replicaAssignment ? -1 : (topic.replicationFactor ?? -1),
      assignment: topic.replicaAssignment ?? null,
      configs: [...topic.configsToAdd],
    });
    this.println(`Created topic ${topic.name}.`);
  }

  async listTopics(): Promise<void> {
    this.println((await this.getTopics()).join('\n'));
  }

  async alterTopic(): Promise<void> {
    const topic = this.commandTopicPartition();
    const topics = await this.getTopics();
    this.ensureTopicExists(topics);
    const current = topic.replicaAssignment ? await this.admin.describeTopics(topics) : [];
    await this.admin.createPartitions(
      topics.map((name) => ({
        name,
        count: topic.partitions!,
        assignment: topic.replicaAssignment ? topic.replicaAssignment.slice(current.find((d) => d.name === name)!.partitions.length) : null,
      })),
    );
  }

  async describeTopic(): Promise<void> {
    const topics = await this.getTopics();
    const configs = await this.admin.describeTopicConfigs(topics);
    const liveBrokers = new Set(await this.admin.describeCluster());
    const descriptions = topics.length === 0 ? [] : await this.admin.describeTopics(topics);
    const has = (n: string) => this.opts.has(n);
    const lines = describeLines(descriptions, configs, liveBrokers, {
      underReplicated: has('under-replicated-partitions'),
      unavailable: has('unavailable-partitions'),
      underMinIsr: has('under-min-isr-partitions'),
      atMinIsr: has('at-min-isr-partitions'),
      topicsWithOverrides: has('topics-with-overrides'),
    });
    for (const line of lines) this.println(line);
  }

  async deleteTopic(): Promise<void> {
    const topics = await this.getTopics();
    this.ensureTopicExists(topics);
    await this.admin.deleteTopics(topics);
  }

  private ensureTopicExists(found: readonly string[]): void {
    ensureTopicExists(found, this.opts.topic, true);
  }

  private async getTopics(): Promise<string[]> {
    const exclude = this.opts.excludeInternalTopics;
    return doGetTopics((await this.admin.listTopics(!exclude)).sort(), this.opts.topic, exclude);
  }
}

/** `CommandTopicPartition`: the options of one create or alter, read (and checked) in Kafka's order. */
export function commandTopicPartition(opts: TopicCommandOptions, println: (line: string) => void): CommandTopicPartition {
  const name = opts.topic!;
  const partitions = opts.partitions;
  const replicationFactor = opts.replicationFactor;
  const rawAssignment = opts.options.valueOf('replica-assignment');
  const replicaAssignment = rawAssignment ? [...parseReplicaAssignment(rawAssignment).values()].map((r) => [...r]) : undefined;
  return { name, partitions, replicationFactor, replicaAssignment, configsToAdd: configsToAdd(opts, println) };
}

/** `parseTopicConfigsToBeAdded`: `key=val` pairs split on `\s*=\s*`, then `LogConfig.validate`. */
function configsToAdd(opts: TopicCommandOptions, println: (line: string) => void): Map<string, string> {
  const pairs = opts.options.valuesOf('config').map((c) => javaSplitDroppingTrailingEmpty(c, /\s*=\s*/));
  if (!pairs.every((p) => p.length === 2)) {
    throw new JavaException(
      'java.lang.IllegalArgumentException',
      'requirement failed: Invalid topic config: all configs to be added must be in the format "key=val".',
    );
  }
  const props = new Map(pairs.map(([k, v]) => [k.trim(), v.trim()] as const));
  const problems = validateTopicConfigs(Object.fromEntries(props));
  if (problems.length > 0) {
    const first = problems[0];
    throw new JavaException(
      first.exceptionName === 'ConfigException'
        ? 'org.apache.kafka.common.config.ConfigException'
        : 'org.apache.kafka.common.errors.InvalidConfigurationException',
      first.message,
    );
  }
  const format = props.get('message.format.version');
  if (format !== undefined) {
    println(
      `WARNING: The configuration message.format.version=${format} is specified. This configuration will be ignored if the version is newer than the inter.broker.protocol.version specified in the broker.`,
    );
  }
  return props;
}

/** `ensureTopicExists`: a named topic (or pattern) that matched nothing fails unless `--if-exists`. */
export function ensureTopicExists(found: readonly string[], requested: string | undefined, requireTopicExists: boolean): void {
  if (requested !== undefined && requireTopicExists && found.length === 0) {
    throw new JavaException('java.lang.IllegalArgumentException', `Topic '${requested}' does not exist as expected`);
  }
}

/** `doGetTopics`: sorted names filtered by the `--topic` regex (Kafka's `Whitelist`) and `--exclude-internal`. */
export function doGetTopics(sortedTopics: readonly string[], whitelist: string | undefined, excludeInternal: boolean): string[] {
  if (whitelist === undefined) return sortedTopics.filter((t) => !(excludeInternal && INTERNAL_TOPICS.has(t)));
  const regex = topicFilterRegex(whitelist);
  return sortedTopics.filter((t) => regex.test(t) && !(excludeInternal && INTERNAL_TOPICS.has(t)));
}

/** `TopicFilter`: trimmed, ',' as '|', spaces dropped, quotes stripped at both ends; a whole-name match. */
export function topicFilterRegex(rawRegex: string): RegExp {
  const regex = rawRegex
    .trim()
    .replace(/,/g, '|')
    .replace(/ /g, '')
    .replace(/^["']+/, '')
    .replace(/["']+$/, '');
  try {
    return new RegExp(`^(?:${regex})$`);
  } catch {
    throw new JavaException('java.lang.RuntimeException', `${regex} is an invalid regex.`);
  }
}
