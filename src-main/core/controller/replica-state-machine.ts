import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { ControllerContext } from './controller-context';
import { ControllerMovedError, IllegalStateException, StateChangeFailedError } from './controller-errors';
import { KAFKA_ERRORS_PACKAGE, throwableToString, toError } from '../common/throwable';
import type { ControllerRequestBatch } from './controller-request-batch';
import type { ControllerZkClient } from './controller-zk-client';
import type { LeaderAndIsr, LeaderIsrAndControllerEpoch } from './leader-and-isr';
import { NO_LEADER, formatLeaderIsrAndControllerEpoch, newLeaderAndIsr } from './leader-and-isr';
import { formatAssignment } from './replica-assignment';
import type { PartitionAndReplica, ReplicaState } from './replica-states';
import { VALID_PREVIOUS_REPLICA_STATES } from './replica-states';
import type { StateChangeLogger } from './state-change-logger';
import { Slicer, microtaskExecutor } from '../platform/executor';
import { Logger } from '../common/logging';

/** The log4j logger of Kafka's class. */
export const REPLICA_STATE_MACHINE_LOGGER = 'kafka.controller.ZkReplicaStateMachine';

/**
 * Kafka's `ZkReplicaStateMachine` (states and valid previous states: `replica-states.ts`).
 * Transitions are made per replica broker; each call opens a request batch and sends it at the end.
 */
export class ReplicaStateMachine {
  constructor(
    private readonly controllerId: number,
    private readonly context: ControllerContext,
    private readonly zk: ControllerZkClient,
    private readonly batch: ControllerRequestBatch,
    private readonly stateChangeLog: StateChangeLogger,
    /** controller.log: Kafka's `kafka.controller.ZkReplicaStateMachine` logger. */
    private readonly log: Logger = new Logger(() => undefined, REPLICA_STATE_MACHINE_LOGGER),
    /** Pauses long loops (10,000s of replicas) so the app stays responsive. */
    private readonly slicer: Slicer = new Slicer(microtaskExecutor, Number.MAX_SAFE_INTEGER),
  ) {}

  /** Online replicas → OnlineReplica, the others → ReplicaDeletionIneligible then OfflineReplica. */
  async startup(): Promise<void> {
    this.log.info('Initializing replica state');
    for (const p of this.context.allPartitions()) {
      for (const replica of this.context.partitionReplicaAssignment(p)) {
        const r = { ...p, replica };
        this.context.putReplicaState(r, this.context.isReplicaOnline(replica, p) ? 'OnlineReplica' : 'ReplicaDeletionIneligible');
      }
    }
    this.log.info('Triggering online replica state changes');
    const { online, offline } = this.context.onlineAndOfflineReplicas();
    await this.handleStateChanges(online, 'OnlineReplica');
    this.log.info('Triggering offline replica state changes');
    await this.handleStateChanges(offline, 'OfflineReplica');
  }

  shutdown(): void {
    // Replica states live in the context and are cleared with it.
    this.log.info('Stopped replica state machine');
  }

  async handleStateChanges(replicas: readonly PartitionAndReplica[], target: ReplicaState): Promise<void> {
    if (replicas.length === 0) return;
    this.batch.newBatch();
    try {
      const byReplica = new Map<number, PartitionAndReplica[]>();
      for (const r of replicas) {
        let list = byReplica.get(r.replica);
        if (!list) byReplica.set(r.replica, (list = []));
        list.push(r);
      }
      for (const [replicaId, list] of byReplica) await this.doHandleStateChanges(replicaId, list, target);
      this.batch.sendRequestsToBrokers(this.context.epoch);
    } catch (e) {
      this.batch.clear();
      if (e instanceof ControllerMovedError) throw e;
      this.stateChangeLog.error(`Error while moving some replicas to ${target} state: ${throwableToString(e, KAFKA_ERRORS_PACKAGE)}`);
    }
  }

