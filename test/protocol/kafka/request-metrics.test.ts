/**
 * RequestMetrics as Kafka 2.5.1's RequestChannel records them, on a manual clock: each request's
 * phases go into its API's histograms (and FetchConsumer / FetchFollower for a Fetch), its rate
 * under its version, its response's errors (NONE too) as each response class counts them, and
 * every histogram exists from the start as RequestChannel.Metrics makes them.
 */
import { describe, expect, it } from 'vitest';
import type { Histogram } from '../../../src-main/core/metrics/histogram';
import type { Meter } from '../../../src-main/core/metrics/meter';
import { MetricsRegistry } from '../../../src-main/core/metrics/metrics-registry';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { API_KEY_NAMES } from '../../../src-main/protocol/kafka/api-keys';
import { KafkaApis } from '../../../src-main/protocol/kafka/kafka-apis';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { FETCH } from '../../../src-main/protocol/kafka/messages/fetch';
import { HEARTBEAT } from '../../../src-main/protocol/kafka/messages/heartbeat';
import { PRODUCE } from '../../../src-main/protocol/kafka/messages/produce';
import { requestChannelMetrics } from '../../../src-main/protocol/kafka/request-metrics';
import { responseErrorCounts } from '../../../src-main/protocol/kafka/response-error-counts';
import { encodeMessage } from '../../../src-main/protocol/kafka/wire/schema';
import { request } from '../../support/raw-kafka-client';

const LISTENER = { host: '127.0.0.1', port: 9092 };

function setup() {
  const time = new ManualTime(1_700_000_000_000);
  const registry = new MetricsRegistry(time, new SeededRandom(7));
  const apis = new KafkaApis({ quotaManagers: () => null, clock: time, requestChannelMetrics: () => requestChannelMetrics(registry) });
  const histogram = (name: string, api: string) =>
    registry.get(`kafka.network:type=RequestMetrics,name=${name},request=${api}`) as Histogram | undefined;
  const meter = (mBeanName: string) => registry.get(mBeanName) as Meter | undefined;
  return { time, registry, apis, histogram, meter };
}

function frameOf(apiKey: number, version: number, body: Buffer): Buffer {
  return request(apiKey, version, 1, body, 'metrics-test').subarray(4);
}

function produceBody(version: number, acks: number): Buffer {
  return encodeMessage(PRODUCE.request, version, {
    transactionalId: null,
    acks,
    timeoutMs: 30_000,
    topics: [
      { name: 'orders', partitions: [0, 1, 2].map((partitionIndex) => ({ partitionIndex, records: null })) },
      { name: 'audit', partitions: [{ partitionIndex: 0, records: null }] },
    ],
  });
}

