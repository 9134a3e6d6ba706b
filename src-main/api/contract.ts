/**
 * The API the UI sees (types only; the renderer imports them with `import type`). Each service is
 * reachable through both transports (Electron IPC and headless HTTP); bytes travel as text they
 * can carry.
 */

// The deletion monitor, the ZooKeeper node editor and the log directory browser have a file each.
import type { LocalizedText } from './localized-text';
import type { EventDto, IncidentDto, TimelineFilterDto, TimelinePageDto } from './timeline/timeline-contract';
import type { DeletionService } from './deletion/deletion-contract';
import type { ElectionService } from './elections/election-contract';
import type { ReassignmentService } from './reassignments/reassignment-contract';
import type { GroupService } from './groups/group-contract';
import type { QuotaService } from './quotas/quota-contract';
import type { OpenTransactionDto, TransactionService } from './transactions/transaction-contract';
import type { TopicCleaningDto } from './topic-cleaning-contract';
import type { MetricsService } from './metrics/metrics-contract';
import type { LogDirService } from './log-dirs/log-dir-contract';
import type { ZooKeeperPushDto, ZooKeeperService } from './zookeeper/zookeeper-contract';

export type * from './deletion/deletion-contract';
export type * from './elections/election-contract';
export type * from './reassignments/reassignment-contract';
export type * from './groups/group-contract';
export type * from './quotas/quota-contract';
export type * from './transactions/transaction-contract';
export type * from './topic-cleaning-contract';
export type * from './metrics/metrics-contract';
export type * from './log-dirs/log-dir-contract';
export type * from './zookeeper/zookeeper-contract';

/** How a key, value or header value typed by a person is turned into bytes. */
export type PayloadEncoding = 'text' | 'hex' | 'base64';

export type CompressionName = 'none' | 'gzip' | 'snappy' | 'lz4' | 'zstd';

/** Bytes as the UI shows them: UTF-8 text when they are valid UTF-8, and always base64. */
export interface BytesDto {
  readonly text: string | null;
  readonly base64: string;
  readonly size: number;
}

export interface HeaderInputDto {
  readonly key: string;
  readonly value: string | null;
}

export interface ProduceRequestDto {
  readonly topic: string;
  /** Explicit partition; null or absent: Kafka's default partitioner (murmur2 of the key, or a random available partition). */
  readonly partition?: number | null;
  readonly key: string | null;
  readonly value: string | null;
  /** How `key`, `value` and header values are given (default text). */
  readonly encoding?: PayloadEncoding;
  readonly headers?: readonly HeaderInputDto[];
  /** 0, 1 or −1 (all). */
  readonly acks: 0 | 1 | -1;
  readonly timeoutMs?: number;
  readonly compression?: CompressionName;
}

export interface ProduceResultDto {
  readonly topic: string;
  readonly partition: number;
  /** Offset of the record; −1 on error and with acks=0. */
  readonly offset: number;
  /** Kafka's error name (`NONE`, `NOT_ENOUGH_REPLICAS` …) and the broker's message, if any. */
  readonly error: string;
  readonly errorMessage: string | null;
  readonly leaderId: number;
  /** LogAppendTime stamped by the broker, or −1 (CreateTime). */
  readonly logAppendTime: number;
}

/** Where a read starts. */
export type ReadStartDto =
  | { readonly kind: 'earliest' }
  | { readonly kind: 'latest' }
  | { readonly kind: 'offset'; readonly offset: number }
  | { readonly kind: 'timestamp'; readonly timestamp: number }
  /** Where each partition's read continues (the `partitions[].nextOffset` of a read of all partitions). */
  | { readonly kind: 'offsets'; readonly offsets: ReadonlyArray<{ readonly partition: number; readonly offset: number }> };

export interface ReadRequestDto {
  readonly topic: string;
  /** One partition, or null: every partition of the topic, merged by timestamp (then partition, offset). */
  readonly partition: number | null;
  readonly from: ReadStartDto;
  /** At most this many records (default 100); of all partitions, at most this many read from each one too. */
  readonly maxRecords?: number;
}

