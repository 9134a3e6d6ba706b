/**
 * Kafka 2.5's `GroupMetadataManager`: the groups this broker coordinates (those whose
 * `__consumer_offsets` partition it leads), their committed offsets, and the writes and reads of
 * that partition — group metadata after each SyncGroup and when a group empties, offset commits
 * (both appended through the ReplicaManager with `offsets.commit.required.acks`, −1 by default),
 * and the load of a partition's records when this broker becomes its leader.
 */
import type { ReplicaManager } from '../../broker/replica-manager';
import { Logger, type LogSink } from '../../common/logging';
import { javaStringHashCode, INT_MIN, IllegalStateException } from '../../common/java-lang';
import type { ErrorName } from '../../common/kafka-errors';
import { tpKey, type TopicPartition } from '../../common/topic-partition';
import type { Executor } from '../../platform/executor';
import type { Time } from '../../platform/scheduler';
import { batchesIn, buildRecordBatch, CompressionType, TimestampType } from '../../record';
import { ControlRecordType, parseControlRecordKey } from '../../record/control-record-type';
import { GroupMetadata, MemberMetadata, type CommitRecordMetadataAndOffset, type OffsetAndMetadata } from './group-metadata';
import { computeSubscribedTopics } from './consumer-protocol';
import {
  groupMetadataKey,
  groupMetadataValue,
  offsetCommitKey,
  offsetCommitValue,
  readGroupMetadataValue,
  readGroupRecordKey,
  readOffsetCommitValue,
  type StoredGroup,
} from './group-records';

export const GROUP_METADATA_TOPIC_NAME = '__consumer_offsets';

export interface OffsetConfig {
  offsetsTopicNumPartitions: number;
  offsetCommitTimeoutMs: number;
  offsetCommitRequiredAcks: number;
  offsetsLoadBufferSize: number;
  maxMetadataSize: number;
  /** `offsets.topic.compression.codec` (0 none). */
  compressionCodec: number;
}

export interface GroupMetadataManagerDeps {
  brokerId: number;
  time: Time;
  config: OffsetConfig;
  replicaManager: () => ReplicaManager | null;
  log: LogSink;
  executor?: Executor;
}

/** One partition's committed offset in a response: −1 and "" when none. */
export interface OffsetFetchPartition {
  topic: string;
  partition: number;
  offset: number;
  leaderEpoch: number | null;
  metadata: string;
  error: ErrorName;
}

/** `Utils.abs`: Integer.MIN_VALUE maps to 0. */
function utilsAbs(n: number): number {
  return n === INT_MIN ? 0 : Math.abs(n);
}

export class GroupMetadataManager {
  private readonly groups = new Map<string, GroupMetadata>();
  private readonly loadingPartitions = new Set<number>();
  private readonly ownedPartitions = new Set<number>();
  private shuttingDown = false;
  private readonly logger: Logger;
  /** Told of each open transaction's offsets found while loading (`addProducerGroup`). */
  onPendingTxnOffsets: ((producerId: number, groupId: string) => void) | null = null;

  constructor(private readonly deps: GroupMetadataManagerDeps) {
    this.logger = new Logger(deps.log, 'kafka.coordinator.group.GroupMetadataManager', {
      logIdent: `[GroupMetadataManager brokerId=${deps.brokerId}] `,
    });
  }

  partitionFor(groupId: string): number {
    return utilsAbs(javaStringHashCode(groupId)) % this.deps.config.offsetsTopicNumPartitions;
  }

  isPartitionOwned(partition: number): boolean {
    return this.ownedPartitions.has(partition);
  }

  isPartitionLoading(partition: number): boolean {
    return this.loadingPartitions.has(partition);
  }

  isGroupLocal(groupId: string): boolean {
    return this.isPartitionOwned(this.partitionFor(groupId));
  }

  isGroupLoading(groupId: string): boolean {
    return this.isPartitionLoading(this.partitionFor(groupId));
  }

