/**
 * What the GroupMetadataManager logs when loading a `__consumer_offsets` partition fails:
 * `error(s"Error loading offsets from $topicPartition", t)`, the exception under the line.
 */
import { describe, expect, it } from 'vitest';
import type { ReplicaManager } from '../../../src-main/core/broker/replica-manager';
import type { LogLine } from '../../../src-main/core/common/logging';
import { GroupMetadataManager } from '../../../src-main/core/coordinator/group/group-metadata-manager';
import { FileSystemError } from '../../../src-main/core/platform/file-system';
import { KafkaStorageException } from '../../../src-main/core/log/errors';
import { ManualTime } from '../../../src-main/core/platform/manual-time';

describe('GroupMetadataManager log lines', () => {
  it('logs a failed load with the exception and its cause under the line', async () => {
    const lines: LogLine[] = [];
    const cause = new FileSystemError('read file', '/d/__consumer_offsets-3/00000000000000000000.log', 'EIO', 'i/o error');
    const log = {
      logStartOffset: 0,
      logEndOffset: 5,
      read: () => {
        throw new KafkaStorageException('Error reading log of partition __consumer_offsets-3', { cause });
      },
    };
    const replicaManager = { getPartition: () => ({ log }) } as unknown as ReplicaManager;
    const manager = new GroupMetadataManager({
      brokerId: 2,
      time: new ManualTime(),
      config: {
        offsetsTopicNumPartitions: 50,
        offsetCommitTimeoutMs: 5000,
        offsetCommitRequiredAcks: -1,
        offsetsLoadBufferSize: 5242880,
        maxMetadataSize: 4096,
        compressionCodec: 0,
      },
      replicaManager: () => replicaManager,
      log: (l) => lines.push(l),
    });
    manager.scheduleLoadGroupAndOffsets(3, () => undefined);
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(lines.filter((l) => l.level === 'ERROR')).toEqual([
      {
        file: 'server.log',
        level: 'ERROR',
        logger: 'kafka.coordinator.group.GroupMetadataManager',
        message: '[GroupMetadataManager brokerId=2] Error loading offsets from __consumer_offsets-3',
        throwable:
          'org.apache.kafka.common.errors.KafkaStorageException: Error reading log of partition __consumer_offsets-3\n' +
          'Caused by: FileSystemError: Cannot read file /d/__consumer_offsets-3/00000000000000000000.log: i/o error (EIO)',
      },
    ]);
  });
});
