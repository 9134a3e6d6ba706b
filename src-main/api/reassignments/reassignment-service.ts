/**
 * Partition reassignments from the UI (`ReassignmentService`), as `kafka-reassign-partitions.sh
 * --bootstrap-server` (2.6) runs them: the plan computations are core's (reassignment-plan.ts,
 * shared with the CLI), the throttles are written through AlterConfigs, the moves through
 * AlterPartitionReassignments, and progress is read from the controller's view of each partition
 * and each broker's local log.
 */
import {
  calculateFollowerThrottles,
  calculateLeaderThrottles,
  calculateMoveMap,
  calculateReassigningBrokers,
  dataToMove,
  generateAssignment,
  movingPartitions,
  type Assignment,
  type OngoingReassignment,
} from '../../core/admin/reassignment-plan';
import type { ClusterFacade, PartitionSnapshot } from '../../core/cluster/cluster-facade';
import { errorForCode } from '../../core/common/kafka-errors';
import { compareTopicPartitions, tpKey, type TopicPartition } from '../../core/common/topic-partition';
import type { Random } from '../../core/platform/random';
import { ApiError } from '../backend';
import { partitionResults } from '../partition-results';
import type { ClusterHost } from '../cluster-host';
import type {
  CancelResultDto,
  ExecuteOptionsDto,
  ExecuteResultDto,
  GeneratedPlanDto,
  GenerateRequestDto,
  PlanPreviewDto,
  ReassignmentOutcomeDto,
  ReassignmentPlanDto,
  ReassignmentProgressDto,
  ReassignmentService,
  VerifyResultDto,
} from './reassignment-contract';
import { planErrors, rackWarnings } from './reassignment-checks';
import { partitionProgress, throttlesInPlace } from './reassignment-progress';
import { clearAllThrottles, setBrokerThrottles, setTopicThrottles } from './reassignment-throttles';
import { kafkaText } from '../localized-text';

const name = (tp: TopicPartition) => `${tp.topic}-${tp.partition}`;
const plural = (n: number) => (n === 1 ? '' : 's');

function toPlan(assignment: Assignment): ReassignmentPlanDto {
  return {
    partitions: [...assignment]
      .sort(([a], [b]) => compareTopicPartitions(a, b))
      .map(([tp, replicas]) => ({ topic: tp.topic, partition: tp.partition, replicas: [...replicas] })),
  };
}

function toAssignment(plan: ReassignmentPlanDto): Assignment {
  return plan.partitions.map((p) => [{ topic: p.topic, partition: p.partition }, [...p.replicas]]);
}

export function partitionSnapshots(cluster: ClusterFacade): Map<string, PartitionSnapshot> {
  return new Map(cluster.topics().flatMap((t) => t.partitions.map((p) => [tpKey(p.topicPartition), p] as const)));
}

/** What ListPartitionReassignments answers: the partitions with replicas being added or removed. */
/** `ReassignPartitionsCommand.cannotExecuteBecauseOfExistingMessage` (2.6.0), two spaces and all. */
export const CANNOT_EXECUTE_BECAUSE_OF_EXISTING =
  'Cannot execute because there is an existing partition assignment.  Use --additional to override this and create a new partition assignment in addition to the existing one.';

export function ongoingReassignments(cluster: ClusterFacade): Array<[TopicPartition, OngoingReassignment]> {
  return cluster
    .topics()
    .flatMap((t) => t.partitions)
    .filter((p) => p.addingReplicas.length > 0 || p.removingReplicas.length > 0)
    .map((p) => [
      p.topicPartition,
      { replicas: [...p.replicas], addingReplicas: [...p.addingReplicas], removingReplicas: [...p.removingReplicas] },
    ]);
}

export class ReassignmentServiceImpl implements ReassignmentService {
  /** The plan last executed, per workspace: what `--verify` is given back. */
  private executed: { workspaceId: string; plan: ReassignmentPlanDto } | null = null;

  constructor(
    private readonly host: ClusterHost,
    private readonly random: Random,
  ) {}

  private executedPlan(): ReassignmentPlanDto | null {
    const { entry } = this.host.require();
    return this.executed?.workspaceId === entry.id ? this.executed.plan : null;
  }

