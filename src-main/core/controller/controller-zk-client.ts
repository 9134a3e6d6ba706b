import type { TopicPartition } from '../common/topic-partition';
import type { LiveBroker } from './broker-info';
import type { LeaderAndIsr, LeaderIsrAndControllerEpoch } from './leader-and-isr';
import type { ReplicaAssignment } from './replica-assignment';
import type { StateChangeHandler, ZNodeChangeHandler, ZNodeChildChangeHandler } from '../kafka-zk/kafka-zookeeper-client';

/** One read of a partition's state znode: found, absent (or empty), or unreadable. */
export type PartitionStateRead = { kind: 'ok'; value: LeaderIsrAndControllerEpoch } | { kind: 'nonode' } | { kind: 'error'; error: Error };

/** Kafka's `UpdateLeaderAndIsrResult`: written (or failed) partitions, and those to retry after BADVERSION. */
export interface UpdateLeaderAndIsrResult {
  finished: Array<{ partition: TopicPartition; result: LeaderAndIsr | Error }>;
  toRetry: TopicPartition[];
}

export interface ZkReassignmentRequest {
  partition: TopicPartition;
  replicas: number[];
}

/**
 * What the controller needs from ZooKeeper — the part of Kafka's `KafkaZkClient` it calls.
 * Writes that take `epochZkVersion` are fenced: sent as `multi[check(/controller_epoch), op]`, and a
 * failed check throws `ControllerMovedError`. Malformed znodes come back as errors that name the
 * znode; they never crash the controller.
 */
export interface ControllerZkClient {
  // watches
  registerZNodeChangeHandler(handler: ZNodeChangeHandler): void;
  unregisterZNodeChangeHandler(path: string): void;
  registerZNodeChildChangeHandler(handler: ZNodeChildChangeHandler): void;
  unregisterZNodeChildChangeHandler(path: string): void;
  /** Told before and after a new session replaces an expired one. */
  registerStateChangeHandler(handler: StateChangeHandler): void;
  unregisterStateChangeHandler(name: string): void;
  /** exists() without a watch. */
  pathExists(path: string): Promise<boolean>;
  /** exists() with a watch; true if the node is there. */
  registerZNodeChangeHandlerAndCheckExistence(handler: ZNodeChangeHandler): Promise<boolean>;

  // controller election
  getControllerId(): Promise<number | null>;
  registerControllerAndIncrementControllerEpoch(
    controllerId: number,
    timestampMs: number,
  ): Promise<{ epoch: number; epochZkVersion: number }>;
  deleteController(epochZkVersion: number): Promise<void>;

  // brokers
  getAllBrokersInCluster(): Promise<LiveBroker[]>;
  getBroker(id: number): Promise<LiveBroker | null>;
  /** Re-arms the child watch on /brokers/ids. */
  getChildren(path: string, registerWatch: boolean): Promise<string[]>;

  // topics
  getAllTopicsInCluster(registerWatch: boolean): Promise<string[]>;
  getFullReplicaAssignmentForTopics(topics: Iterable<string>): Promise<Map<string, Map<number, ReplicaAssignment>>>;
  /** Which partitions of a topic have a `partitions/<p>` znode. */
  getTopicPartitionIds(topic: string): Promise<number[]>;
  setTopicAssignment(topic: string, assignment: Map<number, ReplicaAssignment>, epochZkVersion: number): Promise<void>;
  getTopicPartitionStates(partitions: readonly TopicPartition[]): Promise<Array<{ partition: TopicPartition; read: PartitionStateRead }>>;
  createTopicPartitionStates(
    states: Array<{ partition: TopicPartition; state: LeaderIsrAndControllerEpoch }>,
    epochZkVersion: number,
  ): Promise<Array<{ partition: TopicPartition; error: Error | null }>>;
  updateLeaderAndIsr(
    updates: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr }>,
    controllerEpoch: number,
    epochZkVersion: number,
  ): Promise<UpdateLeaderAndIsrResult>;
  /** The topic's `unclean.leader.election.enable`, topic override over the broker default. */
  getUncleanLeaderElectionEnable(topics: Iterable<string>): Promise<Map<string, boolean | Error>>;

  // deletion
  getTopicDeletions(): Promise<string[]>;
  deleteTopicDeletions(topics: Iterable<string>, epochZkVersion: number): Promise<void>;
  deleteTopicZNode(topic: string, epochZkVersion: number): Promise<void>;
  deleteTopicConfigs(topics: Iterable<string>, epochZkVersion: number): Promise<void>;

  // notifications
  getAllIsrChangeNotifications(): Promise<string[]>;
  getPartitionsFromIsrChangeNotifications(sequenceNumbers: readonly string[]): Promise<TopicPartition[]>;
  deleteIsrChangeNotifications(sequenceNumbers: readonly string[] | null, epochZkVersion: number): Promise<void>;
  getAllLogDirEventNotifications(): Promise<string[]>;
  getBrokerIdsFromLogDirEvents(sequenceNumbers: readonly string[]): Promise<number[]>;
  deleteLogDirEventNotifications(sequenceNumbers: readonly string[] | null, epochZkVersion: number): Promise<void>;

  // reassignment and preferred election
  getPartitionReassignment(): Promise<ZkReassignmentRequest[]>;
  setOrDeletePartitionReassignment(remaining: ZkReassignmentRequest[], epochZkVersion: number): Promise<void>;
  getPreferredReplicaElection(): Promise<TopicPartition[]>;
  deletePreferredReplicaElection(epochZkVersion: number): Promise<void>;
}
