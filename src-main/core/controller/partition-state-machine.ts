import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../common/topic-partition';
import type { ControllerContext } from './controller-context';
import { ControllerMovedError, IllegalStateException, StateChangeFailedError } from './controller-errors';
import { KAFKA_ERRORS_PACKAGE, throwableToString, toError } from '../common/throwable';
import type { ControllerRequestBatch } from './controller-request-batch';
import type { ControllerZkClient } from './controller-zk-client';
import type { LeaderAndIsr, LeaderIsrAndControllerEpoch } from './leader-and-isr';
import { formatLeaderAndIsr, newLeaderAndIsr } from './leader-and-isr';
import type { ElectionStrategy } from './partition-leader-election';
import {
  OFFLINE_CLEAN,
  controlledShutdownPartitionLeaderElection,
  offlinePartitionLeaderElection,
  preferredReplicaPartitionLeaderElection,
  reassignPartitionLeaderElection,
} from './partition-leader-election';
import type { PartitionState } from './partition-states';
import { VALID_PREVIOUS_PARTITION_STATES } from './partition-states';
import { targetReplicas } from './replica-assignment';
import type { StateChangeLogger } from './state-change-logger';
import { Slicer, microtaskExecutor } from '../platform/executor';
import { Logger } from '../common/logging';

/** The log4j logger of Kafka's class. */
export const PARTITION_STATE_MACHINE_LOGGER = 'kafka.controller.ZkPartitionStateMachine';

/** Per partition: the new LeaderAndIsr, or why no leader could be elected. */
export type ElectionResults = TopicPartitionMap<LeaderAndIsr | Error>;

interface ElectionResult {
  partition: TopicPartition;
  leaderAndIsr: LeaderAndIsr | null;
  recipients: number[];
}

export function strategyName(s: ElectionStrategy): string {
  return s.kind === 'OfflinePartitionLeaderElectionStrategy' ? `${s.kind}(${s.allowUnclean})` : s.kind;
}

/**
 * Kafka's `ZkPartitionStateMachine` (states and valid previous states: `partition-states.ts`).
 * Each `handleStateChanges` opens a request batch and sends it when the transitions are made.
 */
export class PartitionStateMachine {
  constructor(
    private readonly controllerId: number,
    private readonly context: ControllerContext,
    private readonly zk: ControllerZkClient,
    private readonly batch: ControllerRequestBatch,
    private readonly stateChangeLog: StateChangeLogger,
    private readonly onUncleanElection: (partition: TopicPartition, leader: number) => void,
    /** controller.log: Kafka's `kafka.controller.ZkPartitionStateMachine` logger. */
    private readonly log: Logger = new Logger(() => undefined, PARTITION_STATE_MACHINE_LOGGER),
    /** Pauses long loops (10,000s of partitions) so the app stays responsive. */
    private readonly slicer: Slicer = new Slicer(microtaskExecutor, Number.MAX_SAFE_INTEGER),
  ) {}

  /** Initial states from the cached leadership, then every New/Offline partition → Online. */
  async startup(): Promise<void> {
    this.log.info('Initializing partition state');
    for (const p of this.context.allPartitions()) {
      const leadership = this.context.partitionLeadershipInfo.get(p);
      if (leadership) {
        this.context.putPartitionState(
          p,
          this.context.isReplicaOnline(leadership.leaderAndIsr.leader, p) ? 'OnlinePartition' : 'OfflinePartition',
        );
      } else {
        this.context.putPartitionState(p, 'NewPartition');
      }
    }
    this.log.info('Triggering online partition state changes');
    await this.triggerOnlinePartitionStateChange();
  }

  shutdown(): void {
    this.context.partitionStates.clear();
    this.log.info('Stopped partition state machine');
  }

  /** New and Offline partitions of topics not queued for deletion → Online (clean offline election). */
  async triggerOnlinePartitionStateChange(topic?: string): Promise<void> {
    const partitions = this.context
      .partitionsInStates(new Set<PartitionState>(['NewPartition', 'OfflinePartition']), topic)
      .filter((p) => !this.context.isTopicQueuedUpForDeletion(p.topic));
    await this.handleStateChanges(partitions, 'OnlinePartition', OFFLINE_CLEAN);
  }

