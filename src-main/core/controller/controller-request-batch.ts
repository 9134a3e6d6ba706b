import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../common/topic-partition';
import type {
  ControllerResponse,
  LeaderAndIsrPartitionState,
  LeaderAndIsrResponse,
  StopReplicaResponse,
  UpdateMetadataPartitionState,
} from './broker-requests';
import type { ControllerChannelManager } from './controller-channel-manager';
import type { ControllerContext } from './controller-context';
import type { LeaderIsrAndControllerEpoch } from './leader-and-isr';
import { LEADER_DURING_DELETE } from './leader-and-isr';
import type { ReplicaAssignment } from './replica-assignment';
import type { StateChangeLogger } from './state-change-logger';

/** Where responses go: the controller turns them into events on its queue. */
export interface BatchResponseHandlers {
  leaderAndIsrResponse(brokerId: number, response: LeaderAndIsrResponse): void;
  stopReplicaDeleteResponse(brokerId: number, response: StopReplicaResponse): void;
  updateMetadataResponse(brokerId: number, response: ControllerResponse): void;
}

/**
 * Kafka's `ControllerBrokerRequestBatch`: state changes add requests to a batch, and
 * `sendRequestsToBrokers` sends them in Kafka's order — LeaderAndIsr per broker, then UpdateMetadata,
 * then StopReplica (delete=true before delete=false). Any LeaderAndIsr entry also puts the partition
 * into the UpdateMetadata for every live or shutting-down broker.
 */
export class ControllerRequestBatch {
  private readonly leaderAndIsr = new Map<number, TopicPartitionMap<LeaderAndIsrPartitionState>>();
  private readonly stopReplica = new Map<number, Map<string, { tp: TopicPartition; deletePartition: boolean }>>();
  private readonly updateMetadataBrokers = new Set<number>();
  private readonly updateMetadataPartitions = new TopicPartitionMap<UpdateMetadataPartitionState>();
  private open = false;

  constructor(
    private readonly controllerId: number,
    private readonly context: ControllerContext,
    private readonly channel: () => ControllerChannelManager,
    private readonly stateChangeLog: StateChangeLogger,
    private readonly handlers: BatchResponseHandlers,
  ) {}

  newBatch(): void {
    if (this.open || this.leaderAndIsr.size > 0 || this.stopReplica.size > 0 || this.updateMetadataBrokers.size > 0) {
      throw new Error(
        `Controller to broker state change requests batch is not empty while creating a new one. ` +
          `Some LeaderAndIsr state changes ${this.leaderAndIsr.size} might be lost`,
      );
    }
    this.open = true;
  }

  clear(): void {
    this.leaderAndIsr.clear();
    this.stopReplica.clear();
    this.updateMetadataBrokers.clear();
    this.updateMetadataPartitions.clear();
    this.open = false;
  }

  addLeaderAndIsrRequestForBrokers(
    brokerIds: Iterable<number>,
    p: TopicPartition,
    leadership: LeaderIsrAndControllerEpoch,
    assignment: ReplicaAssignment,
    isNew: boolean,
  ): void {
    for (const brokerId of brokerIds) {
      if (brokerId < 0) continue;
      let forBroker = this.leaderAndIsr.get(brokerId);
      if (!forBroker) this.leaderAndIsr.set(brokerId, (forBroker = new TopicPartitionMap()));
      const alreadyNew = forBroker.get(p)?.isNew ?? false;
      forBroker.set(p, {
        topicName: p.topic,
        partitionIndex: p.partition,
        controllerEpoch: leadership.controllerEpoch,
        leader: leadership.leaderAndIsr.leader,
        leaderEpoch: leadership.leaderAndIsr.leaderEpoch,
        isr: [...leadership.leaderAndIsr.isr],
        zkVersion: leadership.leaderAndIsr.zkVersion,
        replicas: [...assignment.replicas],
        addingReplicas: [...assignment.addingReplicas],
        removingReplicas: [...assignment.removingReplicas],
        isNew: isNew || alreadyNew,
      });
    }
    this.addUpdateMetadataRequestForBrokers(this.context.liveOrShuttingDownBrokerIds, [p]);
  }

