import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../common/topic-partition';
import type { ControllerCore } from './controller-core';
import { ControllerMovedError, StateChangeFailedError } from './controller-errors';
import { KAFKA_ERRORS_PACKAGE, throwableToString } from '../common/throwable';
import type { ElectionTrigger, ElectionType, PartitionOutcome } from './controller-events';
import type { ZNodeChangeHandler } from '../kafka-zk/kafka-zookeeper-client';
import { Errors } from '../common/kafka-errors';
import type { LeaderAndIsr } from './leader-and-isr';
import { NO_LEADER } from './leader-and-isr';
import type { ElectionStrategy } from './partition-leader-election';
import { PREFERRED } from './partition-leader-election';

export const PREFERRED_REPLICA_ELECTION_PATH = '/admin/preferred_replica_election';

/** Preferred and unclean leader elections: the ElectLeaders API, the ZK znode and the auto rebalance. */
export class LeaderElections {
  private autoRebalanceTask: ReturnType<ControllerCore['time']['schedule']> | null = null;

  constructor(
    private readonly controller: ControllerCore,
    readonly zkHandler: ZNodeChangeHandler,
  ) {}

  scheduleAutoLeaderRebalanceTask(delayMs: number): void {
    this.cancelAutoLeaderRebalanceTask();
    this.autoRebalanceTask = this.controller.time.schedule('auto-leader-rebalance-task', delayMs, () =>
      this.controller.put({ type: 'AutoPreferredReplicaLeaderElection' }),
    );
  }

  cancelAutoLeaderRebalanceTask(): void {
    if (this.autoRebalanceTask) this.controller.time.cancel(this.autoRebalanceTask);
    this.autoRebalanceTask = null;
  }

  async processAutoPreferredReplicaLeaderElection(): Promise<void> {
    if (!this.controller.isActive()) return;
    try {
      this.controller.log.info('Processing automatic preferred replica leader election');
      await this.checkAndTriggerAutoLeaderRebalance();
    } finally {
      this.scheduleAutoLeaderRebalanceTask(this.controller.config.leaderImbalanceCheckIntervalSeconds * 1000);
    }
  }

  /** Partitions still to elect after a failover: listed in the znode, not yet led by their preferred replica. */
  async fetchPendingPreferredReplicaElections(): Promise<TopicPartition[]> {
    const ctx = this.controller.context;
    const listed = await this.controller.zk.getPreferredReplicaElection();
    const pending = listed.filter((p) => {
      const replicas = ctx.partitionReplicaAssignment(p);
      if (replicas.length === 0) return false;
      return ctx.partitionLeadershipInfo.get(p)?.leaderAndIsr.leader !== replicas[0];
    });
    const skipped = pending.filter((p) => this.controller.topicDeletionManager.isTopicQueuedUpForDeletion(p.topic));
    this.controller.log.info(`Partitions undergoing preferred replica election: ${listed.map(tpKey).join(',')}`);
    this.controller.log.info(
      `Partitions that completed preferred replica election: ${listed
        .filter((p) => !pending.includes(p))
        .map(tpKey)
        .join(',')}`,
    );
    this.controller.log.info(`Skipping preferred replica election for partitions due to topic deletion: ${skipped.map(tpKey).join(',')}`);
    const resumed = pending.filter((p) => !skipped.includes(p));
    this.controller.log.info(`Resuming preferred replica election for partitions: ${resumed.map(tpKey).join(',')}`);
    return resumed;
  }

  async onReplicaElection(
    partitions: TopicPartition[],
    electionType: ElectionType,
    trigger: ElectionTrigger,
  ): Promise<TopicPartitionMap<LeaderAndIsr | Error>> {
    this.controller.log.info(
      `Starting replica leader election (${electionType}) for partitions ${partitions.map(tpKey).join(',')} triggered by ${trigger}`,
    );
    try {
      const strategy: ElectionStrategy =
        electionType === 'PREFERRED'
          ? PREFERRED
          : { kind: 'OfflinePartitionLeaderElectionStrategy', allowUnclean: trigger === 'AdminClientTriggered' };
      const results = await this.controller.partitionStateMachine.handleStateChanges(partitions, 'OnlinePartition', strategy);
      if (trigger !== 'AdminClientTriggered') {
        for (const [p, r] of results) {
          if (r instanceof ControllerMovedError) throw r;
          if (r instanceof Error)
            this.controller.log.error(
              `Error completing replica leader election (${electionType}) for partition ${tpKey(p)}: ${throwableToString(r, KAFKA_ERRORS_PACKAGE)}`,
            );
        }
      }
      return results;
    } finally {
      if (trigger !== 'AdminClientTriggered')
        await this.removePartitionsFromPreferredReplicaElection(partitions, trigger === 'AutoTriggered');
    }
  }