  async handleStateChanges(
    partitions: readonly TopicPartition[],
    target: PartitionState,
    strategy?: ElectionStrategy,
  ): Promise<ElectionResults> {
    const results: ElectionResults = new TopicPartitionMap();
    if (partitions.length === 0) return results;
    this.batch.newBatch();
    try {
      await this.doHandleStateChanges(partitions, target, strategy, results);
      this.batch.sendRequestsToBrokers(this.context.epoch);
    } catch (e) {
      this.batch.clear();
      if (e instanceof ControllerMovedError) throw e;
      this.stateChangeLog.error(`Error while moving some partitions to ${target} state: ${throwableToString(e, KAFKA_ERRORS_PACKAGE)}`);
    }
    return results;
  }

  private partitionState(p: TopicPartition): PartitionState {
    return this.context.partitionState(p);
  }

  private async doHandleStateChanges(
    partitions: readonly TopicPartition[],
    target: PartitionState,
    strategy: ElectionStrategy | undefined,
    results: ElectionResults,
  ): Promise<void> {
    const valid: TopicPartition[] = [];
    for (const p of partitions) {
      const current = this.partitionState(p);
      if (VALID_PREVIOUS_PARTITION_STATES[target].has(current)) valid.push(p);
      else this.logInvalidTransition(p, target);
    }
    switch (target) {
      case 'NewPartition':
        for (const p of valid) {
          await this.slicer.tick();
          this.stateChangeLog.trace(
            `Changed partition ${tpKey(p)} state from ${this.partitionState(p)} to ${target} with assigned replicas ${this.context.partitionReplicaAssignment(p).join(',')}`,
          );
          this.context.putPartitionState(p, 'NewPartition');
        }
        return;
      case 'OnlinePartition': {
        const uninitialized = valid.filter((p) => this.partitionState(p) === 'NewPartition');
        const toElect = valid.filter((p) => this.partitionState(p) === 'OfflinePartition' || this.partitionState(p) === 'OnlinePartition');
        if (uninitialized.length > 0) {
          for (const p of await this.initializeLeaderAndIsrForPartitions(uninitialized)) {
            await this.slicer.tick();
            const leadership = this.context.partitionLeadershipInfo.get(p) as LeaderIsrAndControllerEpoch;
            this.stateChangeLog.trace(
              `Changed partition ${tpKey(p)} from ${this.partitionState(p)} to ${target} with state ${formatLeaderAndIsr(leadership.leaderAndIsr)}`,
            );
            this.context.putPartitionState(p, 'OnlinePartition');
          }
        }
        if (toElect.length > 0) {
          const elected = await this.electLeaderForPartitions(toElect, strategy ?? OFFLINE_CLEAN);
          for (const [p, result] of elected) {
            await this.slicer.tick();
            results.set(p, result);
            if (result instanceof Error) continue;
            this.stateChangeLog.trace(
              `Changed partition ${tpKey(p)} from ${this.partitionState(p)} to ${target} with state ${formatLeaderAndIsr(result)}`,
            );
            this.context.putPartitionState(p, 'OnlinePartition');
          }
        }
        return;
      }
      case 'OfflinePartition':
      case 'NonExistentPartition':
        for (const p of valid) {
          await this.slicer.tick();
          this.stateChangeLog.trace(`Changed partition ${tpKey(p)} state from ${this.partitionState(p)} to ${target}`);
          this.context.putPartitionState(p, target);
        }
        return;
    }
  }

