/**
 * The one seam between a cluster and the services that show and operate it (src-main/api): what
 * they may ask (`ClusterQueries`, answered with plain snapshots — data copied out, never a live
 * broker, controller or log) and what they may do (`ClusterCommands`, the actions an operator's
 * tools take). `InProcessCluster` answers it over the emulated cluster of a workspace; a cluster
 * reached through the Kafka and ZooKeeper protocols can answer the same interface (Metadata,
 * DescribeLogDirs, DescribeConfigs, the znodes the controller writes), so the services stay as they are.
 */
import type { LogCleaningSnapshot } from '../log/cleaner/log-cleaning-snapshot';
import type { BrokerConfigLayers } from '../admin/config-synonyms';
import type { BrokerConfig } from '../config/kafka-config';
import type { CreatePartitionsTopic } from '../admin/create-partitions';
import type { CreatableTopic, PreparedTopic } from '../admin/create-topic';
import type { PartitionReplicaAssignment } from '../admin/replica-assignment';
import type { TopicConfigEntry } from '../admin/topic-configs';
import type { BrokerStateName } from '../broker/kafka-server';
import type { TopicPartition } from '../common/topic-partition';
import type { ReplicaAssignment } from '../kafka-zk/topic-znodes';
import type { AuthData, AuthId, WatchedEvent, ZooKeeperClient } from '../zookeeper';
import type { ProduceOptions, ProduceOutcome, ReadOptions, ReadOutcome } from './cluster-client';
import type { ClusterAdmin, TopicResult } from './cluster-admin';
import type { ReplicaLogDirMove, ReplicaLogDirMoveResult } from './log-dirs-admin';
import type { BrokerSpec, ClusterDefinition } from './cluster-definition';
import type { EventQuery, StoredEvent } from './event-log';
import type { GroupSnapshot } from './group-snapshots';
import type { GroupAdmin } from './group-admin';
import type { QuotaAdmin } from './quota-admin';
import type { TransactionAdmin } from './transaction-admin';
import type { RecordsAdmin } from './records-admin';
import type { ElectionType, PartitionOutcome } from '../controller/controller-events';

export type { GroupMemberSnapshot, GroupPartitionSnapshot, GroupSnapshot } from './group-snapshots';

export interface LogDirSnapshot {
  readonly path: string;
  readonly online: boolean;
  readonly partitions: number;
  readonly sizeBytes: number;
}

/**
 * A replica in a log dir as DescribeLogDirs describes it (`ReplicaManager.describeLogDirs`): its
 * size, and its offset lag — a future log's behind the current log's end, a current log's behind
 * the high watermark (-1 when the partition has no current log).
 */
export interface LogDirReplicaSnapshot {
  readonly topicPartition: TopicPartition;
  readonly sizeBytes: number;
  readonly offsetLag: number;
  readonly isFuture: boolean;
}

/** A defined log dir of a broker with the replicas it holds (none while it is offline or the broker is down). */
export interface LogDirReplicasSnapshot {
  readonly path: string;
  readonly online: boolean;
  readonly replicas: readonly LogDirReplicaSnapshot[];
}

/** A broker's client connections and the requests it answered, by API name. */
export interface BrokerClientsSnapshot {
  readonly connections: number;
  readonly requestsByApi: Readonly<Record<string, number>>;
  /** Open connections by the client software and version their ApiVersions named (`unknown` before one). */
  readonly connectionsByClient: ReadonlyArray<{
    readonly softwareName: string;
    readonly softwareVersion: string;
    readonly connections: number;
  }>;
}

/** A running broker's replication throttles: throttled bytes/s now and the set rate (null: unlimited). */
export interface ReplicationThrottleSnapshot {
  readonly leaderBytesPerSec: number;
  readonly followerBytesPerSec: number;
  readonly leaderRateBytesPerSec: number | null;
  readonly followerRateBytesPerSec: number | null;
}

