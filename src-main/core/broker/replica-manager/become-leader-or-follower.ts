import { Errors } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../../common/topic-partition';
import type {
  LeaderAndIsrPartitionState,
  LeaderAndIsrRequest,
  LeaderAndIsrResponse,
  PartitionError,
} from '../../controller/broker-requests';
import type { TopicConfigValues } from '../../log/log-config';
import { Slicer, microtaskExecutor } from '../../platform/executor';
import { errorMessage } from '../../common/throwable';
import { Partition } from '../partition';
import type { ReplicaManagerCore } from './replica-manager-core';
import { maybeAddLogDirFetchers } from './alter-replica-log-dirs';

/** Partitions handled between two yields: creating a log may fsync its leader-epoch-checkpoint (a few ms). */
const PARTITIONS_PER_SLICE = 5;

/**
 * `ReplicaManager.becomeLeaderOrFollower`: a LeaderAndIsr from the controller. Each partition with
 * a newer leader epoch that names this broker becomes leader or follower (creating its local log);
 * the others are answered with Kafka's error and its state-change.log line.
 */
export async function becomeLeaderOrFollower(
  rm: ReplicaManagerCore,
  correlationId: number,
  request: LeaderAndIsrRequest,
): Promise<LeaderAndIsrResponse> {
  rm.ensureRunning();
  const log = rm.deps.stateChangeLog;
  const controllerId = request.controllerId;
  if (request.controllerEpoch < rm.controllerEpoch) {
    log.warn(
      `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} since its controller epoch ${request.controllerEpoch} is old. Latest known controller epoch is ${rm.controllerEpoch}`,
    );
    return { apiKey: 'LeaderAndIsr', errorCode: Errors.STALE_CONTROLLER_EPOCH.code, partitionErrors: [] };
  }
  rm.controllerEpoch = request.controllerEpoch;
  const errors = new TopicPartitionMap<number>();
  const accepted: Array<{ partition: Partition; state: LeaderAndIsrPartitionState }> = [];
  for (const state of request.partitionStates) {
    const tp = { topic: state.topicName, partition: state.partitionIndex };
    const hosted = rm.partitions.get(tp);
    if (hosted === 'offline') {
      log.warn(
        `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} epoch ${rm.controllerEpoch} for partition ${tpKey(tp)} as the local replica for the partition is in an offline log directory`,
      );
      errors.set(tp, Errors.KAFKA_STORAGE_ERROR.code);
      continue;
    }
    const partition = hosted ?? new Partition(tp, rm.brokerId);
    if (!hosted) rm.partitions.set(tp, partition);
    if (state.leaderEpoch > partition.leaderEpoch) {
      if (state.replicas.includes(rm.brokerId)) accepted.push({ partition, state });
      else {
        log.warn(
          `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} epoch ${rm.controllerEpoch} for partition ${tpKey(tp)} as itself is not in assigned replica list ${state.replicas.join(',')}`,
        );
        errors.set(tp, Errors.UNKNOWN_TOPIC_OR_PARTITION.code);
      }
    } else if (state.leaderEpoch < partition.leaderEpoch) {
      log.warn(
        `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} epoch ${rm.controllerEpoch} for partition ${tpKey(tp)} since its associated leader epoch ${state.leaderEpoch} is smaller than the current leader epoch ${partition.leaderEpoch}`,
      );
      errors.set(tp, Errors.STALE_CONTROLLER_EPOCH.code);
    } else {
      log.info(
        `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} epoch ${rm.controllerEpoch} for partition ${tpKey(tp)} since its associated leader epoch ${state.leaderEpoch} matches the current leader epoch`,
      );
      errors.set(tp, Errors.STALE_CONTROLLER_EPOCH.code);
    }
  }
  const configs = new Map<string, TopicConfigValues>();
  for (const { partition } of accepted) {
    const topic = partition.topicPartition.topic;
    if (!configs.has(topic)) configs.set(topic, await rm.deps.topicConfig(topic));
  }
  rm.ensureRunning();
  const slicer = new Slicer(rm.deps.executor ?? microtaskExecutor, PARTITIONS_PER_SLICE);
  const madeLeaders: TopicPartition[] = [];
  const madeFollowers: TopicPartition[] = [];
  for (const { partition, state } of accepted) {
    await slicer.tick();
    rm.ensureRunning();
    try {
      if (state.leader === rm.brokerId)
        makeLeader(rm, controllerId, correlationId, partition, state, configs.get(partition.topicPartition.topic) ?? {});
      else makeFollower(rm, controllerId, correlationId, partition, state, configs.get(partition.topicPartition.topic) ?? {});
      (state.leader === rm.brokerId ? madeLeaders : madeFollowers).push(partition.topicPartition);
      errors.set(partition.topicPartition, Errors.NONE.code);
    } catch (e) {
      log.error(
        `Error while making broker the ${state.leader === rm.brokerId ? 'leader' : 'follower'} for partition ${partition.name}: ${errorMessage(e)}`,
      );
      errors.set(partition.topicPartition, Errors.KAFKA_STORAGE_ERROR.code);
    }
  }
  const updated = accepted.map((a) => a.partition).filter((p) => errors.get(p.topicPartition) === Errors.NONE.code);
  try {
    maybeAddLogDirFetchers(rm, updated, configs);
  } catch (e) {
    log.error(`Error while resuming the moves of partitions between log dirs: ${errorMessage(e)}`);
  }
  if (madeFollowers.length > 0) rm.metrics.leadershipChanged(new Set(madeFollowers.map((tp) => tp.topic)));
  if (madeLeaders.length > 0 || madeFollowers.length > 0) rm.deps.onLeadershipChange?.(madeLeaders, madeFollowers);
  const partitionErrors: PartitionError[] = request.partitionStates.map((s) => ({
    topicName: s.topicName,
    partitionIndex: s.partitionIndex,
    errorCode: errors.get({ topic: s.topicName, partition: s.partitionIndex }) ?? Errors.NONE.code,
  }));
  return { apiKey: 'LeaderAndIsr', errorCode: Errors.NONE.code, partitionErrors };
}

