/**
 * The consumer groups page (`GroupService`, read-only): every group of the running coordinators
 * with its state, protocol type, assignor, coordinator, members and per partition the committed
 * offset, log end offset and lag as `kafka-consumer-groups --describe` computes them, and a
 * group's rebalances (generations) from the event timeline.
 */

export type GroupStateDto = 'Empty' | 'PreparingRebalance' | 'CompletingRebalance' | 'Stable' | 'Dead';

export type GroupSortDto = 'group' | 'lag' | 'members';

export interface GroupListQueryDto {
  /** A part of the group id (case-insensitive). */
  readonly search?: string;
  readonly state?: GroupStateDto;
  /** Only groups whose total lag is at least this. */
  readonly minLag?: number;
  /** Only groups that consume this topic: a committed offset or a member's assignment on it. */
  readonly topic?: string;
  /** Default `group`; `lag` and `members` sort the largest first unless `ascending`. */
  readonly sort?: GroupSortDto;
  readonly ascending?: boolean;
  /** A page of the sorted list: from `offset` (default 0), at most `limit` (default all). */
  readonly offset?: number;
  readonly limit?: number;
}

export interface GroupSummaryDto {
  readonly groupId: string;
  readonly state: GroupStateDto;
  readonly protocolType: string;
  /** The chosen protocol: for consumers the assignor (`range`, `roundrobin` …); '' until Stable. */
  readonly protocol: string;
  readonly generationId: number;
  readonly coordinator: number;
  readonly members: number;
  readonly partitions: number;
  /** The sum of the partitions' known lags, and the largest. */
  readonly totalLag: number;
  readonly maxLag: number;
}

export interface GroupListDto {
  /** Groups before the filter, and after it (before the page is cut). */
  readonly total: number;
  readonly matched: number;
  readonly groups: readonly GroupSummaryDto[];
}

export interface GroupMemberDto {
  readonly memberId: string;
  readonly groupInstanceId: string | null;
  readonly clientId: string;
  readonly host: string;
  readonly assignment: ReadonlyArray<{ readonly topic: string; readonly partition: number }>;
}

/** One row of `--describe`: null where the tool prints `-`. */
export interface GroupPartitionDto {
  readonly topic: string;
  readonly partition: number;
  readonly committedOffset: number | null;
  readonly logEndOffset: number | null;
  readonly lag: number | null;
  readonly memberId: string | null;
  readonly clientId: string | null;
  readonly host: string | null;
}

export interface GroupDetailDto extends GroupSummaryDto {
  readonly leaderId: string | null;
  /** `__consumer_offsets` partition holding the group. */
  readonly offsetsPartition: number;
  readonly memberList: readonly GroupMemberDto[];
  readonly partitionList: readonly GroupPartitionDto[];
}

/** A coordinator's line about the group on the timeline: rebalances with their generation. */
export interface GroupHistoryEntryDto {
  readonly seq: number;
  readonly timeMs: number;
  readonly brokerId: number | null;
  readonly kind: 'preparing-rebalance' | 'stabilized' | 'empty' | 'other';
  /** The generation the line names (the old one for a rebalance that starts), null when none. */
  readonly generationId: number | null;
  readonly summary: string;
}

/**
 * `--reset-offsets`' specification: one scenario. Declared here apart from core's `ResetSpec` so the
 * contract stays free of core imports for the renderer; the service passes it to the core plan as is,
 * so the compiler keeps the two alike.
 */
export type GroupResetSpecDto =
  | { readonly kind: 'to-earliest' }
  | { readonly kind: 'to-latest' }
  | { readonly kind: 'to-current' }
  | { readonly kind: 'to-offset'; readonly offset: number }
  | { readonly kind: 'shift-by'; readonly shift: number }
  /** `yyyy-MM-ddTHH:mm:ss.SSS`, optionally with a zone. */
  | { readonly kind: 'to-datetime'; readonly datetime: string }
  /** `PnDTnHnMnS`. */
  | { readonly kind: 'by-duration'; readonly duration: string }
  /** The pasted CSV: `topic,partition,offset` lines (or `group,topic,partition,offset`). */
  | { readonly kind: 'from-file'; readonly csv: string };

/** `--all-topics`, or `--topic` values (`t` for all its partitions, `t:0,1` for some); ignored by from-file. */
export type GroupResetScopeDto = { readonly kind: 'all-topics' } | { readonly kind: 'topics'; readonly topics: readonly string[] };

export interface GroupResetRequestDto {
  readonly groupId: string;
  readonly spec: GroupResetSpecDto;
  readonly scope: GroupResetScopeDto;
  /** false: the dry run (`--dry-run`, the tool's default); true: `--execute`. */
  readonly execute: boolean;
}

export interface GroupResetResultDto {
  readonly executed: boolean;
  readonly rows: ReadonlyArray<{ readonly topic: string; readonly partition: number; readonly newOffset: number }>;
  /** The table the tool prints (GROUP TOPIC PARTITION NEW-OFFSET), line by line. */
  readonly table: readonly string[];
  /** The tool's WARN lines (an offset clamped to the log's range). */
  readonly warnings: readonly string[];
}

/** One partition's answer to OffsetDelete: `NONE`, or Kafka's error with its message. */
export interface GroupOffsetDeletionDto {
  readonly topic: string;
  readonly partition: number;
  readonly error: string;
  readonly message: string | null;
}

export interface GroupService {
  list(query: GroupListQueryDto): Promise<GroupListDto>;
  /** UNKNOWN_GROUP_ID-like refusal (`GROUP_ID_NOT_FOUND`) when no coordinator holds it. */
  detail(groupId: string): Promise<GroupDetailDto>;
  /** The group's coordinator lines among the newest `limit` events, oldest first. */
  history(groupId: string, limit?: number): Promise<GroupHistoryEntryDto[]>;
  /**
   * `--reset-offsets`: the plan (dry run) or the plan committed (execute). Refused with
   * `GROUP_NOT_INACTIVE` and Kafka's "Assignments can only be reset if the group '…' is inactive,
   * but the current state is …." while the group has members.
   */
  resetOffsets(request: GroupResetRequestDto): Promise<GroupResetResultDto>;
  /** DeleteGroups: Kafka's error (NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND …) with its message. */
  deleteGroup(groupId: string): Promise<void>;
  /** OffsetDelete of a topic's partitions: a group error (NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND …) is thrown; partition errors come back. */
  deleteOffsets(groupId: string, topic: string): Promise<GroupOffsetDeletionDto[]>;
}
