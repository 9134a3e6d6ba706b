/**
 * The controller's Yammer metrics, as Kafka 2.5.1's `KafkaController` and `ControllerStats`
 * register them in every broker's JVM: the `kafka.controller:type=KafkaController` gauges (0 on a
 * broker that is not the active controller), the `ControllerStats` unclean-election meter and one
 * `<State>RateAndTimeMs` timer per controller state, and the event manager's queue size and queue
 * time.
 *
 * As in Kafka, the counted gauges are the values `updateMetrics()` computed after the last event
 * the controller processed, not a live count: a reader between two events sees what the last one
 * left, and a non-active controller reports 0.
 */
import type { MetricsRegistry } from '../metrics/metrics-registry';
import type { Meter } from '../metrics/meter';
import type { Timer } from '../metrics/timer';
import type { Histogram } from '../metrics/histogram';
import type { ControllerContext } from './controller-context';
import type { ControllerStateName } from './controller-events';

const GROUP = 'kafka.controller';

/** `ControllerState.value`: what the ControllerState gauge reports. */
const CONTROLLER_STATE_VALUES: Readonly<Record<ControllerStateName, number>> = {
  Idle: 0,
  ControllerChange: 1,
  BrokerChange: 2,
  TopicChange: 3,
  TopicDeletion: 4,
  AlterPartitionReassignment: 5,
  AutoLeaderBalance: 6,
  ManualLeaderBalance: 7,
  ControlledShutdown: 8,
  IsrChange: 9,
  LeaderAndIsrResponseReceived: 10,
  LogDirChange: 11,
  ControllerShutdown: 12,
  UncleanLeaderElectionEnable: 13,
  TopicUncleanLeaderElectionEnable: 14,
  ListPartitionReassignment: 15,
  UpdateMetadataResponseReceived: 16,
};

/**
 * `ControllerState.rateAndTimeMetricName`: `<State>RateAndTimeMs`, with the two names Kafka kept
 * for compatibility, and none for Idle and UpdateMetadataResponseReceived.
 */
export function rateAndTimeMetricName(state: ControllerStateName): string | null {
  if (state === 'Idle' || state === 'UpdateMetadataResponseReceived') return null;
  if (state === 'BrokerChange') return 'LeaderElectionRateAndTimeMs';
  if (state === 'AlterPartitionReassignment') return 'PartitionReassignmentRateAndTimeMs';
  return `${state}RateAndTimeMs`;
}

/** What `updateMetrics()` reads of the controller. */
export interface ControllerMetricsSource {
  readonly context: ControllerContext;
  isActive(): boolean;
  /** The state of the event being processed (Idle between events). */
  readonly state: ControllerStateName;
  readonly eventQueueSize: number;
}

interface CountedGauges {
  offlinePartitionCount: number;
  preferredReplicaImbalanceCount: number;
  globalTopicCount: number;
  globalPartitionCount: number;
  topicsToDeleteCount: number;
  replicasToDeleteCount: number;
  ineligibleTopicsToDeleteCount: number;
  ineligibleReplicasToDeleteCount: number;
}

const ZERO: CountedGauges = {
  offlinePartitionCount: 0,
  preferredReplicaImbalanceCount: 0,
  globalTopicCount: 0,
  globalPartitionCount: 0,
  topicsToDeleteCount: 0,
  replicasToDeleteCount: 0,
  ineligibleTopicsToDeleteCount: 0,
  ineligibleReplicasToDeleteCount: 0,
};

export class ControllerMetrics {
  /** `ControllerStats.uncleanLeaderElectionRate`. */
  readonly uncleanLeaderElectionRate: Meter;
  private readonly rateAndTime = new Map<ControllerStateName, Timer>();
  private readonly eventQueueTimeHist: Histogram;
  private counted: CountedGauges = { ...ZERO };