  private async doHandleStateChanges(replicaId: number, replicas: PartitionAndReplica[], target: ReplicaState): Promise<void> {
    const ctx = this.context;
    const valid: PartitionAndReplica[] = [];
    for (const r of replicas) {
      if (VALID_PREVIOUS_REPLICA_STATES[target].has(ctx.replicaState(r))) valid.push(r);
      else this.logInvalidTransition(r, target);
    }
    switch (target) {
      case 'NewReplica':
        for (const r of valid) {
          await this.slicer.tick();
          const current = ctx.replicaState(r);
          const leadership = ctx.partitionLeadershipInfo.get(r);
          if (leadership) {
            if (leadership.leaderAndIsr.leader === replicaId) {
              this.logFailedStateChange(
                r,
                current,
                'OfflineReplica',
                new StateChangeFailedError(
                  `Replica ${replicaId} for partition ${tpKey(r)} cannot be moved to NewReplica state as it is being requested to become leader`,
                ),
              );
              continue;
            }
            this.batch.addLeaderAndIsrRequestForBrokers([replicaId], r, leadership, ctx.partitionFullReplicaAssignment(r), true);
          }
          this.logSuccessfulTransition(replicaId, r, current, 'NewReplica');
          ctx.putReplicaState(r, 'NewReplica');
        }
        return;
      case 'OnlineReplica':
        for (const r of valid) {
          await this.slicer.tick();
          const current = ctx.replicaState(r);
          if (current === 'NewReplica') {
            const assignment = ctx.partitionFullReplicaAssignment(r);
            if (!assignment.replicas.includes(replicaId)) {
              this.log.error(`Adding replica (${replicaId}) that is not part of the assignment ${formatAssignment(assignment)}`);
              ctx.updatePartitionFullReplicaAssignment(r, { ...assignment, replicas: [...assignment.replicas, replicaId] });
            }
          } else {
            const leadership = ctx.partitionLeadershipInfo.get(r);
            if (leadership)
              this.batch.addLeaderAndIsrRequestForBrokers([replicaId], r, leadership, ctx.partitionFullReplicaAssignment(r), false);
          }
          this.logSuccessfulTransition(replicaId, r, current, 'OnlineReplica');
          ctx.putReplicaState(r, 'OnlineReplica');
        }
        return;
      case 'OfflineReplica': {
        for (const r of valid) this.batch.addStopReplicaRequestForBrokers([replicaId], r, false);
        const withLeadership = valid.filter((r) => ctx.partitionLeadershipInfo.has(r));
        const withoutLeadership = valid.filter((r) => !ctx.partitionLeadershipInfo.has(r));
        const updated = await this.removeReplicasFromIsr(replicaId, withLeadership);
        for (const { partition, leadership } of updated) {
          this.stateChangeLog.info(
            `Partition ${tpKey(partition)} state changed to ${formatLeaderIsrAndControllerEpoch(leadership)} after removing replica ${replicaId} from the ISR as part of transition to OfflineReplica`,
          );
          if (!ctx.isTopicQueuedUpForDeletion(partition.topic)) {
            const recipients = ctx.partitionReplicaAssignment(partition).filter((id) => id !== replicaId);
            this.batch.addLeaderAndIsrRequestForBrokers(
              recipients,
              partition,
              leadership,
              ctx.partitionFullReplicaAssignment(partition),
              false,
            );
          }
          const r = { ...partition, replica: replicaId };
          this.logSuccessfulTransition(replicaId, partition, ctx.replicaState(r), 'OfflineReplica');
          ctx.putReplicaState(r, 'OfflineReplica');
        }
        for (const r of withoutLeadership) {
          this.logSuccessfulTransition(replicaId, r, ctx.replicaState(r), 'OfflineReplica');
          this.batch.addUpdateMetadataRequestForBrokers(ctx.liveOrShuttingDownBrokerIds, [r]);
          ctx.putReplicaState(r, 'OfflineReplica');
        }
        return;
      }
      case 'ReplicaDeletionStarted':
        for (const r of valid) {
          await this.slicer.tick();
          this.logSuccessfulTransition(replicaId, r, ctx.replicaState(r), 'ReplicaDeletionStarted');
          ctx.putReplicaState(r, 'ReplicaDeletionStarted');
          this.batch.addStopReplicaRequestForBrokers([replicaId], r, true);
        }
        return;
      case 'ReplicaDeletionIneligible':
      case 'ReplicaDeletionSuccessful':
        for (const r of valid) {
          await this.slicer.tick();
          this.logSuccessfulTransition(replicaId, r, ctx.replicaState(r), target);
          ctx.putReplicaState(r, target);
        }
        return;
      case 'NonExistentReplica':
        for (const r of valid) {
          await this.slicer.tick();
          const current = ctx.replicaState(r);
          const assignment = ctx.partitionFullReplicaAssignment(r);
          ctx.updatePartitionFullReplicaAssignment(r, {
            replicas: assignment.replicas.filter((id) => id !== replicaId),
            addingReplicas: assignment.addingReplicas.filter((id) => id !== replicaId),
            removingReplicas: assignment.removingReplicas.filter((id) => id !== replicaId),
          });
          this.logSuccessfulTransition(replicaId, r, current, 'NonExistentReplica');
          ctx.removeReplicaState(r);
        }
        return;
    }
  }