  isLoading(): boolean {
    return this.loadingPartitions.size > 0;
  }

  currentGroups(): GroupMetadata[] {
    return [...this.groups.values()];
  }

  getGroup(groupId: string): GroupMetadata | undefined {
    return this.groups.get(groupId);
  }

  /** The group already cached under that id, else this one. */
  addGroup(group: GroupMetadata): GroupMetadata {
    const current = this.groups.get(group.groupId);
    if (current) return current;
    this.groups.set(group.groupId, group);
    return group;
  }

  shutdown(): void {
    this.shuttingDown = true;
    this.groups.clear();
    this.ownedPartitions.clear();
    this.loadingPartitions.clear();
  }

  partitionOf(groupId: string): TopicPartition {
    return { topic: GROUP_METADATA_TOPIC_NAME, partition: this.partitionFor(groupId) };
  }

  isLocalLeader(tp: TopicPartition): boolean {
    const p = this.deps.replicaManager()?.getPartition(tp);
    return p !== undefined && p !== 'offline' && p.isLeader && p.log !== null;
  }

  /** `groupNotExists`: this broker coordinates the group and has it only as Dead, or not at all. */
  groupNotExists(groupId: string): boolean {
    const group = this.groups.get(groupId);
    return this.isGroupLocal(groupId) && (group === undefined || group.is('Dead'));
  }

  /** `groupMetadataCache.remove(groupId, group)`: true when that very group was cached. */
  removeGroup(group: GroupMetadata): boolean {
    if (this.groups.get(group.groupId) !== group) return false;
    this.groups.delete(group.groupId);
    return true;
  }

  /** Whether this broker leads the group's offsets partition and so can write to it (`getMagic`). */
  canAppendFor(groupId: string): boolean {
    return this.isLocalLeader(this.partitionOf(groupId));
  }

  /** Tombstones for the group's partition, with acks 0 as `cleanupGroupMetadata` writes them (a lost one is written again by the next purge). */
  appendTombstones(groupId: string, keys: readonly Uint8Array[]): Promise<ErrorName> {
    return this.append(
      this.partitionOf(groupId),
      keys.map((key) => ({ key, value: null })),
      0,
    );
  }

  async append(
    tp: TopicPartition,
    records: ReadonlyArray<{ key: Uint8Array; value: Uint8Array | null }>,
    requiredAcks = this.deps.config.offsetCommitRequiredAcks,
  ): Promise<ErrorName> {
    return (await this.appendBatch(tp, records, requiredAcks)).error;
  }

  /** The append's error and the base offset of the batch written (−1 when none was). */
  async appendBatch(
    tp: TopicPartition,
    records: ReadonlyArray<{ key: Uint8Array; value: Uint8Array | null }>,
    requiredAcks = this.deps.config.offsetCommitRequiredAcks,
    producer?: { producerId: number; producerEpoch: number },
  ): Promise<{ error: ErrorName; baseOffset: number }> {
    const rm = this.deps.replicaManager();
    if (!rm) return { error: 'NOT_LEADER_FOR_PARTITION', baseOffset: -1 };
    const now = this.deps.time.nowMs();
    const batch = buildRecordBatch(
      records.map((r) => ({ key: r.key, value: r.value, timestamp: now })),
      {
        compression: this.deps.config.compressionCodec as CompressionType,
        timestampType: TimestampType.CREATE_TIME,
        now,
        // A TxnOffsetCommit: a transactional batch of the producer (base sequence 0, as `storeOffsets` builds it).
        ...(producer
          ? { producerId: producer.producerId, producerEpoch: producer.producerEpoch, baseSequence: 0, isTransactional: true }
          : {}),
      },
    );
    const [result] = await rm.appendRecords(
      this.deps.config.offsetCommitTimeoutMs,
      requiredAcks,
      [{ topicPartition: tp, records: batch }],
      {
        internalTopicsAllowed: true,
        origin: 'Coordinator',
      },
    );
    return result ? { error: result.error, baseOffset: result.baseOffset } : { error: 'NOT_LEADER_FOR_PARTITION', baseOffset: -1 };
  }

