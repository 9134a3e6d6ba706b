/**
 * The Electron transport of the API: one `ipcMain.handle` per method of API_METHODS, on channel
 * `dojo:<service>:<method>`, and the backend's pushes forwarded to the window on `dojo:push`.
 *
 * Every message is checked: a channel that is not one of those has no handler (Electron rejects
 * the invoke), and a handler refuses any sender whose frame is not our own page (the built
 * index.html over file://, or the dev server's origin in `npm run dev`). Refusals reject the invoke;
 * calls that reach the API resolve to an ApiReply (`{ result }` or `{ error }`), like the HTTP body —
 * through the same dispatcher (`callApi`), so arguments are checked against the same schemas and
 * refused with the same INVALID_REQUEST error.
 *
 * Types only from `electron` (the stand-ins of the tests implement these interfaces), so the
 * bridge runs in Vitest without the Electron binary.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { API_METHODS, isApiMethod } from '../api/api-methods';
import type { DojoBackend } from '../api/backend';
import type { PushDto, ServiceName } from '../api/contract';
import { callApi, errorDtoOf, type ApiReply, type UnexpectedErrorLogger } from '../api/api-call';
import { apiChannel, PUSH_CHANNEL } from './channels';

/** What the bridge reads of Electron's IpcMainInvokeEvent. */
export interface IpcInvokeEventLike {
  /** The frame that sent the message; null once it navigated away or was destroyed. */
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's `ipcMain` the bridge uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** Where pushes go (Electron's WebContents). */
export interface PushTarget {
  send(channel: string, payload: PushDto): void;
  isDestroyed(): boolean;
}

export interface IpcBridgeOptions {
  /** The windows' contents to forward pushes to, asked at each push. */
  readonly pushTargets: () => readonly PushTarget[];
  readonly onUnexpected?: UnexpectedErrorLogger;
}

/** Every channel the bridge registers: exactly one per method of API_METHODS. */
export function apiChannels(): Array<{ channel: string; service: ServiceName; method: string }> {
  return (Object.keys(API_METHODS) as ServiceName[]).flatMap((service) =>
    API_METHODS[service].map((method: string) => ({ channel: apiChannel(service, method), service, method })),
  );
}

/**
 * A sender check for our own page: the built renderer's index.html over file:// (any query or
 * hash), or, in `npm run dev`, any page of the dev server's origin.
 */
export function createTrustedSenderCheck(page: {
  readonly rendererIndexFile: string;
  readonly devServerUrl?: string | undefined;
}): (url: string) => boolean {
  const indexFile = resolve(page.rendererIndexFile);
  const devOrigin = page.devServerUrl ? new URL(page.devServerUrl).origin : null;
  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (devOrigin !== null) return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === devOrigin;
    if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
    try {
      return resolve(fileURLToPath(new URL(parsed.pathname, 'file://'))) === indexFile;
    } catch {
      return false;
    }
  };
}

/**
 * Registers the bridge. `backend` may still be opening (a promise): calls wait for it, so the
 * window can show while the cluster starts. Returns a function that removes every handler and
 * stops forwarding pushes.
 */
export function registerIpcBridge(
  ipcMain: IpcMainLike,
  backend: DojoBackend | Promise<DojoBackend>,
  isTrustedSender: (url: string) => boolean,
  options: IpcBridgeOptions,
): () => void {
  const channels = apiChannels();
  for (const { channel, service, method } of channels) {
    // The closure fixes (service, method) from the list; checked again so that nothing but a listed
    // method of a service can ever be called.
    if (!isApiMethod(service, method)) throw new Error(`Not an API method: ${service}.${method}`);
    ipcMain.handle(channel, async (event, ...args): Promise<ApiReply> => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedSender(url)) throw new Error(`Refused ${channel} from an unknown sender (${url || 'no frame'}).`);
      let ready: DojoBackend;
      try {
        ready = await backend;
      } catch (error) {
        return { error: { ...errorDtoOf(error), message: `The cluster could not be opened: ${errorDtoOf(error).message}` } };
      }
      return callApi(ready.api, service, method, args, options.onUnexpected);
    });
  }

  let unsubscribe: (() => void) | null = null;
  let disposed = false;
  const forward = (push: PushDto): void => {
    for (const target of options.pushTargets()) {
      if (!target.isDestroyed()) target.send(PUSH_CHANNEL, push);
    }
  };
  void Promise.resolve(backend).then(
    (ready) => {
      if (!disposed) unsubscribe = ready.onPush(forward);
    },
    () => undefined,
  );

  return () => {
    disposed = true;
    unsubscribe?.();
    for (const { channel } of channels) ipcMain.removeHandler(channel);
  };
}