  /** New → Online: leader = first live replica, ISR = live replicas, state znode created (A5: NODEEXISTS fails it). */
  private async initializeLeaderAndIsrForPartitions(partitions: TopicPartition[]): Promise<TopicPartition[]> {
    const successful: TopicPartition[] = [];
    const toCreate: Array<{ partition: TopicPartition; state: LeaderIsrAndControllerEpoch }> = [];
    for (const p of partitions) {
      await this.slicer.tick();
      const replicas = this.context.partitionReplicaAssignment(p);
      const live = replicas.filter((r) => this.context.isReplicaOnline(r, p));
      if (live.length === 0) {
        this.logFailedStateChange(
          p,
          'NewPartition',
          'OnlinePartition',
          new StateChangeFailedError(
            `Controller ${this.controllerId} epoch ${this.context.epoch} encountered error during state change of partition ${tpKey(p)} from New to Online, ` +
              `assigned replicas are [${replicas.join(',')}], live brokers are [Set(${[...this.context.liveBrokerIds].sort((a, b) => a - b).join(', ')})]. No assigned replica is alive.`,
          ),
        );
        continue;
      }
      toCreate.push({
        partition: p,
        state: { leaderAndIsr: { leader: live[0], leaderEpoch: 0, isr: live, zkVersion: 0 }, controllerEpoch: this.context.epoch },
      });
    }
    if (toCreate.length === 0) return successful;
    let responses: Array<{ partition: TopicPartition; error: Error | null }>;
    try {
      responses = await this.zk.createTopicPartitionStates(toCreate, this.context.epochZkVersion);
    } catch (e) {
      if (e instanceof ControllerMovedError) throw e;
      for (const { partition } of toCreate) this.logFailedStateChange(partition, this.partitionState(partition), 'NewPartition', e);
      return successful;
    }
    const byKey = new Map(toCreate.map((c) => [tpKey(c.partition), c.state]));
    for (const { partition, error } of responses) {
      await this.slicer.tick();
      if (error) {
        this.logFailedStateChange(partition, 'NewPartition', 'OnlinePartition', error);
        continue;
      }
      const state = byKey.get(tpKey(partition)) as LeaderIsrAndControllerEpoch;
      this.context.partitionLeadershipInfo.set(partition, state);
      this.batch.addLeaderAndIsrRequestForBrokers(
        state.leaderAndIsr.isr,
        partition,
        state,
        this.context.partitionFullReplicaAssignment(partition),
        true,
      );
      successful.push(partition);
    }
    return successful;
  }

  /** Elects, retrying the partitions whose state znode changed under us (BADVERSION). */
  private async electLeaderForPartitions(partitions: TopicPartition[], strategy: ElectionStrategy): Promise<ElectionResults> {
    const finished: ElectionResults = new TopicPartitionMap();
    let remaining = partitions;
    while (remaining.length > 0) {
      const round = await this.doElectLeaderForPartitions(remaining, strategy);
      remaining = round.toRetry;
      for (const [p, result] of round.finished) {
        if (result instanceof Error) this.logFailedStateChange(p, this.partitionState(p), 'OnlinePartition', result);
        finished.set(p, result);
      }
      if (remaining.length > 0) {
        this.stateChangeLog.info(
          `Retrying leader election with strategy ${strategyName(strategy)} for partitions ${remaining.map(tpKey).join(',')}`,
        );
      }
    }
    return finished;
  }

  private async doElectLeaderForPartitions(
    partitions: TopicPartition[],
    strategy: ElectionStrategy,
  ): Promise<{ finished: ElectionResults; toRetry: TopicPartition[] }> {
    const finished: ElectionResults = new TopicPartitionMap();
    let reads;
    try {
      reads = await this.zk.getTopicPartitionStates(partitions);
    } catch (e) {
      for (const p of partitions) finished.set(p, toError(e));
      return { finished, toRetry: [] };
    }
    const valid: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr }> = [];
    for (const { partition, read } of reads) {
      if (read.kind === 'ok') {
        if (read.value.controllerEpoch > this.context.epoch) {
          finished.set(
            partition,
            new StateChangeFailedError(
              `Aborted leader election for partition ${tpKey(partition)} since the LeaderAndIsr path was already written by another controller. ` +
                `This probably means that the current controller ${this.controllerId} went through a soft failure and another controller was elected with epoch ${read.value.controllerEpoch}.`,
            ),
          );
        } else {
          valid.push({ partition, leaderAndIsr: read.value.leaderAndIsr });
        }
      } else if (read.kind === 'nonode') {
        finished.set(
          partition,
          new StateChangeFailedError(
            `LeaderAndIsr information doesn't exist for partition ${tpKey(partition)} in ${this.partitionState(partition)} state`,
          ),
        );
      } else {
        finished.set(partition, read.error);
      }
    }
    if (valid.length === 0) return { finished, toRetry: [] };

