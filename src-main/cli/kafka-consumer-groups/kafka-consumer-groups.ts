/**
 * `kafka-dojo kafka-consumer-groups --bootstrap-server …`: Kafka 2.5.1's kafka-consumer-groups.sh
 * (`kafka.admin.ConsumerGroupCommand`) over the wire protocol: `--list`, `--describe` (offsets,
 * `--members [--verbose]`, `--state`), `--reset-offsets`, `--delete`, `--delete-offsets`, with its
 * texts. As in 2.5.1 a failure inside the command prints `Error: Executing consumer group command
 * failed due to …` (stdout) and its trace (stderr) and still exits 0; usage errors exit 1.
 */
import { DEFAULT_KAFKA_BUILD, javaNewHashMapOrder, scalaImmutableMapOrder } from '../../core/common/jvm-hash-order';
import { tpKey, type TopicPartition } from '../../core/common/topic-partition';
import { AdminClient, AdminException, BootstrapConfigError } from '../../protocol/kafka/client/admin-client';
import { ConsumerGroupAdmin } from '../../protocol/kafka/client/consumer-group-admin';
import { printHelpAndExitIfNeeded, printUsageAndDie, ToolExit } from '../command-line-utils';
import { javaFailureOf, log4jLine } from '../kafka-topics/command-failure';
import { loadProps, type CommandIo } from '../kafka-topics/kafka-topics';
import { OptionException } from '../kafka-topics/option-parser';
import { ACTIONS, CONSUMER_GROUP_COMMAND_SPECS, ConsumerGroupCommandOptions } from './consumer-group-command-options';
import { ConsumerGroupDescriber } from './consumer-group-describe';
import { ConsumerGroupReset, exportOffsetsToCsv, printOffsetsToReset } from './consumer-group-reset';

const HELP =
  'This tool helps to list all consumer groups, describe a consumer group, delete consumer group info, or reset consumer group offsets.';

class ConsumerGroupService {
  private readonly println: (line: string) => void;

  constructor(
    private readonly opts: ConsumerGroupCommandOptions,
    private readonly admin: AdminClient,
    private readonly groups: ConsumerGroupAdmin,
    private readonly io: CommandIo,
  ) {
    this.println = (line) => io.stdout(`${line}\n`);
  }

  printError(message: string): void {
    this.println(`\nError: ${message}`);
  }

  private groupIds(): Promise<string[]> | string[] {
    return this.opts.has('all-groups') ? this.groups.listConsumerGroups() : [...this.opts.options.valuesOf('group')];
  }

  async run(): Promise<void> {
    const o = this.opts;
    if (o.has('list')) for (const g of await this.groups.listConsumerGroups()) this.println(g);
    else if (o.has('describe')) await this.describeGroups();
    else if (o.has('delete')) await this.deleteGroups();
    else if (o.has('reset-offsets')) await this.resetOffsets();
    else if (o.has('delete-offsets')) await this.deleteOffsets();
  }

  private async describeGroups(): Promise<void> {
    const ids = await this.groupIds();
    const describer = new ConsumerGroupDescriber(this.groups, {
      println: this.println,
      errPrintln: (l) => this.io.stderr(`${l}\n`),
      printError: (m) => this.printError(m),
    });
    if (this.opts.has('members')) await describer.printMembers(ids, this.opts.has('verbose'));
    else if (this.opts.has('state')) await describer.printStates(ids);
    else await describer.printOffsets(ids);
  }

  private async resetOffsets(): Promise<void> {
    const now = this.io.now ?? (() => new Date());
    const reset = new ConsumerGroupReset({
      admin: this.groups,
      opts: this.opts,
      io: this.io,
      printError: (m) => this.printError(m),
      warn: (m) => this.io.stderr(log4jLine(now(), 'WARN', m, 'kafka.admin.ConsumerGroupCommand$')),
      now: () => now().getTime(),
      partitionsOf: async (topic) => (await this.admin.describeTopics([topic]))[0].partitions.map((p) => p.partition),
      listGroups: () => this.groups.listConsumerGroups(),
    });
    const plan = await reset.resetOffsets();
    if (this.opts.has('export')) this.println(exportOffsetsToCsv(plan, this.opts.options.valuesOf('group').length === 1));
    else printOffsetsToReset(plan, this.println);
  }

  private async deleteGroups(): Promise<void> {
    const ids = await this.groupIds();
    const results = await this.groups.deleteConsumerGroups(ids);
    // The Java client's HashMap of futures, then Scala's immutable maps of the outcome.
    const order = scalaImmutableMapOrder(javaNewHashMapOrder([...results.keys()], Math.max(1, results.size)), DEFAULT_KAFKA_BUILD);
    const success = order.filter((g) => results.get(g) === null);
    const failed = order.filter((g) => results.get(g) !== null);
    const quoted = (gs: string[]) => `'${gs.join("', '")}'`;
    if (failed.length === 0) {
      this.println(`Deletion of requested consumer groups (${quoted(success)}) was successful.`);
      return;
    }
    this.printError('Deletion of some consumer groups failed:');
    for (const g of failed) {
      const e = results.get(g)!;
      this.println(
        `* Group '${g}' could not be deleted due to: java.util.concurrent.ExecutionException: ${e.exceptionClass}: ${e.message}`,
      );
    }
    if (success.length > 0) this.println(`\nThese consumer groups were deleted successfully: ${quoted(success)}`);
  }