describe('RequestMetrics recorded on the broker clock', () => {
  it('makes every API’s histograms (and FetchConsumer / FetchFollower) and the queue gauges with the channel, before any request', () => {
    const { registry, histogram } = setup();
    requestChannelMetrics(registry);
    const names = [...Object.values(API_KEY_NAMES), 'FetchConsumer', 'FetchFollower'];
    for (const api of names) {
      for (const h of [
        'RequestQueueTimeMs',
        'LocalTimeMs',
        'RemoteTimeMs',
        'ThrottleTimeMs',
        'ResponseQueueTimeMs',
        'ResponseSendTimeMs',
        'TotalTimeMs',
        'RequestBytes',
      ])
        expect(histogram(h, api)?.count(), `${h} ${api}`).toBe(0);
    }
    expect(registry.get('kafka.network:type=RequestChannel,name=RequestQueueSize')?.kind).toBe('gauge');
    expect(registry.get('kafka.network:type=RequestChannel,name=ResponseQueueSize')?.kind).toBe('gauge');
    // Rates and error meters appear with their first request (Kafka's requestRate / ErrorMeter).
    expect(registry.all().filter((m) => m.name.name === 'RequestsPerSec' || m.name.name === 'ErrorsPerSec')).toEqual([]);
  });

  it('splits a Produce that waits for the ISR into local, remote and send time; counts its rate per version and its partitions’ errors', async () => {
    const { time, apis, histogram, meter } = setup();
    apis.register(PRODUCE, async (req, context) => {
      time.advance(3); // appending to the leader's log
      context.times?.markApiLocalComplete();
      time.advance(40); // the followers fetch it
      return {
        responses: req.topics.map((t) => ({
          name: t.name,
          partitions: t.partitions.map((p) => ({
            partitionIndex: p.partitionIndex,
            errorCode: t.name === 'audit' ? 3 : 0,
            baseOffset: 0n,
          })),
        })),
        throttleTimeMs: 0,
      };
    });
    const body = produceBody(7, -1);
    const handled = await apis.handleRequest(frameOf(PRODUCE.apiKey, 7, body), LISTENER, '127.0.0.1:1');
    expect(handled.response).not.toBeNull();
    // Nothing is recorded before the send completes but the errors (`sendResponse` marks them first).
    expect(histogram('TotalTimeMs', 'Produce')?.count()).toBe(0);
    expect(meter('kafka.network:type=RequestMetrics,name=ErrorsPerSec,request=Produce,error=NONE')?.count()).toBe(3);
    expect(meter('kafka.network:type=RequestMetrics,name=ErrorsPerSec,request=Produce,error=UNKNOWN_TOPIC_OR_PARTITION')?.count()).toBe(1);
    handled.responseDequeued();
    time.advance(5); // the socket takes 5 ms to drain the response
    handled.sendCompleted();
    handled.sendCompleted(); // once only

    const values = (name: string) => histogram(name, 'Produce')!.values();
    expect(values('LocalTimeMs')).toMatchObject({ count: 1, max: 3 });
    expect(values('RemoteTimeMs')).toMatchObject({ count: 1, max: 40 });
    expect(values('ResponseSendTimeMs')).toMatchObject({ count: 1, max: 5 });
    expect(values('TotalTimeMs')).toMatchObject({ count: 1, max: 48 });
    expect(values('RequestQueueTimeMs')).toMatchObject({ count: 1, max: 0 });
    expect(values('ThrottleTimeMs')).toMatchObject({ count: 1, max: 0 });
    expect(values('ResponseQueueTimeMs')).toMatchObject({ count: 1, max: 0 });
    // The body without the request header, as `sizeOfBodyInBytes`.
    expect(values('RequestBytes')).toMatchObject({ count: 1, max: body.length });
    expect(meter('kafka.network:type=RequestMetrics,name=RequestsPerSec,request=Produce,version=7')?.count()).toBe(1);

    await apis.handle(frameOf(PRODUCE.apiKey, 3, produceBody(3, -1)), LISTENER, '127.0.0.1:1');
    expect(meter('kafka.network:type=RequestMetrics,name=RequestsPerSec,request=Produce,version=7')?.count()).toBe(1);
    expect(meter('kafka.network:type=RequestMetrics,name=RequestsPerSec,request=Produce,version=3')?.count()).toBe(1);
    expect(histogram('TotalTimeMs', 'Produce')?.count()).toBe(2);
    expect(meter('kafka.network:type=RequestMetrics,name=ErrorsPerSec,request=Produce,error=NONE')?.count()).toBe(6);
  });

  it('an acks=0 Produce (no response) counts its rate and times but no errors, as a NoOpResponse', async () => {
    const { time, apis, histogram, meter } = setup();
    apis.register(PRODUCE, async () => {
      time.advance(2);
      return null;
    });
    const handled = await apis.handleRequest(frameOf(PRODUCE.apiKey, 8, produceBody(8, 0)), LISTENER, '127.0.0.1:1');
    expect(handled.response).toBeNull();
    handled.responseDequeued();
    handled.sendCompleted();
    expect(meter('kafka.network:type=RequestMetrics,name=RequestsPerSec,request=Produce,version=8')?.count()).toBe(1);
    expect(histogram('TotalTimeMs', 'Produce')?.values()).toMatchObject({ count: 1, max: 2 });
    expect(histogram('LocalTimeMs', 'Produce')?.values()).toMatchObject({ count: 1, max: 2 });
    expect(meter('kafka.network:type=RequestMetrics,name=ErrorsPerSec,request=Produce,error=NONE')).toBeUndefined();
  });

  it('records a consumer’s Fetch under FetchConsumer and Fetch, a replica’s under FetchFollower and Fetch', async () => {
    const { apis, histogram, meter } = setup();
    apis.register(FETCH, async () => ({ throttleTimeMs: 0, errorCode: 0, sessionId: 0, topics: [] }));
    const fetch = (replicaId: number) =>
      frameOf(
        FETCH.apiKey,
        4,
        encodeMessage(FETCH.request, 4, {
          replicaId,
          maxWait: 0,
          minBytes: 1,
          maxBytes: 1024,
          isolationLevel: 0,
          sessionId: 0,
          epoch: -1,
          topics: [],
          forgotten: [],
          rackId: '',
        }),
      );
    await apis.handle(fetch(-1), LISTENER, '127.0.0.1:1');
    await apis.handle(fetch(-1), LISTENER, '127.0.0.1:1');
    await apis.handle(fetch(2), LISTENER, '127.0.0.1:1');
    expect(histogram('TotalTimeMs', 'Fetch')?.count()).toBe(3);
    expect(histogram('TotalTimeMs', 'FetchConsumer')?.count()).toBe(2);
    expect(histogram('TotalTimeMs', 'FetchFollower')?.count()).toBe(1);
    expect(meter('kafka.network:type=RequestMetrics,name=RequestsPerSec,request=FetchConsumer,version=4')?.count()).toBe(2);
    expect(meter('kafka.network:type=RequestMetrics,name=RequestsPerSec,request=Fetch,version=4')?.count()).toBe(3);
  });

  it('counts ApiVersions of a version it does not speak (answered UNSUPPORTED_VERSION) under the version asked for', async () => {
    const { apis, meter } = setup();
    await apis.handle(frameOf(API_VERSIONS.apiKey, 9, Buffer.alloc(0)), LISTENER, '127.0.0.1:1');
    expect(meter('kafka.network:type=RequestMetrics,name=RequestsPerSec,request=ApiVersions,version=9')?.count()).toBe(1);
    expect(meter('kafka.network:type=RequestMetrics,name=ErrorsPerSec,request=ApiVersions,error=UNSUPPORTED_VERSION')?.count()).toBe(1);
  });

  it('records nothing while the broker has no registry (stopped) and for a request that closes the connection', async () => {
    const time = new ManualTime();
    const registry = new MetricsRegistry(time, new SeededRandom(1));
    let running = false;
    const apis = new KafkaApis({
      quotaManagers: () => null,
      clock: time,
      requestChannelMetrics: () => (running ? requestChannelMetrics(registry) : null),
    });
    apis.register(HEARTBEAT, async () => ({ throttleTimeMs: 0, errorCode: 0 }));
    const heartbeat = (version: number) =>
      frameOf(
        HEARTBEAT.apiKey,
        version,
        encodeMessage(HEARTBEAT.request, 0, { groupId: 'g', generationId: 1, memberId: 'm', groupInstanceId: null }),
      );
    await apis.handle(heartbeat(0), LISTENER, '127.0.0.1:1');
    expect(registry.all()).toEqual([]);
    running = true;
    await expect(apis.handle(heartbeat(99), LISTENER, '127.0.0.1:1')).rejects.toThrow('Unsupported version 99 of Heartbeat');
    expect(registry.get('kafka.network:type=RequestMetrics,name=TotalTimeMs,request=Heartbeat')).toBeUndefined();
    await apis.handle(heartbeat(0), LISTENER, '127.0.0.1:1');
    expect((registry.get('kafka.network:type=RequestMetrics,name=TotalTimeMs,request=Heartbeat') as Histogram).count()).toBe(1);
  });
});

