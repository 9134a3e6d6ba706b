import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PushDto } from '../../src-main/api/contract';
import { rawRequest } from './http-client';
import { startTestServer, TOKEN, type TestServer } from './test-server';

let t: TestServer | null = null;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await t?.stop();
  t = null;
});

/** Connects; resolves with the socket once open, or with the HTTP status that refused the upgrade. */
function connect(url: string, headers: Record<string, string> = {}): Promise<{ socket: WebSocket } | { status: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    sockets.push(socket);
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0 }));
    socket.once('error', reject);
  });
}

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) =>
    socket.once('message', (data, isBinary) => resolve({ isBinary, json: JSON.parse(String(data)) as unknown })),
  );
}

const EVENTS_PUSH: PushDto = {
  type: 'events',
  events: [
    {
      seq: 7,
      timeMs: 1_700_000_000_000,
      kind: 'controller-elected',
      brokerId: 1,
      level: 'INFO',
      summary: '[Controller id=1] 1 successfully elected as the controller.',
      text: {
        en: '[Controller id=1] 1 successfully elected as the controller.',
        'zh-CN': '[Controller id=1] 1 successfully elected as the controller.',
      },
      category: 'controller',
      routine: false,
    },
  ],
};

describe('headless WebSocket /events', () => {
  it('refuses an upgrade without the token, or with a wrong one, with 401', async () => {
    t = await startTestServer();
    expect(await connect(`ws://127.0.0.1:${t.port}/events`)).toEqual({ status: 401 });
    expect(await connect(`ws://127.0.0.1:${t.port}/events?token=wrong`)).toEqual({ status: 401 });
    expect(await connect(`ws://127.0.0.1:${t.port}/events?token=`)).toEqual({ status: 401 });
  });

  it('refuses another path, a foreign Host and a foreign Origin', async () => {
    t = await startTestServer();
    expect(await connect(`ws://127.0.0.1:${t.port}/other?token=${TOKEN}`)).toEqual({ status: 404 });
    expect(await connect(`ws://127.0.0.1:${t.port}/events?token=${TOKEN}`, { Origin: 'http://evil.example' })).toEqual({ status: 403 });
    expect(await connect(`ws://127.0.0.1:${t.port}/events?token=${TOKEN}`, { Host: 'evil.example' })).toEqual({ status: 403 });
  });

  it('answers a plain GET of /events with 426', async () => {
    t = await startTestServer();
    expect((await rawRequest(t.port, { path: '/events' })).status).toBe(426);
  });

  it('delivers every push as one JSON text message to every connected socket', async () => {
    t = await startTestServer();
    const a = await connect(`ws://127.0.0.1:${t.port}/events?token=${TOKEN}`, { Origin: `http://127.0.0.1:${t.port}` });
    const b = await connect(`ws://localhost:${t.port}/events`, { Authorization: `Bearer ${TOKEN}` });
    if (!('socket' in a) || !('socket' in b)) throw new Error('not connected');
    const received = [nextMessage(a.socket), nextMessage(b.socket)];
    t.backend.emit(EVENTS_PUSH);
    expect(await Promise.all(received)).toEqual([
      { isBinary: false, json: EVENTS_PUSH },
      { isBinary: false, json: EVENTS_PUSH },
    ]);
    const workspacePush: PushDto = { type: 'workspace-changed', workspace: null };
    const next = nextMessage(a.socket);
    t.backend.emit(workspacePush);
    expect(await next).toEqual({ isBinary: false, json: workspacePush });
  });

  it('stops listening to the backend and closes the sockets when the server closes', async () => {
    t = await startTestServer();
    expect(t.backend.listenerCount).toBe(1);
    const a = await connect(`ws://127.0.0.1:${t.port}/events?token=${TOKEN}`);
    if (!('socket' in a)) throw new Error('not connected');
    const closed = new Promise<number>((resolve) => a.socket.once('close', (code) => resolve(code)));
    await t.server.close();
    expect(await closed).toBe(1001);
    expect(t.backend.listenerCount).toBe(0);
  });
});