  async generate(request: GenerateRequestDto): Promise<GeneratedPlanDto> {
    const { cluster } = this.host.require();
    const byTopic = new Map(cluster.topics().map((t) => [t.name, t]));
    const current: Assignment = [];
    for (const topic of request.topics) {
      const t = byTopic.get(topic);
      // Kafka's text: UNKNOWN_TOPIC_OR_PARTITION's message.
      if (!t) throw new ApiError('UNKNOWN_TOPIC_OR_PARTITION', kafkaText(errorForCode(3).message), 'topics');
      for (const p of t.partitions) current.push([p.topicPartition, [...p.replicas]]);
    }
    const registeredBrokers = cluster
      .brokers()
      .filter((b) => b.isRunning)
      .map((b) => ({ id: b.id, rack: b.rack }));
    try {
      const proposed = generateAssignment(
        { current, registeredBrokers, brokerList: [...request.brokerIds], enableRackAwareness: request.rackAware },
        this.random,
      );
      return { current: toPlan(current), proposed: toPlan(proposed) };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const error = e as { errorName?: string; message: string };
      // Kafka's text: AdminUtils' exception message.
      throw new ApiError(error.errorName ?? 'INVALID_REQUEST', kafkaText(error.message), 'brokerIds');
    }
  }

  async preview(plan: ReassignmentPlanDto): Promise<PlanPreviewDto> {
    const { cluster } = this.host.require();
    const snapshots = partitionSnapshots(cluster);
    const errors = planErrors(plan, snapshots, new Set(cluster.brokers().map((b) => b.id)));
    const known = plan.partitions.filter((p) => snapshots.has(tpKey(p)));
    const proposed = toAssignment({ partitions: known });
    const currentParts: Assignment = known.map((p) => [{ topic: p.topic, partition: p.partition }, [...snapshots.get(tpKey(p))!.replicas]]);
    const details = cluster.partitionDetails(known.map((p) => snapshots.get(tpKey(p))!));
    const sizes = new Map(known.map((p, i) => [tpKey(p), details[i].sizeBytes]));
    const perBroker = dataToMove(currentParts, proposed, (tp) => sizes.get(tpKey(tp)) ?? 0);
    const moveMap = calculateMoveMap(ongoingReassignments(cluster), proposed, currentParts);
    const leader = calculateLeaderThrottles(moveMap);
    const follower = calculateFollowerThrottles(moveMap);
    const racks = new Map(cluster.brokers().map((b) => [b.id, b.rack]));
    return {
      partitions: known.map((p) => {
        const current = snapshots.get(tpKey(p))!.replicas;
        return {
          topic: p.topic,
          partition: p.partition,
          current: [...current],
          target: [...p.replicas],
          adding: p.replicas.filter((r) => !current.includes(r)),
          removing: current.filter((r) => !p.replicas.includes(r)),
          sizeBytes: sizes.get(tpKey(p)) ?? 0,
        };
      }),
      movingPartitions: movingPartitions(currentParts, proposed).length,
      bytesPerBroker: [...perBroker].map(([brokerId, bytes]) => ({ brokerId, bytes })),
      totalBytes: [...perBroker.values()].reduce((a, b) => a + b, 0),
      throttles: {
        brokers: calculateReassigningBrokers(moveMap),
        topics: [...leader.keys()].sort().map((topic) => ({ topic, leader: leader.get(topic) ?? '', follower: follower.get(topic) ?? '' })),
      },
      rackWarnings: rackWarnings(plan, racks),
      errors,
    };
  }

  async execute(plan: ReassignmentPlanDto, options: ExecuteOptionsDto): Promise<ExecuteResultDto> {
    const { cluster, entry } = this.host.require();
    // 2.6.0's `executeAssignment`: without --additional, a reassignment already under way blocks a new one, checked
    // before the broker ids.
    if (options.additional !== true && ongoingReassignments(cluster).length > 0)
      // Kafka's text: ReassignPartitionsCommand's words.
      throw new ApiError('REASSIGNMENT_IN_PROGRESS', kafkaText(CANNOT_EXECUTE_BECAUSE_OF_EXISTING), 'plan');
    const preview = await this.preview(plan);
    // Kafka's text: ReassignPartitionsCommand's words.
    if (preview.errors.length > 0) throw new ApiError('INVALID_REPLICA_ASSIGNMENT', kafkaText(preview.errors.join('\n')), 'plan');
    const throttle = options.throttleBytesPerSec;
    if (throttle !== null && (!Number.isInteger(throttle) || throttle < 0))
      throw new ApiError(
        'INVALID_CONFIG',
        // Kafka's text: ConfigException's message.
        kafkaText(`Invalid value ${throttle} for configuration ${'leader.replication.throttled.rate'}`),
        'throttle',
      );
    const messages: string[] = [];
    if (throttle !== null) {
      messages.push('Warning: You must run --verify periodically, until the reassignment completes, to ensure the throttle is removed.');
      await setTopicThrottles(
        cluster,
        new Map(preview.throttles.topics.map((t) => [t.topic, t.leader])),
        new Map(preview.throttles.topics.map((t) => [t.topic, t.follower])),
      );
      await setBrokerThrottles(cluster, preview.throttles.brokers, throttle);
      messages.push(`The inter-broker throttle limit was set to ${throttle} B/s`);
    }
    const outcomes = partitionResults(
      await cluster.admin.alterPartitionReassignments(
        plan.partitions.map((p) => ({ partition: { topic: p.topic, partition: p.partition }, replicas: [...p.replicas] })),
      ),
    );
    const failed = outcomes.filter((o) => o.error !== 'NONE');
    if (failed.length > 0)
      messages.push(
        `Error reassigning partition(s):\n${failed.map((o) => `${o.topic}-${o.partition}: ${o.message ?? o.error}`).join('\n')}`,
      );
    else {
      const parts = [...plan.partitions].sort(compareTopicPartitions);
      messages.push(`Successfully started partition reassignment${plural(parts.length)} for ${parts.map(name).join(',')}`);
    }
    this.executed = { workspaceId: entry.id, plan: { partitions: plan.partitions.map((p) => ({ ...p, replicas: [...p.replicas] })) } };
    return { outcomes, messages };
  }

