/**
 * Partition reassignments from the UI (`ReassignmentService`): what `kafka-reassign-partitions.sh`
 * does — `--generate`, `--execute --throttle`, `--verify`, `--cancel` (KIP-455) — plus a preview
 * of the data each broker will fetch and a progress view per partition.
 */

/** One entry of Kafka's reassignment JSON (`{"topic","partition","replicas"}`). */
export interface PlanPartitionDto {
  readonly topic: string;
  readonly partition: number;
  readonly replicas: readonly number[];
}

export interface ReassignmentPlanDto {
  readonly partitions: readonly PlanPartitionDto[];
}

export interface GenerateRequestDto {
  readonly topics: readonly string[];
  /** `--broker-list`. */
  readonly brokerIds: readonly number[];
  /** False as with `--disable-rack-aware`. */
  readonly rackAware: boolean;
}

/** `--generate`'s two JSONs: "Current partition replica assignment" and "Proposed partition reassignment configuration". */
export interface GeneratedPlanDto {
  readonly current: ReassignmentPlanDto;
  readonly proposed: ReassignmentPlanDto;
}

export interface PlanPartitionPreviewDto {
  readonly topic: string;
  readonly partition: number;
  readonly current: readonly number[];
  readonly target: readonly number[];
  readonly adding: readonly number[];
  readonly removing: readonly number[];
  /** The leader's log size: what each added replica fetches. */
  readonly sizeBytes: number;
}

/** The throttle `--execute --throttle` would set: rates on these brokers, replica lists on these topics. */
export interface PlanThrottlesDto {
  readonly brokers: readonly number[];
  readonly topics: ReadonlyArray<{ readonly topic: string; readonly leader: string; readonly follower: string }>;
}

export interface PlanPreviewDto {
  readonly partitions: readonly PlanPartitionPreviewDto[];
  /** Partitions that gain a replica. */
  readonly movingPartitions: number;
  /** Bytes each destination broker fetches (brokers fetching nothing left out), ascending by broker. */
  readonly bytesPerBroker: ReadonlyArray<{ readonly brokerId: number; readonly bytes: number }>;
  readonly totalBytes: number;
  readonly throttles: PlanThrottlesDto;
  /** Partitions whose replicas share a rack while the cluster has racks enough to spread them. */
  readonly rackWarnings: readonly string[];
  /** Why `--execute` would refuse the plan, in Kafka's words (empty when it is valid). */
  readonly errors: readonly string[];
}

export interface ExecuteOptionsDto {
  /** `--throttle` in bytes/s; null for none. */
  readonly throttleBytesPerSec: number | null;
  /** `--additional`: start even while other reassignments are in progress (2.6 refuses otherwise). */
  readonly additional?: boolean;
}

/** Per partition, Kafka's error name (`NONE`, `INVALID_REPLICA_ASSIGNMENT`, `NO_REASSIGNMENT_IN_PROGRESS` …) and message. */
export interface ReassignmentOutcomeDto {
  readonly topic: string;
  readonly partition: number;
  readonly error: string;
  readonly message: string | null;
}

export interface ExecuteResultDto {
  readonly outcomes: readonly ReassignmentOutcomeDto[];
  /** What the tool prints: the throttle set, "Successfully started partition reassignments for …". */
  readonly messages: readonly string[];
}

/** A replica's local log against the leader's: bytes caught up. */
export interface ReplicaProgressDto {
  readonly brokerId: number;
  /** Being added by the reassignment. */
  readonly adding: boolean;
  readonly removing: boolean;
  /** −1 (0 bytes) while the broker has no log of the partition yet. */
  readonly logEndOffset: number;
  readonly sizeBytes: number;
  readonly inIsr: boolean;
}

export interface PartitionProgressDto {
  readonly topic: string;
  readonly partition: number;
  /** The partition's full replica set now (targets plus those still being removed). */
  readonly replicas: readonly number[];
  /** Where it goes: the executed plan's replicas, else the replicas minus those being removed. */
  readonly targetReplicas: readonly number[];
  readonly adding: readonly number[];
  readonly removing: readonly number[];
  readonly isr: readonly number[];
  readonly leader: number;
  readonly leaderLogEndOffset: number;
  readonly leaderSizeBytes: number;
  /** Every replica, current or target, with its log. */
  readonly replicaLogs: readonly ReplicaProgressDto[];
  /** No replica being added or removed. */
  readonly done: boolean;
}

export interface ReassignmentProgressDto {
  /** Ongoing reassignments and the partitions of the last executed plan. */
  readonly partitions: readonly PartitionProgressDto[];
  /** The plan last executed from this page (null before any, or after it was verified). */
  readonly executedPlan: ReassignmentPlanDto | null;
  /** Throttles in place: per broker the leader/follower rates, per topic the replica lists. */
  readonly brokerThrottles: ReadonlyArray<{
    readonly brokerId: number;
    readonly leaderRate: string | null;
    readonly followerRate: string | null;
  }>;
  readonly topicThrottles: ReadonlyArray<{ readonly topic: string; readonly leader: string | null; readonly follower: string | null }>;
}

export interface VerifyResultDto {
  readonly partitions: ReadonlyArray<{
    readonly topic: string;
    readonly partition: number;
    readonly done: boolean;
    readonly message: string;
  }>;
  /** Every partition is done: the throttles were cleared. */
  readonly throttlesRemoved: boolean;
  /** `--verify`'s output lines. */
  readonly messages: readonly string[];
}

export interface CancelResultDto {
  readonly outcomes: readonly ReassignmentOutcomeDto[];
  readonly messages: readonly string[];
}

export interface ReassignmentService {
  generate(request: GenerateRequestDto): Promise<GeneratedPlanDto>;
  preview(plan: ReassignmentPlanDto): Promise<PlanPreviewDto>;
  /** Refuses (INVALID_REPLICA_ASSIGNMENT) a plan the preview lists errors for. */
  execute(plan: ReassignmentPlanDto, options: ExecuteOptionsDto): Promise<ExecuteResultDto>;
  progress(): Promise<ReassignmentProgressDto>;
  /** Verifies the last executed plan (else the ongoing reassignments); clears the throttles when all are done. */
  verify(): Promise<VerifyResultDto>;
  cancel(partitions: ReadonlyArray<{ readonly topic: string; readonly partition: number }>): Promise<CancelResultDto>;
}
