/**
 * `GET /metrics` on the headless server over the real backend (the default 3-broker cluster with
 * its wire listeners): the token as the API wants it, Prometheus text 0.0.4 read back by an
 * independent parser, the RequestMetrics of what a real client (kafkajs) sent, named as the JMX
 * exporter's kafka-2_0_0 rules name them with a `broker` label, the client quota sensors, the
 * ZooKeeper server's own gauges, and no series of a killed broker.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel, type Admin, type Producer } from 'kafkajs';
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import { createBackend } from '../../src-main/app/create-backend';
import { PROMETHEUS_CONTENT_TYPE } from '../../src-main/protocol/prometheus/prometheus-text';
import { startHeadlessServer, type HeadlessServer } from '../../src-main/server/http-server';
import { INDEX_HTML, startTestServer, TOKEN as FAKE_TOKEN } from './test-server';

const TOKEN = 'metrics-endpoint-token';
const TOPIC = 'scraped';
const RECORDS = 5;
let dir: string;
let backend: DojoBackend;
let server: HeadlessServer;
let kafka: Kafka;
const clients: Array<Admin | Producer> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-metrics-'));
  backend = await createBackend({ dataDir: join(dir, 'workspaces') });
  server = await startHeadlessServer({ backend, token: TOKEN, rendererDir: join(dir, 'no-renderer') });
  const { brokers } = await backend.api.cluster.overview();
  kafka = new Kafka({
    clientId: 'metrics-test',
    brokers: brokers.map((b) => `${b.host}:${b.port}`),
    logLevel: logLevel.NOTHING,
    retry: { retries: 5, initialRetryTime: 100 },
  });
});

afterAll(async () => {
  for (const c of clients.splice(0)) await c.disconnect().catch(() => undefined);
  await server?.close();
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function scrape(headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }, path = '/metrics'): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
}

async function families(): Promise<Map<string, PrometheusFamily>> {
  const res = await scrape();
  expect(res.status).toBe(200);
  return new Map(parsePrometheusTextFormat(await res.text()).map((f) => [f.name, f]));
}

function samples(f: Map<string, PrometheusFamily>, name: string, labels: Record<string, string> = {}): PrometheusSample[] {
  return (f.get(name)?.metrics ?? []).filter((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v));
}

function sum(list: readonly PrometheusSample[]): number {
  return list.reduce((n, s) => n + Number(s.value), 0);
}

/** Every znode under `path` (itself included), through the API's paged children. */
async function znodes(path: string): Promise<number> {
  let n = 1;
  for (let offset = 0; ;) {
    const page = await backend.api.zookeeper.children(path, offset, 500);
    for (const child of page.children) n += await znodes(path === '/' ? `/${child.name}` : `${path}/${child.name}`);
    offset += page.children.length;
    if (page.children.length === 0 || offset >= page.total) return n;
  }
}