  /** Writes the group's metadata (with the leader's assignment); resolves with the error for the callers. */
  async storeGroup(group: GroupMetadata, assignment: ReadonlyMap<string, Uint8Array>): Promise<ErrorName> {
    const tp = this.partitionOf(group.groupId);
    if (!this.isLocalLeader(tp)) return 'NOT_COORDINATOR';
    const protocol = group.protocolName;
    const stored: StoredGroup = {
      protocolType: group.protocolType ?? '',
      generationId: group.generationId,
      protocol,
      leader: group.leaderId,
      currentStateTimestamp: group.currentStateTimestamp ?? -1,
      members: [...group.members.values()].map((m) => ({
        memberId: m.memberId,
        groupInstanceId: m.groupInstanceId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        rebalanceTimeoutMs: m.rebalanceTimeoutMs,
        sessionTimeoutMs: m.sessionTimeoutMs,
        subscription: m.metadata(protocol ?? ''),
        assignment: assignment.get(m.memberId) ?? new Uint8Array(0),
      })),
    };
    const error = await this.append(tp, [{ key: groupMetadataKey(group.groupId), value: groupMetadataValue(stored) }]);
    const mapped = storeGroupError(error);
    if (mapped !== 'NONE') {
      this.logger.error(
        `Failed to write group metadata for group ${group.groupId} with generation ${group.generationId} to the log due to ${error}`,
      );
    }
    return mapped;
  }

  /** Appends the commits; on success they become the group's committed offsets. Errors per `topic-partition`. */
  async storeOffsets(
    group: GroupMetadata,
    offsets: ReadonlyArray<{ topic: string; partition: number; value: OffsetAndMetadata }>,
  ): Promise<Map<string, ErrorName>> {
    const errors = new Map<string, ErrorName>();
    // `metadata.length`: Java counts UTF-16 code units, as JavaScript does.
    const valid = offsets.filter((o) => o.value.metadata.length <= this.deps.config.maxMetadataSize);
    for (const o of offsets) errors.set(tpKey(o), 'OFFSET_METADATA_TOO_LARGE');
    if (valid.length === 0) return errors;
    const tp = this.partitionOf(group.groupId);
    if (!this.isLocalLeader(tp)) {
      for (const o of valid) errors.set(tpKey(o), 'NOT_COORDINATOR');
      return errors;
    }
    group.prepareOffsetCommit(valid);
    const appended = await this.appendBatch(
      tp,
      valid.map((o) => ({ key: offsetCommitKey(group.groupId, o.topic, o.partition), value: offsetCommitValue(o.value) })),
    );
    const error = offsetCommitError(appended.error);
    if (!group.is('Dead')) {
      for (const o of valid) {
        if (error === 'NONE') group.onOffsetCommitAppend({ ...o, appendedBatchOffset: appended.baseOffset });
        else group.failPendingOffsetWrite(o.topic, o.partition, o.value);
      }
    }
    for (const o of valid) errors.set(tpKey(o), error);
    return errors;
  }

  /** The group's committed offsets for `partitions` (all when null); a group without one gets −1. */
  getOffsets(groupId: string, partitions: readonly TopicPartition[] | null): OffsetFetchPartition[] {
    const group = this.groups.get(groupId);
    const none = (tp: TopicPartition): OffsetFetchPartition => ({
      topic: tp.topic,
      partition: tp.partition,
      offset: -1,
      leaderEpoch: null,
      metadata: '',
      error: 'NONE',
    });
    if (!group || group.is('Dead')) return (partitions ?? []).map(none);
    if (partitions === null) {
      return [...group.offsets.values()].map((o) => ({
        topic: o.topic,
        partition: o.partition,
        offset: o.value.offset,
        leaderEpoch: o.value.leaderEpoch,
        metadata: o.value.metadata,
        error: 'NONE',
      }));
    }
    return partitions.map((tp) => {
      const o = group.offsets.get(tpKey(tp));
      return o
        ? {
            topic: tp.topic,
            partition: tp.partition,
            offset: o.value.offset,
            leaderEpoch: o.value.leaderEpoch,
            metadata: o.value.metadata,
            error: 'NONE',
          }
        : none(tp);
    });
  }