describe('errorCounts as each 2.5.1 response class counts them', () => {
  const counts = (apiKey: number, response: Record<string, unknown>) => Object.fromEntries(responseErrorCounts(apiKey, response));

  it('Metadata counts its topics’ errors, not their partitions’', () => {
    expect(
      counts(3, {
        topics: [
          { errorCode: 0, partitions: [{ errorCode: 5 }, { errorCode: 5 }] },
          { errorCode: 3, partitions: [] },
        ],
      }),
    ).toEqual({ NONE: 1, UNKNOWN_TOPIC_OR_PARTITION: 1 });
  });

  it('Fetch counts its partitions, not the top-level error', () => {
    expect(counts(1, { errorCode: 0, topics: [{ partitions: [{ errorCode: 0 }, { errorCode: 1 }] }] })).toEqual({
      NONE: 1,
      OFFSET_OUT_OF_RANGE: 1,
    });
  });

  it('LeaveGroup leaves NONE out; LeaderAndIsr counts a top-level error once per partition', () => {
    expect(counts(13, { errorCode: 0, members: [{ errorCode: 0 }, { errorCode: 25 }] })).toEqual({ UNKNOWN_MEMBER_ID: 1 });
    expect(counts(13, { errorCode: 0, members: [] })).toEqual({});
    expect(counts(4, { errorCode: 11, partitionErrors: [{ errorCode: 0 }, { errorCode: 0 }] })).toEqual({ STALE_CONTROLLER_EPOCH: 2 });
    expect(counts(4, { errorCode: 0, partitionErrors: [{ errorCode: 0 }, { errorCode: 6 }] })).toEqual({
      NONE: 1,
      NOT_LEADER_FOR_PARTITION: 1,
    });
  });

  it('AlterPartitionReassignments and OffsetDelete count the top-level error and every partition', () => {
    expect(counts(45, { errorCode: 0, responses: [{ partitions: [{ errorCode: 0 }, { errorCode: 85 }] }] })).toEqual({
      NONE: 2,
      NO_REASSIGNMENT_IN_PROGRESS: 1,
    });
    expect(counts(47, { errorCode: 0, topics: [{ partitions: [{ errorCode: 0 }] }] })).toEqual({ NONE: 2 });
  });
});
