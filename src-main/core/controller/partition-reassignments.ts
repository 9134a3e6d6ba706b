import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../common/topic-partition';
import type { ControllerCore } from './controller-core';
import { ControllerMovedError, StateChangeFailedError } from './controller-errors';
import { KAFKA_ERRORS_PACKAGE, throwableToString } from '../common/throwable';
import type { ListReassignmentsResult, PartitionOutcome } from './controller-events';
import type { ZNodeChangeHandler } from '../kafka-zk/kafka-zookeeper-client';
import { Errors } from '../common/kafka-errors';
import { DEFAULT_KAFKA_BUILD, scala212MutableHashMapOrderBy, scalaImmutableMapOrderBy } from '../common/jvm-hash-order';
import type { LeaderIsrAndControllerEpoch } from './leader-and-isr';
import { formatLeaderIsrAndControllerEpoch } from './leader-and-isr';
import { REASSIGN } from './partition-leader-election';
import type { ReplicaAssignment } from './replica-assignment';
import {
  formatAssignment,
  isBeingReassigned,
  originReplicas,
  reassignTo,
  sameAssignment,
  simpleAssignment,
  targetReplicas,
} from './replica-assignment';

export const REASSIGN_PARTITIONS_PATH = '/admin/reassign_partitions';

/**
 * Partition reassignment as Kafka 2.5 does it (KIP-455), with its steps named as in
 * `KafkaController.onPartitionReassignment`:
 *
 *   RS = replicas, AR = adding, RR = removing, TRS = target = RS − RR, ORS = origin = RS − AR
 *   U1/U2  write and cache the new RS/AR/RR; stop adding replicas no longer wanted
 *   not complete (TRS ⊄ ISR): A1 bump the leader epoch, LeaderAndIsr to RS; A2 AR → NewReplica
 *   complete:  B1 AR → Online; B2 RS = TRS in memory; B3 move the leader if needed;
 *              B4/B5 RR → Offline → deleted; B6 write RS = TRS; B7 stop watching, clean the znode;
 *              B8 UpdateMetadata, resume the topic's deletion
 */
export class PartitionReassignments {
  private readonly isrHandlers = new Set<string>();

  constructor(
    private readonly controller: ControllerCore,
    readonly zkHandler: ZNodeChangeHandler,
  ) {}

  async initializePartitionReassignments(): Promise<void> {
    const zkResumed = await this.processZkPartitionReassignment();
    const resumed = new Set([...zkResumed].map(tpKey));
    await this.maybeResumeReassignments((p) => !resumed.has(tpKey(p)));
  }

  async maybeResumeReassignments(shouldResume: (p: TopicPartition, assignment: ReplicaAssignment) => boolean): Promise<void> {
    for (const p of [...this.controller.context.partitionsBeingReassigned.keys()]) {
      const current = this.controller.context.partitionFullReplicaAssignment(p);
      if (shouldResume(p, current)) await this.onPartitionReassignment(p, current);
    }
  }

  /** The `/admin/reassign_partitions` znode appeared (or the controller failed over). */
  async processZkPartitionReassignment(): Promise<TopicPartition[]> {
    if (!this.controller.isActive() || !(await this.controller.zk.registerZNodeChangeHandlerAndCheckExistence(this.zkHandler))) return [];
    const results = new TopicPartitionMap<{ errorCode: number; message: string | null }>();
    const toReassign = new TopicPartitionMap<ReplicaAssignment>();
    for (const { partition, replicas } of await this.controller.zk.getPartitionReassignment()) {
      // Reassignments from the znode skip the API's replica validation, as in Kafka.
      toReassign.set(partition, this.maybeBuildReassignment(partition, replicas) as ReplicaAssignment);
    }
    for (const [p, r] of await this.maybeTriggerPartitionReassignment(toReassign)) results.set(p, r);
    const failed = [...results].filter(([, r]) => r.errorCode !== Errors.NONE.code);
    if (failed.length > 0) {
      this.controller.log.warn(
        `Failed reassignment through zk with the following errors: ${failed.map(([p, r]) => `${tpKey(p)} -> ${r.errorCode}`).join(', ')}`,
      );
      const failedKeys = new Set(failed.map(([p]) => tpKey(p)));
      await this.maybeRemoveFromZkReassignment((p) => failedKeys.has(tpKey(p)));
    }
    return [...results].filter(([, r]) => r.errorCode === Errors.NONE.code).map(([p]) => p);
  }

