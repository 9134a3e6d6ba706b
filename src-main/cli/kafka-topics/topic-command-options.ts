/**
 * Kafka 2.5's `TopicCommandOptions`: the options of kafka-topics.sh with their help texts, and
 * `checkArgs`, which refuses combinations before anything is sent, in Kafka's order and words
 * (`CommandLineUtils.checkRequiredArgs` / `checkInvalidArgs`: `Missing required argument "[topic]"`,
 * `Option "[partitions]" can't be used with option "[describe]"`). In 2.5 `--if-exists` and
 * `--if-not-exists` are refused with `--bootstrap-server` (KAFKA-9945 allowed them in 2.6).
 */
import { topicConfigNames } from '../../core/log/log-config';
import { parseOptions, type OptionSpec, type ParsedOptions } from './option-parser';

const CONFIG_LIST = topicConfigNames()
  .map((n) => `\t${n}`)
  .join('\n');

export const TOPIC_COMMAND_SPECS: readonly OptionSpec[] = [
  { name: 'alter', description: 'Alter the number of partitions, replica assignment, and/or configuration for the topic.' },
  {
    name: 'at-min-isr-partitions',
    description:
      'if set when describing topics, only show partitions whose isr count is equal to the configured minimum. Not supported with the --zookeeper option.',
  },
  {
    name: 'bootstrap-server',
    description: "REQUIRED: The Kafka server to connect to. In case of providing this, a direct Zookeeper connection won't be required.",
    argument: { type: 'String', describedAs: 'server to connect to' },
  },
  {
    name: 'command-config',
    description:
      'Property file containing configs to be passed to Admin Client. This is used only with --bootstrap-server option for describing and altering broker configs.',
    argument: { type: 'String', describedAs: 'command config property file' },
  },
  {
    name: 'config',
    description: `A topic configuration override for the topic being created or altered.The following is a list of valid configurations: \n${CONFIG_LIST}\nSee the Kafka documentation for full details on the topic configs.It is supported only in combination with --create if --bootstrap-server option is used.`,
    argument: { type: 'String', describedAs: 'name=value' },
  },
  { name: 'create', description: 'Create a new topic.' },
  { name: 'delete', description: 'Delete a topic' },
  {
    name: 'delete-config',
    description:
      'A topic configuration override to be removed for an existing topic (see the list of configurations under the --config option). Not supported with the --bootstrap-server option.',
    argument: { type: 'String', describedAs: 'name' },
  },
  { name: 'describe', description: 'List details for the given topics.' },
  { name: 'disable-rack-aware', description: 'Disable rack aware replica assignment' },
  {
    name: 'exclude-internal',
    description: 'exclude internal topics when running list or describe command. The internal topics will be listed by default',
  },
  { name: 'force', description: 'Suppress console prompts' },
  { name: 'help', description: 'Print usage information.' },
  {
    name: 'if-exists',
    description:
      'if set when altering or deleting or describing topics, the action will only execute if the topic exists. Not supported with the --bootstrap-server option.',
  },
  {
    name: 'if-not-exists',
    description:
      'if set when creating topics, the action will only execute if the topic does not already exist. Not supported with the --bootstrap-server option.',
  },
  { name: 'list', description: 'List all available topics.' },
  {
    name: 'partitions',
    description:
      'The number of partitions for the topic being created or altered (WARNING: If partitions are increased for a topic that has a key, the partition logic or ordering of the messages will be affected). If not supplied for create, defaults to the cluster default.',
    argument: { type: 'Integer', describedAs: '# of partitions' },
  },
  {
    name: 'replica-assignment',
    description: 'A list of manual partition-to-broker assignments for the topic being created or altered.',
    argument: {
      type: 'String',
      describedAs:
        'broker_id_for_part1_replica1 : broker_id_for_part1_replica2 , broker_id_for_part2_replica1 : broker_id_for_part2_replica2 , ...',
    },
  },
  {
    name: 'replication-factor',
    description: 'The replication factor for each partition in the topic being created. If not supplied, defaults to the cluster default.',
    argument: { type: 'Integer', describedAs: 'replication factor' },
  },
  {
    name: 'topic',
    description: `The topic to create, alter, describe or delete. It also accepts a regular expression, except for --create option. Put topic name in double quotes and use the '\\' prefix to escape regular expression symbols; e.g. "test\\.topic".`,
    argument: { type: 'String', describedAs: 'topic' },
  },
  { name: 'topics-with-overrides', description: 'if set when describing topics, only show topics that have overridden configs' },
  { name: 'unavailable-partitions', description: 'if set when describing topics, only show partitions whose leader is not available' },
  {
    name: 'under-min-isr-partitions',
    description:
      'if set when describing topics, only show partitions whose isr count is less than the configured minimum. Not supported with the --zookeeper option.',
  },
  { name: 'under-replicated-partitions', description: 'if set when describing topics, only show under replicated partitions' },
  { name: 'version', description: 'Display Kafka version.' },
  {
    name: 'zookeeper',
    description:
      'DEPRECATED, The connection string for the zookeeper connection in the form host:port. Multiple hosts can be given to allow fail-over.',
    argument: { type: 'String', describedAs: 'hosts' },
  },
];

