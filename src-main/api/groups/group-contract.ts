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

export interface GroupService {
  list(query: GroupListQueryDto): Promise<GroupListDto>;
  /** UNKNOWN_GROUP_ID-like refusal (`GROUP_ID_NOT_FOUND`) when no coordinator holds it. */
  detail(groupId: string): Promise<GroupDetailDto>;
  /** The group's coordinator lines among the newest `limit` events, oldest first. */
  history(groupId: string, limit?: number): Promise<GroupHistoryEntryDto[]>;
}