describe('GET /metrics on the headless server', () => {
  it('wants the token as a Bearer header, as the API does: 401 without it, with a wrong one or as ?token=', async () => {
    for (const res of [await scrape({}), await scrape({ Authorization: 'Bearer wrong' }), await scrape({}, `/metrics?token=${TOKEN}`)]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="kafka-dojo"');
      expect(await res.text()).not.toContain('kafka_network');
    }
    const post = await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(post.status).toBe(405);
    const res = await scrape();
    expect(res.status).toBe(200);
    // Not the renderer's index.html fallback.
    expect(res.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
  });

  it('has every running broker’s RequestMetrics from startup, before any client request', async () => {
    const f = await families();
    for (const broker of ['0', '1', '2']) {
      expect(samples(f, 'kafka_network_requestmetrics_totaltimems_count', { request: 'Produce', broker })).toHaveLength(1);
      expect(samples(f, 'kafka_network_requestmetrics_totaltimems', { request: 'FetchConsumer', quantile: '0.99', broker })).toHaveLength(
        1,
      );
      expect(samples(f, 'kafka_network_requestchannel_requestqueuesize', { broker })).toEqual([{ value: '0.0', labels: { broker } }]);
    }
    expect(f.get('kafka_network_requestmetrics_totaltimems_count')?.type).toBe('COUNTER');
    expect(f.get('kafka_network_requestmetrics_totaltimems')?.type).toBe('GAUGE');
  });

  it('counts the Produce requests kafkajs sent, with their version, times, bytes and errors (NONE and TOPIC_ALREADY_EXISTS)', async () => {
    const admin = kafka.admin();
    clients.push(admin);
    await admin.connect();
    expect(await admin.createTopics({ waitForLeaders: true, topics: [{ topic: TOPIC, numPartitions: 1, replicationFactor: 3 }] })).toBe(
      true,
    );
    // Again: refused with TOPIC_ALREADY_EXISTS, which kafkajs takes quietly.
    expect(await admin.createTopics({ topics: [{ topic: TOPIC, numPartitions: 1, replicationFactor: 3 }] })).toBe(false);
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    clients.push(producer);
    await producer.connect();
    for (let i = 0; i < RECORDS; i++) await producer.send({ topic: TOPIC, acks: -1, messages: [{ key: `k${i}`, value: `v${i}` }] });

    const f = await families();
    const produceRates = samples(f, 'kafka_network_requestmetrics_requests_total', { request: 'Produce' });
    expect(sum(produceRates)).toBe(RECORDS);
    // kafkajs 2.2.4 speaks Produce v7; every produce went to the partition's one leader.
    const counted = produceRates.filter((s) => Number(s.value) > 0);
    expect(counted).toHaveLength(1);
    expect(counted[0].labels?.version).toBe('7');
    const leader = counted[0].labels!.broker;
    expect(['0', '1', '2']).toContain(leader);
    expect(sum(samples(f, 'kafka_network_requestmetrics_totaltimems_count', { request: 'Produce', broker: leader }))).toBe(RECORDS);
    expect(sum(samples(f, 'kafka_network_requestmetrics_remotetimems_count', { request: 'Produce', broker: leader }))).toBe(RECORDS);
    expect(sum(samples(f, 'kafka_network_requestmetrics_requestbytes_count', { request: 'Produce' }))).toBe(RECORDS);
    expect(
      Number(samples(f, 'kafka_network_requestmetrics_requestbytes', { request: 'Produce', quantile: '0.50', broker: leader })[0].value),
    ).toBeGreaterThan(0);
    expect(sum(samples(f, 'kafka_network_requestmetrics_errors_total', { request: 'Produce', error: 'NONE' }))).toBe(RECORDS);
    expect(samples(f, 'kafka_network_requestmetrics_errors_total', { request: 'Produce' }).map((s) => s.labels?.error)).toEqual(['NONE']);
    expect(sum(samples(f, 'kafka_network_requestmetrics_errors_total', { request: 'CreateTopics', error: 'NONE' }))).toBe(1);
    expect(sum(samples(f, 'kafka_network_requestmetrics_errors_total', { request: 'CreateTopics', error: 'TOPIC_ALREADY_EXISTS' }))).toBe(
      1,
    );
    // The controller's own requests travel in-process, not on the socket: none counted.
    expect(sum(samples(f, 'kafka_network_requestmetrics_requests_total', { request: 'LeaderAndIsr' }))).toBe(0);
    expect(sum(samples(f, 'kafka_network_requestmetrics_totaltimems_count', { request: 'LeaderAndIsr' }))).toBe(0);
    // ApiVersions and Metadata went out on every connection kafkajs opened.
    expect(sum(samples(f, 'kafka_network_requestmetrics_requests_total', { request: 'ApiVersions' }))).toBeGreaterThan(0);
    expect(sum(samples(f, 'kafka_network_requestmetrics_requests_total', { request: 'Metadata' }))).toBeGreaterThan(0);
  });

  it('exposes a client’s Produce quota sensors as kafka_server_quota_byte_rate / throttle_time', async () => {
    await backend.api.quotas.set({ user: null, clientId: 'metered' }, { producer_byte_rate: '1048576' });
    const { brokers } = await backend.api.cluster.overview();
    const metered = new Kafka({ clientId: 'metered', brokers: brokers.map((b) => `${b.host}:${b.port}`), logLevel: logLevel.NOTHING });
    const producer = metered.producer({ allowAutoTopicCreation: false });
    clients.push(producer);
    await producer.connect();
    let rate: PrometheusSample[] = [];
    // The quota reaches the brokers through /config/changes: produce until the leader's sensor exists.
    for (let attempt = 0; attempt < 50 && rate.length === 0; attempt++) {
      await producer.send({ topic: TOPIC, acks: 1, messages: [{ value: 'x'.repeat(100) }] });
      rate = samples(await families(), 'kafka_server_quota_byte_rate', { resource: 'Produce', clientId: 'metered' });
      if (rate.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rate).toHaveLength(1);
    expect(Number(rate[0].value)).toBeGreaterThan(0);
    const f = await families();
    // Never throttled: Kafka's Avg of no sample, NaN.
    expect(samples(f, 'kafka_server_quota_throttle_time', { resource: 'Produce', clientId: 'metered' }).map((s) => s.value)).toEqual([
      'NaN',
    ]);
    expect(f.get('kafka_server_quota_byte_rate')?.type).toBe('GAUGE');
  });

  it('has ZooKeeper’s own gauges as its PrometheusMetricsProvider names them; znode_count is the number of znodes', async () => {
    let f = await families();
    let counted = await znodes('/');
    for (let attempt = 0; attempt < 20; attempt++) {
      // The controller may be writing (an ISR change notification): read again until the tree holds still.
      const again = await znodes('/');
      f = await families();
      if (again === counted && Number(samples(f, 'znode_count')[0]?.value) === counted) break;
      counted = again;
    }
    expect(samples(f, 'znode_count')).toEqual([{ value: `${counted}.0` }]);
    expect(f.get('znode_count')).toMatchObject({ type: 'GAUGE', help: 'znode_count' });
    // Three brokers' and the UI's sessions at least, each broker's /brokers/ids/<id> ephemeral.
    expect(Number(samples(f, 'global_sessions')[0].value)).toBeGreaterThanOrEqual(3);
    expect(Number(samples(f, 'ephemerals_count')[0].value)).toBeGreaterThanOrEqual(3);
    expect(Number(samples(f, 'watch_count')[0].value)).toBeGreaterThan(0);
    expect(Number(samples(f, 'approximate_data_size')[0].value)).toBeGreaterThan(0);
    for (const gauge of ['outstanding_requests', 'num_alive_connections', 'avg_latency', 'max_latency', 'min_latency']) {
      expect(f.get(gauge)?.type, gauge).toBe('GAUGE');
    }

    const before = Number(samples(f, 'znode_count')[0].value);
    await backend.api.zookeeper.create({ path: '/scraped-marker', data: 'hi', mode: 'persistent' });
    expect(Number(samples(await families(), 'znode_count')[0].value)).toBe(before + 1);
  });

  it('has no series of a killed broker (a dead JVM cannot be scraped); the others stay', async () => {
    await backend.api.brokers.kill(2);
    const f = await families();
    const brokersSeen = new Set<string>();
    for (const family of f.values()) for (const s of family.metrics) if (s.labels?.broker !== undefined) brokersSeen.add(s.labels.broker);
    expect([...brokersSeen].sort()).toEqual(['0', '1']);
    expect(samples(f, 'znode_count')).toHaveLength(1);
  });
});

describe('GET /metrics beside the renderer', () => {
  it('is answered by the metrics route, never by a renderer file of that name (a backend without metrics: 404)', async () => {
    const t = await startTestServer();
    try {
      writeFileSync(join(t.rendererDir, 'metrics'), 'a renderer file');
      const res = await fetch(`http://127.0.0.1:${t.port}/metrics`, { headers: { Authorization: `Bearer ${FAKE_TOKEN}` } });
      expect(res.status).toBe(404);
      expect((await res.json()) as unknown).toMatchObject({ error: { name: 'NOT_FOUND' } });
      expect((await fetch(`http://127.0.0.1:${t.port}/metrics`)).status).toBe(401);
      // The renderer's own files are still served.
      expect(await (await fetch(`http://127.0.0.1:${t.port}/index.html`)).text()).toBe(INDEX_HTML);
    } finally {
      await t.stop();
    }
  });
});
