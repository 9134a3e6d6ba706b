import type { TopicPartition } from '../common/topic-partition';
import type { LiveBroker } from './broker-info';

/**
 * The controller → broker requests (LeaderAndIsr v4, UpdateMetadata v6, StopReplica v2 in 2.5)
 * and their responses, as the in-process channel carries them. Field names follow the request
 * schemas (`LeaderAndIsrRequest.json` …) so that the event log reads like Kafka's.
 */
export interface LeaderAndIsrPartitionState {
  topicName: string;
  partitionIndex: number;
  controllerEpoch: number;
  leader: number;
  leaderEpoch: number;
  isr: number[];
  zkVersion: number;
  replicas: number[];
  addingReplicas: number[];
  removingReplicas: number[];
  isNew: boolean;
}

export interface LeaderAndIsrRequest {
  apiKey: 'LeaderAndIsr';
  controllerId: number;
  controllerEpoch: number;
  brokerEpoch: number;
  partitionStates: LeaderAndIsrPartitionState[];
  /** The leaders of these partitions, so followers know whom to fetch from. */
  liveLeaders: Array<{ brokerId: number; host: string; port: number }>;
}

export interface UpdateMetadataPartitionState {
  topicName: string;
  partitionIndex: number;
  controllerEpoch: number;
  /** −2 (LeaderDuringDelete) tells brokers to drop the partition from their metadata cache. */
  leader: number;
  leaderEpoch: number;
  isr: number[];
  zkVersion: number;
  replicas: number[];
  offlineReplicas: number[];
}

export interface UpdateMetadataRequest {
  apiKey: 'UpdateMetadata';
  controllerId: number;
  controllerEpoch: number;
  brokerEpoch: number;
  partitionStates: UpdateMetadataPartitionState[];
  liveBrokers: LiveBroker[];
}

export interface StopReplicaRequest {
  apiKey: 'StopReplica';
  controllerId: number;
  controllerEpoch: number;
  brokerEpoch: number;
  deletePartitions: boolean;
  partitions: TopicPartition[];
}

export type ControllerRequest = LeaderAndIsrRequest | UpdateMetadataRequest | StopReplicaRequest;

export interface PartitionError {
  topicName: string;
  partitionIndex: number;
  errorCode: number;
}

export interface LeaderAndIsrResponse {
  apiKey: 'LeaderAndIsr';
  errorCode: number;
  partitionErrors: PartitionError[];
}

export interface UpdateMetadataResponse {
  apiKey: 'UpdateMetadata';
  errorCode: number;
}

export interface StopReplicaResponse {
  apiKey: 'StopReplica';
  errorCode: number;
  partitionErrors: PartitionError[];
}

export type ControllerResponse = LeaderAndIsrResponse | UpdateMetadataResponse | StopReplicaResponse;

export type ResponseFor<R extends ControllerRequest> = R extends LeaderAndIsrRequest
  ? LeaderAndIsrResponse
  : R extends UpdateMetadataRequest
    ? UpdateMetadataResponse
    : StopReplicaResponse;

/** What a broker exposes to the controller's channel (KafkaApis' controller-only handlers). */
export interface ControllerRequestHandler {
  handleControllerRequest(request: ControllerRequest): Promise<ControllerResponse>;
}