/**
 * `Partition.createLogIfNotExists`: the local log (found or created); a log this partition
 * object sees for the first time starts from the high watermark in `replication-offset-checkpoint`.
 */
function createLogIfNotExists(rm: ReplicaManagerCore, partition: Partition, isNew: boolean, config: TopicConfigValues): void {
  if (partition.log) return;
  const lm = rm.deps.logManager;
  const log = lm.getLog(partition.topicPartition) ?? lm.getOrCreateLog(partition.topicPartition, config, { isNew });
  const checkpointed = lm.checkpointedHighWatermark(log.parentDir, partition.topicPartition);
  if (checkpointed === null) {
    rm.partitionLogger(partition).info(`No checkpointed highwatermark is found for partition ${partition.name}`);
    log.updateHighWatermark(0);
  } else {
    log.updateHighWatermark(checkpointed);
  }
  partition.log = log;
}

/** `makeLeaders` for one partition: `Partition.makeLeader`, then its fetcher goes. */
function makeLeader(
  rm: ReplicaManagerCore,
  controllerId: number,
  correlationId: number,
  partition: Partition,
  state: LeaderAndIsrPartitionState,
  config: TopicConfigValues,
): void {
  const previousEpoch = partition.leaderEpoch;
  partition.applyState(state);
  createLogIfNotExists(rm, partition, state.isNew, config);
  const log = partition.log;
  const startOffset = log?.logEndOffset ?? 0;
  rm.partitionLogger(partition).info(
    `${partition.name} starts at leader epoch ${state.leaderEpoch} from offset ${startOffset} with high watermark ${log?.highWatermark ?? 0}. Previous leader epoch was ${previousEpoch}.`,
  );
  rm.fetcherManager.removeFetcherForPartitions([partition.topicPartition]);
  const now = rm.deps.time.nowMs();
  partition.becomeLeader(now);
  // With the ISR down to the leader alone the high watermark may move at once.
  if (partition.maybeIncrementLeaderHW(now, rm.config.replicaLagTimeMaxMs)) rm.tryCompleteDelayedRequests(partition.topicPartition);
  rm.deps.stateChangeLog.trace(
    `Completed LeaderAndIsr request correlationId ${correlationId} from controller ${controllerId} epoch ${rm.controllerEpoch} for the become-leader transition for partition ${partition.name}`,
  );
}

/** `makeFollowers` for one partition: `Partition.makeFollower`, then a fetcher to the new leader if it is alive. */
function makeFollower(
  rm: ReplicaManagerCore,
  controllerId: number,
  correlationId: number,
  partition: Partition,
  state: LeaderAndIsrPartitionState,
  config: TopicConfigValues,
): void {
  const leaderAlive = rm.deps.metadataCache.isBrokerAlive(state.leader);
  partition.applyState(state);
  createLogIfNotExists(rm, partition, state.isNew, config);
  partition.becomeFollower();
  rm.fetcherManager.removeFetcherForPartitions([partition.topicPartition]);
  rm.tryCompleteDelayedRequests(partition.topicPartition);
  if (!leaderAlive) {
    rm.deps.stateChangeLog.error(
      `Received LeaderAndIsrRequest with correlation id ${correlationId} from controller ${controllerId} epoch ${rm.controllerEpoch} for partition ${partition.name} (last update controller epoch ${state.controllerEpoch}) but cannot become follower since the new leader ${state.leader} is unavailable.`,
    );
    return;
  }
  rm.fetcherManagerLogger.info(
    `Added fetcher to broker BrokerEndPoint(id=${state.leader}) for partitions Map(${partition.name} -> (offset=${partition.log?.logEndOffset ?? 0}, leaderEpoch=${state.leaderEpoch}))`,
  );
  rm.fetcherManager.addFetcherForPartitions([[partition.topicPartition, { leaderId: state.leader, leaderEpoch: state.leaderEpoch }]]);
  rm.deps.stateChangeLog.trace(
    `Completed LeaderAndIsr request correlationId ${correlationId} from controller ${controllerId} epoch ${rm.controllerEpoch} for the become-follower transition for partition ${partition.name} with leader ${state.leader}`,
  );
}
