/**
 * `kafka-dojo kafka-preferred-replica-election --zookeeper …`: Kafka 2.5.1's
 * `PreferredReplicaLeaderElectionCommand` (ZkCommand): the partitions of `--path-to-json-file`
 * (or every partition) that exist are written to `/admin/preferred_replica_election`, which the
 * controller picks up and elects; with `--bootstrap-server`, its AdminClientCommand
 * (admin-client-command.ts). Its exceptions escape `main` (`Exception in thread "main" …`).
 */
import { readFileSync } from 'node:fs';
import { readElectionPartitions } from '../kafka-leader-election/election-partitions';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { RUNTIME_EXCEPTION, stackTraceLines, throwableToString } from '../../core/common/throwable';
import { DEFAULT_KAFKA_BUILD, scalaImmutableMapOrderBy } from '../../core/common/jvm-hash-order';
import type { TopicPartition } from '../../core/common/topic-partition';
import { tpKey } from '../../core/common/topic-partition';
import type { KafkaZkClient } from '../../core/kafka-zk/kafka-zk-client';
import { Code, KeeperException } from '../../core/zookeeper';
import { DEFAULT_OPTION_SPECS, printHelpAndExitIfNeeded, printUsageAndDie, ToolExit } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { OptionException, parseOptions, type OptionSpec } from '../kafka-topics/option-parser';
import { defaultZkEnvironment } from '../zookeeper/zk-connection';
import { topicPartitionHashCode, tpString } from '../kafka-reassign-partitions/reassignment-json';
import { ElectionFailures } from '../kafka-leader-election/election-outcome';
import { electPreferredLeadersWithAdminClient } from './admin-client-command';

export const PREFERRED_ELECTION_SPECS: readonly OptionSpec[] = [
  ...DEFAULT_OPTION_SPECS,
  {
    name: 'path-to-json-file',
    description:
      'The JSON file with the list of partitions for which preferred replica leader election should be done, in the following format - \n{"partitions":\n\t[{"topic": "foo", "partition": 1},\n\t {"topic": "foobar", "partition": 2}]\n}\nDefaults to all existing partitions',
    argument: { type: 'String', describedAs: 'list of partitions for which preferred replica leader election needs to be triggered' },
  },
  {
    name: 'zookeeper',
    description:
      'DEPRECATED. The connection string for the zookeeper connection in the form host:port. Multiple URLS can be given to allow fail-over. Replaced by --bootstrap-server, REQUIRED unless --bootstrap-server is given.',
    argument: { type: 'String', describedAs: 'urls' },
  },
  {
    name: 'bootstrap-server',
    description:
      'A hostname and port for the broker to connect to, in the form host:port. Multiple comma-separated URLs can be given. REQUIRED unless --zookeeper is given.',
    argument: { type: 'String', describedAs: 'host:port' },
  },
  {
    name: 'admin.config',
    description: 'Admin client config properties file to pass to the admin client when --bootstrap-server is given.',
    argument: { type: 'String', describedAs: 'config file' },
  },
];

/** A Scala immutable `Set[TopicPartition]` of these partitions, in its iteration order. */
function scalaSet(partitions: readonly TopicPartition[]): TopicPartition[] {
  const distinct = [...new Map(partitions.map((p) => [tpKey(p), p])).values()];
  return scalaImmutableMapOrderBy(distinct, topicPartitionHashCode, DEFAULT_KAFKA_BUILD);
}

/** `parsePreferredReplicaElectionData`. */
function parseElectionData(json: string): TopicPartition[] {
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch {
    throw AdminJavaException.adminOperation('Preferred replica election data is empty');
  }
  const partitions = (root as { partitions?: unknown } | null)?.partitions;
  if (!Array.isArray(partitions)) throw AdminJavaException.adminOperation('Preferred replica election data is empty');
  const list = readElectionPartitions(partitions, 'Preferred replica election data');
  return scalaSet(list);
}

