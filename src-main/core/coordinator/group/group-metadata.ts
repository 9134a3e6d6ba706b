/**
 * A consumer group as Kafka 2.5's coordinator holds it (`GroupMetadata`, `MemberMetadata`): its
 * state, generation, chosen protocol, leader, members with their pending JoinGroup / SyncGroup
 * answers, and its committed offsets.
 *
 * States and the states each may be entered from (`GroupState.validPreviousStates`):
 *
 *   Empty                <- PreparingRebalance
 *   PreparingRebalance   <- Stable, CompletingRebalance, Empty
 *   CompletingRebalance  <- PreparingRebalance
 *   Stable               <- CompletingRebalance
 *   Dead                 <- Stable, PreparingRebalance, CompletingRebalance, Empty, Dead
 */
import type { ErrorName } from '../../common/kafka-errors';
import { IllegalArgumentException, IllegalStateException } from '../../common/java-lang';
import { tpKey } from '../../common/topic-partition';
import { computeSubscribedTopics } from './consumer-protocol';

export type GroupState = 'Empty' | 'PreparingRebalance' | 'CompletingRebalance' | 'Stable' | 'Dead';

const VALID_PREVIOUS_STATES: Readonly<Record<GroupState, readonly GroupState[]>> = {
  Empty: ['PreparingRebalance'],
  PreparingRebalance: ['Stable', 'CompletingRebalance', 'Empty'],
  CompletingRebalance: ['PreparingRebalance'],
  Stable: ['CompletingRebalance'],
  Dead: ['Stable', 'PreparingRebalance', 'CompletingRebalance', 'Empty', 'Dead'],
};

const EMPTY = new Uint8Array(0);

export interface JoinGroupProtocol {
  readonly name: string;
  readonly metadata: Uint8Array;
}

export interface JoinGroupResult {
  /** The leader gets every member's metadata for the chosen protocol; the others get none. */
  readonly members: ReadonlyArray<{ memberId: string; groupInstanceId: string | null; metadata: Uint8Array }>;
  readonly memberId: string;
  readonly generationId: number;
  readonly protocolType: string | null;
  readonly protocolName: string | null;
  readonly leaderId: string;
  readonly error: ErrorName;
}

export interface SyncGroupResult {
  /** The group's protocol type and name with an assignment (SyncGroup v5+ returns them); null with an error. */
  readonly protocolType: string | null;
  readonly protocolName: string | null;
  readonly assignment: Uint8Array;
  readonly error: ErrorName;
}

/** `SyncGroupResult(error)`: no protocol, no assignment. */
export function syncError(error: ErrorName): SyncGroupResult {
  return { protocolType: null, protocolName: null, assignment: new Uint8Array(0), error };
}

export function joinError(memberId: string, error: ErrorName): JoinGroupResult {
  return { members: [], memberId, generationId: -1, protocolType: null, protocolName: null, leaderId: '', error };
}

export interface GroupConfig {
  groupMinSessionTimeoutMs: number;
  groupMaxSessionTimeoutMs: number;
  groupInitialRebalanceDelayMs: number;
}

export type GroupApiName =
  | 'JoinGroup'
  | 'SyncGroup'
  | 'Heartbeat'
  | 'LeaveGroup'
  | 'OffsetCommit'
  | 'OffsetFetch'
  | 'DescribeGroups'
  | 'DeleteGroups'
  | 'OffsetDelete'
  | 'TxnOffsetCommit';

export interface JoinGroupRequestArgs {
  groupId: string;
  memberId: string;
  groupInstanceId: string | null;
  /** JoinGroup v4+: an empty member id gets MEMBER_ID_REQUIRED with one to use. */
  requireKnownMemberId: boolean;
  clientId: string;
  clientHost: string;
  rebalanceTimeoutMs: number;
  sessionTimeoutMs: number;
  protocolType: string;
  protocols: readonly JoinGroupProtocol[];
}

/** A committed offset (`OffsetAndMetadata`). */
export interface OffsetAndMetadata {
  readonly offset: number;
  /** null when the commit carried none (−1 on the wire). */
  readonly leaderEpoch: number | null;
  readonly metadata: string;
  readonly commitTimestamp: number;
  /** Only commits with an explicit retention time (OffsetCommit v2–v4) carry one. */
  readonly expireTimestamp: number | null;
}