/** One partition's part of a read of all partitions. */
export interface ReadPartitionDto {
  readonly partition: number;
  readonly error: string;
  readonly errorMessage: string | null;
  readonly highWatermark: number;
  readonly logStartOffset: number;
  /** Where this partition's next page starts: after its last record shown. */
  readonly nextOffset: number;
}

export interface RecordDto {
  readonly partition: number;
  readonly offset: number;
  readonly timestamp: number;
  readonly timestampType: 'CreateTime' | 'LogAppendTime' | 'NoTimestampType';
  readonly key: BytesDto | null;
  readonly value: BytesDto | null;
  readonly headers: ReadonlyArray<{ readonly key: string; readonly value: BytesDto | null }>;
  readonly leaderEpoch: number;
}

export interface ReadResultDto {
  readonly error: string;
  readonly errorMessage: string | null;
  readonly records: readonly RecordDto[];
  /** The partition's (−1 for a read of all partitions: see `partitions`). */
  readonly highWatermark: number;
  readonly logStartOffset: number;
  readonly nextOffset: number;
  /** A read of all partitions: each partition's positions and error. */
  readonly partitions?: readonly ReadPartitionDto[];
}

/** The message tester: produce records, read them back from an offset or a time. */
export interface MessageService {
  produce(request: ProduceRequestDto): Promise<ProduceResultDto>;
  read(request: ReadRequestDto): Promise<ReadResultDto>;
}

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * A refused request, in Kafka's words: `name` is Kafka's error name (`INVALID_REPLICATION_FACTOR`
 * …) or `INVALID_INPUT` for input the UI validates itself; `field` names the form field it is about.
 * Services reject with an `ApiError` (the transports carry it as `{ error: ApiErrorDto }`).
 */
export interface ApiErrorDto {
  readonly name: string;
  /** The English text (what the headless API's scripts and the CLI read). */
  readonly message: string;
  /**
   * The same text for a person, in both languages (Kafka's own messages: English in both). Every
   * error the server sends has it; only the renderer's own (a transport failure) may lack it.
   */
  readonly text?: LocalizedText;
  readonly field?: string;
}

// ---------------------------------------------------------------------------------------------
// Workspaces (the clusters page): each is a folder with its own cluster.

export interface ClusterProfileDto {
  readonly name: string;
  readonly brokers: number;
  /** Rack per broker (index = broker id), or null for none. */
  readonly racks: ReadonlyArray<string | null> | null;
  readonly logDirsPerBroker: number;
  /** `server.properties` entries for every broker (`delete.topic.enable`, `num.partitions` …). */
  readonly brokerConfig: Readonly<Record<string, string>>;
}

export interface SnapshotDto {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly createdMs: number;
  readonly sizeBytes: number;
}

export interface WorkspaceSummaryDto {
  readonly id: string;
  readonly name: string;
  readonly brokers: number;
  readonly createdMs: number;
  /** The one whose cluster runs now. */
  readonly isOpen: boolean;
  readonly snapshots: readonly SnapshotDto[];
}

