/**
 * Which transport the app uses, and how views reach the client: it is provided to the app under
 * API_CLIENT (tests provide a fake one the same way) and read with `useApi()`.
 */
import { inject, type InjectionKey } from 'vue';
import { createApiClient, type ApiClient } from './api-client';
import { createHttpTransport, resolveToken } from './http-transport';
import { createIpcTransport, hasIpcBridge } from './ipc-transport';

export { ApiCallError, toApiCallError } from './api-error';
export type { ApiClient, ApiTransport, PushListener } from './api-client';
export { createApiClient } from './api-client';

export const API_CLIENT: InjectionKey<ApiClient> = Symbol('dojo.api');

/** Electron's preload when it is there, else the headless server that served this page. */
export function createDefaultApiClient(win: Window = window): ApiClient {
  if (hasIpcBridge(win)) return createApiClient(createIpcTransport(win.dojo!));
  const token = resolveToken(win.location, win.sessionStorage, win.history);
  return createApiClient(createHttpTransport({ baseUrl: win.location.origin, token }));
}

export function useApi(): ApiClient {
  const client = inject(API_CLIENT, null);
  if (client === null) throw new Error('No api client provided (API_CLIENT)');
  return client;
}