  // ---- leadership of __consumer_offsets partitions ----

  /** This broker leads the partition now: read its groups and offsets (COORDINATOR_LOAD_IN_PROGRESS meanwhile). */
  scheduleLoadGroupAndOffsets(partition: number, onGroupLoaded: (group: GroupMetadata) => void): void {
    const tp = { topic: GROUP_METADATA_TOPIC_NAME, partition };
    if (this.loadingPartitions.has(partition)) {
      this.logger.info(`Already loading offsets and group metadata from ${tpKey(tp)}`);
      return;
    }
    this.loadingPartitions.add(partition);
    this.logger.info(`Scheduling loading of offsets and group metadata from ${tpKey(tp)}`);
    void Promise.resolve().then(async () => {
      const startMs = this.deps.time.nowMs();
      try {
        await this.loadGroupsAndOffsets(tp, onGroupLoaded);
        this.logger.info(
          `Finished loading offsets and group metadata from ${tpKey(tp)} in ${this.deps.time.nowMs() - startMs} milliseconds, of which 0 milliseconds was spent in the scheduler.`,
        );
      } catch (e) {
        this.logger.error(`Error loading offsets from ${tpKey(tp)}`, e);
      } finally {
        if (this.loadingPartitions.delete(partition) && !this.shuttingDown) this.ownedPartitions.add(partition);
      }
    });
  }

