/**
 * Each response's `errorCounts()` as Kafka 2.5.1's response classes count them — what
 * `RequestChannel.updateErrorMetrics` marks on `ErrorsPerSec{request, error}` for every response
 * sent, NONE included. Which level counts differs per API (Metadata counts its topics but not their
 * partitions, Fetch its partitions but not the top-level error, LeaveGroup only errors that are not
 * NONE, LeaderAndIsr and StopReplica a top-level error once per partition), so each API names the
 * paths of the error codes it counts, as its class does.
 */
import { errorForCode } from '../../core/common/kafka-errors';

/** A path of field names through nested arrays to an `errorCode` (e.g. `['responses', 'partitions']`). */
type ErrorPath = readonly string[];

interface ErrorCountRule {
  readonly paths: readonly ErrorPath[];
  /** LeaveGroupResponse: NONE is not counted. */
  readonly skipNone?: boolean;
  /** LeaderAndIsr / StopReplica: a top-level error counts once per entry of this array, instead of the entries' own codes. */
  readonly topLevelAppliesTo?: string;
}

const TOP: ErrorPath = [];

/** By API key; APIs this broker does not answer are absent. */
const RULES: Readonly<Record<number, ErrorCountRule>> = {
  0: { paths: [['responses', 'partitions']] }, // Produce
  1: { paths: [['topics', 'partitions']] }, // Fetch
  2: { paths: [['topics', 'partitions']] }, // ListOffsets
  3: { paths: [['topics']] }, // Metadata
  4: { paths: [['partitionErrors']], topLevelAppliesTo: 'partitionErrors' }, // LeaderAndIsr
  5: { paths: [['partitionErrors']], topLevelAppliesTo: 'partitionErrors' }, // StopReplica
  6: { paths: [TOP] }, // UpdateMetadata
  7: { paths: [TOP] }, // ControlledShutdown
  8: { paths: [['topics', 'partitions']] }, // OffsetCommit
  9: { paths: [TOP] }, // OffsetFetch: the top-level error only
  10: { paths: [TOP] }, // FindCoordinator
  11: { paths: [TOP] }, // JoinGroup
  12: { paths: [TOP] }, // Heartbeat
  13: { paths: [TOP, ['members']], skipNone: true }, // LeaveGroup
  14: { paths: [TOP] }, // SyncGroup
  15: { paths: [['groups']] }, // DescribeGroups
  16: { paths: [TOP] }, // ListGroups
  17: { paths: [TOP] }, // SaslHandshake
  18: { paths: [TOP] }, // ApiVersions
  19: { paths: [['topics']] }, // CreateTopics
  20: { paths: [['responses']] }, // DeleteTopics
  21: { paths: [['topics', 'partitions']] }, // DeleteRecords
  22: { paths: [TOP] }, // InitProducerId
  23: { paths: [['topics', 'partitions']] }, // OffsetForLeaderEpoch
  29: { paths: [TOP] }, // DescribeAcls
  30: { paths: [['results']] }, // CreateAcls
  31: { paths: [['filterResults']] }, // DeleteAcls
  32: { paths: [['results']] }, // DescribeConfigs
  33: { paths: [['responses']] }, // AlterConfigs
  34: { paths: [['results', 'partitions']] }, // AlterReplicaLogDirs
  35: { paths: [['results']] }, // DescribeLogDirs
  36: { paths: [TOP] }, // SaslAuthenticate
  37: { paths: [['results']] }, // CreatePartitions
  38: { paths: [TOP] }, // CreateDelegationToken
  39: { paths: [TOP] }, // RenewDelegationToken
  40: { paths: [TOP] }, // ExpireDelegationToken
  41: { paths: [TOP] }, // DescribeDelegationToken
  42: { paths: [['results']] }, // DeleteGroups
  43: { paths: [['replicaElectionResults', 'partitionResult']] }, // ElectLeaders
  44: { paths: [['responses']] }, // IncrementalAlterConfigs
  45: { paths: [TOP, ['responses', 'partitions']] }, // AlterPartitionReassignments
  46: { paths: [TOP] }, // ListPartitionReassignments
  47: { paths: [TOP, ['topics', 'partitions']] }, // OffsetDelete
};

type Message = Readonly<Record<string, unknown>>;

/** The error codes at the end of `path` (a missing `errorCode` is its default, 0). */
function errorCodesAt(message: Message, path: ErrorPath): number[] {
  if (path.length === 0) return [typeof message.errorCode === 'number' ? message.errorCode : 0];
  const [head, ...rest] = path;
  const entries = message[head];
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => errorCodesAt(entry as Message, rest));
}

/** Error name → count for one response, in the order first met; empty for an API without a rule. */
export function responseErrorCounts(apiKey: number, response: Message): Map<string, number> {
  const counts = new Map<string, number>();
  const rule = RULES[apiKey];
  if (rule === undefined) return counts;
  const add = (code: number, n = 1) => {
    if (rule.skipNone && code === 0) return;
    const name = errorForCode(code).name;
    counts.set(name, (counts.get(name) ?? 0) + n);
  };
  const topLevel = typeof response.errorCode === 'number' ? response.errorCode : 0;
  if (rule.topLevelAppliesTo !== undefined && topLevel !== 0) {
    const entries = response[rule.topLevelAppliesTo];
    add(topLevel, Array.isArray(entries) ? entries.length : 0);
    return counts;
  }
  for (const path of rule.paths) for (const code of errorCodesAt(response, path)) add(code);
  return counts;
}