  async progress(): Promise<ReassignmentProgressDto> {
    const { cluster } = this.host.require();
    const plan = this.executedPlan();
    const partitions = partitionProgress(cluster, plan);
    const topics = new Set([...partitions.map((p) => p.topic)]);
    return { partitions, executedPlan: plan, ...(await throttlesInPlace(cluster, topics)) };
  }

  async verify(): Promise<VerifyResultDto> {
    const { cluster } = this.host.require();
    const snapshots = partitionSnapshots(cluster);
    const ongoing = ongoingReassignments(cluster);
    const plan: ReassignmentPlanDto =
      this.executedPlan() ??
      toPlan(ongoing.map(([tp, r]) => [tp, r.replicas.filter((b) => !r.removingReplicas.includes(b))] as [TopicPartition, number[]]));
    const messages = ['Status of partition reassignment:'];
    const partitions = [...plan.partitions].sort(compareTopicPartitions).map((p) => {
      const s = snapshots.get(tpKey(p));
      const current = s?.replicas ?? [];
      const done = !s || (s.addingReplicas.length === 0 && s.removingReplicas.length === 0);
      const message = !done
        ? `Reassignment of partition ${name(p)} is still in progress.`
        : current.join() === p.replicas.join()
          ? `Reassignment of partition ${name(p)} is complete.`
          : `There is no active reassignment of partition ${name(p)}, but replica set is ${current.join(',')} rather than ${p.replicas.join(',')}.`;
      messages.push(message);
      return { topic: p.topic, partition: p.partition, done, message };
    });
    // As the tool: throttles go only when nothing at all is moving, since any move may rely on them.
    const throttlesRemoved = ongoing.length === 0 && plan.partitions.length > 0;
    if (throttlesRemoved) {
      messages.push(...(await this.clearThrottles(plan)));
      this.executed = null;
    }
    return { partitions, throttlesRemoved, messages };
  }

  private clearThrottles(plan: ReassignmentPlanDto): Promise<string[]> {
    const { cluster } = this.host.require();
    const brokers = new Set([
      ...cluster
        .brokers()
        .filter((b) => b.isRunning)
        .map((b) => b.id),
      ...plan.partitions.flatMap((p) => p.replicas),
    ]);
    return clearAllThrottles(cluster, brokers, new Set(plan.partitions.map((p) => p.topic)));
  }

  async cancel(partitions: ReadonlyArray<{ readonly topic: string; readonly partition: number }>): Promise<CancelResultDto> {
    const { cluster } = this.host.require();
    const wanted = new Set(partitions.map(tpKey));
    const active = ongoingReassignments(cluster)
      .map(([tp]) => tp)
      .filter((tp) => wanted.has(tpKey(tp)))
      .sort(compareTopicPartitions);
    const messages: string[] = [];
    let outcomes: ReassignmentOutcomeDto[] = [];
    if (active.length === 0) messages.push('None of the specified partition reassignments are active.');
    else {
      outcomes = partitionResults(
        await cluster.admin.alterPartitionReassignments(active.map((partition) => ({ partition, replicas: null }))),
      );
      const failed = outcomes.filter((o) => o.error !== 'NONE');
      messages.push(
        failed.length > 0
          ? `Error cancelling partition reassignment${plural(failed.length)} for:\n${failed.map((o) => `${o.topic}-${o.partition}: ${o.message ?? o.error}`).join('\n')}`
          : `Successfully cancelled partition reassignment${plural(active.length)} for: ${active.map(name).join(',')}`,
      );
    }
    // --cancel without --preserve-throttles clears them as --verify does.
    messages.push(...(await this.clearThrottles({ partitions: partitions.map((p) => ({ ...p, replicas: [] })) })));
    return { outcomes, messages };
  }
}