  private async loadGroupsAndOffsets(tp: TopicPartition, onGroupLoaded: (group: GroupMetadata) => void): Promise<void> {
    const hosted = this.deps.replicaManager()?.getPartition(tp);
    const log = hosted && hosted !== 'offline' ? hosted.log : null;
    if (!log) {
      this.logger.warn(`Attempted to load offsets and group metadata from ${tpKey(tp)}, but found no log`);
      return;
    }
    type LoadedOffsets = Map<string, CommitRecordMetadataAndOffset>;
    const loadedOffsets = new Map<string, LoadedOffsets>();
    const loadedGroups = new Map<string, StoredGroup>();
    const removedGroups = new Set<string>();
    // Producer id → group → the offsets of its transaction, until its marker is read.
    const pendingOffsets = new Map<number, Map<string, LoadedOffsets>>();
    let offset = log.logStartOffset;
    const end = log.logEndOffset;
    while (offset < end && !this.shuttingDown) {
      const { records } = log.read(offset, this.deps.config.offsetsLoadBufferSize, 'log-end', true);
      if (records.length === 0) break;
      for (const batch of batchesIn(records)) {
        offset = batch.lastOffset + 1;
        if (batch.isControlBatch) {
          const [marker] = batch.records();
          const pending = pendingOffsets.get(batch.producerId);
          pendingOffsets.delete(batch.producerId);
          if (marker?.key && pending && parseControlRecordKey(marker.key).typeId === ControlRecordType.COMMIT) {
            for (const [groupId, offsets] of pending) {
              const committed = loadedOffsets.get(groupId) ?? new Map();
              for (const [k, o] of offsets) {
                // A plain commit written after the transaction's offset commit stays.
                const current = committed.get(k);
                if (!current || (current.appendedBatchOffset ?? -1) < (o.appendedBatchOffset ?? -1)) committed.set(k, o);
              }
              loadedOffsets.set(groupId, committed);
            }
          }
          continue;
        }
        for (const record of batch.records()) {
          if (record.key === null) throw new IllegalStateException('Group metadata/offset entry key should not be null');
          const key = readGroupRecordKey(record.key);
          if (key.kind === 'offset') {
            let target: Map<string, LoadedOffsets> = loadedOffsets;
            if (batch.isTransactional) {
              target = pendingOffsets.get(batch.producerId) ?? new Map();
              pendingOffsets.set(batch.producerId, target);
            }
            const offsets = target.get(key.group) ?? new Map();
            target.set(key.group, offsets);
            const k = tpKey({ topic: key.topic, partition: key.partition });
            if (record.value === null) offsets.delete(k);
            else
              offsets.set(k, {
                topic: key.topic,
                partition: key.partition,
                value: readOffsetCommitValue(record.value),
                appendedBatchOffset: batch.baseOffset,
              });
          } else if (record.value === null) {
            loadedGroups.delete(key.group);
            removedGroups.add(key.group);
          } else {
            loadedGroups.set(key.group, readGroupMetadataValue(record.value));
            removedGroups.delete(key.group);
          }
        }
      }
      await this.deps.executor?.yield();
    }
    // Transactions still open: their offsets wait in their groups for the marker.
    const pendingByGroup = new Map<string, Map<number, LoadedOffsets>>();
    for (const [producerId, groups] of pendingOffsets)
      for (const [groupId, offsets] of groups) {
        const byProducer = pendingByGroup.get(groupId) ?? new Map();
        byProducer.set(producerId, offsets);
        pendingByGroup.set(groupId, byProducer);
        this.onPendingTxnOffsets?.(producerId, groupId);
        if (!loadedOffsets.has(groupId) && !loadedGroups.has(groupId)) loadedOffsets.set(groupId, new Map());
      }
    // Leadership moved away while reading: the groups stay with the new leader.
    if (!this.loadingPartitions.has(tp.partition)) return;
    for (const [groupId, offsets] of loadedOffsets) {
      // Offsets all removed by tombstones (DeleteGroups, OffsetDelete): nothing of the group is left.
      if (offsets.size === 0 && !pendingByGroup.has(groupId)) continue;
      if (!loadedGroups.has(groupId))
        this.loadGroup(
          new GroupMetadata(groupId, 'Empty', () => this.deps.time.nowMs()),
          offsets,
          onGroupLoaded,
          pendingByGroup.get(groupId),
        );
    }
    for (const [groupId, stored] of loadedGroups)
      this.loadGroup(
        this.groupFromStored(groupId, stored),
        loadedOffsets.get(groupId) ?? new Map(),
        onGroupLoaded,
        pendingByGroup.get(groupId),
      );
    for (const groupId of removedGroups) {
      if (this.groups.has(groupId) && !loadedGroups.has(groupId))
        throw new IllegalStateException(`Unexpected unload of active group ${groupId} while loading partition ${tpKey(tp)}`);
    }
  }

  private groupFromStored(groupId: string, stored: StoredGroup): GroupMetadata {
    const group = new GroupMetadata(groupId, stored.members.length === 0 ? 'Empty' : 'Stable', () => this.deps.time.nowMs());
    group.generationId = stored.generationId;
    group.protocolType = stored.protocolType === '' ? null : stored.protocolType;
    group.protocolName = stored.protocol;
    group.currentStateTimestamp = stored.currentStateTimestamp === -1 ? null : stored.currentStateTimestamp;
    for (const m of stored.members) {
      const member = new MemberMetadata(
        m.memberId,
        groupId,
        m.groupInstanceId,
        m.clientId,
        m.clientHost,
        m.rebalanceTimeoutMs,
        m.sessionTimeoutMs,
        stored.protocolType,
        [{ name: stored.protocol ?? '', metadata: m.subscription }],
      );
      member.assignment = m.assignment;
      group.add(member, null);
      if (m.groupInstanceId !== null) group.addStaticMember(m.groupInstanceId, m.memberId);
      this.logger.info(
        `Loaded member MemberMetadata(memberId=${m.memberId}, groupInstanceId=${m.groupInstanceId === null ? 'None' : `Some(${m.groupInstanceId})`}, clientId=${m.clientId}, clientHost=${m.clientHost}, sessionTimeoutMs=${m.sessionTimeoutMs}, rebalanceTimeoutMs=${m.rebalanceTimeoutMs}, supportedProtocols=List(${stored.protocol ?? ''}), ) in group ${groupId} with generation ${stored.generationId}.`,
      );
    }
    group.leaderId = stored.leader;
    group.subscribedTopics = computeSubscribedTopics(group);
    return group;
  }

