/**
 * What kafka-topics.sh (`kafka.admin.TopicCommand`, 2.5) checks on its own side before it sends
 * anything: the `--replica-assignment` syntax (`0:1:2,1:2:0`: partitions separated by ',', replicas
 * by ':'), the `--partitions` / `--replication-factor` ranges, and, for `--alter`, which entries of a
 * full assignment are sent (scenario A3).
 *
 * Errors are `TopicCommandError`: kafka-topics prints `Error while executing topic command : <message>`.
 */
import { javaSplit, javaTrim, NumberFormatException, parseJavaInt, SHORT_MAX } from '../common/java-lang';
import type { PartitionReplicaAssignment } from './replica-assignment';

export type TopicCommandExceptionName =
  'AdminCommandFailedException' | 'AdminOperationException' | 'NumberFormatException' | 'IllegalArgumentException';

/** An exception TopicCommand raises before contacting the cluster. */
export class TopicCommandError extends Error {
  readonly exceptionName: TopicCommandExceptionName;

  constructor(exceptionName: TopicCommandExceptionName, message: string) {
    super(message);
    this.exceptionName = exceptionName;
    this.name = exceptionName;
  }
}

/**
 * `int[].toString()` is `[I@` + an identity hash code, which is arbitrary in a real JVM. We print
 * `Arrays.hashCode` in its place: the same shape, and the same text for the same input.
 */
function javaIntArrayToString(values: readonly number[]): string {
  let hash = 1;
  for (const v of values) hash = (Math.imul(31, hash) + v) | 0;
  return `[I@${(hash >>> 0).toString(16)}`;
}

/**
 * `TopicCommand.parseReplicaAssignment`. Each entry is trimmed and parsed with Integer.parseInt, so
 * `0: 1` is fine and `a` fails with `For input string: "a"`; Java's split drops trailing empty
 * entries (`0:1,` is one partition). Duplicates in a partition, or a replica count different from
 * partition 0's, are refused with Kafka's messages.
 */
export function parseReplicaAssignment(replicaAssignmentList: string): PartitionReplicaAssignment {
  const partitionList = javaSplit(replicaAssignmentList, ',');
  const ret: PartitionReplicaAssignment = new Map();
  for (let i = 0; i < partitionList.length; i++) {
    const brokerList = javaSplit(partitionList[i], ':').map((s) => {
      try {
        return parseJavaInt(javaTrim(s));
      } catch (e) {
        if (e instanceof NumberFormatException) throw new TopicCommandError('NumberFormatException', e.message);
        throw e;
      }
    });
    const duplicates = brokerList.filter((b, index) => brokerList.indexOf(b) !== index);
    if (duplicates.length > 0) {
      throw new TopicCommandError(
        'AdminCommandFailedException',
        `Partition replica lists may not contain duplicate entries: ${[...new Set(duplicates)].join(',')}`,
      );
    }
    ret.set(i, brokerList);
    if (brokerList.length !== ret.get(0)!.length) {
      throw new TopicCommandError(
        'AdminOperationException',
        `Partition ${i} has different replication factor: ${javaIntArrayToString(brokerList)}`,
      );
    }
  }
  return ret;
}

/**
 * `kafka-topics --alter --replica-assignment`: the full assignment is parsed, then the first
 * `currentPartitionCount` entries are dropped and only the rest is sent with NewPartitions, so
 * existing partitions never move (scenario A3).
 */
export function newPartitionsFromFullAssignment(replicaAssignment: PartitionReplicaAssignment, currentPartitionCount: number): number[][] {
  return [...replicaAssignment.entries()]
    .sort(([a], [b]) => a - b)
    .slice(currentPartitionCount)
    .map(([, replicas]) => [...replicas]);
}

/** `TopicCommand.createTopic`'s own checks of `--replication-factor` and `--partitions`. */
export function validateCreateTopicOptions(options: { readonly partitions?: number; readonly replicationFactor?: number }): void {
  const { partitions, replicationFactor } = options;
  if (replicationFactor !== undefined && (replicationFactor > SHORT_MAX || replicationFactor < 1)) {
    throw new TopicCommandError('IllegalArgumentException', `The replication factor must be between 1 and ${SHORT_MAX} inclusive`);
  }
  if (partitions !== undefined && partitions < 1) {
    throw new TopicCommandError('IllegalArgumentException', 'The partitions must be greater than 0');
  }
}
