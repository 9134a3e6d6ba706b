/**
 * What a follower's fetcher logs when appending the leader's data fails: AbstractFetcherThread's
 * `error(s"Unexpected error occurred while processing data for partition $tp at offset $offset", t)`,
 * the exception under the line as log4j prints it.
 */
import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../../src-main/core/common/logging';
import {
  DEFAULT_REPLICA_FETCHER_CONFIG,
  ReplicaFetcherManager,
  type ReplicationLeader,
} from '../../../src-main/core/broker/replica-fetcher';
import type { Log } from '../../../src-main/core/log/log';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { CorruptRecordException } from '../../../src-main/core/record/errors';

describe('ReplicaFetcher log lines', () => {
  it('logs a failed follower append with the exception under the line', () => {
    const time = new ManualTime();
    const lines: LogLine[] = [];
    // A follower log that starts empty and refuses the leader's batch.
    const log = {
      latestEpoch: null,
      highWatermark: 0,
      logEndOffset: 0,
      logStartOffset: 0,
      truncateTo: () => undefined,
      appendAsFollower: () => {
        throw new CorruptRecordException('Record is corrupt (stored crc = 1, computed crc = 2)');
      },
    } as unknown as Log;
    const leader: ReplicationLeader = {
      fetchForFollower: () => [{ error: 'NONE', highWatermark: 1, logStartOffset: 0, logEndOffset: 1, records: new Uint8Array([1]) }],
      offsetForLeaderEpoch: () => {
        throw new Error('not asked: the follower log has no epoch');
      },
    };
    const manager = new ReplicaFetcherManager({
      brokerId: 1,
      time,
      config: DEFAULT_REPLICA_FETCHER_CONFIG,
      leader: () => leader,
      followerLog: () => log,
      log: (l) => lines.push(l),
    });
    manager.addFetcherForPartitions([
      [
        { topic: 't', partition: 0 },
        { leaderId: 0, leaderEpoch: 0 },
      ],
    ]);
    time.advance(0);
    manager.shutdown();
    const errors = lines.filter((l) => l.level === 'ERROR');
    expect(errors).toEqual([
      {
        file: 'server.log',
        level: 'ERROR',
        logger: 'kafka.server.ReplicaFetcherThread',
        message:
          '[ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] Unexpected error occurred while processing data for partition t-0 at offset 0',
        throwable: 'org.apache.kafka.common.errors.CorruptRecordException: Record is corrupt (stored crc = 1, computed crc = 2)',
      },
    ]);
  });
});