  /**
   * Takes the replica out of each partition's ISR in ZooKeeper (leader −1 if it led; an ISR of one
   * is left as it is), retrying partitions whose state znode changed meanwhile.
   */
  private async removeReplicasFromIsr(
    replicaId: number,
    partitions: TopicPartition[],
  ): Promise<Array<{ partition: TopicPartition; leadership: LeaderIsrAndControllerEpoch }>> {
    const results: Array<{ partition: TopicPartition; leadership: LeaderIsrAndControllerEpoch }> = [];
    let remaining = partitions;
    while (remaining.length > 0) {
      const round = await this.doRemoveReplicasFromIsr(replicaId, remaining);
      remaining = round.toRetry;
      for (const { partition, result } of round.finished) {
        if (result instanceof Error) {
          const r = { ...partition, replica: replicaId };
          this.logFailedStateChange(r, this.context.replicaState(r), 'OfflineReplica', result);
        } else {
          results.push({ partition, leadership: result });
        }
      }
    }
    return results;
  }

  private async doRemoveReplicasFromIsr(
    replicaId: number,
    partitions: TopicPartition[],
  ): Promise<{ finished: Array<{ partition: TopicPartition; result: LeaderIsrAndControllerEpoch | Error }>; toRetry: TopicPartition[] }> {
    const finished: Array<{ partition: TopicPartition; result: LeaderIsrAndControllerEpoch | Error }> = [];
    let reads;
    try {
      reads = await this.zk.getTopicPartitionStates(partitions);
    } catch (e) {
      return { finished: partitions.map((partition) => ({ partition, result: toError(e) })), toRetry: [] };
    }
    const withReplica: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr }> = [];
    const withoutReplica: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr }> = [];
    for (const { partition, read } of reads) {
      if (read.kind === 'nonode') {
        if (!this.context.isTopicQueuedUpForDeletion(partition.topic)) {
          finished.push({
            partition,
            result: new StateChangeFailedError(
              `Failed to change state of replica ${replicaId} for partition ${tpKey(partition)} since the leader and isr path in zookeeper is empty`,
            ),
          });
        }
      } else if (read.kind === 'error') {
        finished.push({ partition, result: read.error });
      } else if (read.value.controllerEpoch > this.context.epoch) {
        finished.push({
          partition,
          result: new StateChangeFailedError(
            `Leader and isr path written by another controller. This probably means the current controller with epoch ${this.context.epoch} went through a soft failure ` +
              `and another controller was elected with epoch ${read.value.controllerEpoch}. Aborting state change by this controller`,
          ),
        });
      } else if (read.value.leaderAndIsr.isr.includes(replicaId)) {
        withReplica.push({ partition, leaderAndIsr: read.value.leaderAndIsr });
      } else {
        withoutReplica.push({ partition, leaderAndIsr: read.value.leaderAndIsr });
      }
    }
    const adjusted = withReplica.map(({ partition, leaderAndIsr }) => {
      const leader = leaderAndIsr.leader === replicaId ? NO_LEADER : leaderAndIsr.leader;
      const isr = leaderAndIsr.isr.length === 1 ? leaderAndIsr.isr : leaderAndIsr.isr.filter((id) => id !== replicaId);
      return { partition, leaderAndIsr: newLeaderAndIsr(leaderAndIsr, leader, isr) };
    });
    const update =
      adjusted.length > 0
        ? await this.zk.updateLeaderAndIsr(adjusted, this.context.epoch, this.context.epochZkVersion)
        : { finished: [], toRetry: [] };
    for (const { partition, result } of [
      ...withoutReplica.map((w) => ({ partition: w.partition, result: w.leaderAndIsr as LeaderAndIsr | Error })),
      ...update.finished,
    ]) {
      if (result instanceof Error) {
        finished.push({ partition, result });
        continue;
      }
      const leadership: LeaderIsrAndControllerEpoch = { leaderAndIsr: result, controllerEpoch: this.context.epoch };
      this.context.partitionLeadershipInfo.set(partition, leadership);
      finished.push({ partition, result: leadership });
    }
    return { finished, toRetry: update.toRetry };
  }

  private logSuccessfulTransition(replicaId: number, p: TopicPartition, current: ReplicaState, target: ReplicaState): void {
    this.stateChangeLog.trace(`Changed state of replica ${replicaId} for partition ${tpKey(p)} from ${current} to ${target}`);
  }

  private logInvalidTransition(r: PartitionAndReplica, target: ReplicaState): void {
    const current = this.context.replicaState(r);
    this.logFailedStateChange(
      r,
      current,
      target,
      new IllegalStateException(
        `Replica [Topic=${r.topic},Partition=${r.partition},Replica=${r.replica}] should be in the ${[...VALID_PREVIOUS_REPLICA_STATES[target]].join(',')} states before moving to ${target} state. Instead it is in ${current} state`,
      ),
    );
  }

  private logFailedStateChange(
    r: TopicPartition & { replica?: number },
    current: ReplicaState,
    target: ReplicaState,
    error: unknown,
  ): void {
    this.stateChangeLog.error(
      `Controller ${this.controllerId} epoch ${this.context.epoch} initiated state change of replica ${r.replica ?? '?'} for partition ${tpKey(r)} from ${current} to ${target} failed`,
      error,
    );
  }
}
