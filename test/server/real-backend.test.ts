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
import type { ClusterOverviewDto, PushDto } from '../../src-main/api/contract';
import { createBackend } from '../../src-main/api/create-backend';
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

  it('passes a refusal as Kafka\'s error, not as a server failure', async () => {
    const res = await postApi(server.port, 'topics', 'create', [
      { name: 'orders', partitions: 1, replicationFactor: 4, assignment: { kind: 'automatic', rackAware: true }, configs: {} },
      { validateOnly: true },
    ], TOKEN);
    const body = res.json() as { result?: { error: { name: string; message: string } | null }; error?: { name: string; message: string } };
    // Either refused outright (422) or answered with the preview's error: both carry Kafka's words.
    const error = body.error ?? body.result?.error;
    expect(error?.name).toBe('INVALID_REPLICATION_FACTOR');
    expect(error?.message).toBe('Replication factor: 4 larger than available brokers: 3.');
  });

  it('pushes the cluster\'s events over the WebSocket', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/events?token=${TOKEN}`);
    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const pushed = new Promise<PushDto>((resolve) => socket.on('message', (data) => {
        const push = JSON.parse(String(data)) as PushDto;
        if (push.type === 'events' && push.events.length > 0) resolve(push);
      }));
      const res = await postApi(server.port, 'topics', 'create', [
        { name: 'smoke', partitions: 2, replicationFactor: 2, assignment: { kind: 'automatic', rackAware: true }, configs: {} },
        { validateOnly: false },
      ], TOKEN);
      expect(res.status).toBe(200);
      const push = await pushed;
      expect(push.type).toBe('events');
    } finally {
      socket.terminate();
    }
  });
});
