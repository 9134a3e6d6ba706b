import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap } from '../../common/topic-partition';
import type { Partition } from '../partition';
import type { IsrTracker, ReplicaManagerCore } from './replica-manager-core';
import { errorMessage } from '../../common/throwable';

/** Kafka's `ReplicaManager.IsrChangePropagationBlackOut` and `IsrChangePropagationInterval`. */
const ISR_CHANGE_PROPAGATION_BLACKOUT_MS = 5000;
const ISR_CHANGE_PROPAGATION_INTERVAL_MS = 60000;
export const ISR_CHANGE_CHECK_PERIOD_MS = 2500;

/**
 * The leader's ISR maintenance: expand when a follower has caught up (`maybeExpandIsr`), shrink
 * after `replica.lag.time.max.ms` (`maybeShrinkIsr`), write the change conditionally
 * (`Partition.updateIsr`) and tell the controller through `/isr_change_notification`
 * (`maybePropagateIsrChanges`).
 */
export class IsrMaintenance implements IsrTracker {
  private readonly isrChangeSet = new TopicPartitionMap<TopicPartition>();
  private readonly isrUpdates = new TopicPartitionMap<Promise<void>>();
  private lastIsrChangeMs = 0;
  private lastIsrPropagationMs: number;

  constructor(private readonly rm: ReplicaManagerCore) {
    this.lastIsrPropagationMs = rm.deps.time.nowMs();
  }

  /** A partition no longer hosted (deleted, or in a failed log dir) has no ISR change to tell. */
  forgetIsrChange(tp: TopicPartition): void {
    this.isrChangeSet.delete(tp);
  }

  /**
   * `Partition.updateFollowerFetchState`: a follower fetched from `fetchOffset` while this leader's
   * log ended at `leaderEndOffset`; it may rejoin the ISR, and the high watermark may move.
   */
  updateFollowerFetchState(
    partition: Partition,
    followerId: number,
    fetchOffset: number,
    followerStartOffset: number,
    leaderEndOffset: number,
  ): void {
    const replica = partition.remoteReplicas.get(followerId);
    if (!replica) return;
    const now = this.rm.deps.time.nowMs();
    const previousEnd = replica.logEndOffset;
    // The follower's log start offset may have caught up with a DeleteRecords waiting for it.
    const previousStart = replica.logStartOffset;
    replica.updateFetchState(fetchOffset, followerStartOffset, now, leaderEndOffset);
    if (!partition.isr.includes(followerId) && partition.isFollowerInSync(replica)) void this.maybeExpandIsr(partition, followerId);
    const startIncremented = replica.logStartOffset > previousStart;
    const hwIncremented = previousEnd !== replica.logEndOffset && partition.maybeIncrementLeaderHW(now, this.rm.config.replicaLagTimeMaxMs);
    if (startIncremented || hwIncremented) this.rm.tryCompleteDelayedRequests(partition.topicPartition);
  }

  /** `maybeExpandIsr`: the follower reached the high watermark: the leader adds it to the ISR in ZooKeeper. */
  private maybeExpandIsr(partition: Partition, followerId: number): Promise<void> {
    const leaderEpoch = partition.leaderEpoch;
    return this.withIsrLock(partition, async () => {
      // Checked again under the lock: another follower's expansion may have just been written.
      const replica = partition.remoteReplicas.get(followerId);
      if (!replica || partition.isr.includes(followerId) || !partition.isLeader || partition.leaderEpoch !== leaderEpoch) return;
      if (!partition.isFollowerInSync(replica)) return;
      const newIsr = [...partition.isr, followerId];
      this.rm.partitionLogger(partition).info(`Expanding ISR from ${partition.isr.join(',')} to ${newIsr.join(',')}`);
      await this.updateIsr(partition, newIsr, 'expand');
    }).catch((e: unknown) => {
      // A broker killed under the write (its session dropped) is gone: it logs nothing more.
      if (!this.rm.isRunning()) return;
      this.rm.partitionLogger(partition).error(`Failed to expand ISR: ${errorMessage(e)}`);
    });
  }

  /**
   * Kafka's `leaderIsrUpdateLock`: an ISR change is decided and written to ZooKeeper under the
   * partition's write lock, so two followers catching up at once make two successive changes
   * (0,1 → 0,1,2 → 0,1,2,3), not two conflicting ones.
   */
  private withIsrLock(partition: Partition, update: () => Promise<void>): Promise<void> {
    const tp = partition.topicPartition;
    const run = (this.isrUpdates.get(tp) ?? Promise.resolve()).then(update);
    const done = run.catch(() => undefined);
    this.isrUpdates.set(tp, done);
    void done.then(() => {
      if (this.isrUpdates.get(tp) === done) this.isrUpdates.delete(tp);
    });
    return run;
  }

