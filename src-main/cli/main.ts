/**
 * `kafka-dojo <tool> [options]`: Kafka's command-line tools against Kafka Dojo's brokers, through
 * the wire protocol on 127.0.0.1. Each tool takes the options of its Kafka 2.5 script.
 */
import { runKafkaBrokerApiVersions } from './kafka-broker-api-versions/kafka-broker-api-versions';
import { runKafkaConfigs } from './kafka-configs/kafka-configs';
import { runKafkaDeleteRecords } from './kafka-delete-records/kafka-delete-records';
import { runKafkaLogDirs } from './kafka-log-dirs/kafka-log-dirs';
import { runKafkaLeaderElection } from './kafka-leader-election/kafka-leader-election';
import { runKafkaConsumerGroups } from './kafka-consumer-groups/kafka-consumer-groups';
import { runKafkaPreferredReplicaElection } from './kafka-preferred-replica-election/kafka-preferred-replica-election';
import { runKafkaReassignPartitions } from './kafka-reassign-partitions/kafka-reassign-partitions';
import { runKafkaTopics, type CommandIo } from './kafka-topics/kafka-topics';
import { runZooKeeperShell } from './zookeeper-shell/zookeeper-shell';

const TOOLS: Record<string, (args: readonly string[], io: CommandIo) => Promise<number>> = {
  'kafka-topics': runKafkaTopics,
  'kafka-topics.sh': runKafkaTopics,
  'kafka-configs': runKafkaConfigs,
  'kafka-configs.sh': runKafkaConfigs,
  'kafka-consumer-groups': runKafkaConsumerGroups,
  'kafka-consumer-groups.sh': runKafkaConsumerGroups,
  'kafka-reassign-partitions': runKafkaReassignPartitions,
  'kafka-reassign-partitions.sh': runKafkaReassignPartitions,
  'kafka-delete-records': runKafkaDeleteRecords,
  'kafka-delete-records.sh': runKafkaDeleteRecords,
  'kafka-log-dirs': runKafkaLogDirs,
  'kafka-log-dirs.sh': runKafkaLogDirs,
  'kafka-leader-election': runKafkaLeaderElection,
  'kafka-leader-election.sh': runKafkaLeaderElection,
  'kafka-preferred-replica-election': runKafkaPreferredReplicaElection,
  'kafka-preferred-replica-election.sh': runKafkaPreferredReplicaElection,
  'kafka-broker-api-versions': runKafkaBrokerApiVersions,
  'kafka-broker-api-versions.sh': runKafkaBrokerApiVersions,
  'zookeeper-shell': runZooKeeperShell,
  'zookeeper-shell.sh': runZooKeeperShell,
};

const USAGE = `Usage: kafka-dojo <tool> [options]

Tools (each takes the options of its Kafka 2.5 script):
  kafka-topics                      create, delete, describe, or change a topic (kafka-topics.sh)
  kafka-configs                     describe or alter topic, broker, user and client configs (kafka-configs.sh, --zookeeper)
  kafka-consumer-groups             list, describe, delete, or reset the offsets of consumer groups (kafka-consumer-groups.sh)
  kafka-reassign-partitions         generate, execute, verify, cancel and list reassignments (kafka-reassign-partitions.sh; 2.6.0's --bootstrap-server form)
  kafka-delete-records              delete records of partitions down to an offset over DeleteRecords (kafka-delete-records.sh)
  kafka-log-dirs                    each broker's log dirs, their replicas, sizes and lags over DescribeLogDirs (kafka-log-dirs.sh)
  kafka-leader-election             elect preferred or unclean leaders over ElectLeaders (kafka-leader-election.sh)
  kafka-preferred-replica-election  move leadership back to the preferred replicas (kafka-preferred-replica-election.sh)
  kafka-broker-api-versions         the API versions each broker supports (kafka-broker-api-versions.sh)
  zookeeper-shell                   the cluster's znodes with zkCli's commands, over the ZooKeeper port (zookeeper-shell.sh)

Example:
  kafka-dojo kafka-topics --bootstrap-server 127.0.0.1:9092 --list
  kafka-dojo kafka-topics --zookeeper 127.0.0.1:2181 --describe
  kafka-dojo zookeeper-shell 127.0.0.1:2181 ls /brokers/ids
`;

export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const [tool, ...args] = argv;
  if (tool === undefined || tool === '--help' || tool === '-h') {
    io.stderr(USAGE);
    return tool === undefined ? 1 : 0;
  }
  const run = TOOLS[tool];
  if (!run) {
    io.stderr(`kafka-dojo: unknown tool '${tool}'\n\n${USAGE}`);
    return 1;
  }
  return run(args, io);
}

// Run directly (`tsx src-main/cli/main.ts …`) as well as through scripts/kafka-dojo.mjs.
if (process.argv[1] && /[\\/]main\.ts$/.test(process.argv[1])) {
  main(process.argv.slice(2), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) }).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`kafka-dojo: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