  async processApiPartitionReassignment(
    reassignments: Array<{ partition: TopicPartition; replicas: number[] | null }>,
  ): Promise<PartitionOutcome[] | { errorCode: number; message: string }> {
    if (!this.controller.isActive())
      return { errorCode: Errors.NOT_CONTROLLER.code, message: 'This is not the correct controller for this cluster.' };
    const outcomes: PartitionOutcome[] = [];
    const toReassign = new TopicPartitionMap<ReplicaAssignment>();
    // NO_REASSIGNMENT_IN_PROGRESS is `new ApiError(Errors.X)`, which carries the error's default message.
    for (const { partition, replicas } of reassignments) {
      const invalid = this.validateReplicas(partition, replicas);
      if (invalid !== null) {
        outcomes.push({ partition, errorCode: Errors.INVALID_REPLICA_ASSIGNMENT.code, message: invalid });
        continue;
      }
      const built = this.maybeBuildReassignment(partition, replicas);
      if (built) toReassign.set(partition, built);
      else
        outcomes.push({
          partition,
          errorCode: Errors.NO_REASSIGNMENT_IN_PROGRESS.code,
          message: Errors.NO_REASSIGNMENT_IN_PROGRESS.message,
        });
    }
    // The latest reassignment wins: an API reassignment replaces the same partition in the znode.
    await this.maybeRemoveFromZkReassignment((p) => toReassign.has(p));
    for (const [partition, r] of await this.maybeTriggerPartitionReassignment(toReassign)) outcomes.push({ partition, ...r });
    return outcomes;
  }

  processListPartitionReassignments(partitions: TopicPartition[] | null): ListReassignmentsResult {
    if (!this.controller.isActive())
      return { errorCode: Errors.NOT_CONTROLLER.code, message: 'This is not the correct controller for this cluster.' };
    const toList = partitions ?? [...this.controller.context.partitionsBeingReassigned.keys()];
    return toList
      .map((partition) => ({ partition, a: this.controller.context.partitionFullReplicaAssignment(partition) }))
      .filter(({ a }) => isBeingReassigned(a))
      .map(({ partition, a }) => ({
        partition,
        replicas: [...a.replicas],
        addingReplicas: [...a.addingReplicas],
        removingReplicas: [...a.removingReplicas],
      }));
  }

  async processPartitionReassignmentIsrChange(p: TopicPartition): Promise<void> {
    if (!this.controller.isActive() || !this.controller.context.partitionsBeingReassigned.has(p)) return;
    const reassignment = this.controller.context.partitionFullReplicaAssignment(p);
    if (await this.isReassignmentComplete(p, reassignment)) {
      this.controller.log.info(
        `Target replicas ${targetReplicas(reassignment).join(',')} have all caught up with the leader for reassigning partition ${tpKey(p)}`,
      );
      await this.onPartitionReassignment(p, reassignment);
    }
  }

  /** Stops watching the state znodes of reassigning partitions (controller resignation). */
  unregisterIsrChangeHandlers(): void {
    for (const path of this.isrHandlers) this.controller.zk.unregisterZNodeChangeHandler(path);
    this.isrHandlers.clear();
  }

  /**
   * `validateReplicas`: null when valid, else Kafka's INVALID_REPLICA_ASSIGNMENT message. The lists
   * print as Scala prints them: the request's replicas are an `ArrayBuffer`, the live brokers the
   * controller's `Set` (in its hash order).
   */
  private validateReplicas(p: TopicPartition, replicas: number[] | null): string | null {
    if (replicas === null) return null;
    const buffer = (ids: readonly number[]) => `ArrayBuffer(${ids.join(', ')})`;
    if (replicas.length === 0) return 'Empty replica list specified in partition reassignment.';
    if (new Set(replicas).size !== replicas.length)
      return `Duplicate replica ids in partition reassignment replica list: ${buffer(replicas)}`;
    if (replicas.some((r) => r < 0)) return `Invalid broker id in replica list: ${buffer(replicas)}`;
    const adding = reassignTo(this.controller.context.partitionFullReplicaAssignment(p), replicas).addingReplicas;
    const ctx = this.controller.context;
    const live = ctx.liveBrokerIds;
    if (adding.every((r) => live.has(r))) return null;
    // `liveBrokerEpochs.keySet -- shuttingDownBrokerIds`: the mutable map's key order, rebuilt as an immutable Set when some are shutting down.
    const keyOrder = scala212MutableHashMapOrderBy([...ctx.liveOrShuttingDownBrokerIds], (id) => id).filter((id) => live.has(id));
    const liveOrder = ctx.shuttingDownBrokerIds.size === 0 ? keyOrder : scalaImmutableMapOrderBy(keyOrder, (id) => id, DEFAULT_KAFKA_BUILD);
    return `Replica assignment has brokers that are not alive. Replica list: ${buffer(adding)}, live broker list: Set(${liveOrder.join(', ')})`;
  }