function sameOffsetAndMetadata(a: OffsetAndMetadata, b: OffsetAndMetadata): boolean {
  return (
    a.offset === b.offset &&
    a.leaderEpoch === b.leaderEpoch &&
    a.metadata === b.metadata &&
    a.commitTimestamp === b.commitTimestamp &&
    a.expireTimestamp === b.expireTimestamp
  );
}

/**
 * `CommitRecordMetadataAndOffset`: a committed offset and the base offset of the batch that wrote it
 * to `__consumer_offsets` (null until that append is acknowledged) — plain and transactional commits
 * are ordered by it, not by when they complete.
 */
export interface CommitRecordMetadataAndOffset {
  readonly topic: string;
  readonly partition: number;
  readonly value: OffsetAndMetadata;
  readonly appendedBatchOffset: number | null;
}

function olderThan(a: CommitRecordMetadataAndOffset, b: CommitRecordMetadataAndOffset): boolean {
  if (a.appendedBatchOffset === null || b.appendedBatchOffset === null)
    throw new IllegalStateException('Cannot compare offset commits without the offsets of their records in the log.');
  return a.appendedBatchOffset < b.appendedBatchOffset;
}

export class MemberMetadata {
  assignment: Uint8Array = EMPTY;
  awaitingJoinCallback: ((result: JoinGroupResult) => void) | null = null;
  awaitingSyncCallback: ((result: SyncGroupResult) => void) | null = null;
  isLeaving = false;
  isNew = false;
  heartbeatSatisfied = false;

  constructor(
    /** A static member's id changes when it rejoins with an unknown member id (`replaceGroupInstance`). */
    public memberId: string,
    readonly groupId: string,
    readonly groupInstanceId: string | null,
    readonly clientId: string,
    readonly clientHost: string,
    public rebalanceTimeoutMs: number,
    public sessionTimeoutMs: number,
    readonly protocolType: string,
    public supportedProtocols: readonly JoinGroupProtocol[],
  ) {}

  get isAwaitingJoin(): boolean {
    return this.awaitingJoinCallback !== null;
  }

  get isAwaitingSync(): boolean {
    return this.awaitingSyncCallback !== null;
  }

  /** A member waiting on a JoinGroup or SyncGroup answer counts as alive; a new one must heartbeat. */
  get hasSatisfiedHeartbeat(): boolean {
    if (this.isNew) return this.heartbeatSatisfied;
    if (this.isAwaitingJoin || this.isAwaitingSync) return true;
    return this.heartbeatSatisfied;
  }

  protocols(): Set<string> {
    return new Set(this.supportedProtocols.map((p) => p.name));
  }

  metadata(protocol: string): Uint8Array {
    const found = this.supportedProtocols.find((p) => p.name === protocol);
    if (!found) throw new IllegalArgumentException(`Member does not support protocol ${protocol}`);
    return found.metadata;
  }

  /** The member's most preferred protocol among `candidates`. */
  vote(candidates: ReadonlySet<string>): string {
    const found = this.supportedProtocols.find((p) => candidates.has(p.name));
    if (!found) throw new IllegalArgumentException('Member does not support any of the candidate protocols');
    return found.name;
  }

