/**
 * The transactional side of Kafka 2.5's `GroupMetadataManager`: a TxnOffsetCommit is written to the
 * group's `__consumer_offsets` partition as a transactional batch of the producer, and held as the
 * group's pending transactional offsets (`pendingTransactionalOffsetCommits`) — invisible to
 * OffsetFetch — until the transaction's marker is written to that partition: a COMMIT makes them
 * the committed offsets, an ABORT drops them (`scheduleHandleTxnCompletion`).
 */
import type { ErrorName } from '../../common/kafka-errors';
import { Logger, type LogSink } from '../../common/logging';
import { tpKey } from '../../common/topic-partition';
import type { Executor } from '../../platform/executor';
import { microtaskExecutor } from '../../platform/executor';
import type { GroupMetadata, OffsetAndMetadata } from './group-metadata';
import { offsetCommitError, type GroupMetadataManager } from './group-metadata-manager';
import { offsetCommitKey, offsetCommitValue } from './group-records';

export class TransactionalOffsets {
  /** Producer id → the groups it has pending offsets in (`openGroupsForProducer`). */
  private readonly producerGroups = new Map<number, Set<string>>();
  private readonly logger: Logger;

  constructor(
    private readonly brokerId: number,
    private readonly manager: GroupMetadataManager,
    private readonly maxMetadataSize: number,
    log: LogSink,
    private readonly executor: Executor = microtaskExecutor,
  ) {
    this.logger = new Logger(log, 'kafka.coordinator.group.GroupMetadataManager', {
      logIdent: `[GroupMetadataManager brokerId=${brokerId}] `,
    });
  }

  addProducerGroup(producerId: number, groupId: string): void {
    const groups = this.producerGroups.get(producerId) ?? new Set<string>();
    groups.add(groupId);
    this.producerGroups.set(producerId, groups);
  }

  /** `storeOffsets` with a producer id: errors per `topic-partition`. */
  async storeTxnOffsets(
    group: GroupMetadata,
    producerId: number,
    producerEpoch: number,
    offsets: ReadonlyArray<{ topic: string; partition: number; value: OffsetAndMetadata }>,
  ): Promise<Map<string, ErrorName>> {
    const errors = new Map<string, ErrorName>();
    const valid = offsets.filter((o) => o.value.metadata.length <= this.maxMetadataSize);
    for (const o of offsets) errors.set(tpKey(o), 'OFFSET_METADATA_TOO_LARGE');
    if (valid.length === 0) return errors;
    const tp = this.manager.partitionOf(group.groupId);
    if (!this.manager.isLocalLeader(tp)) {
      for (const o of valid) errors.set(tpKey(o), 'NOT_COORDINATOR');
      return errors;
    }
    this.addProducerGroup(producerId, group.groupId);
    group.prepareTxnOffsetCommit(producerId, valid);
    const appended = await this.manager.appendBatch(
      tp,
      valid.map((o) => ({ key: offsetCommitKey(group.groupId, o.topic, o.partition), value: offsetCommitValue(o.value) })),
      undefined,
      { producerId, producerEpoch },
    );
    const error = offsetCommitError(appended.error);
    if (!group.is('Dead')) {
      for (const o of valid) {
        if (error === 'NONE') group.onTxnOffsetCommitAppend(producerId, { ...o, appendedBatchOffset: appended.baseOffset });
        else group.failPendingTxnOffsetCommit(producerId, o.topic, o.partition);
      }
    }
    for (const o of valid) errors.set(tpKey(o), error);
    return errors;
  }

  /** A marker of the producer's transaction was written to these `__consumer_offsets` partitions (here or by the leader that loads them). */
  scheduleHandleTxnCompletion(producerId: number, completedPartitions: readonly number[], isCommit: boolean): void {
    this.executor.execute(() => this.handleTxnCompletion(producerId, new Set(completedPartitions), isCommit));
  }

  private handleTxnCompletion(producerId: number, completedPartitions: ReadonlySet<number>, isCommit: boolean): void {
    const groups = this.producerGroups.get(producerId);
    if (!groups) return;
    for (const groupId of [...groups]) {
      if (!completedPartitions.has(this.manager.partitionFor(groupId))) continue;
      const group = this.manager.getGroup(groupId);
      if (!group) {
        this.logger.info(
          `Group ${groupId} has moved away from ${this.brokerId} after transaction marker was written but before the cache was updated. The cache on the new group owner will be updated instead.`,
        );
        continue;
      }
      if (group.is('Dead')) continue;
      group.completePendingTxnOffsetCommit(producerId, isCommit);
      groups.delete(groupId);
    }
    if (groups.size === 0) this.producerGroups.delete(producerId);
  }
}