  addStopReplicaRequestForBrokers(brokerIds: Iterable<number>, p: TopicPartition, deletePartition: boolean): void {
    for (const brokerId of brokerIds) {
      if (brokerId < 0) continue;
      let forBroker = this.stopReplica.get(brokerId);
      if (!forBroker) this.stopReplica.set(brokerId, (forBroker = new Map()));
      forBroker.set(tpKey(p), { tp: { topic: p.topic, partition: p.partition }, deletePartition });
    }
  }

  addUpdateMetadataRequestForBrokers(brokerIds: Iterable<number>, partitions: Iterable<TopicPartition>): void {
    for (const id of brokerIds) if (id >= 0) this.updateMetadataBrokers.add(id);
    for (const p of partitions) {
      const leadership = this.context.partitionLeadershipInfo.get(p);
      if (!leadership) {
        // Kafka: "Leader not yet assigned for partition ... Skip sending UpdateMetadataRequest."
        continue;
      }
      const replicas = this.context.partitionReplicaAssignment(p);
      const beingDeleted = this.context.topicsToBeDeleted.has(p.topic);
      const l = leadership.leaderAndIsr;
      this.updateMetadataPartitions.set(p, {
        topicName: p.topic,
        partitionIndex: p.partition,
        controllerEpoch: leadership.controllerEpoch,
        leader: beingDeleted ? LEADER_DURING_DELETE : l.leader,
        leaderEpoch: beingDeleted ? 0 : l.leaderEpoch,
        isr: [...l.isr],
        zkVersion: beingDeleted ? 0 : l.zkVersion,
        replicas: [...replicas],
        offlineReplicas: replicas.filter((r) => !this.context.isReplicaOnline(r, p)),
      });
    }
  }

  sendRequestsToBrokers(controllerEpoch: number): void {
    try {
      this.sendLeaderAndIsrRequests(controllerEpoch);
      this.sendUpdateMetadataRequests(controllerEpoch);
      this.sendStopReplicaRequests(controllerEpoch);
    } finally {
      this.clear();
    }
  }

  private brokerEpoch(brokerId: number): number {
    return this.context.liveBrokerEpoch(brokerId) ?? -1;
  }

  private sendLeaderAndIsrRequests(controllerEpoch: number): void {
    for (const [brokerId, states] of [...this.leaderAndIsr].sort((a, b) => a[0] - b[0])) {
      if (!this.context.isLiveOrShuttingDown(brokerId)) continue;
      const partitionStates = [...states.values()];
      const numBecomeLeaders = partitionStates.filter((s) => s.leader === brokerId).length;
      for (const s of partitionStates) {
        const type = s.leader === brokerId ? 'become-leader' : 'become-follower';
        this.stateChangeLog.trace(
          `Sending ${type} LeaderAndIsr request ${formatLeaderAndIsrState(s)} to broker ${brokerId} for partition ${s.topicName}-${s.partitionIndex}`,
        );
      }
      this.stateChangeLog.info(
        `Sending LeaderAndIsr request to broker ${brokerId} with ${numBecomeLeaders} become-leader and ${partitionStates.length - numBecomeLeaders} become-follower partitions`,
      );
      const leaderIds = new Set(partitionStates.map((s) => s.leader));
      const liveLeaders = this.context.liveOrShuttingDownBrokers
        .filter((b) => leaderIds.has(b.id))
        .map((b) => ({ brokerId: b.id, host: b.endpoints[0]?.host ?? '', port: b.endpoints[0]?.port ?? -1 }));
      this.channel().sendRequest(
        brokerId,
        {
          apiKey: 'LeaderAndIsr',
          controllerId: this.controllerId,
          controllerEpoch,
          brokerEpoch: this.brokerEpoch(brokerId),
          partitionStates,
          liveLeaders,
        },
        (response) => this.handlers.leaderAndIsrResponse(brokerId, response as LeaderAndIsrResponse),
      );
    }
  }