  private loadGroup(
    group: GroupMetadata,
    offsets: ReadonlyMap<string, CommitRecordMetadataAndOffset>,
    onGroupLoaded: (group: GroupMetadata) => void,
    pendingTxnOffsets?: ReadonlyMap<number, ReadonlyMap<string, CommitRecordMetadataAndOffset>>,
  ): void {
    for (const [k, o] of offsets) group.offsets.set(k, o);
    for (const [producerId, pending] of pendingTxnOffsets ?? []) group.pendingTransactionalOffsetCommits.set(producerId, new Map(pending));
    const current = this.addGroup(group);
    if (current === group) onGroupLoaded(group);
  }

  /** This broker no longer leads the partition: its groups go (callers learn NOT_COORDINATOR). */
  removeGroupsForPartition(partition: number, onGroupUnloaded: (group: GroupMetadata) => void): void {
    const tp = { topic: GROUP_METADATA_TOPIC_NAME, partition };
    this.logger.info(`Scheduling unloading of offsets and group metadata from ${tpKey(tp)}`);
    this.ownedPartitions.delete(partition);
    this.loadingPartitions.delete(partition);
    let groups = 0;
    let offsets = 0;
    for (const group of [...this.groups.values()]) {
      if (this.partitionFor(group.groupId) !== partition) continue;
      onGroupUnloaded(group);
      this.groups.delete(group.groupId);
      groups++;
      offsets += group.offsets.size;
    }
    this.logger.info(`Finished unloading ${tpKey(tp)}. Removed ${offsets} cached offsets and ${groups} cached groups.`);
  }
}

/** `storeGroup`'s mapping of append errors to what JoinGroup/SyncGroup callers understand. */
function storeGroupError(error: ErrorName): ErrorName {
  switch (error) {
    case 'UNKNOWN_TOPIC_OR_PARTITION':
    case 'NOT_ENOUGH_REPLICAS':
    case 'NOT_ENOUGH_REPLICAS_AFTER_APPEND':
      return 'COORDINATOR_NOT_AVAILABLE';
    case 'NOT_LEADER_FOR_PARTITION':
    case 'KAFKA_STORAGE_ERROR':
      return 'NOT_COORDINATOR';
    case 'REQUEST_TIMED_OUT':
      return 'REBALANCE_IN_PROGRESS';
    case 'MESSAGE_TOO_LARGE':
    case 'RECORD_LIST_TOO_LARGE':
    case 'INVALID_FETCH_SIZE':
      return 'UNKNOWN_SERVER_ERROR';
    default:
      return error;
  }
}

/** `storeOffsets`' mapping of append errors. */
export function offsetCommitError(error: ErrorName): ErrorName {
  switch (error) {
    case 'UNKNOWN_TOPIC_OR_PARTITION':
    case 'NOT_ENOUGH_REPLICAS':
    case 'NOT_ENOUGH_REPLICAS_AFTER_APPEND':
      return 'COORDINATOR_NOT_AVAILABLE';
    case 'NOT_LEADER_FOR_PARTITION':
    case 'KAFKA_STORAGE_ERROR':
      return 'NOT_COORDINATOR';
    case 'MESSAGE_TOO_LARGE':
    case 'RECORD_LIST_TOO_LARGE':
    case 'INVALID_FETCH_SIZE':
      return 'INVALID_COMMIT_OFFSET_SIZE';
    default:
      return error;
  }
}
