import { describe, expect, it, vi } from 'vitest';
import { API_METHODS } from '../../../src-main/api/api-methods';
import { createApiClient } from '../../../src-renderer/src/api/api-client';
import { ApiCallError } from '../../../src-renderer/src/api/api-error';
import { createHttpTransport, resolveToken, type WebSocketLike } from '../../../src-renderer/src/api/http-transport';
import type { PushDto } from '../../../src-renderer/src/api/types';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, statusText: status === 401 ? 'Unauthorized' : '' });
}

describe('resolveToken', () => {
  it('takes ?token= from the URL, remembers it and removes it from the visible URL (keeping the hash)', () => {
    const storage = memoryStorage();
    const replaceState = vi.fn();
    const token = resolveToken({ href: 'http://127.0.0.1:8080/?token=s3cret&x=1#/topics' }, storage, { replaceState, state: null });
    expect(token).toBe('s3cret');
    expect(storage.map.get('dojo.token')).toBe('s3cret');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?x=1#/topics');
  });

  it('uses the remembered token after a reload without it', () => {
    const storage = memoryStorage();
    storage.setItem('dojo.token', 'kept');
    const replaceState = vi.fn();
    expect(resolveToken({ href: 'http://127.0.0.1:8080/#/overview' }, storage, { replaceState, state: null })).toBe('kept');
    expect(replaceState).not.toHaveBeenCalled();
  });
});

describe('the headless transport', () => {
  it('POSTs /api/<service>/<method> with the arguments as a JSON array and the bearer token', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { result: { total: 0, topics: [] } }));
    const client = createApiClient(createHttpTransport({ baseUrl: 'http://127.0.0.1:9000', token: 'T', fetch }));
    await expect(client.topics.list({ search: 'a', limit: 50 })).resolves.toEqual({ total: 0, topics: [] });
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:9000/api/topics/list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer T' },
      body: JSON.stringify([{ search: 'a', limit: 50 }]),
    });
  });

  it("rejects with an ApiCallError carrying Kafka's error name, message and field", async () => {
    const dto = {
      name: 'INVALID_REPLICATION_FACTOR',
      message: 'Replication factor: 4 larger than available brokers: 3.',
      field: 'replicationFactor',
    };
    const fetch = vi.fn(async () => jsonResponse(400, { error: dto }));
    const client = createApiClient(createHttpTransport({ baseUrl: 'http://h', token: 'T', fetch }));
    const error = await client.topics.defaults().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).dto).toEqual(dto);
    expect((error as ApiCallError).message).toBe(dto.message);
  });

  it('turns a 401 without a body and a network failure into ApiCallErrors', async () => {
    const unauthorized = createApiClient(
      createHttpTransport({ baseUrl: 'http://h', token: null, fetch: async () => jsonResponse(401, undefined) }),
    );
    await expect(unauthorized.cluster.overview()).rejects.toMatchObject({ dto: { name: 'UNAUTHORIZED' } });
    const down = createApiClient(
      createHttpTransport({
        baseUrl: 'http://h',
        token: 'T',
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    );
    await expect(down.cluster.overview()).rejects.toMatchObject({ dto: { name: 'NETWORK_ERROR', message: 'Failed to fetch' } });
  });

  it('resolves a void method (no result in the body) to undefined', async () => {
    const client = createApiClient(createHttpTransport({ baseUrl: 'http://h', token: 'T', fetch: async () => jsonResponse(200, {}) }));
    await expect(client.cluster.setClockSpeed(10)).resolves.toBeUndefined();
  });

  it('opens /events?token= for pushes, reconnects with a doubling back-off and signals a refresh after a reconnect', async () => {
    const sockets: Array<WebSocketLike & { url: string }> = [];
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const transport = createHttpTransport({
      baseUrl: 'http://127.0.0.1:9000',
      token: 'T',
      fetch: async () => jsonResponse(200, {}),
      createWebSocket: (url) => {
        const ws = { url, onopen: null, onmessage: null, onclose: null, onerror: null, close: vi.fn() } as WebSocketLike & { url: string };
        sockets.push(ws);
        return ws;
      },
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => undefined,
      reconnectMinMs: 100,
      reconnectMaxMs: 400,
    });
    const pushes: PushDto[] = [];
    const unsubscribe = transport.onPush((p) => pushes.push(p));
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://127.0.0.1:9000/events?token=T');
    sockets[0].onopen?.(new Event('open'));
    const push: PushDto = {
      type: 'events',
      events: [
        {
          seq: 1,
          timeMs: 5,
          kind: 'broker-started',
          brokerId: 0,
          level: 'INFO',
          summary: 's',
          text: { en: 's', 'zh-CN': 's' },
          category: 'broker',
          routine: false,
        },
      ],
    };
    sockets[0].onmessage?.(new MessageEvent('message', { data: JSON.stringify(push) }));
    expect(pushes).toEqual([push]);

    // Dropped three times: 100, 200, 400, 400 ms.
    sockets[0].onclose?.(new Event('close') as CloseEvent);
    timers.shift()!.fn();
    sockets[1].onclose?.(new Event('close') as CloseEvent);
    timers.shift()!.fn();
    sockets[2].onclose?.(new Event('close') as CloseEvent);
    expect(timers.map((t) => t.ms)).toEqual([400]);
    timers.shift()!.fn();
    sockets[3].onopen?.(new Event('open'));
    expect(pushes.at(-1)).toEqual({ type: 'events', events: [] });

    unsubscribe();
    expect(sockets[3].close).toHaveBeenCalled();
  });
});

describe('the api client', () => {
  it('has every method of every service of the contract', () => {
    const client = createApiClient({ kind: 'x', call: async () => undefined, onPush: () => () => undefined });
    const methods = Object.entries(client)
      .filter(([, v]) => typeof v === 'object')
      .flatMap(([service, s]) => Object.keys(s as object).map((m) => `${service}.${m}`));
    expect(methods).toContain('topics.previewCreate');
    expect(methods).toContain('workspaces.restore');
    expect(methods).toContain('brokers.failLogDir');
    expect(methods).toContain('messages.read');
    // One client method per entry of the transports' method table, and no other.
    const expected = Object.entries(API_METHODS).flatMap(([service, list]) => list.map((m) => `${service}.${m}`));
    expect(methods.sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThanOrEqual(8 + 3 + 9 + 12 + 2);
  });

  it("recovers Kafka's message from an Electron IPC rejection", async () => {
    const client = createApiClient({
      kind: 'ipc',
      call: async () => {
        throw new Error("Error invoking remote method 'dojo:topics.create': ApiError: Topic 'a' already exists.");
      },
      onPush: () => () => undefined,
    });
    await expect(client.topics.create({} as never, { validateOnly: true })).rejects.toMatchObject({
      dto: { name: 'ApiError', message: "Topic 'a' already exists." },
    });
    const plain = createApiClient({
      kind: 'ipc',
      call: () => Promise.reject({ name: 'TOPIC_ALREADY_EXISTS', message: "Topic 'a' already exists.", field: 'name' }),
      onPush: () => () => undefined,
    });
    await expect(plain.topics.delete('a')).rejects.toMatchObject({ dto: { name: 'TOPIC_ALREADY_EXISTS', field: 'name' } });
  });
});