export interface WorkspaceService {
  list(): Promise<WorkspaceSummaryDto[]>;
  /** Creates the folder and its cluster, then opens it (the previous one is closed). */
  create(profile: ClusterProfileDto): Promise<WorkspaceSummaryDto>;
  /** Closes the open workspace (brokers shut down) and opens this one. */
  open(id: string): Promise<WorkspaceSummaryDto>;
  current(): Promise<WorkspaceSummaryDto | null>;
  rename(id: string, name: string): Promise<WorkspaceSummaryDto>;
  /** A copy of the workspace as it is now (taken with its cluster stopped, then restarted). */
  snapshot(id: string, name: string): Promise<SnapshotDto>;
  /** Replaces the workspace with the snapshot (the cluster restarts from it). */
  restore(snapshotId: string): Promise<WorkspaceSummaryDto>;
  /** Deletes a workspace (not the open one) or a snapshot. */
  remove(id: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The open cluster

export type BrokerStateDto =
  'NotRunning' | 'Starting' | 'RunningAsBroker' | 'PendingControlledShutdown' | 'BrokerShuttingDown' | 'Killed' | 'Failed';

export interface LogDirDto {
  readonly path: string;
  readonly online: boolean;
  readonly partitions: number;
  readonly sizeBytes: number;
}

export interface BrokerDto {
  readonly id: number;
  readonly rack: string | null;
  readonly host: string;
  readonly port: number;
  readonly state: BrokerStateDto;
  readonly isController: boolean;
  /** Replicas hosted, and how many of them lead. */
  readonly partitions: number;
  readonly leaders: number;
  readonly logDirs: readonly LogDirDto[];
  /** Its Kafka listener's clients: open connections and requests answered per API since it bound (null without a listener). */
  readonly clients: BrokerClientsDto | null;
  /** Its replication throttles (`ReplicationQuotaManager` byte-rate and bound), null while not running. */
  readonly replicationThrottle?: ReplicationThrottleDto | null;
  /**
   * Killed, its ZooKeeper session not expired yet: the controller acts only when ZooKeeper expires
   * it. Times on the cluster clock (`ClusterOverviewDto.nowMs`); null otherwise.
   */
  readonly sessionExpiry?: BrokerSessionExpiryDto | null;
}

export interface BrokerSessionExpiryDto {
  readonly killedAtMs: number;
  /** Its `zookeeper.session.timeout.ms`. */
  readonly sessionTimeoutMs: number;
  /** When ZooKeeper's session tracker expires the session (the last heartbeat plus the timeout, on a tick). */
  readonly expiresAtMs: number;
}

export interface ReplicationThrottleDto {
  /** Throttled bytes/s it serves as leader, and fetches as follower. */
  readonly leaderBytesPerSec: number;
  readonly followerBytesPerSec: number;
  /** `leader.replication.throttled.rate` / `follower.replication.throttled.rate`; null when unlimited. */
  readonly leaderRateBytesPerSec: number | null;
  readonly followerRateBytesPerSec: number | null;
}

export interface BrokerClientsDto {
  readonly connections: number;
  /** Requests received per API name (`Produce`, `Fetch`, `Metadata` …), counted since the app opened the workspace. */
  readonly requestsByApi: Readonly<Record<string, number>>;
  /**
   * Open connections by client software (KIP-511: the name and version of ApiVersions v3, as the
   * `connections` gauge of `socket-server-metrics` is tagged; `unknown` for older clients), most first.
   */
  readonly connectionsByClient: ReadonlyArray<{
    readonly softwareName: string;
    readonly softwareVersion: string;
    readonly connections: number;
  }>;
}

export interface ClusterOverviewDto {
  readonly workspaceId: string;
  readonly name: string;
  readonly clusterId: string | null;
  /** −1 without a controller. */
  readonly controllerId: number;
  readonly controllerEpoch: number;
  readonly brokers: readonly BrokerDto[];
  /** The emulated ZooKeeper's connect string (`127.0.0.1:2181`), null when it has no client port. */
  readonly zookeeperConnect: string | null;
  readonly topics: number;
  readonly partitions: number;
  readonly offlinePartitions: number;
  readonly underReplicatedPartitions: number;
  readonly nowMs: number;
  /** Clock speed factor: 1 = real time. */
  readonly clockSpeed: number;
}

export type { LocalizedText } from './localized-text';
export type { IncidentDto, EventDto, TimelineCategory, TimelineFilterDto, TimelinePageDto } from './timeline/timeline-contract';

export interface ClusterService {
  overview(): Promise<ClusterOverviewDto>;
  /** The newest events, newest last (`beforeSeq` pages back). */
  events(limit: number, beforeSeq?: number): Promise<EventDto[]>;
  /** The incidents that started in [fromMs, toMs], oldest first. */
  incidents(fromMs: number, toMs: number): Promise<IncidentDto[]>;
  /** The timeline filtered on the server, newest first, a page at a time. */
  timeline(filter: TimelineFilterDto): Promise<TimelinePageDto>;
  setClockSpeed(speed: number): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Brokers

export type BrokerActionDto = 'start' | 'controlled-shutdown' | 'kill' | 'restart' | 'fail-log-dir' | 'remove';

export interface BrokerConfigEntryDto {
  readonly name: string;
  readonly value: string | null;
  readonly source: 'DYNAMIC_BROKER_CONFIG' | 'DYNAMIC_DEFAULT_BROKER_CONFIG' | 'STATIC_BROKER_CONFIG' | 'DEFAULT_CONFIG';
  readonly sensitive: boolean;
  readonly documentation: string;
  /** KafkaConfig's type of the key (LONG, INT, BOOLEAN, LIST …), null when unknown. */
  readonly type?: string | null;
  /** KafkaConfig's default as DescribeConfigs' DEFAULT_CONFIG synonym prints it, null when none. */
  readonly defaultValue?: string | null;
  /** The validator's text (`[delete, compact]`, `[0,...]`), null when any value goes. */
  readonly validValues?: string | null;
  /** Not dynamically updatable (`DynamicBrokerConfig.AllDynamicConfigs` does not hold it). */
  readonly readOnly?: boolean;
  /** Where a dynamic key can be set: this broker only, or also as the cluster-wide default. */
  readonly scope?: 'per-broker' | 'cluster-wide' | null;
  readonly synonyms?: ReadonlyArray<{ name: string; value: string | null; source: string }>;
}

export interface BrokerService {
  /** What the action will do, in sentences shown before the person confirms. */
  explain(brokerId: number, action: BrokerActionDto): Promise<LocalizedText[]>;
  start(brokerId: number): Promise<void>;
  /** Controlled shutdown (the controller moves leadership away first). */
  shutdown(brokerId: number): Promise<{ controlledShutdownSucceeded: boolean | null }>;
  kill(brokerId: number): Promise<void>;
  restart(brokerId: number): Promise<void>;
  failLogDir(brokerId: number, dir: string): Promise<void>;
  /** A new broker with the next free id (or `id`), started. */
  add(spec: { id?: number; rack: string | null; logDirs: number; config: Readonly<Record<string, string>> }): Promise<BrokerDto>;
  remove(brokerId: number): Promise<void>;
  /**
   * DescribeConfigs of a broker (`brokerId`), or of the cluster-wide default (null, the BROKER
   * resource "") as a running broker answers it: only the keys `/config/brokers/<default>` sets.
   */
  configs(brokerId: number | null): Promise<BrokerConfigEntryDto[]>;
  /**
   * AlterConfigs of a broker (`brokerId`, or null for the cluster-wide default): the whole set of its
   * dynamic configs, checked and written as Kafka 2.5's AdminManager does; errors in Kafka's words.
   */
  alterConfigs(brokerId: number | null, configs: Readonly<Record<string, string>>, options: { validateOnly: boolean }): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Topics

export type TopicFilterDto = 'all' | 'internal' | 'under-replicated' | 'offline' | 'being-deleted';

export interface TopicListQueryDto {
  readonly search?: string;
  readonly filter?: TopicFilterDto;
  readonly offset?: number;
  readonly limit?: number;
}

export interface TopicSummaryDto {
  readonly name: string;
  readonly partitions: number;
  readonly replicationFactor: number;
  readonly internal: boolean;
  readonly underReplicatedPartitions: number;
  readonly offlinePartitions: number;
  readonly beingDeleted: boolean;
  /** What Kafka makes of a `/brokers/topics/<t>` it cannot read (hand-written), in its words; null when it is fine. */
  readonly znodeProblem?: string | null;
}

export interface TopicPageDto {
  readonly total: number;
  readonly topics: readonly TopicSummaryDto[];
}

export interface PartitionDto {
  readonly partition: number;
  readonly leader: number;
  readonly leaderEpoch: number;
  readonly replicas: readonly number[];
  readonly isr: readonly number[];
  readonly addingReplicas: readonly number[];
  readonly removingReplicas: readonly number[];
  /** The controller's partition state (`OnlinePartition` …), null without a controller. */
  readonly state: string | null;
  /** The controller's replica state per replica (`OnlineReplica` …). */
  readonly replicaStates: Readonly<Record<number, string>>;
  /** From the leader's log (−1 when there is no leader). */
  readonly logStartOffset: number;
  readonly highWatermark: number;
  readonly logEndOffset: number;
  readonly sizeBytes: number;
  /** The leader's last stable offset (−1 when there is no leader): read_committed consumers read up to it. */
  readonly lastStableOffset: number;
  /** The transactions open in the leader's log, oldest first: the first one holds the LSO. */
  readonly openTransactions: readonly OpenTransactionDto[];
}

export interface TopicConfigEntryDto {
  readonly name: string;
  readonly value: string | null;
  /** Kafka's ConfigSource name: `TOPIC_CONFIG`, `STATIC_BROKER_CONFIG`, `DEFAULT_CONFIG` … */
  readonly source: string;
  readonly isDefault: boolean;
  readonly sensitive: boolean;
}

export interface ZnodeDto {
  readonly path: string;
  readonly data: string | null;
}

export interface TopicDetailDto {
  readonly name: string;
  readonly internal: boolean;
  readonly beingDeleted: boolean;
  /** As TopicSummaryDto's. */
  readonly znodeProblem?: string | null;
  readonly partitions: readonly PartitionDto[];
  readonly configs: readonly TopicConfigEntryDto[];
  readonly znodes: readonly ZnodeDto[];
}

/** One topic config of Kafka 2.5 as its ConfigDef describes it (for the wizard's config step). */
export interface TopicConfigKeyDto {
  readonly name: string;
  readonly type: string;
  readonly defaultValue: string | null;
  /** `[0,...]`, `[delete, compact]` … as Kafka prints the validator; null when any value goes. */
  readonly validValues: string | null;
  readonly documentation: string;
  /** The broker property whose value is the default (`log.retention.ms` …). */
  readonly serverDefaultProperty: string;
}

/** The controller's defaults the wizard starts from. */
export interface TopicDefaultsDto {
  readonly numPartitions: number;
  readonly defaultReplicationFactor: number;
  readonly liveBrokers: ReadonlyArray<{ readonly id: number; readonly rack: string | null }>;
}

export type AssignmentModeDto =
  | { readonly kind: 'automatic'; readonly rackAware: boolean }
  | { readonly kind: 'manual'; readonly assignment: ReadonlyArray<readonly number[]> }
  | { readonly kind: 'replica-assignment'; readonly text: string };

export interface CreateTopicRequestDto {
  readonly name: string;
  /** null: the broker default (`num.partitions`, `default.replication.factor`). */
  readonly partitions: number | null;
  readonly replicationFactor: number | null;
  readonly assignment: AssignmentModeDto;
  readonly configs: Readonly<Record<string, string>>;
}

/** What a create would do: the assignment Kafka computes and the znodes it writes, or why it is refused. */
export interface CreateTopicPreviewDto {
  /** Replicas per partition (index = partition); empty when refused. */
  readonly assignment: ReadonlyArray<readonly number[]>;
  readonly znodes: readonly ZnodeDto[];
  readonly error: ApiErrorDto | null;
}

export interface AddPartitionsRequestDto {
  readonly topic: string;
  /** The new total partition count. */
  readonly totalCount: number;
  /** Replicas of the new partitions only; null: Kafka's automatic assignment. */
  readonly newAssignment: ReadonlyArray<readonly number[]> | null;
}

export interface AddPartitionsPreviewDto {
  /** Replicas of the new partitions, as Kafka computes (or as given). */
  readonly newAssignment: ReadonlyArray<readonly number[]>;
  readonly znodes: readonly ZnodeDto[];
  readonly error: ApiErrorDto | null;
}

export interface ReassignmentPreviewDto {
  readonly partitions: ReadonlyArray<{
    readonly partition: number;
    readonly current: readonly number[];
    readonly target: readonly number[];
    readonly adding: readonly number[];
    readonly removing: readonly number[];
    /** Leader after the move (the preferred replica). */
    readonly leader: number;
  }>;
  /** Leaders and replicas per broker after the move, and replicas per rack. */
  readonly leadersPerBroker: Readonly<Record<number, number>>;
  readonly replicasPerBroker: Readonly<Record<number, number>>;
  readonly replicasPerRack: Readonly<Record<string, number>>;
  readonly error: ApiErrorDto | null;
}

/** One replica's part of a purge preview: what goes below the new log start offset. */
export interface PurgeReplicaDto {
  readonly brokerId: number;
  readonly isLeader: boolean;
  readonly logStartOffset: number;
  readonly newLogStartOffset: number;
  readonly offsetsDeleted: number;
  /** Segments wholly below the new log start offset: deleted at the next retention check. */
  readonly segmentsDeleted: ReadonlyArray<{ readonly baseOffset: number; readonly sizeBytes: number }>;
  readonly segmentsKept: number;
}

/** What purging a partition up to an offset (DeleteRecords) does, or would do. */
export interface PurgePreviewDto {
  readonly topic: string;
  readonly partition: number;
  /** −1 asks for the high watermark. */
  readonly requestedOffset: number;
  readonly offset: number;
  readonly highWatermark: number;
  /** The error Kafka would answer (OFFSET_OUT_OF_RANGE, POLICY_VIOLATION …), with its message. */
  readonly error: { readonly name: string; readonly message: string } | null;
  readonly replicas: readonly PurgeReplicaDto[];
}

/** A DeleteRecords' answer: the low watermark (every live replica's smallest log start offset) or the error. */
export interface PurgeResultDto {
  readonly topic: string;
  readonly partition: number;
  readonly lowWatermark: number;
  readonly error: string | null;
}

export interface TopicService {
  list(query: TopicListQueryDto): Promise<TopicPageDto>;
  detail(name: string): Promise<TopicDetailDto>;
  configKeys(): Promise<TopicConfigKeyDto[]>;
  defaults(): Promise<TopicDefaultsDto>;
  previewCreate(request: CreateTopicRequestDto): Promise<CreateTopicPreviewDto>;
  /**
   * Creates the topic with exactly the previewed assignment when `assignment` is given (what the
   * wizard showed is what is written); `validateOnly` checks without writing.
   */
  create(request: CreateTopicRequestDto, options: { validateOnly: boolean }): Promise<CreateTopicPreviewDto>;
  previewAddPartitions(request: AddPartitionsRequestDto): Promise<AddPartitionsPreviewDto>;
  addPartitions(request: AddPartitionsRequestDto): Promise<AddPartitionsPreviewDto>;
  /** Replaces the topic's overrides (AlterConfigs); returns the new effective configs. */
  alterConfigs(
    topic: string,
    configs: Readonly<Record<string, string>>,
    options: { validateOnly: boolean },
  ): Promise<TopicConfigEntryDto[]>;
  previewReassignment(topic: string, target: ReadonlyArray<readonly number[]>): Promise<ReassignmentPreviewDto>;
  reassign(topic: string, target: ReadonlyArray<readonly number[]>): Promise<ReassignmentPreviewDto>;
  delete(topic: string): Promise<void>;
  /** What a purge of the partition up to `offset` takes away on each replica. */
  previewPurge(topic: string, partition: number, offset: number): Promise<PurgePreviewDto>;
  /** DeleteRecords of the partition up to `offset` through its leader's ReplicaManager, as the wire API does. */
  purge(topic: string, partition: number, offset: number): Promise<PurgeResultDto>;
  /** Each replica's compaction as its broker's log cleaner sees it: dirty ratio, cleaner checkpoint, last cleaning. */
  cleaning(topic: string): Promise<TopicCleaningDto>;
}

// ---------------------------------------------------------------------------------------------
// The whole API, and what is pushed

/** Every service, by the name used in IPC channels and in `POST /api/<service>/<method>`. */
export interface DojoApi {
  readonly workspaces: WorkspaceService;
  readonly cluster: ClusterService;
  readonly brokers: BrokerService;
  readonly topics: TopicService;
  readonly messages: MessageService;
  readonly deletions: DeletionService;
  readonly zookeeper: ZooKeeperService;
  readonly logDirs: LogDirService;
  readonly groups: GroupService;
  readonly elections: ElectionService;
  readonly quotas: QuotaService;
  readonly transactions: TransactionService;
  readonly reassignments: ReassignmentService;
  readonly metrics: MetricsService;
}

export type ServiceName = keyof DojoApi;

/** Pushed to the UI (IPC event or WebSocket message): something changed, with the new events. */
export type PushDto =
  | { readonly type: 'events'; readonly events: readonly EventDto[] }
  | { readonly type: 'workspace-changed'; readonly workspace: WorkspaceSummaryDto | null }
  | ZooKeeperPushDto;

/**
 * The method names of each service, for the transports (one list, checked against the types in
 * api-methods.ts): a transport registers exactly these, and refuses anything else.
 */
export type MethodsOf<S> = { [K in keyof S]: S[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof S];
