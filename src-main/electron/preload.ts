import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { API_METHODS } from '../api/api-methods';
import type { PushDto, ServiceName } from '../api/contract';
import type { ApiReply } from '../api/api-call';
import type { DojoBridge, DojoBridgeApi, DojoBridgeRejection } from './bridge-types';
import { apiChannel, MENU_CHANNEL, PUSH_CHANNEL, type MenuCommand } from './channels';

// Replaced at build time by electron-vite (see electron.vite.config.ts): a sandboxed preload
// cannot read package.json.
declare const __DOJO_VERSION__: string;

// The renderer's only door to the main process: one function per API method (channels built from
// API_METHODS only) and two subscriptions. Never expose ipcRenderer itself, nor the IPC event (it
// carries `sender`): listeners get the payload alone.

/** The main process answers `{ result }` or `{ error }`; the page gets the result or a `{ error }` rejection. */
async function call(channel: string, args: unknown[]): Promise<unknown> {
  const reply = (await ipcRenderer.invoke(channel, ...args)) as ApiReply;
  if ('error' in reply) {
    const rejection: DojoBridgeRejection = { error: reply.error };
    return Promise.reject(rejection);
  }
  return reply.result;
}

function buildApi(): DojoBridgeApi {
  const api: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const service of Object.keys(API_METHODS) as ServiceName[]) {
    const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    for (const method of API_METHODS[service] as readonly string[]) {
      const channel = apiChannel(service, method);
      methods[method] = (...args: unknown[]) => call(channel, args);
    }
    api[service] = Object.freeze(methods);
  }
  return Object.freeze(api) as unknown as DojoBridgeApi;
}

function subscribe<T>(channel: string, listener: (payload: T) => void): () => void {
  const wrapped = (_event: IpcRendererEvent, payload: T): void => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

const dojo: DojoBridge = Object.freeze({
  version: __DOJO_VERSION__,
  api: buildApi(),
  onPush: (listener: (push: PushDto) => void) => subscribe(PUSH_CHANNEL, listener),
  onMenuCommand: (listener: (command: MenuCommand) => void) => subscribe(MENU_CHANNEL, listener),
});

export type { DojoBridge };

contextBridge.exposeInMainWorld('dojo', dojo);
