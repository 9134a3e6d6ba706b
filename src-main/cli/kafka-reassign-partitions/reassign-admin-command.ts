/**
 * `kafka-reassign-partitions --bootstrap-server …`: the actions of Kafka 2.6.0's
 * `ReassignPartitionsCommand` over the Admin client. --generate proposes with
 * `calculateAssignment`; --execute sets the throttles with IncrementalAlterConfigs (the move map's
 * leader/follower replica lists on each topic, the rates on each reassigning broker) and sends
 * AlterPartitionReassignments; --verify reads ListPartitionReassignments and Metadata and, once no
 * reassignment is left, deletes the throttles; --cancel sends the cancellations (null replicas);
 * --list prints the ongoing reassignments. Partitions print sorted by topic, then partition.
 */
import { readFileSync } from 'node:fs';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { topicPartitionHashCode } from '../../core/admin/consumer-group-reset-plan';
import { DynamicBrokerConfigNames } from '../../core/admin/dynamic-config';
import type { AlterConfigOpType } from '../../core/admin/incremental-config-ops';
import {
  calculateAssignment,
  calculateFollowerThrottles,
  calculateLeaderThrottles,
  calculateMoveMap,
  calculateReassigningBrokers,
  parseGenerateAssignmentArgs,
  scalaMapOrderOfAssignment,
  type Assignment,
} from '../../core/admin/reassignment-plan';
import type { BrokerMetadata } from '../../core/admin/replica-assignment';
import {
  DEFAULT_KAFKA_BUILD,
  scala212MutableHashMapOrderBy,
  scalaImmutableMapOrder,
  scalaImmutableMapOrderBy,
} from '../../core/common/jvm-hash-order';
import { javaHashIterationOrder } from '../../core/common/java-lang';
import { tpKey, type TopicPartition } from '../../core/common/topic-partition';
import type { Random } from '../../core/platform/random';
import { AdminException, type AdminClient, type ConfigResourceRef } from '../../protocol/kafka/client/admin-client';
import { ReassignmentAdmin } from '../../protocol/kafka/client/reassignment-admin';
import {
  checkReassignmentEntries,
  formatAsReassignmentJson,
  parsePartitionReassignmentData,
  parseTopicsData,
  tpString,
} from './reassignment-json';
import { executionException, futureGet } from '../admin-future';
import { TerseReassignmentFailure } from './terse-reassignment-failure';
import { executeMoves, findLogDirMoveStates, moveDone, replicaMoveStatesToString, type TopicPartitionReplica } from './replica-log-dirs';

export { TerseReassignmentFailure } from './terse-reassignment-failure';

export const CANNOT_EXECUTE_BECAUSE_OF_EXISTING =
  'Cannot execute because there is an existing partition assignment.  Use --additional to override this and create a new partition assignment in addition to the existing one.';
export const YOU_MUST_RUN_VERIFY_PERIODICALLY =
  'Warning: You must run --verify periodically, until the reassignment completes, to ensure the throttle is removed.';

const TOPIC_THROTTLES = ['leader.replication.throttled.replicas', 'follower.replication.throttled.replicas'];
const BROKER_THROTTLES = [
  DynamicBrokerConfigNames.LeaderReplicationThrottledRateProp,
  DynamicBrokerConfigNames.FollowerReplicationThrottledRateProp,
  DynamicBrokerConfigNames.ReplicaAlterLogDirsIoMaxBytesPerSecondProp,
];

const get = futureGet;

/** `Utils.readFileAsString`. */
export function readFileAsString(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new AdminJavaException('java.nio.file.NoSuchFileException', path);
  }
}

/** `compareTopicPartitions`: by topic, then partition. */
const byTopicPartition = (a: TopicPartition, b: TopicPartition) =>
  a.topic !== b.topic ? (a.topic < b.topic ? -1 : 1) : a.partition - b.partition;