  /** The `isr-expiration` task: every led partition drops the followers out of sync for `replica.lag.time.max.ms`. */
  async maybeShrinkIsr(): Promise<void> {
    const rm = this.rm;
    if (!rm.isRunning()) return;
    const now = rm.deps.time.nowMs();
    for (const partition of rm.hostedPartitions()) {
      // As KafkaScheduler's shutdown, a round in progress ends with the broker: no write after it stopped.
      if (!rm.isRunning()) return;
      if (!partition.isLeader) continue;
      await this.withIsrLock(partition, async () => {
        if (!partition.isLeader || !rm.isRunning()) return;
        const outOfSync = partition.outOfSyncReplicas(now, rm.config.replicaLagTimeMaxMs);
        if (outOfSync.length === 0) return;
        const newIsr = partition.isr.filter((r) => !outOfSync.includes(r));
        const logEnd = partition.log?.logEndOffset ?? 0;
        rm.partitionLogger(partition).info(
          `Shrinking ISR from ${partition.isr.join(',')} to ${newIsr.join(',')}. Leader: (highWatermark: ${partition.log?.highWatermark ?? 0}, endOffset: ${logEnd}). Out of sync replicas: ${outOfSync
            .map((r) => `(brokerId: ${r}, endOffset: ${partition.remoteReplicas.get(r)?.logEndOffset ?? -1})`)
            .join(' ')}.`,
        );
        await this.updateIsr(partition, newIsr, 'shrink');
        // A smaller ISR may let the high watermark (and waiting acks=-1 appends) move on.
        partition.maybeIncrementLeaderHW(rm.deps.time.nowMs(), rm.config.replicaLagTimeMaxMs);
        rm.tryCompleteDelayedRequests(partition.topicPartition);
      });
    }
  }

  /**
   * `Partition.updateIsr`: conditional on the cached zkVersion; on a conflict the controller's next
   * LeaderAndIsr decides. A written change marks IsrExpandsPerSec or IsrShrinksPerSec, a refused
   * one FailedIsrUpdatesPerSec (`ZkPartitionStateStore`).
   */
  private async updateIsr(partition: Partition, newIsr: number[], change: 'expand' | 'shrink'): Promise<void> {
    const rm = this.rm;
    const { leaderEpoch, zkVersion } = partition;
    const newVersion = await rm.deps.zk.updateLeaderAndIsrAsLeader(
      partition.topicPartition,
      { leader: partition.leader, leaderEpoch: partition.leaderEpoch, isr: newIsr, zkVersion: partition.zkVersion },
      partition.controllerEpoch,
    );
    if (newVersion === null) {
      rm.metrics.failedIsrUpdatesRate.mark();
      rm.partitionLogger(partition).info(`Cached zkVersion ${partition.zkVersion} not equal to that in zookeeper, skip updating ISR`);
      return;
    }
    (change === 'expand' ? rm.metrics.isrExpandRate : rm.metrics.isrShrinkRate).mark();
    // A LeaderAndIsr applied meanwhile carries a later state than this write: keep it.
    if (partition.leaderEpoch !== leaderEpoch || partition.zkVersion !== zkVersion) return;
    partition.isr = newIsr;
    partition.zkVersion = newVersion;
    rm.tryCompleteDelayedRequests(partition.topicPartition);
    this.isrChangeSet.set(partition.topicPartition, partition.topicPartition);
    this.lastIsrChangeMs = rm.deps.time.nowMs();
  }

  /** Every 2.5 s: one `/isr_change_notification` node for the pending changes, after 5 s of quiet or 60 s at most. */
  async maybePropagateIsrChanges(): Promise<void> {
    if (!this.rm.isRunning() || this.isrChangeSet.size === 0) return;
    const now = this.rm.deps.time.nowMs();
    if (
      this.lastIsrChangeMs + ISR_CHANGE_PROPAGATION_BLACKOUT_MS < now ||
      this.lastIsrPropagationMs + ISR_CHANGE_PROPAGATION_INTERVAL_MS < now
    ) {
      const partitions = [...this.isrChangeSet.values()];
      this.isrChangeSet.clear();
      this.lastIsrPropagationMs = now;
      await this.rm.deps.zk.propagateIsrChanges(partitions);
    }
  }
}
