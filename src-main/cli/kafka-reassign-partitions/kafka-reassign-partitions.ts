/**
 * `kafka-dojo kafka-reassign-partitions --zookeeper …`: Kafka 2.5.1's `ReassignPartitionsCommand`
 * over a KafkaZkClient. `--generate` proposes an assignment with `AdminUtils.assignReplicasToBrokers`;
 * `--execute` writes the throttles (`leader/follower.replication.throttled.replicas` on the topics,
 * `leader/follower.replication.throttled.rate` on the brokers) then `/admin/reassign_partitions`;
 * `--verify` reports each partition and removes the throttles once all are done. As in 2.5, a
 * failure prints `Partitions reassignment failed due to …` and its trace on stdout and exits 0.
 * With --bootstrap-server (or neither connection option) the tool is 2.6.0's
 * (reassign-admin-tool.ts).
 */
import { AdminZkClient } from '../../core/admin/admin-zk-client';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { errorMessage, RUNTIME_EXCEPTION, stackTraceLines } from '../../core/common/throwable';
import { DynamicBrokerConfigNames } from '../../core/admin/dynamic-config';
import {
  assignThrottledReplicas,
  generateAssignment,
  parseGenerateAssignmentArgs,
  scalaMapOrderOfAssignment as immutableMapOrder,
  type Assignment,
} from '../../core/admin/reassignment-plan';
import type { TopicPartition } from '../../core/common/topic-partition';
import { tpKey } from '../../core/common/topic-partition';
import type { Random } from '../../core/platform/random';
import type { KafkaZkClient } from '../../core/kafka-zk/kafka-zk-client';
import { ConfigType } from '../../core/kafka-zk/config-znodes';
import { TopicZNode } from '../../core/kafka-zk/topic-znodes';
import { Code, KeeperException } from '../../core/zookeeper';
import { readFileSync } from 'node:fs';
import { checkInvalidArgs, checkRequiredArgs, printHelpAndExitIfNeeded, printUsageAndDie, ToolExit } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { OptionException, parseOptions, type ParsedOptions } from '../kafka-topics/option-parser';
import { defaultZkEnvironment } from '../zookeeper/zk-connection';
import { REASSIGN_SPECS } from './reassign-option-specs';
import { runReassignWithAdmin } from './reassign-admin-tool';
import { REASSIGN_SPECS_26, validateReassignArgs, type ReassignAction } from './reassign-options';
import {
  checkReassignmentEntries,
  formatAsReassignmentJson,
  parsePartitionReassignmentData,
  parseTopicsData,
  tpString,
  type ParsedReassignment,
} from './reassignment-json';

function longValueOf(options: ParsedOptions, name: string, defaultValue: number): number {
  const raw = options.valueOf(name);
  if (raw === undefined) return defaultValue;
  if (!/^[+-]?\d+$/.test(raw))
    throw new OptionException('joptsimple.OptionArgumentConversionException', `Cannot parse argument '${raw}' of option ${name}`);
  return Number(raw);
}