  private maybeBuildReassignment(p: TopicPartition, target: number[] | null): ReplicaAssignment | null {
    const current = this.controller.context.partitionFullReplicaAssignment(p);
    if (isBeingReassigned(current)) return reassignTo(current, target ?? originReplicas(current));
    return target === null ? null : reassignTo(current, target);
  }

  private async maybeTriggerPartitionReassignment(
    reassignments: TopicPartitionMap<ReplicaAssignment>,
  ): Promise<TopicPartitionMap<{ errorCode: number; message: string | null }>> {
    const out = new TopicPartitionMap<{ errorCode: number; message: string | null }>();
    for (const [p, reassignment] of reassignments) {
      if (this.controller.topicDeletionManager.isTopicQueuedUpForDeletion(p.topic)) {
        this.controller.log.info(`Skipping reassignment of ${tpKey(p)} since the topic is currently being deleted`);
        out.set(p, { errorCode: Errors.UNKNOWN_TOPIC_OR_PARTITION.code, message: 'The partition does not exist.' });
      } else if (this.controller.context.partitionReplicaAssignment(p).length === 0) {
        out.set(p, { errorCode: Errors.UNKNOWN_TOPIC_OR_PARTITION.code, message: 'The partition does not exist.' });
      } else {
        try {
          await this.onPartitionReassignment(p, reassignment);
          out.set(p, { errorCode: Errors.NONE.code, message: null });
        } catch (e) {
          if (e instanceof ControllerMovedError) {
            this.controller.log.info(
              `Failed completing reassignment of partition ${tpKey(p)} because controller has moved to another broker`,
            );
            throw e;
          }
          this.controller.log.error(
            `Error completing reassignment of partition ${tpKey(p)}: ${throwableToString(e, KAFKA_ERRORS_PACKAGE)}`,
          );
          out.set(p, { errorCode: Errors.UNKNOWN_SERVER_ERROR.code, message: Errors.UNKNOWN_SERVER_ERROR.message });
        }
      }
    }
    return out;
  }

  async onPartitionReassignment(p: TopicPartition, reassignment: ReplicaAssignment): Promise<void> {
    // Only affects a topic already queued for deletion — Kafka 2.5's own behaviour (see README).
    this.controller.topicDeletionManager.markTopicIneligibleForDeletion(new Set([p.topic]), 'topic reassignment in progress');
    await this.updateCurrentReassignment(p, reassignment);
    if (!(await this.isReassignmentComplete(p, reassignment))) {
      await this.updateLeaderEpochAndSendRequest(p, reassignment); // A1
      for (const replica of reassignment.addingReplicas)
        await this.controller.replicaStateMachine.handleStateChanges([{ ...p, replica }], 'NewReplica'); // A2
      return;
    }
    await this.controller.replicaStateMachine.handleStateChanges(
      reassignment.addingReplicas.map((replica) => ({ ...p, replica })),
      'OnlineReplica',
    ); // B1
    const completed = simpleAssignment(targetReplicas(reassignment));
    this.controller.context.updatePartitionFullReplicaAssignment(p, completed); // B2
    await this.moveReassignedPartitionLeaderIfRequired(p, completed); // B3
    await this.stopRemovedReplicasOfReassignedPartition(p, reassignment.removingReplicas); // B4, B5
    await this.updateReplicaAssignmentForPartition(p, completed); // B6
    await this.removePartitionFromReassigningPartitions(p, completed); // B7
    this.controller.sendUpdateMetadataRequest(this.controller.context.liveOrShuttingDownBrokerIds, [p]); // B8
    await this.controller.topicDeletionManager.resumeDeletionForTopics([p.topic]);
  }

