/**
 * DeleteGroups and OffsetDelete as Kafka 2.5's `GroupCoordinator` answers them, and
 * `GroupMetadataManager.cleanupGroupMetadata`, which both use: the removed offsets become
 * tombstones in the group's `__consumer_offsets` partition (written with acks 0), and a group left
 * Empty without offsets turns Dead, leaves the cache, and gets a group tombstone too — unless its
 * generation is 0, a group that only stored offsets and never wrote metadata.
 *
 * - DeleteGroups: only an Empty group may go (NON_EMPTY_GROUP otherwise); one this broker
 *   coordinates but does not know is GROUP_ID_NOT_FOUND.
 * - OffsetDelete: an Empty group loses the offsets asked for; a consumer group with members keeps
 *   those of topics it subscribes to (GROUP_SUBSCRIBED_TO_TOPIC per partition) and loses the rest;
 *   any other group with members is NON_EMPTY_GROUP.
 */
import { Logger, type LogSink } from '../../common/logging';
import { DEFAULT_KAFKA_BUILD, scalaImmutableMapOrder } from '../../common/jvm-hash-order';
import type { ErrorName } from '../../common/kafka-errors';
import { tpKey, type TopicPartition } from '../../common/topic-partition';
import { CONSUMER_PROTOCOL_TYPE } from './consumer-protocol';
import type { GroupApiName, GroupMetadata, OffsetAndMetadata } from './group-metadata';
import { GROUP_METADATA_TOPIC_NAME, type GroupMetadataManager } from './group-metadata-manager';
import { groupMetadataKey, offsetCommitKey } from './group-records';

export interface GroupDeletionDeps {
  brokerId: number;
  groupManager: GroupMetadataManager;
  log: LogSink;
  validateGroupStatus: (groupId: string, api: GroupApiName) => ErrorName | null;
}

type RemovedOffsets = Map<string, { topic: string; partition: number; value: OffsetAndMetadata }>;

export class GroupDeletion {
  private readonly loggers: Record<'GroupCoordinator' | 'GroupMetadataManager', Logger>;

  constructor(private readonly deps: GroupDeletionDeps) {
    this.loggers = {
      GroupCoordinator: new Logger(deps.log, 'kafka.coordinator.group.GroupCoordinator', {
        logIdent: `[GroupCoordinator ${deps.brokerId}]: `,
      }),
      GroupMetadataManager: new Logger(deps.log, 'kafka.coordinator.group.GroupMetadataManager', {
        logIdent: `[GroupMetadataManager brokerId=${deps.brokerId}] `,
      }),
    };
  }

  private info(logger: 'GroupCoordinator' | 'GroupMetadataManager', message: string): void {
    this.loggers[logger].info(message);
  }

  /** An unknown or Dead group: GROUP_ID_NOT_FOUND if it is ours, else NOT_COORDINATOR. */
  private missingGroupError(groupId: string): ErrorName {
    return this.deps.groupManager.groupNotExists(groupId) ? 'GROUP_ID_NOT_FOUND' : 'NOT_COORDINATOR';
  }

  /**
   * The error of each group, each once, in the order of 2.5.1's Scala maps: the groups that failed,
   * then those deleted (a Scala immutable Set / Map: insertion order up to four, hash order beyond).
   */
  async handleDeleteGroups(groupIds: readonly string[]): Promise<Map<string, ErrorName>> {
    const errors = new Map<string, ErrorName>();
    const eligible: GroupMetadata[] = [];
    for (const groupId of scalaImmutableMapOrder(groupIds, DEFAULT_KAFKA_BUILD)) {
      const error = this.deps.validateGroupStatus(groupId, 'DeleteGroups');
      if (error) {
        errors.set(groupId, error);
        continue;
      }
      const group = this.deps.groupManager.getGroup(groupId);
      if (!group || group.is('Dead')) errors.set(groupId, this.missingGroupError(groupId));
      else if (group.is('Empty')) {
        group.transitionTo('Dead');
        eligible.push(group);
      } else errors.set(groupId, 'NON_EMPTY_GROUP');
    }
    for (const group of eligible) errors.set(group.groupId, 'NONE');
    if (eligible.length > 0) {
      const offsetsRemoved = await this.cleanupGroupMetadata(eligible, (group) => group.removeOffsets([...group.offsets.keys()]));
      this.info(
        'GroupCoordinator',
        `The following groups were deleted: ${eligible.map((g) => g.groupId).join(', ')}. A total of ${offsetsRemoved} offsets were removed.`,
      );
    }
    return new Map(scalaImmutableMapOrder(errors.keys(), DEFAULT_KAFKA_BUILD).map((g) => [g, errors.get(g)!]));
  }