/** What `checkArgs` decides when the command may not run. */
export type CheckOutcome =
  | { readonly kind: 'run' }
  /** `CommandLineUtils.printUsageAndDie`: the message and the option table on stderr, exit 1. */
  | { readonly kind: 'usage'; readonly message: string }
  /** `--version`: the version on stdout, exit 0. */
  | { readonly kind: 'version' }
  /** An exception thrown out of `main` (the JVM prints `Exception in thread "main" …`). */
  | { readonly kind: 'uncaught'; readonly exceptionClass: string; readonly message: string };

const ACTIONS = ['create', 'list', 'alter', 'describe', 'delete'] as const;
const ALL_TOPIC_LEVEL = ['alter', 'create', 'describe', 'list', 'delete'];
const ALL_REPLICATION_REPORTS = [
  'under-replicated-partitions',
  'under-min-isr-partitions',
  'at-min-isr-partitions',
  'unavailable-partitions',
];

const shown = (name: string) => `[${name}]`;
const without = (list: readonly string[], ...drop: string[]) => list.filter((x) => !drop.includes(x));

export class TopicCommandOptions {
  readonly options: ParsedOptions;

  constructor(readonly args: readonly string[]) {
    this.options = parseOptions(TOPIC_COMMAND_SPECS, args);
  }

  has(name: string): boolean {
    return this.options.has(name);
  }

  get action(): (typeof ACTIONS)[number] {
    return ACTIONS.find((a) => this.has(a))!;
  }

  get bootstrapServer(): string | undefined {
    return this.options.valueOf('bootstrap-server');
  }

  get topic(): string | undefined {
    return this.options.valueOf('topic');
  }

  get partitions(): number | undefined {
    return this.options.intValueOf('partitions');
  }

  get replicationFactor(): number | undefined {
    return this.options.intValueOf('replication-factor');
  }

  get excludeInternalTopics(): boolean {
    return this.has('exclude-internal');
  }