  private async updateCurrentReassignment(p: TopicPartition, reassignment: ReplicaAssignment): Promise<void> {
    const current = this.controller.context.partitionFullReplicaAssignment(p);
    if (!sameAssignment(current, reassignment)) {
      this.controller.log.debug(
        `Updating assignment of partition ${tpKey(p)} from ${formatAssignment(current)} to ${formatAssignment(reassignment)}`,
      );
      await this.updateReplicaAssignmentForPartition(p, reassignment); // U1
      this.controller.context.updatePartitionFullReplicaAssignment(p, reassignment); // U2
      const unneeded = current.replicas.filter((r) => !reassignment.replicas.includes(r));
      if (unneeded.length > 0) await this.stopRemovedReplicasOfReassignedPartition(p, unneeded); // U3
    }
    const path = `/brokers/topics/${p.topic}/partitions/${p.partition}/state`;
    this.controller.zk.registerZNodeChangeHandler({
      path,
      handleDataChange: () => this.controller.put({ type: 'PartitionReassignmentIsrChange', partition: p }),
    });
    this.isrHandlers.add(path);
    this.controller.context.partitionsBeingReassigned.set(p, true);
  }

  private async isReassignmentComplete(p: TopicPartition, assignment: ReplicaAssignment): Promise<boolean> {
    if (!isBeingReassigned(assignment)) return true;
    const [state] = await this.controller.zk.getTopicPartitionStates([p]);
    if (!state || state.read.kind !== 'ok') return false;
    const isr = new Set(state.read.value.leaderAndIsr.isr);
    return targetReplicas(assignment).every((r) => isr.has(r));
  }

  private async moveReassignedPartitionLeaderIfRequired(p: TopicPartition, assignment: ReplicaAssignment): Promise<void> {
    const leader = this.controller.context.partitionLeadershipInfo.get(p)?.leaderAndIsr.leader ?? -1;
    const replicas = assignment.replicas.join(',');
    if (!assignment.replicas.includes(leader)) {
      this.controller.log.info(
        `Leader ${leader} for partition ${tpKey(p)} being reassigned, is not in the new list of replicas ${replicas}. Re-electing leader`,
      );
      await this.controller.partitionStateMachine.handleStateChanges([p], 'OnlinePartition', REASSIGN);
    } else if (this.controller.context.isReplicaOnline(leader, p)) {
      this.controller.log.info(
        `Leader ${leader} for partition ${tpKey(p)} being reassigned, is already in the new list of replicas ${replicas} and is alive`,
      );
      await this.updateLeaderEpochAndSendRequest(p, assignment);
    } else {
      this.controller.log.info(
        `Leader ${leader} for partition ${tpKey(p)} being reassigned, is already in the new list of replicas ${replicas} but is dead`,
      );
      await this.controller.partitionStateMachine.handleStateChanges([p], 'OnlinePartition', REASSIGN);
    }
  }

  private async stopRemovedReplicasOfReassignedPartition(p: TopicPartition, removed: readonly number[]): Promise<void> {
    const replicas = removed.map((replica) => ({ ...p, replica }));
    const rsm = this.controller.replicaStateMachine;
    await rsm.handleStateChanges(replicas, 'OfflineReplica');
    await rsm.handleStateChanges(replicas, 'ReplicaDeletionStarted');
    await rsm.handleStateChanges(replicas, 'ReplicaDeletionSuccessful');
    await rsm.handleStateChanges(replicas, 'NonExistentReplica');
  }

  private async updateReplicaAssignmentForPartition(p: TopicPartition, assignment: ReplicaAssignment): Promise<void> {
    const topicAssignment = this.controller.context.partitionAssignmentsForTopic(p.topic);
    topicAssignment.set(p.partition, assignment);
    await this.controller.zk.setTopicAssignment(p.topic, topicAssignment, this.controller.context.epochZkVersion);
    this.controller.log.info(`Successfully updated assignment of partition ${tpKey(p)} to ${formatAssignment(assignment)}`);
  }