  async processReplicaLeaderElection(
    fromAdmin: TopicPartition[] | null,
    electionType: ElectionType,
    trigger: ElectionTrigger,
  ): Promise<PartitionOutcome[] | { errorCode: number; message: string } | null> {
    const ctx = this.controller.context;
    if (!this.controller.isActive()) {
      return fromAdmin === null
        ? null
        : fromAdmin.map((partition) => ({ partition, errorCode: Errors.NOT_CONTROLLER.code, message: null }));
    }
    if (trigger !== 'AdminClientTriggered' && !(await this.controller.zk.registerZNodeChangeHandlerAndCheckExistence(this.zkHandler)))
      return null;
    const partitions = fromAdmin ?? (await this.controller.zk.getPreferredReplicaElection());
    const known = partitions.filter((p) => ctx.partitionReplicaAssignment(p).length > 0);
    const unknown = partitions.filter((p) => ctx.partitionReplicaAssignment(p).length === 0);
    for (const p of unknown)
      this.controller.log.info(
        `Skipping replica leader election (${electionType}) for partition ${tpKey(p)} by ${trigger} since it doesn't exist.`,
      );
    const beingDeleted = known.filter((p) => this.controller.topicDeletionManager.isTopicQueuedUpForDeletion(p.topic));
    const live = known.filter((p) => !this.controller.topicDeletionManager.isTopicQueuedUpForDeletion(p.topic));
    if (beingDeleted.length > 0) {
      this.controller.log.warn(
        `Skipping replica leader election (${electionType}) for partitions ${beingDeleted.map(tpKey).join(',')} by ${trigger} since the respective topics are being deleted`,
      );
    }
    const leaderOf = (p: TopicPartition) => ctx.partitionLeadershipInfo.get(p)?.leaderAndIsr.leader ?? NO_LEADER;
    const electable = live.filter((p) =>
      electionType === 'PREFERRED'
        ? leaderOf(p) !== ctx.partitionReplicaAssignment(p)[0]
        : leaderOf(p) === NO_LEADER || !ctx.liveBrokerIds.has(leaderOf(p)),
    );
    const alreadyValid = live.filter((p) => !electable.includes(p));
    const results = await this.onReplicaElection(electable, electionType, trigger);
    const outcomes: PartitionOutcome[] = [];
    for (const [partition, r] of results) {
      if (r instanceof StateChangeFailedError) {
        const code = electionType === 'PREFERRED' ? Errors.PREFERRED_LEADER_NOT_AVAILABLE.code : Errors.ELIGIBLE_LEADERS_NOT_AVAILABLE.code;
        outcomes.push({ partition, errorCode: code, message: r.message });
      } else if (r instanceof Error) {
        outcomes.push({ partition, errorCode: Errors.UNKNOWN_SERVER_ERROR.code, message: r.message });
      } else {
        outcomes.push({ partition, errorCode: Errors.NONE.code, message: null });
      }
    }
    // `new ApiError(Errors.ELECTION_NOT_NEEDED)` carries the error's default message.
    for (const partition of alreadyValid)
      outcomes.push({ partition, errorCode: Errors.ELECTION_NOT_NEEDED.code, message: Errors.ELECTION_NOT_NEEDED.message });
    for (const partition of beingDeleted)
      outcomes.push({ partition, errorCode: Errors.INVALID_TOPIC_EXCEPTION.code, message: 'The topic is being deleted' });
    for (const partition of unknown)
      outcomes.push({ partition, errorCode: Errors.UNKNOWN_TOPIC_OR_PARTITION.code, message: 'The partition does not exist.' });
    return outcomes;
  }

  private async removePartitionsFromPreferredReplicaElection(
    partitions: TopicPartition[],
    isTriggeredByAutoRebalance: boolean,
  ): Promise<void> {
    const ctx = this.controller.context;
    for (const p of partitions) {
      const leader = ctx.partitionLeadershipInfo.get(p)?.leaderAndIsr.leader;
      const preferred = ctx.partitionReplicaAssignment(p)[0];
      if (leader === preferred)
        this.controller.log.info(`Partition ${tpKey(p)} completed preferred replica leader election. New leader is ${preferred}`);
      else
        this.controller.log.warn(
          `Partition ${tpKey(p)} failed to complete preferred replica leader election to ${preferred}. Leader is still ${leader}`,
        );
    }
    if (!isTriggeredByAutoRebalance) {
      await this.controller.zk.deletePreferredReplicaElection(ctx.epochZkVersion);
      // Re-arm the creation watch so that the next election request is seen.
      this.controller.put({ type: 'ReplicaLeaderElection', partitions: null, electionType: 'PREFERRED', trigger: 'ZkTriggered' });
    }
  }

  /** Per preferred broker: if more than `leader.imbalance.per.broker.percentage` of its partitions are led elsewhere, elect. */
  private async checkAndTriggerAutoLeaderRebalance(): Promise<void> {
    const ctx = this.controller.context;
    const byPreferred = new Map<number, TopicPartition[]>();
    for (const p of ctx.allPartitions()) {
      if (this.controller.topicDeletionManager.isTopicQueuedUpForDeletion(p.topic)) continue;
      const preferred = ctx.partitionReplicaAssignment(p)[0];
      if (preferred === undefined) continue;
      let list = byPreferred.get(preferred);
      if (!list) byPreferred.set(preferred, (list = []));
      list.push(p);
    }
    for (const [broker, partitions] of [...byPreferred].sort((a, b) => a[0] - b[0])) {
      const notPreferred = partitions.filter((p) => {
        const l = ctx.partitionLeadershipInfo.get(p);
        return l !== undefined && l.leaderAndIsr.leader !== broker;
      });
      const ratio = notPreferred.length / partitions.length;
      // A Scala Double prints as 1.0, not 1.
      this.controller.log.debug(`Leader imbalance ratio for broker ${broker} is ${Number.isInteger(ratio) ? ratio.toFixed(1) : ratio}`);
      if (ratio > this.controller.config.leaderImbalancePerBrokerPercentage / 100) {
        const candidates = notPreferred.filter(
          (p) =>
            ctx.isReplicaOnline(broker, p) &&
            ctx.partitionsBeingReassigned.size === 0 &&
            !this.controller.topicDeletionManager.isTopicQueuedUpForDeletion(p.topic) &&
            ctx.allTopics.has(p.topic),
        );
        await this.onReplicaElection(candidates, 'PREFERRED', 'AutoTriggered');
      }
    }
  }
}
