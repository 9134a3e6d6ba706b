import type { TopicPartition } from '../common/topic-partition';
import type { LeaderAndIsrResponse, StopReplicaResponse } from './broker-requests';

/** ElectLeaders' election type. */
export type ElectionType = 'PREFERRED' | 'UNCLEAN';
/** What started a leader election: the admin API, the `/admin/preferred_replica_election` znode, or the auto rebalance. */
export type ElectionTrigger = 'AdminClientTriggered' | 'ZkTriggered' | 'AutoTriggered';

/** Per-partition outcome of an election or reassignment request, as an error code (0 = NONE) and message. */
export interface PartitionOutcome {
  partition: TopicPartition;
  errorCode: number;
  message: string | null;
}

/**
 * Kafka 2.5's `ControllerEvent`s. Each names the `ControllerState` it runs in (`kafka.controller.ControllerState`, as
 * `ControllerEventManager` records it);
 * those with a callback answer an API call once processed.
 */
export type ControllerEvent =
  | { type: 'Startup' }
  | { type: 'ControllerChange' }
  | { type: 'Reelect' }
  | { type: 'Expire' }
  | { type: 'RegisterBrokerAndReelect' }
  | { type: 'ShutdownEventThread' }
  | { type: 'BrokerChange' }
  | { type: 'BrokerModifications'; brokerId: number }
  | { type: 'TopicChange' }
  | { type: 'PartitionModifications'; topic: string }
  | { type: 'TopicDeletion' }
  | { type: 'TopicDeletionStopReplicaResponseReceived'; replicaId: number; response: StopReplicaResponse }
  | { type: 'ZkPartitionReassignment' }
  | {
      type: 'ApiPartitionReassignment';
      reassignments: Array<{ partition: TopicPartition; replicas: number[] | null }>;
      callback: (result: PartitionOutcome[] | { errorCode: number; message: string }) => void;
    }
  | { type: 'PartitionReassignmentIsrChange'; partition: TopicPartition }
  | { type: 'ListPartitionReassignments'; partitions: TopicPartition[] | null; callback: (result: ListReassignmentsResult) => void }
  | { type: 'AutoPreferredReplicaLeaderElection' }
  | {
      type: 'ReplicaLeaderElection';
      partitions: TopicPartition[] | null;
      electionType: ElectionType;
      trigger: ElectionTrigger;
      callback?: (result: PartitionOutcome[] | { errorCode: number; message: string }) => void;
    }
  | {
      type: 'ControlledShutdown';
      brokerId: number;
      brokerEpoch: number;
      callback: (result: { errorCode: number; partitionsRemaining: TopicPartition[] }) => void;
    }
  | { type: 'IsrChangeNotification' }
  | { type: 'LeaderAndIsrResponseReceived'; brokerId: number; response: LeaderAndIsrResponse }
  | { type: 'LogDirEventNotification' }
  | { type: 'UpdateMetadataResponseReceived'; brokerId: number; errorCode: number }
  | { type: 'TopicUncleanLeaderElectionEnable'; topic: string }
  | { type: 'UncleanLeaderElectionEnable' };

export type ListReassignmentsResult =
  | { errorCode: number; message: string }
  | Array<{ partition: TopicPartition; replicas: number[]; addingReplicas: number[]; removingReplicas: number[] }>;

export type ControllerStateName =
  | 'Idle'
  | 'ControllerChange'
  | 'BrokerChange'
  | 'TopicChange'
  | 'TopicDeletion'
  | 'AlterPartitionReassignment'
  | 'AutoLeaderBalance'
  | 'ManualLeaderBalance'
  | 'ControlledShutdown'
  | 'IsrChange'
  | 'LeaderAndIsrResponseReceived'
  | 'LogDirChange'
  | 'ControllerShutdown'
  | 'UncleanLeaderElectionEnable'
  | 'TopicUncleanLeaderElectionEnable'
  | 'ListPartitionReassignment'
  | 'UpdateMetadataResponseReceived';

/** The `ControllerState` an event runs in (Kafka's `ControllerEvent.state`). */
export function controllerStateOf(event: ControllerEvent): ControllerStateName {
  switch (event.type) {
    case 'Startup':
    case 'ControllerChange':
    case 'Reelect':
    case 'Expire':
    case 'RegisterBrokerAndReelect':
      return 'ControllerChange';
    case 'ShutdownEventThread':
      return 'ControllerShutdown';
    case 'BrokerChange':
    case 'BrokerModifications':
      return 'BrokerChange';
    case 'TopicChange':
    case 'PartitionModifications':
      return 'TopicChange';
    case 'TopicDeletion':
    case 'TopicDeletionStopReplicaResponseReceived':
      return 'TopicDeletion';
    case 'ZkPartitionReassignment':
    case 'ApiPartitionReassignment':
    case 'PartitionReassignmentIsrChange':
      return 'AlterPartitionReassignment';
    case 'ListPartitionReassignments':
      return 'ListPartitionReassignment';
    case 'AutoPreferredReplicaLeaderElection':
      return 'AutoLeaderBalance';
    case 'ReplicaLeaderElection':
      return 'ManualLeaderBalance';
    case 'ControlledShutdown':
      return 'ControlledShutdown';
    case 'IsrChangeNotification':
      return 'IsrChange';
    case 'LeaderAndIsrResponseReceived':
      return 'LeaderAndIsrResponseReceived';
    case 'LogDirEventNotification':
      return 'LogDirChange';
    case 'UpdateMetadataResponseReceived':
      return 'UpdateMetadataResponseReceived';
    case 'TopicUncleanLeaderElectionEnable':
      return 'TopicUncleanLeaderElectionEnable';
    case 'UncleanLeaderElectionEnable':
      return 'UncleanLeaderElectionEnable';
  }
}

/** Short text of an event for the event log. */
export function describeControllerEvent(e: ControllerEvent): string {
  switch (e.type) {
    case 'BrokerModifications':
      return `BrokerModifications(${e.brokerId})`;
    case 'PartitionModifications':
      return `PartitionModifications(${e.topic})`;
    case 'TopicDeletionStopReplicaResponseReceived':
      return `TopicDeletionStopReplicaResponseReceived(replicaId=${e.replicaId})`;
    case 'PartitionReassignmentIsrChange':
      return `PartitionReassignmentIsrChange(${e.partition.topic}-${e.partition.partition})`;
    case 'ReplicaLeaderElection':
      return `ReplicaLeaderElection(${e.electionType}, ${e.trigger})`;
    case 'ControlledShutdown':
      return `ControlledShutdown(${e.brokerId}, ${e.brokerEpoch})`;
    case 'LeaderAndIsrResponseReceived':
      return `LeaderAndIsrResponseReceived(broker ${e.brokerId})`;
    case 'UpdateMetadataResponseReceived':
      return `UpdateMetadataResponseReceived(broker ${e.brokerId})`;
    case 'TopicUncleanLeaderElectionEnable':
      return `TopicUncleanLeaderElectionEnable(${e.topic})`;
    default:
      return e.type;
  }
}