async function electPreferredLeaders(zk: KafkaZkClient, fromUser: TopicPartition[] | null, println: (l: string) => void): Promise<void> {
  try {
    const topics = fromUser ? [...new Set(fromUser.map((p) => p.topic))] : await zk.getAllTopicsInCluster(false);
    const assignments = await zk.getFullReplicaAssignmentForTopics(topics);
    const fromZk = new Set([...assignments].flatMap(([t, a]) => [...a.keys()].map((p) => tpKey({ topic: t, partition: p }))));
    let valid: TopicPartition[];
    let invalid: TopicPartition[] = [];
    if (fromUser) {
      valid = scalaSet(fromUser.filter((p) => fromZk.has(tpKey(p))));
      invalid = scalaSet(fromUser.filter((p) => !fromZk.has(tpKey(p))));
    } else {
      // `getAllPartitions`: the partitions znodes of every topic.
      const all: TopicPartition[] = [];
      for (const topic of await zk.getAllTopicsInCluster(false))
        for (const p of await zk.getTopicPartitionIds(topic)) all.push({ topic, partition: p });
      valid = scalaSet(all);
    }
    try {
      await zk.createPreferredReplicaElection(valid);
      println(`Created preferred replica election path with ${valid.map(tpString).join(',')}`);
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NODEEXISTS) {
        const current = await zk.getPreferredReplicaElection();
        throw AdminJavaException.adminOperation(
          `Preferred replica leader election currently in progress for ${current.map(tpString).join(',')}. Aborting operation`,
        );
      }
      throw AdminJavaException.adminOperation(throwableToString(e, RUNTIME_EXCEPTION));
    }
    println(`Successfully started preferred replica election for partitions Set(${valid.map(tpString).join(', ')})`);
    for (const p of invalid) println(`Skipping preferred replica leader election for partition ${tpString(p)} since it doesn't exist.`);
  } catch (e) {
    throw AdminJavaException.adminCommandFailed('Admin command failed', e);
  }
}

export async function runKafkaPreferredReplicaElection(args: readonly string[], io: CommandIo): Promise<number> {
  const println = (line: string) => io.stdout(`${line}\n`);
  const uncaught = (e: unknown): number => {
    const lines =
      e instanceof OptionException
        ? [`${e.exceptionClass}: ${e.message}`]
        : e instanceof ElectionFailures
          ? e.traceLines()
          : stackTraceLines(e, RUNTIME_EXCEPTION);
    io.stderr(`Exception in thread "main" ${lines.join('\n')}\n`);
    return 1;
  };
  println('This tool is deprecated. Please use kafka-leader-election tool. Tracking issue: KAFKA-8405');
  try {
    const options = parseOptions(PREFERRED_ELECTION_SPECS, args);
    if (options.has('zookeeper') && options.has('bootstrap-server')) {
      throw new OptionException(
        'joptsimple.UnavailableOptionException',
        'Option(s) [bootstrap-server] are unavailable given other options on the command line',
      );
    }
    printHelpAndExitIfNeeded(
      io,
      PREFERRED_ELECTION_SPECS,
      args,
      options,
      "This tool helps to causes leadership for each partition to be transferred back to the 'preferred replica', it can be used to balance leadership among the servers.",
    );
    if (options.has('bootstrap-server') === options.has('zookeeper'))
      printUsageAndDie(io, PREFERRED_ELECTION_SPECS, "Exactly one of '[bootstrap-server]' or '[zookeeper]' must be provided");
    const jsonFile = options.valueOf('path-to-json-file');
    const fromUser = jsonFile === undefined ? null : parseElectionData(readFileSync(jsonFile, 'utf8'));
    if (!options.has('zookeeper')) {
      await electPreferredLeadersWithAdminClient(options.valueOf('bootstrap-server')!, fromUser, println, (lines) =>
        io.stderr(`${lines.join('\n')}\n`),
      );
      return 0;
    }
    println('Warning: --zookeeper is deprecated and will be removed in a future version of Kafka.');
    println('Use --bootstrap-server instead to specify a broker to connect to.');
    const env = io.zookeeper ?? defaultZkEnvironment();
    const session = await env.connect(options.valueOf('zookeeper')!, 'kafka-preferred-replica-election');
    try {
      await electPreferredLeaders(session.zkClient, fromUser, println);
    } finally {
      await session.close();
    }
    return 0;
  } catch (e) {
    if (e instanceof ToolExit) return e.code;
    return uncaught(e);
  }
}