export interface BrokerSnapshot {
  readonly id: number;
  readonly rack: string | null;
  /** Where clients find it: the last registration's endpoint, else the defined one. */
  readonly host: string;
  readonly port: number;
  readonly state: BrokerStateName;
  readonly isRunning: boolean;
  readonly isController: boolean;
  /** Its ZooKeeper session while it has one. */
  readonly sessionId: bigint | null;
  /**
   * Killed through the facade while its ZooKeeper session lives on: until ZooKeeper expires that
   * session nothing tells the controller the broker is gone (its /brokers/ids znode stays).
   * `expiresAtMs` is the session tracker's, on the cluster clock. Null otherwise.
   */
  readonly pendingSessionExpiry: { readonly killedAtMs: number; readonly expiresAtMs: number } | null;
  readonly hostedPartitions: number;
  readonly leaderPartitions: number;
  /** The defined log dirs (absolute paths), each with what the running broker holds in it. */
  readonly logDirs: readonly LogDirSnapshot[];
  readonly offlineLogDirs: readonly string[];
  /** Its LogManager is up and serving (not shutting down, not failed). */
  readonly logManagerRunning: boolean;
  /** Its `server.properties` as Kafka reads it (an immutable value). */
  readonly config: BrokerConfig;
  /** Its configuration by layer: static, `/config/brokers/<default>`, `/config/brokers/<id>`. */
  readonly dynamicConfig: BrokerConfigLayers;
  readonly clients: BrokerClientsSnapshot | null;
  /** Null while it is not running. */
  readonly replicationThrottle: ReplicationThrottleSnapshot | null;
}

export interface PartitionSnapshot {
  readonly topicPartition: TopicPartition;
  readonly replicas: readonly number[];
  readonly addingReplicas: readonly number[];
  readonly removingReplicas: readonly number[];
  readonly leader: number;
  readonly leaderEpoch: number;
  readonly isr: readonly number[];
}

export interface TopicSnapshot {
  readonly name: string;
  readonly partitions: readonly PartitionSnapshot[];
  readonly beingDeleted: boolean;
}

/** A partition as its controller and its leader's log see it. */
export interface PartitionDetailSnapshot {
  /** The controller's PartitionStateMachine state; null without a controller. */
  readonly state: string | null;
  /** The controller's ReplicaStateMachine state of each replica (empty without a controller). */
  readonly replicaStates: Readonly<Record<number, string>>;
  /** The leader's log: -1 (size 0) when no running broker leads it. */
  readonly logStartOffset: number;
  readonly highWatermark: number;
  readonly logEndOffset: number;
  readonly sizeBytes: number;
  /** The leader's last stable offset (−1 without a leader), and the transactions holding it back. */
  readonly lastStableOffset: number;
  readonly openTransactions: readonly OpenTransactionSnapshot[];
}

/** A transaction open in a partition (`ProducerStateManager.ongoingTxns`), with its first batch's timestamp. */
export interface OpenTransactionSnapshot {
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly firstOffset: number;
  /** The first batch's (CreateTime) timestamp, −1 when its batch is no longer readable. */
  readonly startedMs: number;
}

/** A running broker's local log of a partition: what a replica being added has caught up. */
export interface ReplicaLogSnapshot {
  readonly brokerId: number;
  readonly logEndOffset: number;
  readonly sizeBytes: number;
}

/** A running broker's log of a partition as its log cleaner sees it (dirty ratio, last cleaning). */
export interface ReplicaCleaningSnapshot extends LogCleaningSnapshot {
  readonly brokerId: number;
  readonly logStartOffset: number;
  readonly logEndOffset: number;
}

export interface ControllerSnapshot {
  readonly brokerId: number;
  readonly epoch: number;
  readonly deleteTopicEnable: boolean;
}

/** What CreateTopics assigns over: the defaults and live brokers of the controller's broker (else any running one). */
export interface TopicDefaultsSnapshot {
  readonly numPartitions: number;
  readonly defaultReplicationFactor: number;
  readonly liveBrokers: ReadonlyArray<{ readonly id: number; readonly rack: string | null }>;
}

/** One replica of a topic being deleted, as the controller holds it. */
export interface DeletionReplicaSnapshot {
  readonly partition: number;
  readonly brokerId: number;
  readonly state: string;
  readonly online: boolean;
}

