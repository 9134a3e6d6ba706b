/**
 * The one api client every view uses. It is built from the contract's method lists (one function
 * per method of every service) over a transport: Electron's preload (`window.dojo`) or the
 * headless server (HTTP + WebSocket). No view knows which transport is in use.
 *
 * `api-methods.ts` is imported at run time: it is pure data (its only imports are types), so the
 * renderer bundle gets just the lists, and a method added to the contract without being listed
 * there fails to compile on both sides.
 */
import { API_METHODS } from '../../../src-main/api/api-methods';
import { toApiCallError } from './api-error';
import type { DojoApi, PushDto, ServiceName } from './types';

export type PushListener = (push: PushDto) => void;

/** How calls and pushes travel. */
export interface ApiTransport {
  /** `ipc` (Electron), `http` (headless mode), or anything a test names. */
  readonly kind: string;
  call(service: ServiceName, method: string, args: readonly unknown[]): Promise<unknown>;
  onPush(listener: PushListener): () => void;
}

export type ApiClient = DojoApi & {
  readonly transportKind: string;
  /** Subscribes to pushes (new events, workspace changes); returns the unsubscribe function. */
  onPush(listener: PushListener): () => void;
};

/** Every method of every service, calling through `transport`; failures reject with ApiCallError. */
export function createApiClient(transport: ApiTransport): ApiClient {
  const services: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const service of Object.keys(API_METHODS) as ServiceName[]) {
    const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    for (const method of API_METHODS[service]) {
      methods[method] = async (...args: unknown[]) => {
        try {
          return await transport.call(service, method, args);
        } catch (error) {
          throw toApiCallError(error);
        }
      };
    }
    services[service] = Object.freeze(methods);
  }
  return Object.freeze({
    ...(services as unknown as DojoApi),
    transportKind: transport.kind,
    onPush: (listener: PushListener) => transport.onPush(listener),
  });
}

/** The method names the client exposes, per service (what the transports register). */
export function apiMethodNames(): Readonly<Record<ServiceName, readonly string[]>> {
  return API_METHODS;
}