const sortedParts = (parts: Iterable<TopicPartition>) => [...parts].sort(byTopicPartition);
const sortedAssignment = (a: Iterable<readonly [TopicPartition, readonly number[]]>) => [...a].sort(([x], [y]) => byTopicPartition(x, y));
const plural = (n: number, suffix = 's') => (n === 1 ? '' : suffix);

/** A reassignment file's partitions and its replicas bound to a log dir. */
function parseTargets(json: string) {
  const parsed = parsePartitionReassignmentData(json);
  const replicas: Array<[TopicPartitionReplica, string]> = parsed.replicaLogDirs.map((r) => [
    { topic: r.partition.topic, partition: r.partition.partition, brokerId: r.brokerId },
    r.logDir,
  ]);
  return { parts: parsed.partitions, replicas };
}

export class ReassignAdminCommand {
  private readonly reassignments: ReassignmentAdmin;

  constructor(
    private readonly admin: AdminClient,
    private readonly println: (line: string) => void,
  ) {
    this.reassignments = new ReassignmentAdmin(admin);
  }

  async generate(topicsJson: string, brokerListString: string, enableRackAwareness: boolean, random: Random): Promise<void> {
    // 2.6 reads --broker-list before the topics file.
    parseGenerateAssignmentArgs([], brokerListString);
    const { brokers, topics } = parseGenerateAssignmentArgs(parseTopicsData(topicsJson), brokerListString);
    const current = await this.replicaAssignmentForTopics(topics);
    const brokerMetadatas = await this.brokerMetadata(brokers, enableRackAwareness);
    // calculateAssignment groups the topics of a mutable HashMap of partitions.
    const proposed = calculateAssignment(
      scala212MutableHashMapOrderBy(current, ([tp]) => topicPartitionHashCode(tp)),
      brokerMetadatas,
      random,
    );
    this.println(`Current partition replica assignment\n${formatAsReassignmentJson(sortedAssignment(current))}\n`);
    this.println(`Proposed partition reassignment configuration\n${formatAsReassignmentJson(sortedAssignment(proposed))}`);
  }

  async execute(additional: boolean, json: string, interBrokerThrottle: number, logDirThrottle: number, timeoutMs: number): Promise<void> {
    const { parts, replicas } = parseTargets(json);
    if (parts.length === 0) throw AdminJavaException.adminCommandFailed('Partition reassignment list cannot be empty');
    checkReassignmentEntries(parts);
    // `toMap`: a Scala immutable Map, which orders the brokers looked up below.
    const proposed = scalaMapOrderOfAssignment(parts.map(([tp, r]) => [tp, [...r]] as const));
    const ongoing = await get(this.reassignments.listPartitionReassignments(null));
    if (!additional && ongoing.length > 0) throw new TerseReassignmentFailure(CANNOT_EXECUTE_BECAUSE_OF_EXISTING);
    const live = new Set(await get(this.admin.describeCluster()));
    const brokerIds = scalaImmutableMapOrderBy([...new Set(proposed.flatMap(([, r]) => r))], (id) => id, DEFAULT_KAFKA_BUILD);
    const unknown = brokerIds.find((id) => !live.has(id));
    if (unknown !== undefined) throw AdminJavaException.adminCommandFailed(`Unknown broker id ${unknown}`);
    const wanted = new Set(proposed.map(([tp]) => tpKey(tp)));
    const currentParts = (await this.replicaAssignmentForTopics([...new Set(proposed.map(([tp]) => tp.topic))])).filter(([tp]) =>
      wanted.has(tpKey(tp)),
    );
    this.println(
      `Current partition replica assignment\n\n${formatAsReassignmentJson(sortedAssignment(currentParts))}\n\nSave this to use as the --reassignment-json-file option during rollback`,
    );
    if (interBrokerThrottle >= 0 || logDirThrottle >= 0) {
      this.println(YOU_MUST_RUN_VERIFY_PERIODICALLY);
      const moveMap = calculateMoveMap(
        ongoing.map((r) => [r.partition, r] as const),
        proposed,
        currentParts,
      );
      await this.modifyTopicThrottles(calculateLeaderThrottles(moveMap), calculateFollowerThrottles(moveMap));
      const movingBrokers = [...new Set(replicas.map(([r]) => r.brokerId))];
      await this.modifyBrokerThrottles(calculateReassigningBrokers(moveMap), interBrokerThrottle, movingBrokers, logDirThrottle);
      if (interBrokerThrottle >= 0) this.println(`The inter-broker throttle limit was set to ${interBrokerThrottle} B/s`);
      if (logDirThrottle >= 0) this.println(`The replica-alter-dir throttle limit was set to ${logDirThrottle} B/s`);
    }
    const outcomes = await get(
      this.reassignments.alterPartitionReassignments(proposed.map(([partition, r]) => ({ partition, replicas: r }))),
    );
    const errors = outcomes.filter((o) => o.error !== null);
    if (errors.length > 0) {
      throw new TerseReassignmentFailure(
        `Error reassigning partition(s):\n${[...errors]
          .sort((a, b) => byTopicPartition(a.partition, b.partition))
          .map((o) => `${tpString(o.partition)}: ${o.error!.message}`)
          .join('\n')}`,
      );
    }
    this.println(
      `Successfully started partition reassignment${plural(proposed.length)} for ${sortedParts(proposed.map(([tp]) => tp))
        .map(tpString)
        .join(',')}`,
    );
    if (replicas.length > 0) await executeMoves(this.admin, replicas, timeoutMs, this.println);
  }

