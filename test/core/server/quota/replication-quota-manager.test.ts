/**
 * Kafka 2.5.1's ReplicationQuotaManager: which partitions are throttled (a list per topic, or all
 * with `*`), the SimpleRate over `replication.quota.window.num` × `replication.quota.window.size.seconds`
 * against the bound, and the topic handler that fills the lists from a topic's config.
 */
import { describe, expect, it } from 'vitest';
import { BrokerConfig } from '../../../../src-main/core/config/kafka-config';
import { ManualTime } from '../../../../src-main/core/platform/manual-time';
import { QuotaManagers } from '../../../../src-main/core/server/quota/quota-managers';
import {
  ReplicationQuotaManager,
  DEFAULT_REPLICATION_QUOTA_MANAGER_CONFIG,
  UNBOUNDED_REPLICATION_RATE,
} from '../../../../src-main/core/server/quota/replication-quota-manager';
import { TopicConfigHandler } from '../../../../src-main/core/broker/dynamic-config-manager/topic-config-handler';
import { BrokerConfigHandler } from '../../../../src-main/core/broker/dynamic-config-manager/broker-config-handler';
import type { LogManager } from '../../../../src-main/core/log/log-manager/log-manager';
import type { DynamicBrokerConfig } from '../../../../src-main/core/server/dynamic-broker-config';

const tp = (topic: string, partition: number) => ({ topic, partition });

function manager() {
  const time = new ManualTime(1_700_000_000_000);
  return { time, quota: new ReplicationQuotaManager('LeaderReplication', DEFAULT_REPLICATION_QUOTA_MANAGER_CONFIG, time) };
}

describe('ReplicationQuotaManager', () => {
  it('throttles the listed partitions of a topic, all of them for `*`, none after removeThrottle', () => {
    const { quota } = manager();
    quota.markThrottled('t', [0, 2]);
    expect([0, 1, 2].map((p) => quota.isThrottled(tp('t', p)))).toEqual([true, false, true]);
    expect(quota.isThrottled(tp('other', 0))).toBe(false);
    quota.markThrottled('t');
    expect(quota.isThrottled(tp('t', 7))).toBe(true);
    quota.removeThrottle('t');
    expect(quota.isThrottled(tp('t', 0))).toBe(false);
  });

  it('no quota until one is set: never exceeded, upper bound Long.MaxValue', () => {
    const { quota } = manager();
    quota.record(1e12);
    expect(quota.isQuotaExceeded()).toBe(false);
    expect(quota.upperBound()).toBe(UNBOUNDED_REPLICATION_RATE);
  });

  it('a first reading is over one whole window (SimpleRate): 1000 B at 1000 B/s is not over, 1001 B is', () => {
    const { quota, time } = manager();
    quota.updateQuota(1000);
    expect(quota.upperBound()).toBe(1000);
    quota.record(1000);
    expect(quota.isQuotaExceeded()).toBe(false);
    quota.record(1);
    expect(quota.isQuotaExceeded()).toBe(true);
    // 1001 B over the 2 s since the first sample started: 500.5 B/s.
    time.advance(2000);
    expect(quota.byteRate()).toBeCloseTo(500.5, 6);
    expect(quota.isQuotaExceeded()).toBe(false);
  });

  it('samples older than 11 × 1 s are dropped', () => {
    const { quota, time } = manager();
    quota.updateQuota(100);
    quota.record(10_000);
    time.advance(10_999);
    expect(quota.isQuotaExceeded()).toBe(true);
    time.advance(1);
    expect(quota.byteRate()).toBe(0);
  });

  it('QuotaFactory builds leader and follower from replication.quota.window.*', () => {
    const time = new ManualTime(0);
    const config = new BrokerConfig({
      'zookeeper.connect': 'localhost:2181',
      'replication.quota.window.num': '3',
      'replication.quota.window.size.seconds': '2',
    });
    const quotas = new QuotaManagers(config, time, () => {});
    expect(quotas.leader.replicationType).toBe('LeaderReplication');
    expect(quotas.follower.replicationType).toBe('FollowerReplication');
    quotas.follower.updateQuota(1000);
    quotas.follower.record(5000);
    // 3 samples of 2 s: gone after 6 s.
    time.advance(5999);
    expect(quotas.follower.byteRate()).toBeCloseTo(5000 / 5.999, 6);
    time.advance(1);
    expect(quotas.follower.byteRate()).toBe(0);
  });
});

describe('the config handlers fill the replication quotas', () => {
  const logManager = { logsByTopic: () => [] } as unknown as LogManager;
  function topicHandler(brokerId: number) {
    const time = new ManualTime(0);
    const quotas = new QuotaManagers(new BrokerConfig({ 'zookeeper.connect': 'localhost:2181' }), time, () => {});
    const handler = new TopicConfigHandler({
      brokerId,
      config: new BrokerConfig({ 'zookeeper.connect': 'localhost:2181' }),
      logManager,
      enableTopicUncleanLeaderElection: () => {},
      log: () => {},
      replicationQuotaManagers: quotas,
    });
    return { quotas, handler };
  }

  it('`partition:broker` lists keep this broker’s partitions; `*` throttles all; an empty or absent value removes', () => {
    const { quotas, handler } = topicHandler(2);
    handler.processConfigChanges(
      't',
      new Map([
        ['leader.replication.throttled.replicas', '0:1,1:2,3:2'],
        ['follower.replication.throttled.replicas', '*'],
      ]),
    );
    expect([0, 1, 2, 3].map((p) => quotas.leader.isThrottled(tp('t', p)))).toEqual([false, true, false, true]);
    expect(quotas.follower.isThrottled(tp('t', 9))).toBe(true);
    handler.processConfigChanges('t', new Map([['leader.replication.throttled.replicas', '']]));
    expect(quotas.leader.isThrottled(tp('t', 1))).toBe(false);
    expect(quotas.follower.isThrottled(tp('t', 9))).toBe(false);
  });

  it('BrokerConfigHandler sets the rates of this broker’s entity (Long.MaxValue when the key is gone)', () => {
    const time = new ManualTime(0);
    const quotas = new QuotaManagers(new BrokerConfig({ 'zookeeper.connect': 'localhost:2181' }), time, () => {});
    const dynamicConfig = { updateBrokerConfig: () => {}, updateDefaultConfig: () => {} } as unknown as DynamicBrokerConfig;
    const handler = new BrokerConfigHandler({
      brokerId: 1,
      dynamicConfig,
      replicationQuotas: {
        updateLeaderRate: (r) => quotas.leader.updateQuota(r),
        updateFollowerRate: (r) => quotas.follower.updateQuota(r),
      },
    });
    handler.processConfigChanges('1', new Map([['leader.replication.throttled.rate', '1048576']]));
    expect(quotas.leader.upperBound()).toBe(1048576);
    expect(quotas.follower.upperBound()).toBe(UNBOUNDED_REPLICATION_RATE);
    handler.processConfigChanges('2', new Map([['leader.replication.throttled.rate', '5']]));
    expect(quotas.leader.upperBound()).toBe(1048576);
    handler.processConfigChanges('1', new Map());
    expect(quotas.leader.upperBound()).toBe(UNBOUNDED_REPLICATION_RATE);
  });
});