  constructor(
    registry: MetricsRegistry,
    private readonly controller: ControllerMetricsSource,
  ) {
    const gauge = (name: string, read: () => number) => registry.newGauge(GROUP, 'KafkaController', name, read);
    gauge('ActiveControllerCount', () => (controller.isActive() ? 1 : 0));
    gauge('OfflinePartitionsCount', () => this.counted.offlinePartitionCount);
    gauge('PreferredReplicaImbalanceCount', () => this.counted.preferredReplicaImbalanceCount);
    gauge('ControllerState', () => CONTROLLER_STATE_VALUES[controller.state]);
    gauge('GlobalTopicCount', () => this.counted.globalTopicCount);
    gauge('GlobalPartitionCount', () => this.counted.globalPartitionCount);
    gauge('TopicsToDeleteCount', () => this.counted.topicsToDeleteCount);
    gauge('ReplicasToDeleteCount', () => this.counted.replicasToDeleteCount);
    gauge('TopicsIneligibleToDeleteCount', () => this.counted.ineligibleTopicsToDeleteCount);
    gauge('ReplicasIneligibleToDeleteCount', () => this.counted.ineligibleReplicasToDeleteCount);

    this.uncleanLeaderElectionRate = registry.newMeter(GROUP, 'ControllerStats', 'UncleanLeaderElectionsPerSec', 'elections');
    for (const state of Object.keys(CONTROLLER_STATE_VALUES) as ControllerStateName[]) {
      const name = rateAndTimeMetricName(state);
      if (name !== null) this.rateAndTime.set(state, registry.newTimer(GROUP, 'ControllerStats', name));
    }

    registry.newGauge(GROUP, 'ControllerEventManager', 'EventQueueSize', () => controller.eventQueueSize);
    this.eventQueueTimeHist = registry.newHistogram(GROUP, 'ControllerEventManager', 'EventQueueTimeMs');
  }

  /** An event was taken from the queue after waiting `queueTimeMs`. */
  eventDequeued(queueTimeMs: number): void {
    this.eventQueueTimeHist.update(queueTimeMs);
  }

  /** An event of `state` took `durationMs` to process (`rateAndTimeMetrics(state).time { process() }`). */
  eventProcessed(state: ControllerStateName, durationMs: number): void {
    this.rateAndTime.get(state)?.update(durationMs);
  }

  /** `KafkaController.updateMetrics`, after every processed event. */
  update(): void {
    if (!this.controller.isActive()) {
      this.counted = { ...ZERO };
      return;
    }
    const ctx = this.controller.context;
    let offline = 0;
    for (const [tp, state] of ctx.partitionStates) {
      // ControllerContext.updatePartitionStateMetrics leaves out topics whose deletion has started.
      if (state === 'OfflinePartition' && !ctx.topicsWithDeletionStarted.has(tp.topic)) offline++;
    }
    let imbalance = 0;
    for (const [tp, leadership] of ctx.partitionLeadershipInfo) {
      const replicas = ctx.partitionReplicaAssignment(tp);
      if (replicas.length > 0 && leadership.leaderAndIsr.leader !== replicas[0] && !ctx.isTopicQueuedUpForDeletion(tp.topic)) imbalance++;
    }
    let replicasToDelete = 0;
    let ineligibleReplicas = 0;
    for (const topic of ctx.topicsToBeDeleted) {
      for (const replica of ctx.replicasForTopic(topic)) {
        const state = ctx.replicaState(replica);
        if (state !== 'ReplicaDeletionSuccessful') replicasToDelete++;
        if (state === 'ReplicaDeletionIneligible') ineligibleReplicas++;
      }
    }
    this.counted = {
      offlinePartitionCount: offline,
      preferredReplicaImbalanceCount: imbalance,
      globalTopicCount: ctx.allTopics.size,
      globalPartitionCount: ctx.partitionLeadershipInfo.size,
      topicsToDeleteCount: ctx.topicsToBeDeleted.size,
      replicasToDeleteCount: replicasToDelete,
      ineligibleTopicsToDeleteCount: ctx.topicsIneligibleForDeletion.size,
      ineligibleReplicasToDeleteCount: ineligibleReplicas,
    };
  }
}