  async verify(json: string, preserveThrottles: boolean): Promise<void> {
    const { parts, replicas } = parseTargets(json);
    const { states, partsOngoing } = await this.findPartitionReassignmentStates(parts);
    this.println(
      [
        'Status of partition reassignment:',
        ...states.map(([tp, s]) =>
          !s.done
            ? `Reassignment of partition ${tpString(tp)} is still in progress.`
            : s.current.join(',') === s.target.join(',')
              ? `Reassignment of partition ${tpString(tp)} is complete.`
              : `There is no active reassignment of partition ${tpString(tp)}, but replica set is ${s.current.join(',')} rather than ${s.target.join(',')}.`,
        ),
      ].join('\n'),
    );
    const moveStates = await get(findLogDirMoveStates(this.admin, replicas));
    this.println(replicaMoveStatesToString(moveStates));
    const movesOngoing = !moveStates.every(([, s]) => moveDone(s));
    if (!partsOngoing && !movesOngoing && !preserveThrottles) await this.clearAllThrottles(parts);
  }

  async cancel(json: string, preserveThrottles: boolean, timeoutMs: number): Promise<void> {
    const { parts, replicas } = parseTargets(json);
    const targets = [...new Map(parts.map(([tp]) => [tpKey(tp), tp])).values()];
    const reassigning = (await get(this.reassignments.listPartitionReassignments(targets)))
      .filter((r) => r.addingReplicas.length > 0 || r.removingReplicas.length > 0)
      .map((r) => r.partition);
    if (reassigning.length > 0) {
      const outcomes = await get(
        this.reassignments.alterPartitionReassignments(reassigning.map((partition) => ({ partition, replicas: null }))),
      );
      const errors = outcomes.filter((o) => o.error !== null);
      if (errors.length > 0) {
        throw new TerseReassignmentFailure(
          `Error cancelling partition reassignment${plural(errors.length)} for:\n${[...errors]
            .sort((a, b) => byTopicPartition(a.partition, b.partition))
            .map((o) => `${tpString(o.partition)}: ${o.error!.message}`)
            .join('\n')}`,
        );
      }
      this.println(
        `Successfully cancelled partition reassignment${plural(reassigning.length)} for: ${sortedParts(reassigning).map(tpString).join(',')}`,
      );
    } else {
      this.println('None of the specified partition reassignments are active.');
    }
    // Moving each replica back to its current dir is what stops its move (the future log is dropped).
    const moving = (await get(findLogDirMoveStates(this.admin, replicas))).flatMap(([r, s]) =>
      s.kind === 'Active' ? [[r, s.currentLogDir] as const] : [],
    );
    if (moving.length === 0) this.println('None of the specified partition moves are active.');
    else await executeMoves(this.admin, moving, timeoutMs, this.println);
    if (!preserveThrottles) await this.clearAllThrottles(parts);
  }