  private sendUpdateMetadataRequests(controllerEpoch: number): void {
    if (this.updateMetadataBrokers.size === 0) return;
    const partitionStates = [...this.updateMetadataPartitions.values()];
    const targets = [...this.updateMetadataBrokers].filter((id) => this.context.isLiveOrShuttingDown(id)).sort((a, b) => a - b);
    for (const s of partitionStates) {
      this.stateChangeLog.trace(
        `Sending UpdateMetadata request ${formatUpdateMetadataState(s)} to brokers ${targets.join(',')} for partition ${s.topicName}-${s.partitionIndex}`,
      );
    }
    const liveBrokers = this.context.liveOrShuttingDownBrokers;
    for (const brokerId of targets) {
      this.channel().sendRequest(
        brokerId,
        {
          apiKey: 'UpdateMetadata',
          controllerId: this.controllerId,
          controllerEpoch,
          brokerEpoch: this.brokerEpoch(brokerId),
          partitionStates,
          liveBrokers,
        },
        (response) => this.handlers.updateMetadataResponse(brokerId, response),
      );
    }
  }

  private sendStopReplicaRequests(controllerEpoch: number): void {
    for (const [brokerId, entries] of [...this.stopReplica].sort((a, b) => a[0] - b[0])) {
      if (!this.context.isLiveOrShuttingDown(brokerId)) continue;
      const all = [...entries.values()];
      const withDelete = all.filter((e) => e.deletePartition).map((e) => e.tp);
      const withoutDelete = all.filter((e) => !e.deletePartition).map((e) => e.tp);
      const base = {
        apiKey: 'StopReplica' as const,
        controllerId: this.controllerId,
        controllerEpoch,
        brokerEpoch: this.brokerEpoch(brokerId),
      };
      if (withDelete.length > 0) {
        this.stateChangeLog.info(`Sending a stop replica request (delete = true) for ${withDelete.length} replicas to broker ${brokerId}`);
        this.channel().sendRequest(brokerId, { ...base, deletePartitions: true, partitions: withDelete }, (response) => {
          // Kafka's stopReplicaPartitionDeleteResponseCallback: only partitions of topics whose deletion
          // has started (at response time) reach the controller; a StopReplica that removed a replica in a
          // reassignment raises no event at all.
          const r = response as StopReplicaResponse;
          const forDeletingTopics = r.partitionErrors.filter((e) => this.context.topicsWithDeletionStarted.has(e.topicName));
          if (forDeletingTopics.length > 0) this.handlers.stopReplicaDeleteResponse(brokerId, { ...r, partitionErrors: forDeletingTopics });
        });
      }
      if (withoutDelete.length > 0) {
        this.stateChangeLog.info(
          `Sending a stop replica request (delete = false) for ${withoutDelete.length} replicas to broker ${brokerId}`,
        );
        this.channel().sendRequest(brokerId, { ...base, deletePartitions: false, partitions: withoutDelete });
      }
    }
  }
}

function formatLeaderAndIsrState(s: LeaderAndIsrPartitionState): string {
  return (
    `LeaderAndIsrPartitionState(topicName='${s.topicName}', partitionIndex=${s.partitionIndex}, controllerEpoch=${s.controllerEpoch}, ` +
    `leader=${s.leader}, leaderEpoch=${s.leaderEpoch}, isr=[${s.isr.join(', ')}], zkVersion=${s.zkVersion}, replicas=[${s.replicas.join(', ')}], ` +
    `addingReplicas=[${s.addingReplicas.join(', ')}], removingReplicas=[${s.removingReplicas.join(', ')}], isNew=${s.isNew})`
  );
}

function formatUpdateMetadataState(s: UpdateMetadataPartitionState): string {
  return (
    `UpdateMetadataPartitionState(topicName='${s.topicName}', partitionIndex=${s.partitionIndex}, controllerEpoch=${s.controllerEpoch}, ` +
    `leader=${s.leader}, leaderEpoch=${s.leaderEpoch}, isr=[${s.isr.join(', ')}], zkVersion=${s.zkVersion}, replicas=[${s.replicas.join(', ')}], ` +
    `offlineReplicas=[${s.offlineReplicas.join(', ')}])`
  );
}
