/**
 * Smoke test of the headless server over the real backend (createBackend on a temp folder): the
 * default 3-broker cluster answers through HTTP, a refusal arrives as Kafka's error, and the
 * cluster's events reach a WebSocket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DojoBackend } from '../../src-main/api/backend';
import type { ApiErrorDto, ClusterOverviewDto, PushDto } from '../../src-main/api/contract';
import { createBackend } from '../../src-main/app/create-backend';
import { startHeadlessServer, type HeadlessServer } from '../../src-main/server/http-server';
import { postApi } from './http-client';

const TOKEN = 'real-backend-token';
let dir: string;
let backend: DojoBackend;
let server: HeadlessServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-headless-'));
  backend = await createBackend({ dataDir: join(dir, 'workspaces') });
  server = await startHeadlessServer({ backend, token: TOKEN, rendererDir: join(dir, 'no-renderer') });
});

afterAll(async () => {
  await server?.close();
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('headless server over the real backend', () => {
  it('answers cluster.overview with the default 3-broker cluster', async () => {
    const res = await postApi(server.port, 'cluster', 'overview', [], TOKEN);
    expect(res.status).toBe(200);
    const overview = (res.json() as { result: ClusterOverviewDto }).result;
    expect(overview.brokers.map((broker) => broker.id)).toEqual([0, 1, 2]);
  });

  it("passes a refusal as Kafka's error, not as a server failure", async () => {
    const res = await postApi(
      server.port,
      'topics',
      'create',
      [
        { name: 'orders', partitions: 1, replicationFactor: 4, assignment: { kind: 'automatic', rackAware: true }, configs: {} },
        { validateOnly: true },
      ],
      TOKEN,
    );
    const body = res.json() as { result?: { error: { name: string; message: string } | null }; error?: { name: string; message: string } };
    // Either refused outright (422) or answered with the preview's error: both carry Kafka's words.
    const error = body.error ?? body.result?.error;
    expect(error?.name).toBe('INVALID_REPLICATION_FACTOR');
    expect(error?.message).toBe('Replication factor: 4 larger than available brokers: 3.');
  });

  it("pushes the cluster's events over the WebSocket", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/events?token=${TOKEN}`);
    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const pushed = new Promise<PushDto>((resolve) =>
        socket.on('message', (data) => {
          const push = JSON.parse(String(data)) as PushDto;
          if (push.type === 'events' && push.events.length > 0) resolve(push);
        }),
      );
      const res = await postApi(
        server.port,
        'topics',
        'create',
        [
          { name: 'smoke', partitions: 2, replicationFactor: 2, assignment: { kind: 'automatic', rackAware: true }, configs: {} },
          { validateOnly: false },
        ],
        TOKEN,
      );
      expect(res.status).toBe(200);
      const push = await pushed;
      expect(push.type).toBe('events');
    } finally {
      socket.terminate();
    }
  });

  it('answers 400 naming the missing argument when topics/create comes without its options (it answered 500)', async () => {
    const res = await postApi(
      server.port,
      'topics',
      'create',
      [{ name: 'no-options', partitions: 1, replicationFactor: 1, assignment: { kind: 'automatic', rackAware: true }, configs: {} }],
      TOKEN,
    );
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: { name: 'INVALID_REQUEST', field: 'options' } });
  });

  it('refuses a payload its encoding cannot read next to the field, not as a server failure', async () => {
    const res = await postApi(
      server.port,
      'messages',
      'produce',
      [{ topic: 'smoke', key: null, value: 'abc', encoding: 'hex', acks: 1 }],
      TOKEN,
    );
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({
      error: { name: 'INVALID_INPUT', message: 'The value is not hex: an even number of 0-9, a-f digits is expected.', field: 'value' },
    });
  });

  it("refuses broker actions the broker's state does not allow, and passes the core's Kafka errors as refusals", async () => {
    const add = await postApi(server.port, 'brokers', 'add', [{ id: -1, rack: null, logDirs: 1, config: {} }], TOKEN);
    expect(add.json()).toMatchObject({
      error: { name: 'INVALID_INPUT', message: 'Broker id -1 must be a non-negative integer.', field: 'id' },
    });
    const start = await postApi(server.port, 'brokers', 'start', [0], TOKEN);
    expect(start.status).toBe(422);
    expect(start.json()).toMatchObject({
      error: { name: 'INVALID_INPUT', message: 'Broker 0 is RunningAsBroker: only a stopped broker can be started.' },
    });
    expect((start.json() as { error: ApiErrorDto }).error.text).toEqual({
      en: 'Broker 0 is RunningAsBroker: only a stopped broker can be started.',
      'zh-CN': 'broker 0 处于 RunningAsBroker 状态：只有已停止的 broker 才能启动。',
    });
    for (const id of [0, 1, 2]) expect((await postApi(server.port, 'brokers', 'kill', [id], TOKEN)).status).toBe(200);
    const shutdown = await postApi(server.port, 'brokers', 'shutdown', [1], TOKEN);
    expect(shutdown.json()).toMatchObject({
      error: { name: 'INVALID_INPUT', message: 'Broker 1 is Killed: only a running broker can be shut down.' },
    });
    const produce = await postApi(server.port, 'messages', 'produce', [{ topic: 'smoke', key: null, value: 'v', acks: 1 }], TOKEN);
    expect(produce.status).toBe(422);
    expect(produce.json()).toMatchObject({ error: { name: 'BROKER_NOT_AVAILABLE', message: 'No broker is running.' } });
  });
});