  checkArgs(): CheckOutcome {
    if (this.args.length === 0) return { kind: 'usage', message: 'Create, delete, describe, or change a topic.' };
    if (this.has('help')) return { kind: 'usage', message: 'This tool helps to create, delete, describe, or change a topic.' };
    if (this.has('version')) return { kind: 'version' };
    if (ACTIONS.filter((a) => this.has(a)).length !== 1) {
      return { kind: 'usage', message: 'Command must include exactly one action: --list, --describe, --create, --alter or --delete' };
    }
    if (this.has('bootstrap-server') === this.has('zookeeper')) {
      return {
        kind: 'uncaught',
        exceptionClass: 'java.lang.IllegalArgumentException',
        message: 'Only one of --bootstrap-server or --zookeeper must be specified',
      };
    }
    const checks: Array<() => string | null> = [
      () => (!this.has('bootstrap-server') ? this.required('zookeeper') : null),
      () => (this.has('describe') && this.has('if-exists') ? this.required('topic') : null),
      () => (!this.has('list') && !this.has('describe') ? this.required('topic') : null),
      () =>
        this.has('create') && !this.has('replica-assignment') && this.has('zookeeper')
          ? this.required('partitions', 'replication-factor')
          : null,
      () =>
        this.has('bootstrap-server') && this.has('alter')
          ? (this.invalidSet(['bootstrap-server', 'config'], ['alter']) ?? this.required('partitions'))
          : null,
      () => this.invalid('config', without(ALL_TOPIC_LEVEL, 'alter', 'create')),
      () => this.invalid('delete-config', [...without(ALL_TOPIC_LEVEL, 'alter'), 'bootstrap-server']),
      () => this.invalid('partitions', without(ALL_TOPIC_LEVEL, 'alter', 'create')),
      () => this.invalid('replication-factor', without(ALL_TOPIC_LEVEL, 'create')),
      () => this.invalid('replica-assignment', without(ALL_TOPIC_LEVEL, 'create', 'alter')),
      () => (this.has('create') ? this.invalid('replica-assignment', ['partitions', 'replication-factor']) : null),
      ...ALL_REPLICATION_REPORTS.map(
        (report) => () =>
          this.invalid(report, [
            ...without(ALL_TOPIC_LEVEL, 'describe'),
            ...without(ALL_REPLICATION_REPORTS, report),
            'topics-with-overrides',
          ]),
      ),
      () => this.invalid('topics-with-overrides', [...without(ALL_TOPIC_LEVEL, 'describe'), ...ALL_REPLICATION_REPORTS]),
      () => this.invalid('if-exists', [...without(ALL_TOPIC_LEVEL, 'alter', 'delete', 'describe'), 'bootstrap-server']),
      () => this.invalid('if-not-exists', [...without(ALL_TOPIC_LEVEL, 'create'), 'bootstrap-server']),
      () => this.invalid('exclude-internal', without(ALL_TOPIC_LEVEL, 'list', 'describe')),
    ];
    for (const check of checks) {
      const message = check();
      if (message !== null) return { kind: 'usage', message };
    }
    return { kind: 'run' };
  }

  private required(...names: string[]): string | null {
    const missing = names.find((n) => !this.has(n));
    return missing === undefined ? null : `Missing required argument "${shown(missing)}"`;
  }

  private invalid(used: string, invalid: readonly string[]): string | null {
    if (!this.has(used)) return null;
    const clash = invalid.find((n) => this.has(n));
    return clash === undefined ? null : `Option "${shown(used)}" can't be used with option "${shown(clash)}"`;
  }

  /** 2.5's text has no pointer to kafka-configs yet (KAFKA-10418 added one in 2.7). */
  private invalidSet(used: readonly string[], invalid: readonly string[]): string | null {
    if (!used.every((n) => this.has(n))) return null;
    const clash = invalid.find((n) => this.has(n));
    return clash === undefined ? null : `Option combination "${used.map(shown).join(',')}" can't be used with option "${shown(clash)}"`;
  }
}

/** Kafka's `TopicService` trait: one method per action, both variants (admin client and ZooKeeper). */
export interface TopicActions {
  createTopic(): Promise<void>;
  alterTopic(): Promise<void>;
  listTopics(): Promise<void>;
  describeTopic(): Promise<void>;
  deleteTopic(): Promise<void>;
}

/** `TopicCommand.main`: the one action the options name. */
export function runTopicAction(service: TopicActions, action: TopicCommandOptions['action']): Promise<void> {
  switch (action) {
    case 'create':
      return service.createTopic();
    case 'alter':
      return service.alterTopic();
    case 'list':
      return service.listTopics();
    case 'describe':
      return service.describeTopic();
    case 'delete':
      return service.deleteTopic();
  }
}
