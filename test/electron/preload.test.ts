/**
 * The preload against stand-ins of contextBridge and ipcRenderer (the real module needs the
 * Electron binary): what `window.dojo` exposes, and a call from the page through the preload and
 * the bridge to the API and back.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_METHODS } from '../../src-main/api/api-methods';
import { ApiError } from '../../src-main/api/backend';
import type { DojoBridge } from '../../src-main/electron/bridge-types';
import { MENU_CHANNEL, PUSH_CHANNEL } from '../../src-main/electron/channels';
import { createTrustedSenderCheck, registerIpcBridge } from '../../src-main/electron/ipc-bridge';
import { createFakeBackend } from '../server/fake-backend';
import { FakeIpcMain, frameEvent } from './fake-ipc-main';
import { kafkaText } from '../../src-main/api/localized-text';

const electron = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const invokes: Array<{ channel: string; args: unknown[] }> = [];
  let invokeImpl: (channel: string, ...args: unknown[]) => Promise<unknown> = async () => undefined;
  return {
    exposed,
    listeners,
    invokes,
    setInvoke(impl: typeof invokeImpl) {
      invokeImpl = impl;
    },
    /** Main → renderer: what webContents.send does on the other side. */
    deliver(channel: string, payload: unknown) {
      for (const listener of listeners.get(channel) ?? []) listener({ sender: 'the IPC event' }, payload);
    },
    module: {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
      ipcRenderer: {
        invoke: (channel: string, ...args: unknown[]) => {
          invokes.push({ channel, args });
          return invokeImpl(channel, ...args);
        },
        on(channel: string, listener: (event: unknown, payload: unknown) => void) {
          if (!listeners.has(channel)) listeners.set(channel, new Set());
          listeners.get(channel)!.add(listener);
        },
        removeListener(channel: string, listener: (event: unknown, payload: unknown) => void) {
          listeners.get(channel)?.delete(listener);
        },
      },
    },
  };
});
vi.mock('electron', () => electron.module);

let dojo: DojoBridge;
beforeAll(async () => {
  (globalThis as Record<string, unknown>)['__DOJO_VERSION__'] = '9.9.9-test';
  await import('../../src-main/electron/preload');
  dojo = electron.exposed.get('dojo') as DojoBridge;
});

describe('preload: window.dojo', () => {
  it('exposes only `dojo` (version, api, onPush, onMenuCommand), frozen, and never ipcRenderer', () => {
    expect([...electron.exposed.keys()]).toEqual(['dojo']);
    expect(Object.keys(dojo).sort()).toEqual(['api', 'onMenuCommand', 'onPush', 'version']);
    expect(dojo.version).toBe('9.9.9-test');
    expect(Object.isFrozen(dojo)).toBe(true);
    expect(Object.isFrozen(dojo.api)).toBe(true);
    expect(Object.values(dojo).includes(electron.module.ipcRenderer)).toBe(false);
  });

  it('has exactly the services and methods of API_METHODS', () => {
    const shape = Object.fromEntries(Object.entries(dojo.api).map(([service, methods]) => [service, Object.keys(methods as object)]));
    expect(shape).toEqual(Object.fromEntries(Object.entries(API_METHODS).map(([service, methods]) => [service, [...methods]])));
  });

  it('invokes dojo:<service>:<method> with the arguments, through the bridge to the API and back', async () => {
    const ipcMain = new FakeIpcMain();
    const backend = createFakeBackend();
    const index = join('/app', 'out', 'renderer', 'index.html');
    registerIpcBridge(ipcMain, backend, createTrustedSenderCheck({ rendererIndexFile: index }), { pushTargets: () => [] });
    electron.setInvoke((channel, ...args) => ipcMain.invoke(channel, frameEvent(pathToFileURL(index).href), ...args));

    const query = { search: 'ord', filter: 'under-replicated' as const, limit: 50 };
    await expect(dojo.api.topics.list(query)).resolves.toEqual({ service: 'topics', method: 'list', args: [query] });
    expect(electron.invokes.at(-1)).toEqual({ channel: 'dojo:topics:list', args: [query] });
    await dojo.api.brokers.failLogDir(2, '/data/kafka-logs-1');
    expect(electron.invokes.at(-1)).toEqual({ channel: 'dojo:brokers:failLogDir', args: [2, '/data/kafka-logs-1'] });
    expect(backend.calls.map((call) => `${call.service}.${call.method}`)).toEqual(['topics.list', 'brokers.failLogDir']);
  });

  it('rejects a refused call with a plain { error: dto } (what contextBridge copies whole), a void method resolves to null', async () => {
    const ipcMain = new FakeIpcMain();
    const backend = createFakeBackend();
    const index = join('/app', 'out', 'renderer', 'index.html');
    registerIpcBridge(ipcMain, backend, createTrustedSenderCheck({ rendererIndexFile: index }), { pushTargets: () => [] });
    electron.setInvoke((channel, ...args) => ipcMain.invoke(channel, frameEvent(pathToFileURL(index).href), ...args));
    backend.answer('topics', 'delete', () => {
      throw new ApiError('TOPIC_DELETION_DISABLED', kafkaText('Topic deletion is disabled.'));
    });
    backend.answer('brokers', 'kill', () => undefined);
    const rejection = await dojo.api.topics.delete('orders').then(
      () => null,
      (error: unknown) => error,
    );
    expect(rejection).toMatchObject({ error: { name: 'TOPIC_DELETION_DISABLED', message: 'Topic deletion is disabled.' } });
    expect(rejection).not.toBeInstanceOf(Error);
    await expect(dojo.api.brokers.kill(1)).resolves.toBeNull();
  });

  it('rejects with an Error when the main process refuses the sender', async () => {
    const ipcMain = new FakeIpcMain();
    registerIpcBridge(ipcMain, createFakeBackend(), createTrustedSenderCheck({ rendererIndexFile: '/app/out/renderer/index.html' }), {
      pushTargets: () => [],
    });
    electron.setInvoke((channel, ...args) => ipcMain.invoke(channel, frameEvent('https://evil.example/'), ...args));
    await expect(dojo.api.cluster.overview()).rejects.toThrow(/unknown sender/);
  });

  it('onPush hands listeners the push only (not the IPC event), and unsubscribes', () => {
    const received: unknown[] = [];
    const unsubscribe = dojo.onPush((push) => received.push(push));
    const push = { type: 'workspace-changed', workspace: null };
    electron.deliver(PUSH_CHANNEL, push);
    expect(received).toEqual([push]);
    unsubscribe();
    electron.deliver(PUSH_CHANNEL, push);
    expect(received).toHaveLength(1);
    expect(electron.listeners.get(PUSH_CHANNEL)?.size).toBe(0);
  });

  it("onMenuCommand delivers the menu's commands", () => {
    const commands: unknown[] = [];
    const unsubscribe = dojo.onMenuCommand((command) => commands.push(command));
    electron.deliver(MENU_CHANNEL, 'new-cluster');
    unsubscribe();
    expect(commands).toEqual(['new-cluster']);
  });
});
