/**
 * Leader elections from the UI (`ElectionService`): ElectLeaders (PREFERRED or UNCLEAN) for a
 * partition, a topic or the whole cluster, and the leader imbalance per broker as the controller's
 * auto-rebalance (`checkAndTriggerAutoLeaderRebalance`) measures it against
 * `leader.imbalance.per.broker.percentage`.
 */

export type ElectionTypeDto = 'PREFERRED' | 'UNCLEAN';

export type ElectionScopeDto =
  | { readonly kind: 'all' }
  | { readonly kind: 'topic'; readonly topic: string }
  | { readonly kind: 'partition'; readonly topic: string; readonly partition: number };

export interface BrokerImbalanceDto {
  readonly brokerId: number;
  readonly running: boolean;
  /** Partitions whose preferred (first) replica is this broker (topics being deleted left out). */
  readonly preferredPartitions: number;
  /** Of those, led by another broker now. */
  readonly notLedByPreferred: number;
  /** `notLedByPreferred / preferredPartitions` (0 with none). */
  readonly imbalanceRatio: number;
  /** The ratio exceeds the percentage: the auto-rebalance would elect this broker's partitions. */
  readonly overThreshold: boolean;
  readonly leaderPartitions: number;
}

export interface ElectionPartitionDto {
  readonly topic: string;
  readonly partition: number;
  readonly replicas: readonly number[];
  readonly isr: readonly number[];
  /** −1 without a leader. */
  readonly leader: number;
  readonly preferredLeader: number;
  /** A PREFERRED election would move leadership: led elsewhere, the preferred replica alive and in the ISR. */
  readonly preferredElectable: boolean;
  /** No live leader: what an UNCLEAN election is for. */
  readonly offline: boolean;
}

export interface ElectionOverviewDto {
  readonly controllerId: number;
  /** The controller's `leader.imbalance.per.broker.percentage`, `auto.leader.rebalance.enable` and `leader.imbalance.check.interval.seconds`. */
  readonly imbalancePercentage: number;
  readonly autoLeaderRebalanceEnable: boolean;
  readonly imbalanceCheckIntervalSeconds: number;
  readonly brokers: readonly BrokerImbalanceDto[];
  readonly partitions: readonly ElectionPartitionDto[];
}

export interface ElectionRequestDto {
  readonly electionType: ElectionTypeDto;
  readonly scope: ElectionScopeDto;
}

/** Per partition, Kafka's error name (`NONE`, `ELECTION_NOT_NEEDED`, `PREFERRED_LEADER_NOT_AVAILABLE` …) and message. */
export interface ElectionResultDto {
  readonly topic: string;
  readonly partition: number;
  readonly error: string;
  readonly message: string | null;
}

export interface ElectionService {
  overview(): Promise<ElectionOverviewDto>;
  /** The whole cluster leaves out partitions that need no election, as ElectLeaders with no partitions does. */
  elect(request: ElectionRequestDto): Promise<ElectionResultDto[]>;
}