/** A topic in the active controller's TopicDeletionManager. */
export interface TopicDeletionSnapshot {
  readonly topic: string;
  /** The controller knows the topic (its replicas and reassignments are listed only then). */
  readonly known: boolean;
  readonly queued: boolean;
  readonly started: boolean;
  readonly ineligible: boolean;
  readonly replicas: readonly DeletionReplicaSnapshot[];
  /** Partitions of the topic being reassigned, with the replicas added and removed. */
  readonly reassigning: ReadonlyArray<{
    readonly partition: number;
    readonly adding: readonly number[];
    readonly removing: readonly number[];
  }>;
  readonly liveBrokerIds: readonly number[];
}

/** A `-delete` dir waiting for `file.delete.delay.ms` on a running broker. */
export interface PendingDeleteDirSnapshot {
  readonly brokerId: number;
  readonly topicPartition: TopicPartition;
  readonly dir: string;
  readonly path: string;
  readonly scheduledAtMs: number;
  readonly deleteAtMs: number;
}

/** A ZooKeeper session of the ensemble, with its watches and its connection over the client port. */
export interface ZooKeeperSessionSnapshot {
  readonly sessionId: bigint;
  readonly watches: {
    readonly data: readonly string[];
    readonly child: readonly string[];
    readonly persistent: readonly string[];
    readonly recursive: readonly string[];
  };
  readonly connection: { readonly address: string; readonly timeoutMs: number } | null;
}

export interface ZooKeeperSessionOptions {
  readonly name: string;
  readonly sessionTimeoutMs: number;
  readonly watcher?: (event: WatchedEvent) => void;
  readonly authInfo?: readonly AuthData[];
}

export interface ClusterQueries {
  /** Every broker of the cluster, by id. */
  brokers(): BrokerSnapshot[];
  /** One broker, or null when the cluster has none with that id. */
  broker(id: number): BrokerSnapshot | null;
  /** Every topic with its partitions, by name and partition (the controller's view, else a broker's metadata). */
  topics(): TopicSnapshot[];
  /** Each partition's states and its leader's log, in the order given. */
  partitionDetails(partitions: readonly PartitionSnapshot[]): PartitionDetailSnapshot[];
  /** A broker's log dirs with their replicas, by topic and partition, current before future; null without that broker. */
  logDirReplicas(brokerId: number): LogDirReplicasSnapshot[] | null;
  /** Per partition (in the order given), each running broker's local log of it, by broker id. */
  replicaLogs(partitions: readonly TopicPartition[]): ReplicaLogSnapshot[][];
  /** Per partition (in the order given), each running broker's log of it as its log cleaner sees it, by broker id. */
  replicaCleaning(partitions: readonly TopicPartition[]): ReplicaCleaningSnapshot[][];
  controller(): ControllerSnapshot | null;
  clusterId(): string | null;
  topicDefaults(): TopicDefaultsSnapshot | null;
  /** Topics the active controller has queued for deletion (empty without one). */
  topicsQueuedForDeletion(): ReadonlySet<string>;
  /** The active controller's deletion state of a topic; null without a controller. */
  topicDeletion(topic: string): TopicDeletionSnapshot | null;
  pendingDeleteDirs(): PendingDeleteDirSnapshot[];
  /** The newest events first, up to `limit`, before `beforeSeq` when given. */
  recentEvents(limit: number, beforeSeq?: number): StoredEvent[];
  /** The timeline filtered, newest first. */
  queryEvents(query: EventQuery): StoredEvent[];
  /** The events that state a fact, oldest first, from `fromMs` on (after seq `afterSeq`). */
  eventFacts(fromMs: number, afterSeq?: number): StoredEvent[];
  /** The cluster as defined: brokers, racks, log dirs, broker defaults. */
  definition(): ClusterDefinition;
  /** `host:port` of the ZooKeeper client port, when there is one. */
  zookeeperConnect(): string | null;
  zookeeperSessions(): ZooKeeperSessionSnapshot[];
  /** The identities of a session's connection (`digest`, `ip` …), what ACL checks see. */
  zookeeperAuthOf(sessionId: bigint): readonly AuthId[];
  /** Every consumer group of the running coordinators, with its members and each partition's lag, by group id. */
  groups(): GroupSnapshot[];
  /** One group as `groups()` shows it, computed alone; null when no running coordinator holds it. */
  group(groupId: string): GroupSnapshot | null;
  /** The group requests of the admin client (describe, offsets, commit, DeleteGroups, OffsetDelete) answered in process. */
  readonly groupAdmin: GroupAdmin;
  /** Client quota configs in ZooKeeper (as kafka-configs --zookeeper) and what the brokers' quota managers observe. */
  readonly quotaAdmin: QuotaAdmin;
  /** The transactional ids of the running transaction coordinators, and fencing a producer (InitProducerId from the dojo). */
  readonly transactionAdmin: TransactionAdmin;
  /** DeleteRecords through each leader's ReplicaManager, and the purge's preview. */
  readonly recordsAdmin: RecordsAdmin;
}

