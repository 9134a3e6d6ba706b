import type { Logger } from '../common/logging';
import type { TopicPartition } from '../common/topic-partition';
import type { Time } from '../platform/scheduler';
import type { ControllerChannelManager } from './controller-channel-manager';
import type { ControllerConfig } from './controller-config';
import type { ControllerContext } from './controller-context';
import type { ControllerEvent } from './controller-events';
import type { ControllerRequestBatch } from './controller-request-batch';
import type { ControllerZkClient } from './controller-zk-client';
import type { PartitionStateMachine } from './partition-state-machine';
import type { ReplicaStateMachine } from './replica-state-machine';
import type { StateChangeLogger } from './state-change-logger';
import type { TopicDeletionManager } from './topic-deletion-manager';

/**
 * The parts of the controller its handlers share (Kafka keeps them all in `KafkaController`;
 * here the handlers for brokers, topics, reassignments and elections live in their own files).
 */
export interface ControllerCore {
  readonly config: ControllerConfig;
  readonly time: Time;
  readonly context: ControllerContext;
  readonly zk: ControllerZkClient;
  readonly batch: ControllerRequestBatch;
  readonly partitionStateMachine: PartitionStateMachine;
  readonly replicaStateMachine: ReplicaStateMachine;
  readonly topicDeletionManager: TopicDeletionManager;
  /** controller.log: `kafka.controller.KafkaController`, prefixed `[Controller id=N] `. */
  readonly log: Logger;
  readonly stateChangeLog: StateChangeLogger;
  channel(): ControllerChannelManager;
  isActive(): boolean;
  put(event: ControllerEvent): void;
  sendUpdateMetadataRequest(brokers: Iterable<number>, partitions: Iterable<TopicPartition>): void;
  registerPartitionModificationsHandlers(topics: Iterable<string>): void;
  unregisterPartitionModificationsHandlers(topics: Iterable<string>): void;
  registerBrokerModificationsHandlers(brokerIds: Iterable<number>): void;
  unregisterBrokerModificationsHandlers(brokerIds: Iterable<number>): void;
}
