/** The Electron transport: the preload's `window.dojo` (contextBridge), nothing else. */
import type { ApiTransport } from './api-client';
import type { DojoApi } from './types';

export type DojoBridge = NonNullable<Window['dojo']>;

export function hasIpcBridge(win: Window): boolean {
  return typeof win.dojo?.api === 'object' && win.dojo.api !== null && typeof win.dojo.onPush === 'function';
}

export function createIpcTransport(bridge: DojoBridge): ApiTransport {
  return {
    kind: 'ipc',
    call(service, method, args) {
      const target = bridge.api[service] as unknown as Record<string, ((...a: unknown[]) => Promise<unknown>) | undefined>;
      const fn = target?.[method];
      if (typeof fn !== 'function') {
        return Promise.reject(new Error(`The preload does not expose ${service}.${method}`));
      }
      return fn(...args);
    },
    onPush: (listener) => bridge.onPush(listener),
  };
}

export type { DojoApi };