  /** Same protocols with the same metadata, in the same order. */
  matches(protocols: readonly JoinGroupProtocol[]): boolean {
    if (protocols.length !== this.supportedProtocols.length) return false;
    return protocols.every(
      (p, i) => p.name === this.supportedProtocols[i].name && bytesEqual(p.metadata, this.supportedProtocols[i].metadata),
    );
  }
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class GroupMetadata {
  private stateValue: GroupState;
  currentStateTimestamp: number | null;
  protocolType: string | null = null;
  protocolName: string | null = null;
  generationId = 0;
  leaderId: string | null = null;
  /** In join order: Kafka's HashMap order decides the next leader and vote ties; join order stands in for it. */
  readonly members = new Map<string, MemberMetadata>();
  readonly pendingMembers = new Set<string>();
  /** `group.instance.id` → member id of the static members (KIP-345). */
  readonly staticMembers = new Map<string, string>();
  /** The topics the consumer members subscribe to, as of the last generation; null when unknown (`subscribedTopics`). */
  subscribedTopics: ReadonlySet<string> | null = null;
  private numMembersAwaitingJoin = 0;
  private readonly supportedProtocols = new Map<string, number>();
  /** `topic-partition` → committed offset. */
  readonly offsets = new Map<string, CommitRecordMetadataAndOffset>();
  /** `topic-partition` → an OffsetCommit being appended (`pendingOffsetCommits`). */
  readonly pendingOffsetCommits = new Map<string, OffsetAndMetadata>();
  /**
   * Producer id → `topic-partition` → the offsets its open transaction committed
   * (`pendingTransactionalOffsetCommits`): written, but committed only by the COMMIT marker.
   */
  readonly pendingTransactionalOffsetCommits = new Map<number, Map<string, CommitRecordMetadataAndOffset>>();
  newMemberAdded = false;

  constructor(
    readonly groupId: string,
    initialState: GroupState,
    private readonly nowMs: () => number,
  ) {
    this.stateValue = initialState;
    this.currentStateTimestamp = nowMs();
  }

  get state(): GroupState {
    return this.stateValue;
  }

  is(state: GroupState): boolean {
    return this.stateValue === state;
  }

  has(memberId: string): boolean {
    return this.members.has(memberId);
  }

  get(memberId: string): MemberMetadata {
    const member = this.members.get(memberId);
    if (!member) throw new IllegalStateException(`Member ${memberId} is not in group ${this.groupId}`);
    return member;
  }

  get size(): number {
    return this.members.size;
  }

  isLeader(memberId: string): boolean {
    return this.leaderId === memberId;
  }

  isPendingMember(memberId: string): boolean {
    return this.pendingMembers.has(memberId) && !this.members.has(memberId);
  }

  hasStaticMember(groupInstanceId: string | null): groupInstanceId is string {
    return groupInstanceId !== null && this.staticMembers.has(groupInstanceId);
  }

  getStaticMemberId(groupInstanceId: string): string {
    const memberId = this.staticMembers.get(groupInstanceId);
    if (memberId === undefined) throw new IllegalArgumentException(`unexpected null group.instance.id in getStaticMemberId`);
    return memberId;
  }

  addStaticMember(groupInstanceId: string, memberId: string): void {
    this.staticMembers.set(groupInstanceId, memberId);
  }

  removeStaticMember(groupInstanceId: string | null): void {
    if (groupInstanceId !== null) this.staticMembers.delete(groupInstanceId);
  }

  /** A known instance id with another member id: a stale duplicate of a restarted static member. */
  isStaticMemberFenced(memberId: string, groupInstanceId: string | null): boolean {
    return this.hasStaticMember(groupInstanceId) && this.getStaticMemberId(groupInstanceId) !== memberId;
  }

  /** A static member rejoining with an unknown member id keeps its place under a new id; a waiting old instance is fenced. */
  replaceGroupInstance(oldMemberId: string, newMemberId: string, groupInstanceId: string): MemberMetadata {
    const member = this.members.get(oldMemberId);
    if (!member) throw new IllegalArgumentException(`Cannot replace non-existing member id ${oldMemberId}`);
    this.members.delete(oldMemberId);
    this.maybeInvokeJoinCallback(member, joinError(oldMemberId, 'FENCED_INSTANCE_ID'));
    this.maybeInvokeSyncCallback(member, syncError('FENCED_INSTANCE_ID'));
    member.memberId = newMemberId;
    this.members.set(newMemberId, member);
    if (this.isLeader(oldMemberId)) this.leaderId = newMemberId;
    this.addStaticMember(groupInstanceId, newMemberId);
    return member;
  }

  /** True when unknown (not a consumer group, or metadata not parsed): safe for OffsetDelete. */
  isSubscribedToTopic(topic: string): boolean {
    return this.subscribedTopics === null || this.subscribedTopics.has(topic);
  }

  get hasOffsets(): boolean {
    return this.offsets.size > 0 || this.pendingOffsetCommits.size > 0 || this.pendingTransactionalOffsetCommits.size > 0;
  }

  /** `prepareOffsetCommit`: staged until the append is acknowledged. */
  prepareOffsetCommit(offsets: ReadonlyArray<{ topic: string; partition: number; value: OffsetAndMetadata }>): void {
    for (const o of offsets) this.pendingOffsetCommits.set(tpKey(o), o.value);
  }

  /** `onOffsetCommitAppend`: the commit becomes the committed offset unless a commit written later in the log already is. */
  onOffsetCommitAppend(commit: CommitRecordMetadataAndOffset): void {
    const key = tpKey(commit);
    const staged = this.pendingOffsetCommits.get(key);
    if (staged === undefined) return; // its topic was deleted meanwhile (`removeOffsets`)
    if (commit.appendedBatchOffset === null)
      throw new IllegalStateException('Cannot complete offset commit write without providing the metadata of the record in the log.');
    const current = this.offsets.get(key);
    if (!current || olderThan(current, commit)) this.offsets.set(key, commit);
    if (sameOffsetAndMetadata(staged, commit.value)) this.pendingOffsetCommits.delete(key);
  }

  /** `failPendingOffsetWrite`. */
  failPendingOffsetWrite(topic: string, partition: number, value: OffsetAndMetadata): void {
    const key = tpKey({ topic, partition });
    const staged = this.pendingOffsetCommits.get(key);
    if (staged !== undefined && sameOffsetAndMetadata(staged, value)) this.pendingOffsetCommits.delete(key);
  }

  /** `prepareTxnOffsetCommit`: pending, without a log offset until the append is acknowledged. */
  prepareTxnOffsetCommit(producerId: number, offsets: ReadonlyArray<{ topic: string; partition: number; value: OffsetAndMetadata }>): void {
    const pending = this.pendingTransactionalOffsetCommits.get(producerId) ?? new Map<string, CommitRecordMetadataAndOffset>();
    for (const o of offsets) pending.set(tpKey(o), { ...o, appendedBatchOffset: null });
    this.pendingTransactionalOffsetCommits.set(producerId, pending);
  }

  /** `onTxnOffsetCommitAppend`: the pending commit learns where its record is. */
  onTxnOffsetCommitAppend(producerId: number, commit: CommitRecordMetadataAndOffset): void {
    const pending = this.pendingTransactionalOffsetCommits.get(producerId);
    const key = tpKey(commit);
    const current = pending?.get(key);
    if (pending && current && sameOffsetAndMetadata(current.value, commit.value)) pending.set(key, commit);
  }

  /** `failPendingTxnOffsetCommit`: its record was not written; the client retries. */
  failPendingTxnOffsetCommit(producerId: number, topic: string, partition: number): void {
    const pending = this.pendingTransactionalOffsetCommits.get(producerId);
    if (!pending) return;
    pending.delete(tpKey({ topic, partition }));
    if (pending.size === 0) this.pendingTransactionalOffsetCommits.delete(producerId);
  }

  /**
   * `completePendingTxnOffsetCommit`: the transaction's marker was written. On COMMIT each of its
   * offsets becomes the committed one unless a commit written later in the log already is; on ABORT they go.
   */
  completePendingTxnOffsetCommit(producerId: number, isCommit: boolean): void {
    const pending = this.pendingTransactionalOffsetCommits.get(producerId);
    this.pendingTransactionalOffsetCommits.delete(producerId);
    if (!pending || !isCommit) return;
    for (const [key, commit] of pending) {
      if (commit.appendedBatchOffset === null)
        throw new IllegalStateException(
          `Trying to complete a transactional offset commit for producerId ${producerId} and groupId ${this.groupId} even though the offset commit record itself hasn't been appended to the log.`,
        );
      const current = this.offsets.get(key);
      if (!current || olderThan(current, commit)) this.offsets.set(key, commit);
    }
  }

  /** The offsets removed, by `topic-partition`. */
  removeOffsets(keys: Iterable<string>): Map<string, { topic: string; partition: number; value: OffsetAndMetadata }> {
    const removed = new Map<string, { topic: string; partition: number; value: OffsetAndMetadata }>();
    for (const key of keys) {
      this.pendingOffsetCommits.delete(key);
      for (const pending of this.pendingTransactionalOffsetCommits.values()) pending.delete(key);
      const o = this.offsets.get(key);
      if (!o) continue;
      this.offsets.delete(key);
      removed.set(key, o);
    }
    return removed;
  }

  /**
   * `removeExpiredOffsets` (2.5.1): the offsets past `offsets.retention.ms`, removed. An Empty group
   * with a protocol type counts from when it became Empty (else from each commit); a consumer group
   * with members and known subscriptions expires only the offsets of topics it no longer subscribes
   * to, from their commit; a standalone group (no protocol type, simple commits) from each commit.
   * A commit carrying its own expire timestamp (OffsetCommit v2–v4) expires at that time.
   */
  removeExpiredOffsets(nowMs: number, retentionMs: number): Map<string, { topic: string; partition: number; value: OffsetAndMetadata }> {
    const expired = (base: (o: OffsetAndMetadata) => number, subscribed: ReadonlySet<string> = new Set()) =>
      [...this.offsets]
        .filter(
          ([, o]) =>
            !subscribed.has(o.topic) &&
            (o.value.expireTimestamp === null ? nowMs - base(o.value) >= retentionMs : nowMs >= o.value.expireTimestamp),
        )
        .map(([key]) => key);
    let keys: string[] = [];
    if (this.protocolType !== null && this.is('Empty')) keys = expired((o) => this.currentStateTimestamp ?? o.commitTimestamp);
    else if (this.protocolType === 'consumer' && this.subscribedTopics !== null)
      keys = expired((o) => o.commitTimestamp, this.subscribedTopics);
    else if (this.protocolType === null) keys = expired((o) => o.commitTimestamp);
    return this.removeOffsets(keys);
  }

  add(member: MemberMetadata, callback: ((result: JoinGroupResult) => void) | null): void {
    if (this.members.size === 0) this.protocolType = member.protocolType;
    if (member.groupId !== this.groupId) throw new IllegalArgumentException(`requirement failed`);
    if (this.protocolType !== member.protocolType) throw new IllegalArgumentException(`requirement failed`);
    if (!this.supportsProtocols(member.protocolType, member.protocols())) throw new IllegalArgumentException(`requirement failed`);
    this.leaderId ??= member.memberId;
    this.members.set(member.memberId, member);
    for (const p of member.protocols()) this.supportedProtocols.set(p, (this.supportedProtocols.get(p) ?? 0) + 1);
    member.awaitingJoinCallback = callback;
    if (member.isAwaitingJoin) this.numMembersAwaitingJoin++;
  }

  remove(memberId: string): void {
    const member = this.members.get(memberId);
    if (member) {
      this.members.delete(memberId);
      for (const p of member.protocols()) this.supportedProtocols.set(p, (this.supportedProtocols.get(p) ?? 1) - 1);
      if (member.isAwaitingJoin) this.numMembersAwaitingJoin--;
    }
    if (this.isLeader(memberId)) this.leaderId = this.members.keys().next().value ?? null;
  }

  updateMember(member: MemberMetadata, protocols: readonly JoinGroupProtocol[], callback: (result: JoinGroupResult) => void): void {
    for (const p of member.protocols()) this.supportedProtocols.set(p, (this.supportedProtocols.get(p) ?? 1) - 1);
    for (const p of protocols) this.supportedProtocols.set(p.name, (this.supportedProtocols.get(p.name) ?? 0) + 1);
    member.supportedProtocols = protocols;
    if (callback !== null && !member.isAwaitingJoin) this.numMembersAwaitingJoin++;
    member.awaitingJoinCallback = callback;
  }

  maybeInvokeJoinCallback(member: MemberMetadata, result: JoinGroupResult): void {
    const callback = member.awaitingJoinCallback;
    if (!callback) return;
    member.awaitingJoinCallback = null;
    this.numMembersAwaitingJoin--;
    callback(result);
  }

  maybeInvokeSyncCallback(member: MemberMetadata, result: SyncGroupResult): boolean {
    const callback = member.awaitingSyncCallback;
    if (!callback) return false;
    member.awaitingSyncCallback = null;
    callback(result);
    return true;
  }

  addPendingMember(memberId: string): void {
    this.pendingMembers.add(memberId);
  }

  removePendingMember(memberId: string): void {
    this.pendingMembers.delete(memberId);
  }

  hasAllMembersJoined(): boolean {
    return this.members.size === this.numMembersAwaitingJoin && this.pendingMembers.size === 0;
  }

  notYetRejoinedMembers(): MemberMetadata[] {
    return [...this.members.values()].filter((m) => !m.isAwaitingJoin);
  }

  /** The largest rebalance timeout of the members: how long a rebalance may wait for them. */
  get rebalanceTimeoutMs(): number {
    let max = 0;
    for (const m of this.members.values()) max = Math.max(max, m.rebalanceTimeoutMs);
    return max;
  }

  canRebalance(): boolean {
    return VALID_PREVIOUS_STATES.PreparingRebalance.includes(this.stateValue);
  }

  transitionTo(target: GroupState): void {
    const valid = VALID_PREVIOUS_STATES[target];
    if (!valid.includes(this.stateValue)) {
      throw new IllegalStateException(
        `Group ${this.groupId} should be in the ${valid.join(',')} states before moving to ${target} state. Instead it is in ${this.stateValue} state`,
      );
    }
    this.stateValue = target;
    this.currentStateTimestamp = this.nowMs();
  }

  /** Protocols every member supports. */
  private candidateProtocols(): Set<string> {
    const n = this.members.size;
    return new Set([...this.supportedProtocols].filter(([, count]) => count === n).map(([p]) => p));
  }

  /** The candidate protocol with the most first-choice votes. */
  selectProtocol(): string {
    if (this.members.size === 0) throw new IllegalStateException('Cannot select protocol for empty group');
    const candidates = this.candidateProtocols();
    const votes = new Map<string, number>();
    for (const m of this.members.values()) {
      const vote = m.vote(candidates);
      votes.set(vote, (votes.get(vote) ?? 0) + 1);
    }
    let best = '';
    let bestCount = -1;
    for (const [p, count] of votes) if (count > bestCount) [best, bestCount] = [p, count];
    return best;
  }

  /** A new member fits if the group is empty, or shares its protocol type and one protocol with all members. */
  supportsProtocols(memberProtocolType: string, memberProtocols: ReadonlySet<string>): boolean {
    if (this.is('Empty')) return memberProtocolType !== '' && memberProtocols.size > 0;
    const n = this.members.size;
    return this.protocolType === memberProtocolType && [...memberProtocols].some((p) => (this.supportedProtocols.get(p) ?? 0) === n);
  }

  /** When the leader has not rejoined, any member that has becomes leader (false: nobody rejoined). */
  maybeElectNewJoinedLeader(): boolean {
    if (this.leaderId === null) return false;
    const leader = this.members.get(this.leaderId);
    if (leader?.isAwaitingJoin) return true;
    for (const [id, m] of this.members) {
      if (m.isAwaitingJoin) {
        this.leaderId = id;
        return true;
      }
    }
    return false;
  }

  initNextGeneration(): void {
    this.generationId++;
    if (this.members.size > 0) {
      this.protocolName = this.selectProtocol();
      this.subscribedTopics = computeSubscribedTopics(this);
      this.transitionTo('CompletingRebalance');
    } else {
      this.protocolName = null;
      this.subscribedTopics = computeSubscribedTopics(this);
      this.transitionTo('Empty');
    }
  }

  /** Each member's metadata for the chosen protocol: what the leader assigns from. */
  currentMemberMetadata(): Array<{ memberId: string; groupInstanceId: string | null; metadata: Uint8Array }> {
    if (this.is('Dead') || this.is('PreparingRebalance'))
      throw new IllegalStateException(`Cannot obtain member metadata for group in state ${this.stateValue}`);
    const protocol = this.protocolName ?? '';
    return [...this.members.values()].map((m) => ({
      memberId: m.memberId,
      groupInstanceId: m.groupInstanceId,
      metadata: m.metadata(protocol),
    }));
  }

  /** What DescribeGroups shows: metadata and assignments only once Stable. */
  summary(): { state: GroupState; protocolType: string; protocol: string; members: GroupMemberSummary[] } {
    const stable = this.is('Stable');
    const protocol = stable ? (this.protocolName ?? '') : '';
    return {
      state: this.stateValue,
      protocolType: this.protocolType ?? '',
      protocol,
      members: [...this.members.values()].map((m) => ({
        memberId: m.memberId,
        groupInstanceId: m.groupInstanceId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        metadata: stable ? m.metadata(protocol) : EMPTY,
        assignment: stable ? m.assignment : EMPTY,
      })),
    };
  }
}

export interface GroupMemberSummary {
  memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  metadata: Uint8Array;
  assignment: Uint8Array;
}
