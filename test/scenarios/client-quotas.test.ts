/**
 * Client quotas as Kafka 2.5.1 enforces them, on the manual clock: quotas written to ZooKeeper
 * (AdminZkClient, as kafka-configs does) reach every broker through /config/changes or at startup;
 * a Produce or Fetch over the quota gets Kafka's throttle time `(observed − quota) / quota × window`
 * in `throttle_time_ms` and its channel muted for that long; a throttled fetch is answered empty;
 * the eight precedence levels resolve through the znodes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AdminZkClient } from '../../src-main/core/admin/admin-zk-client';
import type { KafkaServer } from '../../src-main/core/broker/kafka-server';
import { buildRecordBatch } from '../../src-main/core/record';
import { CreateMode } from '../../src-main/core/zookeeper';
import { UNLIMITED_QUOTA, type ThrottledChannelCallback } from '../../src-main/core/server/quota/client-quota-manager';
import { clientQuotaUsage } from '../../src-main/core/server/quota/client-quota-usage';
import { brokerApis } from '../../src-main/protocol/kafka/broker-apis';
import type { KafkaApis } from '../../src-main/protocol/kafka/kafka-apis';
import { FETCH, type FetchResponse } from '../../src-main/protocol/kafka/messages/fetch';
import { PRODUCE, type ProduceResponse } from '../../src-main/protocol/kafka/messages/produce';
import { decodeMessage, encodeMessage } from '../../src-main/protocol/kafka/wire/schema';
import type { ClusterHarness } from '../support/cluster-harness';
import { ClusterHarness as Harness } from '../support/cluster-harness';
import { request } from '../support/raw-kafka-client';
import { adminOf, CREATE, drive, enc, topic } from '../support/scenario';

const LISTENER = { host: '127.0.0.1', port: 9092 };

describe('client quotas (ClientQuotaManager) on the brokers, with the manual clock', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  async function cluster(
    seed: number,
    brokers = 1,
  ): Promise<{ h: ClusterHarness; broker: KafkaServer; apis: KafkaApis; zkAdmin: AdminZkClient }> {
    h = await Harness.create({ brokers, seed });
    expect((await drive(h, adminOf(h).createTopics([topic('t', { partitions: 1, rf: 1 })], CREATE)))[0].errorName).toBe('NONE');
    await h.settle();
    const broker = h.cluster.broker(0);
    return { h, broker, apis: brokerApis({ broker, time: h.time, admin: adminOf(h) }), zkAdmin: new AdminZkClient(broker.zk!) };
  }

  /** Writes an entity's quota configs and waits until every broker has processed the notification. */
  async function setQuota(
    c: { h: ClusterHarness; zkAdmin: AdminZkClient },
    entityType: 'clients' | 'users',
    name: string,
    configs: Record<string, string>,
  ): Promise<void> {
    await c.zkAdmin.changeConfigs(entityType, name, new Map(Object.entries(configs)));
    for (let i = 0; i < 50; i++) {
      await c.h.settle();
      if (c.h.cluster.runningBrokers().every((b) => b.dynamicConfigManager?.isIdle)) return;
    }
    throw new Error(`config change not processed (seed ${c.h.seed})`);
  }

  function recordingChannel(hh: ClusterHarness, events: string[], t0: number): ThrottledChannelCallback {
    return {
      startThrottling: () => events.push(`mute@${hh.time.nowMs() - t0}`),
      endThrottling: () => events.push(`unmute@${hh.time.nowMs() - t0}`),
    };
  }

  function produceFrame(hh: ClusterHarness, clientId: string, version: number, correlationId: number): Buffer {
    const records = Buffer.from(
      buildRecordBatch([{ key: null, value: enc('x'.repeat(100)), timestamp: hh.time.nowMs() }], { now: hh.time.nowMs() }),
    );
    const body = encodeMessage(PRODUCE.request, version, {
      transactionalId: null,
      acks: 1,
      timeoutMs: 5000,
      topics: [{ name: 't', partitions: [{ partitionIndex: 0, records }] }],
    });
    return request(PRODUCE.apiKey, version, correlationId, body, clientId).subarray(4);
  }

  function fetchFrame(clientId: string, correlationId: number): Buffer {
    const body = encodeMessage(FETCH.request, 11, {
      replicaId: -1,
      maxWait: 0,
      minBytes: 0,
      maxBytes: 1 << 20,
      isolationLevel: 0,
      sessionId: 0,
      epoch: -1,
      topics: [
        {
          name: 't',
          fetchPartitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, fetchOffset: 0n, logStartOffset: -1n, maxBytes: 1 << 20 }],
        },
      ],
      forgotten: [],
      rackId: '',
    });
    return request(FETCH.apiKey, 11, correlationId, body, clientId).subarray(4);
  }

  it('a producer over producer_byte_rate: no throttle while 10 requests fit the 10 s window, then (1.1 S − S) / S × 10 000 = 1000 ms and (1.2 S − S) / S × 10 000 = 2000 ms, the channel muted for as long', async () => {
    const c = await cluster(7001);
    const frame = produceFrame(c.h, 'app', 8, 1);
    // The quota: one request's size (header and body) per second.
    const S = frame.length;
    await setQuota(c, 'clients', 'app', { producer_byte_rate: String(S) });
    const t0 = c.h.time.nowMs();
    const events: string[] = [];
    const channel = recordingChannel(c.h, events, t0);
    const throttles: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const out = await c.apis.handle(produceFrame(c.h, 'app', 8, i), LISTENER, '127.0.0.1:50000', channel);
      const response = decodeMessage(out!.subarray(4), PRODUCE.response, 8) as unknown as ProduceResponse;
      expect(response.responses[0].partitions[0].errorCode).toBe(0);
      throttles.push(response.throttleTimeMs);
    }
    expect(c.h.time.nowMs()).toBe(t0);
    expect(throttles).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 2000]);
    // (A socket's channel reads no 12th request while muted; this recorder takes both.)
    expect(events).toEqual(['mute@0', 'mute@0']);
    await c.h.advance(1000);
    expect(events).toEqual(['mute@0', 'mute@0', 'unmute@1000']);
    await c.h.advance(1000);
    expect(events).toEqual(['mute@0', 'mute@0', 'unmute@1000', 'unmute@2000']);
    // The UI's query: the client's observed rate (12 S over 2 s padded to 10 windows) and the mean throttle time.
    expect(clientQuotaUsage(c.h.cluster.runningBrokers())).toEqual([
      {
        brokerId: 0,
        produce: [{ user: '', clientId: 'app', quota: S, observedRate: (12 * S) / 10, throttleTimeAvgMs: 1500 }],
        fetch: [],
        request: [{ user: '', clientId: 'app', quota: null, observedRate: 0, throttleTimeAvgMs: null }],
      },
    ]);
    // Another client id is not limited by app's quota.
    const other = await c.apis.handle(produceFrame(c.h, 'other', 8, 99), LISTENER, '127.0.0.1:50001', channel);
    expect((decodeMessage(other!.subarray(4), PRODUCE.response, 8) as unknown as ProduceResponse).throttleTimeMs).toBe(0);
  });

  it('Produce v0 has no throttle_time_ms, yet its channel is muted just the same (2.5.1 answers every version at once)', async () => {
    const c = await cluster(7002);
    const S = produceFrame(c.h, 'old', 0, 1).length;
    await setQuota(c, 'clients', 'old', { producer_byte_rate: String(S) });
    const events: string[] = [];
    const channel = recordingChannel(c.h, events, c.h.time.nowMs());
    let last: Buffer | null = null;
    for (let i = 1; i <= 11; i++) last = await c.apis.handle(produceFrame(c.h, 'old', 0, i), LISTENER, '127.0.0.1:50000', channel);
    // v0: the correlation id, then the responses array and nothing after it.
    const body = last!.subarray(4);
    expect(encodeMessage(PRODUCE.response, 0, decodeMessage(body, PRODUCE.response, 0))).toEqual(body);
    expect(events).toEqual(['mute@0']);
  });

  it('a consumer over consumer_byte_rate (here the default user’s): the 11th fetch is answered with no partitions and 1000 ms, its bytes taken back, so the 12th is throttled the same', async () => {
    const c = await cluster(7003);
    await c.h.client.produce({ topic: 't', partition: 0, records: [{ key: null, value: enc('y'.repeat(500)) }], acks: 1 });
    await setQuota(c, 'users', '<default>', { consumer_byte_rate: '1000000' });
    const events: string[] = [];
    const channel = recordingChannel(c.h, events, c.h.time.nowMs());
    const fetch = async (i: number) =>
      decodeMessage(
        (await c.apis.handle(fetchFrame('reader', i), LISTENER, '127.0.0.1:50002', channel))!.subarray(4),
        FETCH.response,
        11,
      ) as unknown as FetchResponse;
    const first = await c.apis.handle(fetchFrame('reader', 1), LISTENER, '127.0.0.1:50002', channel);
    // `FetchResponse.sizeOf`: 4 + the body — the response frame without its length prefix (correlation id + body).
    const R = first!.length;
    expect(
      (decodeMessage(first!.subarray(4), FETCH.response, 11) as unknown as FetchResponse).topics[0].partitions[0].records!.length,
    ).toBeGreaterThan(500);
    await setQuota(c, 'users', '<default>', { consumer_byte_rate: String(R) });
    // 1 fetch of R already recorded: fetches 2..10 bring the rate to R over 10 s, the 11th to 1.1 R.
    for (let i = 2; i <= 10; i++) expect((await fetch(i)).throttleTimeMs).toBe(0);
    const throttled = await fetch(11);
    expect(throttled).toEqual({ throttleTimeMs: 1000, errorCode: 0, sessionId: 0, topics: [] });
    expect((await fetch(12)).throttleTimeMs).toBe(1000);
    expect(events).toEqual(['mute@0', 'mute@0']);
    // The user-level quota is kept under the user's tags.
    expect(c.broker.running?.quotaManagers.usage().fetch.map((u) => [u.user, u.clientId, u.quota])).toEqual([['ANONYMOUS', '', R]]);
  });

  it('the eight precedence levels, set through their znodes, each apply once the levels above are removed', async () => {
    const c = await cluster(7004);
    const levels: Array<['users' | 'clients', string]> = [
      ['users', 'ANONYMOUS/clients/app'],
      ['users', 'ANONYMOUS/clients/<default>'],
      ['users', 'ANONYMOUS'],
      ['users', '<default>/clients/app'],
      ['users', '<default>/clients/<default>'],
      ['users', '<default>'],
      ['clients', 'app'],
      ['clients', '<default>'],
    ];
    for (const [i, [type, name]] of levels.entries())
      await setQuota(c, type, name, { producer_byte_rate: String(1001 + i), request_percentage: String(1.5 + i) });
    const session = { sanitizedUser: 'ANONYMOUS', clientId: 'app' };
    const quotas = c.broker.running!.quotaManagers;
    for (const [i, [type, name]] of levels.entries()) {
      expect({ level: `${type}/${name}`, produce: quotas.produce.quota(session), request: quotas.request.quota(session) }).toEqual({
        level: `${type}/${name}`,
        produce: 1001 + i,
        request: 1.5 + i,
      });
      await setQuota(c, type, name, {});
    }
    expect(quotas.produce.quota(session)).toBe(UNLIMITED_QUOTA);
  });

  it('a starting broker applies the quota configs already in ZooKeeper (DynamicConfigManager.startup), without a notification', async () => {
    const c = await cluster(7005);
    await drive(c.h, c.h.cluster.shutdownBroker(0));
    // Written by hand, with no config_change: only the startup bootstrap can find them.
    const zk = await c.h.session();
    await zk.create('/config/users/ANONYMOUS', enc('{"version":1,"config":{}}'));
    await zk.create('/config/users/ANONYMOUS/clients', null);
    await zk.create('/config/users/ANONYMOUS/clients/app', enc('{"version":1,"config":{"producer_byte_rate":"2048"}}'));
    await zk.create('/config/clients/%3Cweird%3E', enc('{"version":1,"config":{"consumer_byte_rate":"4096"}}'));
    await drive(c.h, c.h.cluster.startBroker(0));
    const quotas = c.h.cluster.broker(0).running!.quotaManagers;
    expect(quotas.produce.quota({ sanitizedUser: 'ANONYMOUS', clientId: 'app' })).toBe(2048);
    // The client id is desanitized: the znode %3Cweird%3E is the client `<weird>`.
    expect(quotas.fetch.quota({ sanitizedUser: 'ANONYMOUS', clientId: '<weird>' })).toBe(4096);
  });

  it('a quota value that does not parse fails the handler with Kafka’s NumberFormatException, after the quotas before it were applied', async () => {
    const c = await cluster(7006);
    const mark = c.h.events.length;
    // Past kafka-configs' validation: written by hand, with its notification.
    const zk = await c.h.session();
    await zk.create('/config/clients/app', enc('{"version":1,"config":{"producer_byte_rate":"500","consumer_byte_rate":"fast"}}'));
    await zk.create('/config/changes/config_change_', enc('{"version":2,"entity_path":"clients/app"}'), {
      mode: CreateMode.PERSISTENT_SEQUENTIAL,
    });
    await setQuota(c, 'clients', 'other', {});
    const quotas = c.broker.running!.quotaManagers;
    expect(quotas.produce.quota({ sanitizedUser: 'ANONYMOUS', clientId: 'app' })).toBe(500);
    expect(quotas.fetch.quota({ sanitizedUser: 'ANONYMOUS', clientId: 'app' })).toBe(UNLIMITED_QUOTA);
    const errors = c.h.events.slice(mark).filter((e) => e.kind === 'log' && e.line.level === 'ERROR');
    expect(errors.map((e) => (e.kind === 'log' ? e.line.throwable : ''))).toContain(
      'java.lang.NumberFormatException: For input string: "fast"',
    );
  });
});