    const elections = await this.elect(valid, strategy, finished);
    const withLeaders = elections.filter((r) => r.leaderAndIsr !== null);
    for (const r of elections) {
      if (r.leaderAndIsr === null) {
        finished.set(
          r.partition,
          new StateChangeFailedError(`Failed to elect leader for partition ${tpKey(r.partition)} under strategy ${strategyName(strategy)}`),
        );
      }
    }
    if (withLeaders.length === 0) return { finished, toRetry: [] };
    const update = await this.zk.updateLeaderAndIsr(
      withLeaders.map((r) => ({ partition: r.partition, leaderAndIsr: r.leaderAndIsr as LeaderAndIsr })),
      this.context.epoch,
      this.context.epochZkVersion,
    );
    const recipients = new Map(withLeaders.map((r) => [tpKey(r.partition), r.recipients]));
    for (const { partition, result } of update.finished) {
      await this.slicer.tick();
      finished.set(partition, result);
      if (result instanceof Error) continue;
      const leadership: LeaderIsrAndControllerEpoch = { leaderAndIsr: result, controllerEpoch: this.context.epoch };
      this.context.partitionLeadershipInfo.set(partition, leadership);
      this.batch.addLeaderAndIsrRequestForBrokers(
        recipients.get(tpKey(partition)) ?? [],
        partition,
        leadership,
        this.context.partitionFullReplicaAssignment(partition),
        false,
      );
    }
    return { finished, toRetry: update.toRetry };
  }

  /** Kafka's `Election.leaderFor*`: the new leader and ISR per partition, and who is told. */
  private async elect(
    valid: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr }>,
    strategy: ElectionStrategy,
    finished: ElectionResults,
  ): Promise<ElectionResult[]> {
    const ctx = this.context;
    const online =
      (p: TopicPartition, includeShuttingDown = false) =>
      (r: number) =>
        ctx.isReplicaOnline(r, p, includeShuttingDown);
    switch (strategy.kind) {
      case 'OfflinePartitionLeaderElectionStrategy': {
        const unclean = await this.collectUncleanLeaderElectionState(valid, strategy.allowUnclean, finished);
        return unclean.map(({ partition, leaderAndIsr, uncleanEnabled }) => {
          const assignment = ctx.partitionReplicaAssignment(partition);
          const live = assignment.filter(online(partition));
          if (!leaderAndIsr) return { partition, leaderAndIsr: null, recipients: live };
          const chosen = offlinePartitionLeaderElection(assignment, leaderAndIsr.isr, new Set(live), uncleanEnabled);
          if (!chosen) return { partition, leaderAndIsr: null, recipients: live };
          if (chosen.unclean) this.onUncleanElection(partition, chosen.leader);
          const newIsr = leaderAndIsr.isr.includes(chosen.leader) ? leaderAndIsr.isr.filter(online(partition)) : [chosen.leader];
          return { partition, leaderAndIsr: newLeaderAndIsr(leaderAndIsr, chosen.leader, newIsr), recipients: live };
        });
      }
      case 'ReassignPartitionLeaderElectionStrategy':
        return valid.map(({ partition, leaderAndIsr }) => {
          const target = targetReplicas(ctx.partitionFullReplicaAssignment(partition));
          const leader = reassignPartitionLeaderElection(target, leaderAndIsr.isr, new Set(target.filter(online(partition))));
          return {
            partition,
            leaderAndIsr: leader === null ? null : newLeaderAndIsr(leaderAndIsr, leader, leaderAndIsr.isr),
            recipients: target,
          };
        });
      case 'PreferredReplicaPartitionLeaderElectionStrategy':
        return valid.map(({ partition, leaderAndIsr }) => {
          const assignment = [...ctx.partitionReplicaAssignment(partition)];
          const leader = preferredReplicaPartitionLeaderElection(
            assignment,
            leaderAndIsr.isr,
            new Set(assignment.filter(online(partition))),
          );
          return {
            partition,
            leaderAndIsr: leader === null ? null : newLeaderAndIsr(leaderAndIsr, leader, leaderAndIsr.isr),
            recipients: assignment,
          };
        });
      case 'ControlledShutdownPartitionLeaderElectionStrategy':
        return valid.map(({ partition, leaderAndIsr }) => {
          const assignment = ctx.partitionReplicaAssignment(partition);
          const liveOrShuttingDown = assignment.filter(online(partition, true));
          const leader = controlledShutdownPartitionLeaderElection(
            assignment,
            leaderAndIsr.isr,
            new Set(liveOrShuttingDown),
            ctx.shuttingDownBrokerIds,
          );
          const newIsr = leaderAndIsr.isr.filter((r) => !ctx.shuttingDownBrokerIds.has(r));
          return {
            partition,
            leaderAndIsr: leader === null ? null : newLeaderAndIsr(leaderAndIsr, leader, newIsr),
            recipients: liveOrShuttingDown,
          };
        });
    }
  }

  /**
   * Partitions with no live ISR member may elect uncleanly: always when the caller allows it (an
   * admin's ElectLeaders UNCLEAN), otherwise as the topic's `unclean.leader.election.enable` says.
   */
  private async collectUncleanLeaderElectionState(
    valid: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr }>,
    allowUnclean: boolean,
    finished: ElectionResults,
  ): Promise<Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr | null; uncleanEnabled: boolean }>> {
    const noLiveIsr = valid.filter(
      ({ partition, leaderAndIsr }) => !leaderAndIsr.isr.some((r) => this.context.isReplicaOnline(r, partition)),
    );
    const withLiveIsr = valid.filter((v) => !noLiveIsr.includes(v));
    const out: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr | null; uncleanEnabled: boolean }> = [];
    if (allowUnclean) {
      out.push(...noLiveIsr.map((v) => ({ ...v, uncleanEnabled: true })));
    } else if (noLiveIsr.length > 0) {
      const configs = await this.zk.getUncleanLeaderElectionEnable(new Set(noLiveIsr.map((v) => v.partition.topic)));
      for (const v of noLiveIsr) {
        const enabled = configs.get(v.partition.topic);
        if (enabled instanceof Error || enabled === undefined) {
          const error = enabled ?? new StateChangeFailedError(`Could not read the configuration of topic ${v.partition.topic}`);
          this.logFailedStateChange(v.partition, this.partitionState(v.partition), 'OnlinePartition', error);
          finished.set(v.partition, error);
          out.push({ partition: v.partition, leaderAndIsr: null, uncleanEnabled: false });
        } else {
          out.push({ ...v, uncleanEnabled: enabled });
        }
      }
    }
    out.push(...withLiveIsr.map((v) => ({ ...v, uncleanEnabled: false })));
    return out;
  }

  private logInvalidTransition(p: TopicPartition, target: PartitionState): void {
    const current = this.partitionState(p);
    this.logFailedStateChange(
      p,
      current,
      target,
      new IllegalStateException(
        `Partition ${tpKey(p)} should be in one of ${[...VALID_PREVIOUS_PARTITION_STATES[target]].join(',')} states before moving to ${target} state. Instead it is in ${current} state`,
      ),
    );
  }

  private logFailedStateChange(p: TopicPartition, current: PartitionState, target: PartitionState, error: unknown): void {
    this.stateChangeLog.error(
      `Controller ${this.controllerId} epoch ${this.context.epoch} failed to change state for partition ${tpKey(p)} from ${current} to ${target}`,
      error,
    );
  }
}