  private async updateLeaderEpochAndSendRequest(p: TopicPartition, assignment: ReplicaAssignment): Promise<void> {
    const updated = await this.updateLeaderEpoch(p);
    if (!updated) {
      this.controller.stateChangeLog.error(
        `Failed to send LeaderAndIsr request with new replica assignment ${formatAssignment(assignment)} to leader for partition being reassigned ${tpKey(p)}`,
      );
      return;
    }
    this.controller.batch.newBatch();
    this.controller.batch.addLeaderAndIsrRequestForBrokers(assignment.replicas, p, updated, assignment, false);
    this.controller.batch.sendRequestsToBrokers(this.controller.context.epoch);
    this.controller.stateChangeLog.trace(
      `Sent LeaderAndIsr request ${formatLeaderIsrAndControllerEpoch(updated)} with new replica assignment ${formatAssignment(assignment)} to leader ${updated.leaderAndIsr.leader} for partition being reassigned ${tpKey(p)}`,
    );
  }

  /** Bumps the leader epoch (same leader and ISR) so the leader caches the new replica set. */
  private async updateLeaderEpoch(p: TopicPartition): Promise<LeaderIsrAndControllerEpoch | null> {
    const ctx = this.controller.context;
    this.controller.log.debug(`Updating leader epoch for partition ${tpKey(p)}`);
    for (;;) {
      const [state] = await this.controller.zk.getTopicPartitionStates([p]);
      if (!state || state.read.kind !== 'ok') {
        throw new Error(
          `Cannot update leader epoch for partition ${tpKey(p)} as leaderAndIsr path is empty. This could be because somebody deleted the leaderAndIsr path`,
        );
      }
      const { leaderAndIsr, controllerEpoch } = state.read.value;
      if (controllerEpoch > ctx.epoch) {
        throw new StateChangeFailedError(
          `Leader and isr path written by another controller. This probably means the current controller with epoch ${ctx.epoch} went through a soft failure and another controller was elected with epoch ${controllerEpoch}. Aborting state change by this controller`,
        );
      }
      const bumped = { ...leaderAndIsr, leaderEpoch: leaderAndIsr.leaderEpoch + 1 };
      const result = await this.controller.zk.updateLeaderAndIsr([{ partition: p, leaderAndIsr: bumped }], ctx.epoch, ctx.epochZkVersion);
      const done = result.finished.find((f) => tpKey(f.partition) === tpKey(p));
      if (!done) continue;
      if (done.result instanceof Error) throw done.result;
      const leadership = { leaderAndIsr: done.result, controllerEpoch: ctx.epoch };
      ctx.partitionLeadershipInfo.set(p, leadership);
      this.controller.log.info(`Updated leader epoch for partition ${tpKey(p)} to ${done.result.leaderEpoch}`);
      return leadership;
    }
  }

  private async removePartitionFromReassigningPartitions(p: TopicPartition, assignment: ReplicaAssignment): Promise<void> {
    if (!this.controller.context.partitionsBeingReassigned.has(p))
      throw new Error('Cannot remove a reassigning partition because it is not present in memory');
    const path = `/brokers/topics/${p.topic}/partitions/${p.partition}/state`;
    this.controller.zk.unregisterZNodeChangeHandler(path);
    this.isrHandlers.delete(path);
    await this.maybeRemoveFromZkReassignment(
      (tp, replicas) => tpKey(tp) === tpKey(p) && replicas.join(',') === assignment.replicas.join(','),
    );
    this.controller.context.partitionsBeingReassigned.delete(p);
  }

  private async maybeRemoveFromZkReassignment(shouldRemove: (p: TopicPartition, replicas: number[]) => boolean): Promise<void> {
    if (!(await this.controller.zk.pathExists(REASSIGN_PARTITIONS_PATH))) return;
    const current = await this.controller.zk.getPartitionReassignment();
    const removing = current.filter((r) => shouldRemove(r.partition, r.replicas));
    const remaining = current.filter((r) => !shouldRemove(r.partition, r.replicas));
    this.controller.log.info(
      `Removing partitions ${removing.map((r) => tpKey(r.partition)).join(',')} from the list of reassigned partitions in zookeeper`,
    );
    if (remaining.length === 0) {
      this.controller.log.info(`No more partitions need to be reassigned. Deleting zk path ${REASSIGN_PARTITIONS_PATH}`);
      await this.controller.zk.setOrDeletePartitionReassignment([], this.controller.context.epochZkVersion);
      // Re-arm the creation watch so the next znode is seen.
      this.controller.put({ type: 'ZkPartitionReassignment' });
    } else {
      await this.controller.zk.setOrDeletePartitionReassignment(remaining, this.controller.context.epochZkVersion);
    }
  }
}