/** `getReplicaAssignmentForTopics`: partitions in each topic znode's own order, then as a Scala Map. */
async function getReplicaAssignmentForTopics(zk: KafkaZkClient, topics: readonly string[]): Promise<Assignment> {
  const entries: Array<[TopicPartition, number[]]> = [];
  for (const topic of topics) {
    const node = await zk.getDataAndStat(TopicZNode.path(topic));
    const assignment = (await zk.getFullReplicaAssignmentForTopics([topic])).get(topic);
    if (!node || !assignment) continue;
    // Jackson keeps the znode's member order; JSON.parse would sort numeric keys.
    const order = [...new TextDecoder().decode(node.data ?? new Uint8Array()).matchAll(/"(\d+)"\s*:\s*\[/g)].map((m) => Number(m[1]));
    const partitions = [...new Set([...order.filter((p) => assignment.has(p)), ...assignment.keys()])];
    for (const p of partitions) entries.push([{ topic, partition: p }, [...assignment.get(p)!.replicas]]);
  }
  return immutableMapOrder(entries);
}

class ReassignCommand {
  private readonly adminZkClient: AdminZkClient;

  constructor(
    private readonly zk: KafkaZkClient,
    private readonly opts: ParsedOptions,
    private readonly println: (line: string) => void,
    private readonly random: Random,
  ) {
    this.adminZkClient = new AdminZkClient(zk);
  }

  private readFile(option: string): string {
    return readFileSync(this.opts.valueOf(option)!, 'utf8');
  }

  async generate(): Promise<void> {
    const { brokers, topics } = parseGenerateAssignmentArgs(
      parseTopicsData(this.readFile('topics-to-move-json-file')),
      this.opts.valueOf('broker-list')!,
    );
    const current = await getReplicaAssignmentForTopics(this.zk, [...new Set(topics)]);
    const registeredBrokers = (await this.zk.getAllBrokersInCluster()).map((b) => ({ id: b.id, rack: b.rack }));
    const proposed = generateAssignment(
      { current, registeredBrokers, brokerList: brokers, enableRackAwareness: !this.opts.has('disable-rack-aware') },
      this.random,
    );
    this.println(`Current partition replica assignment\n${formatAsReassignmentJson(current)}\n`);
    this.println(`Proposed partition reassignment configuration\n${formatAsReassignmentJson(proposed)}`);
  }

  /** `parseAndValidate`. */
  private async parseAndValidate(): Promise<ParsedReassignment & { proposed: Assignment }> {
    const parsed = parsePartitionReassignmentData(this.readFile('reassignment-json-file'));
    if (parsed.partitions.length === 0) throw AdminJavaException.adminCommandFailed('Partition reassignment data file is empty');
    checkReassignmentEntries(parsed.partitions);
    const existing = await getReplicaAssignmentForTopics(this.zk, [...new Set(parsed.partitions.map(([tp]) => tp.topic))]);
    const existingKeys = new Set(existing.map(([tp]) => tpKey(tp)));
    const missing = parsed.partitions.map(([tp]) => tp).filter((tp) => !existingKeys.has(tpKey(tp)));
    if (missing.length > 0)
      throw AdminJavaException.adminCommandFailed(
        `The proposed assignment contains non-existent partitions: ArrayBuffer(${missing.map(tpString).join(', ')})`,
      );
    const brokerIds = new Set(await this.zk.getSortedBrokerList());
    const unknownBrokers = [...new Set(parsed.partitions.flatMap(([, r]) => r))].filter((b) => !brokerIds.has(b));
    if (unknownBrokers.length > 0)
      throw AdminJavaException.adminCommandFailed(`The proposed assignment contains non-existent brokerIDs: ${unknownBrokers.join(',')}`);
    return { ...parsed, proposed: immutableMapOrder(parsed.partitions) };
  }

  async execute(): Promise<void> {
    const { proposed, replicaLogDirs } = await this.parseAndValidate();
    const interBrokerLimit = longValueOf(this.opts, 'throttle', -1);
    const alterLogDirsLimit = longValueOf(this.opts, 'replica-alter-log-dirs-throttle', -1);
    // Read as Kafka reads it (a bad value fails here); it bounds only the AlterReplicaLogDirs retries.
    longValueOf(this.opts, 'timeout', 10000);
    const topics = [...new Set(proposed.map(([tp]) => tp.topic))];
    if (await this.zk.reassignPartitionsInProgress()) {
      this.println('There is an existing assignment running.');
      await this.maybeLimit(
        proposed,
        replicaLogDirs.map((r) => r.brokerId),
        interBrokerLimit,
        alterLogDirsLimit,
      );
      return;
    }
    this.println(
      `Current partition replica assignment\n\n${formatAsReassignmentJson(await getReplicaAssignmentForTopics(this.zk, topics))}\n\nSave this to use as the --reassignment-json-file option during rollback`,
    );
    if (interBrokerLimit >= 0 || alterLogDirsLimit >= 0) {
      this.println(
        'Warning: You must run Verify periodically, until the reassignment completes, to ensure the throttle is removed. You can also alter the throttle by rerunning the Execute command passing a new value.',
      );
    }
    // maybeThrottle
    if (interBrokerLimit >= 0) await this.assignThrottledReplicas(proposed);
    await this.maybeLimit(
      proposed,
      replicaLogDirs.map((r) => r.brokerId),
      interBrokerLimit,
      alterLogDirsLimit,
    );
    if (interBrokerLimit >= 0) this.println(`The inter-broker throttle limit was set to ${interBrokerLimit} B/s`);
    if (alterLogDirsLimit >= 0) this.println(`The replica-alter-dir throttle limit was set to ${alterLogDirsLimit} B/s`);
    const existing = new Map((await getReplicaAssignmentForTopics(this.zk, topics)).map(([tp]) => [tpKey(tp), true]));
    const valid = proposed.filter(([tp]) => existing.has(tpKey(tp)));
    if (valid.length === 0) {
      this.println(`Failed to reassign partitions ${proposed.map(([tp, r]) => `(${tpString(tp)},List(${r.join(', ')}))`).join(',')}`);
      return;
    }
    if (replicaLogDirs.length > 0) this.refuseLogDirMoves();
    try {
      await this.zk.createPartitionReassignment(valid);
    } catch (e) {
      if (!(e instanceof KeeperException && e.code === Code.NODEEXISTS)) throw e;
      const inProgress = (await this.zk.getPartitionReassignment()).map(
        (r) => `${tpString(r.partition)} -> List(${r.replicas.join(', ')})`,
      );
      throw AdminJavaException.adminCommandFailed(
        `Partition reassignment currently in progress for Map(${inProgress.join(', ')}). Aborting operation`,
      );
    }
    this.println('Successfully started reassignment of partitions.');
  }

  /** Moving replicas between log dirs needs --bootstrap-server, which takes the command to 2.6.0's form. */
  private refuseLogDirMoves(): never {
    throw AdminJavaException.adminCommandFailed(
      'bootstrap-server needs to be provided in order to reassign replica to the specified log directory',
    );
  }

  /** `maybeLimit`: the rates on every broker of the current and proposed assignments. */
  private async maybeLimit(
    proposed: Assignment,
    logDirBrokers: readonly number[],
    interBrokerLimit: number,
    alterLogDirsLimit: number,
  ): Promise<void> {
    if (interBrokerLimit < 0 && alterLogDirsLimit < 0) return;
    const existing = await getReplicaAssignmentForTopics(this.zk, [...new Set(proposed.map(([tp]) => tp.topic))]);
    const brokers = [...new Set([...existing.flatMap(([, r]) => r), ...proposed.flatMap(([, r]) => r), ...logDirBrokers])];
    for (const id of brokers) {
      const configs = await this.adminZkClient.fetchEntityConfig(ConfigType.Broker, String(id));
      if (interBrokerLimit >= 0) {
        configs.set(DynamicBrokerConfigNames.LeaderReplicationThrottledRateProp, String(interBrokerLimit));
        configs.set(DynamicBrokerConfigNames.FollowerReplicationThrottledRateProp, String(interBrokerLimit));
      }
      if (alterLogDirsLimit >= 0)
        configs.set(DynamicBrokerConfigNames.ReplicaAlterLogDirsIoMaxBytesPerSecondProp, String(alterLogDirsLimit));
      await this.adminZkClient.changeBrokerConfig([id], configs);
    }
  }

  /** `assignThrottledReplicas`: the plan's throttled-replica lists written on each topic. */
  private async assignThrottledReplicas(proposed: Assignment): Promise<void> {
    const existing = await getReplicaAssignmentForTopics(this.zk, [...new Set(proposed.map(([tp]) => tp.topic))]);
    for (const [topic, { leader, follower }] of assignThrottledReplicas(existing, proposed)) {
      const configs = await this.adminZkClient.fetchEntityConfig(ConfigType.Topic, topic);
      configs.set('leader.replication.throttled.replicas', leader);
      configs.set('follower.replication.throttled.replicas', follower);
      await this.adminZkClient.changeTopicConfig(topic, configs);
    }
  }

  async verify(): Promise<void> {
    this.println('Status of partition reassignment: ');
    const parsed = parsePartitionReassignmentData(this.readFile('reassignment-json-file'));
    if (parsed.replicaLogDirs.length > 0) this.refuseLogDirMoves();
    const inProgress = new Set((await this.zk.getPartitionReassignment()).map((r) => tpKey(r.partition)));
    const notBeing = parsed.partitions.filter(([tp]) => !inProgress.has(tpKey(tp)));
    const being = parsed.partitions.filter(([tp]) => inProgress.has(tpKey(tp)));
    const statuses: Array<[TopicPartition, 'completed' | 'failed' | 'in-progress']> = [];
    for (const topic of [...new Set(notBeing.map(([tp]) => tp.topic))]) {
      const current = new Map((await getReplicaAssignmentForTopics(this.zk, [topic])).map(([tp, r]) => [tpKey(tp), r]));
      for (const [tp, target] of notBeing.filter(([t]) => t.topic === topic)) {
        const replicas = current.get(tpKey(tp));
        statuses.push([tp, replicas !== undefined && replicas.join(',') === target.join(',') ? 'completed' : 'failed']);
      }
    }
    for (const [tp] of being) statuses.push([tp, 'in-progress']);
    const words = { completed: 'completed successfully', failed: 'failed', 'in-progress': 'is still in progress' };
    for (const [tp, status] of immutableMapOrder(statuses)) this.println(`Reassignment of partition ${tpString(tp)} ${words[status]}`);
    if (statuses.every(([, s]) => s === 'completed')) await this.removeThrottle(statuses.map(([tp]) => tp.topic));
  }

  private async removeThrottle(topics: readonly string[]): Promise<void> {
    let changed = false;
    const rates = Object.values(DynamicBrokerConfigNames);
    for (const broker of await this.zk.getAllBrokersInCluster()) {
      const configs = await this.adminZkClient.fetchEntityConfig(ConfigType.Broker, String(broker.id));
      if (rates.map((k) => configs.delete(k)).some(Boolean)) {
        await this.adminZkClient.changeBrokerConfig([broker.id], configs);
        changed = true;
      }
    }
    for (const topic of [...new Set(topics)]) {
      const configs = await this.adminZkClient.fetchEntityConfig(ConfigType.Topic, topic);
      if (
        ['leader.replication.throttled.replicas', 'follower.replication.throttled.replicas'].map((k) => configs.delete(k)).some(Boolean)
      ) {
        await this.adminZkClient.changeTopicConfig(topic, configs);
        changed = true;
      }
    }
    if (changed) this.println('Throttle was removed.');
  }
}

function validateAndParseArgs(args: readonly string[], io: CommandIo): ParsedOptions {
  const options = parseOptions(REASSIGN_SPECS, args);
  printHelpAndExitIfNeeded(io, REASSIGN_SPECS, args, options, 'This tool helps to moves topic partitions between replicas.');
  if (['generate', 'execute', 'verify'].filter((a) => options.has(a)).length !== 1)
    printUsageAndDie(io, REASSIGN_SPECS, 'Command must include exactly one action: --generate, --execute or --verify');
  checkRequiredArgs(io, REASSIGN_SPECS, options, 'zookeeper');
  if (options.has('verify')) {
    if (!options.has('reassignment-json-file'))
      printUsageAndDie(
        io,
        REASSIGN_SPECS,
        'If --verify option is used, command must include --reassignment-json-file that was used during the --execute option',
      );
    checkInvalidArgs(io, REASSIGN_SPECS, options, 'verify', [
      'throttle',
      'replica-alter-log-dirs-throttle',
      'topics-to-move-json-file',
      'disable-rack-aware',
      'broker-list',
    ]);
  } else if (options.has('generate')) {
    if (!(options.has('topics-to-move-json-file') && options.has('broker-list')))
      printUsageAndDie(
        io,
        REASSIGN_SPECS,
        'If --generate option is used, command must include both --topics-to-move-json-file and --broker-list options',
      );
    checkInvalidArgs(io, REASSIGN_SPECS, options, 'generate', ['throttle', 'replica-alter-log-dirs-throttle', 'reassignment-json-file']);
  } else {
    if (!options.has('reassignment-json-file'))
      printUsageAndDie(
        io,
        REASSIGN_SPECS,
        'If --execute option is used, command must include --reassignment-json-file that was output during the --generate option',
      );
    checkInvalidArgs(io, REASSIGN_SPECS, options, 'execute', ['topics-to-move-json-file', 'disable-rack-aware', 'broker-list']);
  }
  return options;
}

export { REASSIGN_SPECS };

/**
 * 2.6.0's tool with --bootstrap-server (or with neither connection option, which it refuses); the
 * deprecated --zookeeper form alone keeps 2.5.1's behaviour.
 */
export async function runKafkaReassignPartitions(args: readonly string[], io: CommandIo): Promise<number> {
  let options: ParsedOptions;
  try {
    options = parseOptions(REASSIGN_SPECS_26, args);
  } catch (e) {
    if (!(e instanceof OptionException)) throw e;
    if (args.includes('--zookeeper') && !args.includes('--bootstrap-server')) return runWithZookeeper(args, io);
    io.stderr(`Exception in thread "main" ${e.exceptionClass}: ${e.message}\n`);
    return 1;
  }
  if (options.has('zookeeper') && !options.has('bootstrap-server')) return runWithZookeeper(args, io);
  let action: ReassignAction;
  try {
    action = validateReassignArgs(io, args, options);
  } catch (e) {
    if (e instanceof ToolExit) return e.code;
    throw e;
  }
  return runReassignWithAdmin(options, action, io, (io.zookeeper ?? defaultZkEnvironment()).random);
}

/** Kafka 2.5.1's `ReassignPartitionsCommand.main` over a KafkaZkClient. */
async function runWithZookeeper(args: readonly string[], io: CommandIo): Promise<number> {
  let options: ParsedOptions;
  try {
    options = validateAndParseArgs(args, io);
  } catch (e) {
    if (e instanceof ToolExit) return e.code;
    if (e instanceof OptionException) {
      io.stderr(`Exception in thread "main" ${e.exceptionClass}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  const env = io.zookeeper ?? defaultZkEnvironment();
  let session;
  try {
    session = await env.connect(options.valueOf('zookeeper')!, 'kafka-reassign-partitions');
  } catch (e) {
    io.stderr(`Exception in thread "main" ${stackTraceLines(e, RUNTIME_EXCEPTION).join('\n')}\n`);
    return 1;
  }
  const println = (line: string) => io.stdout(`${line}\n`);
  try {
    const command = new ReassignCommand(session.zkClient, options, println, env.random);
    if (options.has('verify')) await command.verify();
    else if (options.has('generate')) await command.generate();
    else await command.execute();
  } catch (e) {
    println(`Partitions reassignment failed due to ${errorMessage(e)}`);
    println(stackTraceLines(e, RUNTIME_EXCEPTION).join('\n'));
  } finally {
    await session.close();
  }
  return 0;
}
