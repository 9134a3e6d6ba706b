import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src-main/api/backend';
import type { PushDto } from '../../src-main/api/contract';
import { PUSH_CHANNEL } from '../../src-main/electron/channels';
import { apiChannels, createTrustedSenderCheck, registerIpcBridge, type PushTarget } from '../../src-main/electron/ipc-bridge';
import { allMethods, createFakeBackend, sampleArgs } from '../server/fake-backend';
import { FakeIpcMain, frameEvent } from './fake-ipc-main';
import { kafkaText } from '../../src-main/api/localized-text';

const RENDERER_INDEX = join('/opt', 'kafka-dojo', 'out', 'renderer', 'index.html');
const PAGE_URL = `${pathToFileURL(RENDERER_INDEX).href}#/topics`;
const isTrusted = createTrustedSenderCheck({ rendererIndexFile: RENDERER_INDEX });

class FakeWebContents implements PushTarget {
  readonly sent: Array<[string, unknown]> = [];
  destroyed = false;
  send(channel: string, payload: PushDto): void {
    this.sent.push([channel, structuredClone(payload)]);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

function setUp(targets: FakeWebContents[] = []) {
  const ipcMain = new FakeIpcMain();
  const backend = createFakeBackend();
  const dispose = registerIpcBridge(ipcMain, backend, isTrusted, { pushTargets: () => targets });
  return { ipcMain, backend, dispose };
}

const PUSH: PushDto = {
  type: 'events',
  events: [
    {
      seq: 1,
      timeMs: 5,
      kind: 'broker-started',
      brokerId: 2,
      level: 'INFO',
      summary: '[KafkaServer id=2] started',
      text: { en: '[KafkaServer id=2] started', 'zh-CN': '[KafkaServer id=2] started' },
      category: 'broker',
      routine: false,
    },
  ],
};

describe('IPC bridge', () => {
  it('registers exactly one handler per method of API_METHODS on dojo:<service>:<method>, nothing else', () => {
    const { ipcMain } = setUp();
    const expected = allMethods().map(([service, method]) => `dojo:${service}:${method}`);
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...expected].sort());
    expect(apiChannels().map((c) => c.channel)).toEqual(expected);
  });

  it('routes every method to its service with its arguments, and answers { result }', async () => {
    const { ipcMain, backend } = setUp();
    for (const [service, method] of allMethods()) {
      const args = sampleArgs(service, method);
      await expect(ipcMain.invoke(`dojo:${service}:${method}`, frameEvent(PAGE_URL), ...args)).resolves.toEqual({
        result: { service, method, args },
      });
    }
    expect(backend.calls.map((call) => [call.service, call.method, call.args])).toEqual(
      allMethods().map(([s, m]) => [s, m, sampleArgs(s, m)]),
    );
    expect(backend.calls.every((call) => call.calledOnService)).toBe(true);
  });

  it('rejects a call from an unknown sender, and calls nothing', async () => {
    const { ipcMain, backend } = setUp();
    const strangers = [
      'https://evil.example/',
      'file:///tmp/evil/index.html',
      'file:///opt/kafka-dojo/out/renderer/other.html',
      'file:///opt/kafka-dojo/out/renderer/../renderer-evil/index.html',
      'http://localhost:5173/',
      'devtools://devtools/bundled/inspector.html',
      'about:blank',
      '',
    ];
    for (const url of strangers) {
      await expect(ipcMain.invoke('dojo:cluster:overview', frameEvent(url)), url).rejects.toThrow(/unknown sender/);
    }
    await expect(ipcMain.invoke('dojo:topics:delete', frameEvent(null), 'orders')).rejects.toThrow(/unknown sender/);
    expect(backend.calls).toEqual([]);
  });

  it('rejects an unknown channel (no handler), including near-misses and prototype names', async () => {
    const { ipcMain, backend } = setUp();
    for (const channel of [
      'dojo:cluster:nope',
      'dojo:nope:list',
      'dojo:topics:constructor',
      'dojo:topics:__proto__',
      'dojo:push',
      'cluster:overview',
      'dojo:cluster:overview:x',
      'DOJO:cluster:overview',
    ]) {
      await expect(ipcMain.invoke(channel, frameEvent(PAGE_URL)), channel).rejects.toThrow(/No handler registered/);
    }
    expect(backend.calls).toEqual([]);
  });

  it('passes an ApiError as { error: dto } and another failure as UNKNOWN_SERVER_ERROR without a stack', async () => {
    const { ipcMain, backend } = setUp();
    backend.answer('topics', 'create', () => {
      throw new ApiError(
        'INVALID_REPLICATION_FACTOR',
        kafkaText('Replication factor: 4 larger than available brokers: 3.'),
        'replicationFactor',
      );
    });
    backend.answer('cluster', 'overview', () => {
      throw new Error('disk on fire');
    });
    await expect(ipcMain.invoke('dojo:topics:create', frameEvent(PAGE_URL), ...sampleArgs('topics', 'create'))).resolves.toMatchObject({
      error: {
        name: 'INVALID_REPLICATION_FACTOR',
        message: 'Replication factor: 4 larger than available brokers: 3.',
        field: 'replicationFactor',
      },
    });
    await expect(ipcMain.invoke('dojo:cluster:overview', frameEvent(PAGE_URL))).resolves.toMatchObject({
      error: { name: 'UNKNOWN_SERVER_ERROR', message: 'disk on fire' },
      unexpected: true,
    });
  });

  it('refuses arguments that do not fit the method with the INVALID_REQUEST the HTTP transport sends, calling nothing', async () => {
    const { ipcMain, backend } = setUp();
    const request = sampleArgs('topics', 'create')[0];
    await expect(ipcMain.invoke('dojo:topics:create', frameEvent(PAGE_URL), request)).resolves.toMatchObject({
      error: {
        name: 'INVALID_REQUEST',
        message: 'topics.create(request, options): argument 2 (options) is missing: it must be an object {validateOnly}.',
        field: 'options',
      },
    });
    // IPC carries what JSON cannot: undefined, NaN, functions never reach a service either.
    await expect(ipcMain.invoke('dojo:cluster:events', frameEvent(PAGE_URL), Number.NaN)).resolves.toMatchObject({
      error: { name: 'INVALID_REQUEST', field: 'limit' },
    });
    await expect(ipcMain.invoke('dojo:topics:list', frameEvent(PAGE_URL), { limit: Infinity })).resolves.toMatchObject({
      error: { name: 'INVALID_REQUEST', field: 'query.limit' },
    });
    // eslint-disable-next-line no-sparse-arrays
    await expect(ipcMain.invoke('dojo:topics:reassign', frameEvent(PAGE_URL), 'orders', [[0, 1], , [2]])).resolves.toMatchObject({
      error: { name: 'INVALID_REQUEST', field: 'target[1]' },
    });
    expect(backend.calls).toEqual([]);
    // Optional fields left undefined (as a form leaves them) pass, and reach the service left out.
    await ipcMain.invoke('dojo:topics:list', frameEvent(PAGE_URL), { search: undefined, limit: 50, offset: 0 });
    expect(backend.calls.map((call) => call.args)).toEqual([[{ limit: 50, offset: 0 }]]);
  });

  it('forwards every push to the live windows on dojo:push, and stops when disposed', async () => {
    const live = new FakeWebContents();
    const gone = new FakeWebContents();
    gone.destroyed = true;
    const { backend, dispose, ipcMain } = setUp([live, gone]);
    await Promise.resolve();
    backend.emit(PUSH);
    expect(live.sent).toEqual([[PUSH_CHANNEL, PUSH]]);
    expect(gone.sent).toEqual([]);
    dispose();
    expect(backend.listenerCount).toBe(0);
    expect(ipcMain.handlers.size).toBe(0);
    backend.emit(PUSH);
    expect(live.sent).toHaveLength(1);
  });

  it('accepts calls while the backend is still opening, answering once it is open', async () => {
    const ipcMain = new FakeIpcMain();
    const backend = createFakeBackend();
    let open!: () => void;
    const opening = new Promise<typeof backend>((resolve) => (open = () => resolve(backend)));
    registerIpcBridge(ipcMain, opening, isTrusted, { pushTargets: () => [] });
    const call = ipcMain.invoke('dojo:workspaces:list', frameEvent(PAGE_URL));
    open();
    await expect(call).resolves.toEqual({ result: { service: 'workspaces', method: 'list', args: [] } });
    expect(backend.listenerCount).toBe(1);
  });

  it('answers { error } when the backend could not be opened', async () => {
    const ipcMain = new FakeIpcMain();
    const failed = Promise.reject(new Error('metadata.db is locked'));
    registerIpcBridge(ipcMain, failed, isTrusted, { pushTargets: () => [] });
    await expect(ipcMain.invoke('dojo:cluster:overview', frameEvent(PAGE_URL))).resolves.toMatchObject({
      error: { name: 'UNKNOWN_SERVER_ERROR', message: 'The cluster could not be opened: metadata.db is locked' },
    });
  });
});

describe('trusted sender', () => {
  it('in a production build: only the built index.html over file://, with any hash or query', () => {
    expect(isTrusted(pathToFileURL(RENDERER_INDEX).href)).toBe(true);
    expect(isTrusted(`${pathToFileURL(RENDERER_INDEX).href}?x=1#/brokers/2`)).toBe(true);
    expect(isTrusted('file://evil.example/opt/kafka-dojo/out/renderer/index.html')).toBe(false);
    expect(isTrusted('not a url')).toBe(false);
  });

  it('in development: only pages of the dev server origin', () => {
    const dev = createTrustedSenderCheck({ rendererIndexFile: RENDERER_INDEX, devServerUrl: 'http://localhost:5173/' });
    expect(dev('http://localhost:5173/')).toBe(true);
    expect(dev('http://localhost:5173/#/topics')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev('http://127.0.0.1:5173/')).toBe(false);
    expect(dev(pathToFileURL(RENDERER_INDEX).href)).toBe(false);
  });
});