  /** A group error (then no partition errors), else the error of each partition by `topic-partition`. */
  async handleDeleteOffsets(
    groupId: string,
    partitions: readonly TopicPartition[],
  ): Promise<{ error: ErrorName; partitions: Map<string, ErrorName> }> {
    const partitionErrors = new Map<string, ErrorName>();
    const error = this.deps.validateGroupStatus(groupId, 'OffsetDelete');
    if (error) return { error, partitions: partitionErrors };
    const group = this.deps.groupManager.getGroup(groupId);
    if (!group || group.is('Dead')) return { error: this.missingGroupError(groupId), partitions: partitionErrors };
    let eligible: TopicPartition[];
    if (group.is('Empty')) eligible = [...partitions];
    else if (group.protocolType === CONSUMER_PROTOCOL_TYPE) {
      eligible = partitions.filter((tp) => !group.isSubscribedToTopic(tp.topic));
      for (const tp of partitions) if (group.isSubscribedToTopic(tp.topic)) partitionErrors.set(tpKey(tp), 'GROUP_SUBSCRIBED_TO_TOPIC');
    } else return { error: 'NON_EMPTY_GROUP', partitions: partitionErrors };
    if (eligible.length > 0) {
      const offsetsRemoved = await this.cleanupGroupMetadata([group], (g) => g.removeOffsets(eligible.map(tpKey)));
      for (const tp of eligible) partitionErrors.set(tpKey(tp), 'NONE');
      this.info(
        'GroupCoordinator',
        `The following offsets of the group ${groupId} were deleted: ${eligible.map(tpKey).join(', ')}. A total of ${offsetsRemoved} offsets were removed.`,
      );
    }
    return { error: 'NONE', partitions: partitionErrors };
  }

  /** The periodic `delete-expired-group-metadata` task: every cached group's expired offsets removed, with their tombstones. */
  async cleanupExpiredOffsets(time: { nowMs(): number }, retentionMs: number): Promise<number> {
    const startMs = time.nowMs();
    const removed = await this.cleanupGroupMetadata(this.deps.groupManager.currentGroups(), (g) =>
      g.removeExpiredOffsets(startMs, retentionMs),
    );
    this.info('GroupMetadataManager', `Removed ${removed} expired offsets in ${time.nowMs() - startMs} milliseconds.`);
    return removed;
  }

  /** `handleDeletedPartitions`: the offsets of a deleted topic's partitions leave every group (UpdateMetadata names them). */
  async handleDeletedPartitions(partitions: readonly TopicPartition[]): Promise<number> {
    const keys = partitions.map(tpKey);
    const removed = await this.cleanupGroupMetadata(this.deps.groupManager.currentGroups(), (g) => g.removeOffsets(keys));
    this.info('GroupCoordinator', `Removed ${removed} offsets associated with deleted partitions: ${keys.join(', ')}.`);
    return removed;
  }

  /** `cleanupGroupMetadata`: removes what `selector` picks, writes the tombstones; the number of offsets removed. */
  async cleanupGroupMetadata(groups: readonly GroupMetadata[], selector: (group: GroupMetadata) => RemovedOffsets): Promise<number> {
    const manager = this.deps.groupManager;
    let offsetsRemoved = 0;
    for (const group of groups) {
      const removed = selector(group);
      if (group.is('Empty') && !group.hasOffsets) {
        this.info('GroupMetadataManager', `Group ${group.groupId} transitioned to Dead in generation ${group.generationId}`);
        group.transitionTo('Dead');
      }
      if (!manager.canAppendFor(group.groupId)) {
        this.info(
          'GroupMetadataManager',
          `BrokerId ${this.deps.brokerId} is no longer a coordinator for the group ${group.groupId}. Proceeding cleanup for other alive groups`,
        );
        continue;
      }
      const tombstones = [...removed.values()].map((o) => offsetCommitKey(group.groupId, o.topic, o.partition));
      // Generation 0: the group only stored offsets and never wrote its metadata.
      if (group.is('Dead') && manager.removeGroup(group) && group.generationId > 0) tombstones.push(groupMetadataKey(group.groupId));
      if (tombstones.length === 0) continue;
      const error = await manager.appendTombstones(group.groupId, tombstones);
      if (error === 'NONE') offsetsRemoved += removed.size;
      else {
        this.deps.log({
          file: 'server.log',
          level: 'ERROR',
          logger: 'kafka.coordinator.group.GroupMetadataManager',
          message: `[GroupMetadataManager brokerId=${this.deps.brokerId}] Failed to append ${tombstones.length} tombstones to ${GROUP_METADATA_TOPIC_NAME}-${manager.partitionFor(group.groupId)} for expired/deleted offsets and/or metadata for group ${group.groupId}.`,
        });
      }
    }
    return offsetsRemoved;
  }
}