  async list(): Promise<void> {
    const ongoing = await get(this.reassignments.listPartitionReassignments(null));
    const text = [...ongoing]
      .sort((a, b) => byTopicPartition(a.partition, b.partition))
      .map(
        (r) =>
          `${tpString(r.partition)}: replicas: ${r.replicas.join(',')}.${r.addingReplicas.length === 0 ? '' : ` adding: ${r.addingReplicas.join(',')}.`}${r.removingReplicas.length === 0 ? '' : ` removing: ${r.removingReplicas.join(',')}.`}`,
      );
    this.println(text.length === 0 ? 'No partition reassignments found.' : `Current partition reassignments:\n${text.join('\n')}`);
  }

  // -------------------------------------------------------------------------------------------

  /** `getReplicaAssignmentForTopics`: every partition of the topics, in Metadata's order. */
  private async replicaAssignmentForTopics(topics: readonly string[]): Promise<Assignment> {
    if (topics.length === 0) return [];
    const descriptions = await get(this.admin.describeTopics(topics));
    return descriptions.flatMap((d) =>
      d.partitions.map((p) => [{ topic: d.name, partition: p.partition }, [...p.replicas]] as [TopicPartition, number[]]),
    );
  }

  /** `describeCluster().nodes()`: the Java client keeps them in a HashMap by id. */
  private async describeClusterNodes() {
    const metadata = await get(this.admin.clusterMetadata([]));
    return javaHashIterationOrder(metadata.brokers, (b) => b.nodeId);
  }

  /** `getBrokerMetadata`: the live brokers of the list (others dropped), racks all or none. */
  private async brokerMetadata(brokers: readonly number[], enableRackAwareness: boolean): Promise<BrokerMetadata[]> {
    const wanted = new Set(brokers);
    const results = (await this.describeClusterNodes())
      .filter((b) => wanted.has(b.nodeId))
      .map((b) => ({ id: b.nodeId, rack: enableRackAwareness && b.rack !== null ? b.rack : null }));
    const rackless = results.filter((b) => b.rack === null).length;
    if (enableRackAwareness && rackless !== 0 && rackless !== results.length)
      throw AdminJavaException.adminOperation(
        'Not all brokers have rack information. Add --disable-rack-aware in command line to make replica assignment without rack information.',
      );
    return results;
  }

  /** `findPartitionReassignmentStates`: ongoing ones from the controller, the rest from Metadata. */
  private async findPartitionReassignmentStates(targets: ReadonlyArray<readonly [TopicPartition, number[]]>) {
    const ongoing = new Map((await get(this.reassignments.listPartitionReassignments(null))).map((r) => [tpKey(r.partition), r]));
    const byKey = new Map<string, [TopicPartition, { current: readonly number[]; target: readonly number[]; done: boolean }]>();
    const toLookUp = [...new Set(targets.filter(([tp]) => !ongoing.has(tpKey(tp))).map(([tp]) => tp.topic))];
    const described = new Map<string, ReadonlyArray<{ partition: number; replicas: readonly number[] }> | null>();
    for (const topic of toLookUp) {
      try {
        described.set(topic, (await this.admin.describeTopics([topic]))[0].partitions);
      } catch (e) {
        if (!(e instanceof AdminException) || e.exceptionClass !== 'org.apache.kafka.common.errors.UnknownTopicOrPartitionException')
          throw executionException(e);
        described.set(topic, null);
      }
    }
    for (const [tp, target] of targets) {
      const r = ongoing.get(tpKey(tp));
      if (r) {
        byKey.set(tpKey(tp), [tp, { current: r.replicas, target, done: false }]);
        continue;
      }
      const partitions = described.get(tp.topic) ?? null;
      if (partitions === null || partitions.length < tp.partition) {
        byKey.set(tpKey(tp), [tp, { current: [], target, done: true }]);
        continue;
      }
      const info = partitions.find((p) => p.partition === tp.partition);
      if (!info)
        throw new AdminJavaException(
          'java.lang.IndexOutOfBoundsException',
          `Index ${tp.partition} out of bounds for length ${partitions.length}`,
        );
      byKey.set(tpKey(tp), [tp, { current: info.replicas, target, done: true }]);
    }
    return { states: [...byKey.values()].sort(([a], [b]) => byTopicPartition(a, b)), partsOngoing: ongoing.size > 0 };
  }