/** The admin requests, with Kafka's checks and answers (CreateTopics, CreatePartitions, AlterConfigs …). */
export interface ClusterAdminCommands {
  describeTopicConfig(topic: string): Promise<TopicConfigEntry[]>;
  prepareTopic(topic: CreatableTopic, options?: { rackAware?: boolean }): Promise<PreparedTopic>;
  createTopics(topics: CreatableTopic[], options: { timeoutMs: number; validateOnly: boolean }): Promise<TopicResult[]>;
  prepareNewPartitions(
    request: CreatePartitionsTopic,
  ): Promise<{ existing: Map<number, ReplicaAssignment>; newPartitions: PartitionReplicaAssignment }>;
  createPartitions(topics: CreatePartitionsTopic[], options: { timeoutMs: number; validateOnly: boolean }): Promise<TopicResult[]>;
  alterTopicConfig(topic: string, configs: Record<string, string>, validateOnly: boolean): Promise<TopicResult>;
  /** AlterConfigs of BROKER `resourceName` ("" for the cluster default), answered by that broker. */
  alterBrokerConfig(resourceName: string, configs: Record<string, string>, validateOnly: boolean): Promise<TopicResult>;
  alterPartitionReassignments(
    reassignments: Array<{ partition: TopicPartition; replicas: number[] | null }>,
  ): ReturnType<ClusterAdmin['alterPartitionReassignments']>;
  deleteTopics(names: string[], timeoutMs: number): Promise<TopicResult[]>;
  /** AlterReplicaLogDirs, each move answered by its broker's ReplicaManager. */
  alterReplicaLogDirs(moves: readonly ReplicaLogDirMove[]): Promise<ReplicaLogDirMoveResult[]>;
  /** ElectLeaders through the active controller: an outcome per partition, or the request's error. */
  electLeaders(
    electionType: ElectionType,
    partitions: TopicPartition[],
  ): Promise<PartitionOutcome[] | { errorCode: number; message: string }>;
}

export interface ClusterCommands {
  readonly admin: ClusterAdminCommands;
  startBroker(id: number): Promise<void>;
  shutdownBroker(id: number, options: { controlled: boolean }): Promise<{ controlledShutdownSucceeded: boolean | null }>;
  killBroker(id: number): void;
  restartBroker(id: number): Promise<void>;
  failLogDir(id: number, dir: string): Promise<void>;
  /** Adds a stopped broker to the definition (started separately). */
  addBroker(spec: BrokerSpec): void;
  /** Takes a stopped broker out of the definition; its log dirs stay. */
  removeBroker(id: number): void;
  produce(options: ProduceOptions): Promise<ProduceOutcome>;
  read(options: ReadOptions): Promise<ReadOutcome>;
  /** A ZooKeeper session of the caller's own (the UI's reads, the node editor's writes). */
  connectZooKeeper(options: ZooKeeperSessionOptions): Promise<ZooKeeperClient>;
}

export interface ClusterFacade extends ClusterQueries, ClusterCommands {}