  private async deleteOffsets(): Promise<void> {
    const groupId = this.opts.options.valueOf('group')!;
    const topics = this.opts.options.valuesOf('topic');
    const results = new Map<string, { tp: TopicPartition; error: AdminException | null }>();
    const partitions: TopicPartition[] = [];
    for (const arg of topics.filter((t) => t.includes(':'))) {
      const [topic, list] = arg.split(':');
      for (const p of list.split(',')) partitions.push({ topic, partition: Number(p) });
    }
    for (const topic of topics.filter((t) => !t.includes(':'))) {
      try {
        for (const p of (await this.admin.describeTopics([topic]))[0].partitions) partitions.push({ topic, partition: p.partition });
      } catch (e) {
        if (!(e instanceof AdminException)) throw e;
        results.set(tpKey({ topic, partition: -1 }), { tp: { topic, partition: -1 }, error: e });
      }
    }
    const outcome = await this.groups.deleteConsumerGroupOffsets(groupId, partitions);
    for (const tp of partitions) results.set(tpKey(tp), { tp, error: outcome.partitions.get(tpKey(tp)) ?? null });
    switch (outcome.error?.exceptionClass.replace('org.apache.kafka.common.errors.', '') ?? 'NONE') {
      case 'NONE':
        this.println(`Request succeed for deleting offsets with topic ${topics.join(', ')} group ${groupId}`);
        break;
      case 'InvalidGroupIdException':
        this.printError(`'${groupId}' is not valid.`);
        break;
      case 'GroupIdNotFoundException':
        this.printError(`'${groupId}' does not exist.`);
        break;
      case 'GroupAuthorizationException':
        this.printError(`Access to '${groupId}' is not authorized.`);
        break;
      case 'GroupNotEmptyException':
        this.printError(`Deleting offsets of a consumer group '${groupId}' is forbidden if the group is not empty.`);
        break;
      case 'GroupSubscribedToTopicException':
      case 'TopicAuthorizationException':
      case 'UnknownTopicOrPartitionException':
        this.printError('Encounter some partition level error, see the follow-up details:');
        break;
      default:
        this.printError(`Encounter some unknown error: ${errorName(outcome.error!)}`);
    }
    const line = (cols: ReadonlyArray<string | number>) =>
      `${String(cols[0]).padEnd(30)} ${String(cols[1]).padEnd(15)} ${String(cols[2]).padEnd(15)}`;
    this.println(`\n${line(['TOPIC', 'PARTITION', 'STATUS'])}`);
    const rows = [...results.values()].sort((a, b) => {
      const ka = a.tp.topic + String(a.tp.partition);
      const kb = b.tp.topic + String(b.tp.partition);
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    for (const { tp, error } of rows) {
      this.println(
        line([
          tp.topic,
          tp.partition >= 0 ? tp.partition : 'Not Provided',
          error ? `Error: ${error.exceptionClass}: ${error.message}` : 'Successful',
        ]),
      );
    }
  }
}

/** `Errors.forException(e)` printed: the error's name. */
function errorName(e: AdminException): string {
  return e.exceptionClass
    .replace(/^.*\./, '')
    .replace(/Exception$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase();
}

export async function runKafkaConsumerGroups(args: readonly string[], io: CommandIo): Promise<number> {
  let opts: ConsumerGroupCommandOptions;
  try {
    opts = new ConsumerGroupCommandOptions(args);
  } catch (e) {
    if (!(e instanceof OptionException)) throw e;
    io.stderr(`Exception in thread "main" ${e.exceptionClass}: ${e.message}\n`);
    return 1;
  }
  let admin: AdminClient | null = null;
  try {
    printHelpAndExitIfNeeded(io, CONSUMER_GROUP_COMMAND_SPECS, args, opts.options, HELP);
    if (ACTIONS.filter((a) => opts.has(a)).length !== 1) {
      printUsageAndDie(
        io,
        CONSUMER_GROUP_COMMAND_SPECS,
        'Command must include exactly one action: --list, --describe, --delete, --reset-offsets, --delete-offsets',
      );
    }
    opts.checkArgs(io);
    const commandConfig = opts.options.valueOf('command-config');
    const props = commandConfig === undefined ? new Map<string, string>() : loadProps(commandConfig);
    // `withTimeoutMs`: every admin call of the tool has --timeout as its deadline.
    let timeoutMs: number;
    try {
      timeoutMs = opts.longValueOf('timeout') ?? 5000;
    } catch (e) {
      if (!(e instanceof OptionException)) throw e;
      io.stdout(`\nError: Executing consumer group command failed due to ${e.message}\n`);
      io.stderr(`${e.exceptionClass}: ${e.message}\n`);
      return 0;
    }
    try {
      admin = new AdminClient({
        bootstrapServers: opts.options.valueOf('bootstrap-server')!,
        clientId: props.get('client.id'),
        defaultApiTimeoutMs: timeoutMs,
      });
    } catch (e) {
      if (!(e instanceof BootstrapConfigError)) throw e;
      io.stderr(
        `Exception in thread "main" org.apache.kafka.common.KafkaException: Failed to create new KafkaAdminClient\nCaused by: ${e.exceptionClass}: ${e.message}\n`,
      );
      return 1;
    }
    const service = new ConsumerGroupService(opts, admin, new ConsumerGroupAdmin(admin, timeoutMs), io);
    try {
      await service.run();
    } catch (e) {
      if (e instanceof ToolExit) throw e;
      const failure = javaFailureOf(e);
      service.printError(`Executing consumer group command failed due to ${failure.message}`);
      io.stderr(`${failure.trace.join('\n')}\n`);
    }
    return 0;
  } catch (e) {
    if (e instanceof ToolExit) return e.code;
    throw e;
  } finally {
    admin?.close();
  }
}