  private async incrementalAlterConfigs(
    changes: ReadonlyArray<readonly [ConfigResourceRef, ReadonlyArray<{ name: string; op: AlterConfigOpType; value: string | null }>]>,
  ): Promise<void> {
    for (const [resource, ops] of changes) await get(this.admin.incrementalAlterConfigs(resource, ops, false));
  }

  private async modifyTopicThrottles(leader: Map<string, string>, follower: Map<string, string>): Promise<void> {
    const topics = [...new Set([...leader.keys(), ...follower.keys()])];
    await this.incrementalAlterConfigs(
      topics.map((name) => [
        { type: 'TOPIC', name },
        [
          ...(leader.has(name) ? [{ name: TOPIC_THROTTLES[0], op: 'SET' as const, value: leader.get(name)! }] : []),
          ...(follower.has(name) ? [{ name: TOPIC_THROTTLES[1], op: 'SET' as const, value: follower.get(name)! }] : []),
        ],
      ]),
    );
  }

  private async modifyBrokerThrottles(
    reassigningBrokers: readonly number[],
    interBrokerThrottle: number,
    movingBrokers: readonly number[],
    logDirThrottle: number,
  ): Promise<void> {
    const changes: Array<[ConfigResourceRef, Array<{ name: string; op: AlterConfigOpType; value: string }>]> = [];
    for (const id of [...new Set([...reassigningBrokers, ...movingBrokers])]) {
      const ops: Array<{ name: string; op: AlterConfigOpType; value: string }> = [];
      if (interBrokerThrottle >= 0 && reassigningBrokers.includes(id)) {
        ops.push({ name: BROKER_THROTTLES[0], op: 'SET', value: String(interBrokerThrottle) });
        ops.push({ name: BROKER_THROTTLES[1], op: 'SET', value: String(interBrokerThrottle) });
      }
      if (logDirThrottle >= 0 && movingBrokers.includes(id))
        ops.push({ name: BROKER_THROTTLES[2], op: 'SET', value: String(logDirThrottle) });
      if (ops.length > 0) changes.push([{ type: 'BROKER', name: String(id) }, ops]);
    }
    await this.incrementalAlterConfigs(changes);
  }

  /** `clearAllThrottles`: the rates off every live and target broker, the replica lists off each topic. */
  private async clearAllThrottles(parts: ReadonlyArray<readonly [TopicPartition, number[]]>): Promise<void> {
    const live = (await this.describeClusterNodes()).map((b) => b.nodeId);
    const brokers = scalaImmutableMapOrderBy([...new Set([...live, ...parts.flatMap(([, r]) => r)])], (id) => id, DEFAULT_KAFKA_BUILD);
    this.println(`Clearing broker-level throttles on broker${plural(brokers.length)} ${brokers.join(',')}`);
    await this.incrementalAlterConfigs(
      brokers.map((id) => [{ type: 'BROKER', name: String(id) }, BROKER_THROTTLES.map((name) => ({ name, op: 'DELETE', value: null }))]),
    );
    const topics = scalaImmutableMapOrder(
      parts.map(([tp]) => tp.topic),
      DEFAULT_KAFKA_BUILD,
    );
    this.println(`Clearing topic-level throttles on topic${plural(topics.length)} ${topics.join(',')}`);
    await this.incrementalAlterConfigs(
      topics.map((name) => [{ type: 'TOPIC', name }, TOPIC_THROTTLES.map((n) => ({ name: n, op: 'DELETE', value: null }))]),
    );
  }
}
