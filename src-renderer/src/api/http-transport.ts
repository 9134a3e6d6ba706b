/**
 * The headless-mode transport: every call is `POST /api/<service>/<method>` with the arguments as a
 * JSON array and `Authorization: Bearer <token>`; the answer is `{ result }` or `{ error }`. Pushes
 * arrive on a WebSocket at `/events?token=<token>`, reconnected with a growing back-off.
 *
 * The token is given once in the page URL (`?token=…`, as the server prints it): it is kept in
 * sessionStorage so a reload keeps working, and removed from the visible URL.
 */
import type { ApiTransport, PushListener } from './api-client';
import { ApiCallError } from './api-error';
import type { ApiErrorDto, PushDto } from './types';

const TOKEN_KEY = 'dojo.token';

export interface TokenLocation {
  readonly href: string;
}

/**
 * Reads `?token=` from the page URL (remembering it in `storage` and taking it off the address bar
 * with `history.replaceState`), or the remembered one. Null when neither is there.
 */
export function resolveToken(
  location: TokenLocation,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  history: Pick<History, 'replaceState' | 'state'>,
): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl !== null && fromUrl !== '') {
    try {
      storage.setItem(TOKEN_KEY, fromUrl);
    } catch {
      // Storage refused (private mode): the token still works for this page.
    }
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  try {
    return storage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export interface WebSocketLike {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  close(): void;
}

export interface HttpTransportOptions {
  /** Origin of the headless server, e.g. `http://127.0.0.1:8080`. */
  readonly baseUrl: string;
  readonly token: string | null;
  readonly fetch?: FetchFn;
  readonly createWebSocket?: (url: string) => WebSocketLike;
  /** Reconnect delays: first, then doubled up to the maximum. */
  readonly reconnectMinMs?: number;
  readonly reconnectMaxMs?: number;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

function failure(name: string, message: string): ApiCallError {
  return new ApiCallError({ name, message });
}

export function createHttpTransport(options: HttpTransportOptions): ApiTransport & { close(): void } {
  const doFetch: FetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createWebSocket = options.createWebSocket ?? ((url: string) => new WebSocket(url) as WebSocketLike);
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const minMs = options.reconnectMinMs ?? 500;
  const maxMs = options.reconnectMaxMs ?? 10_000;
  const base = options.baseUrl.replace(/\/$/, '');

  const listeners = new Set<PushListener>();
  let socket: WebSocketLike | null = null;
  let timer: unknown = null;
  let delayMs = minMs;
  let everOpened = false;
  let closed = false;

  function emit(push: PushDto): void {
    for (const listener of [...listeners]) {
      try {
        listener(push);
      } catch (error) {
        console.error('A push listener failed', error);
      }
    }
  }

  function connect(): void {
    if (closed || socket !== null) return;
    const wsUrl = new URL(`${base}/events`);
    wsUrl.protocol = wsUrl.protocol === 'https:' ? 'wss:' : 'ws:';
    if (options.token !== null) wsUrl.searchParams.set('token', options.token);
    const ws = createWebSocket(wsUrl.toString());
    socket = ws;
    ws.onopen = () => {
      delayMs = minMs;
      // After a reconnect, pushes may have been missed: an empty batch tells every view to refresh.
      if (everOpened) emit({ type: 'events', events: [] });
      everOpened = true;
    };
    ws.onmessage = (ev: MessageEvent) => {
      let push: PushDto;
      try {
        push = JSON.parse(String(ev.data)) as PushDto;
      } catch {
        return;
      }
      if (push && (push.type === 'events' || push.type === 'workspace-changed' || push.type === 'znodes')) emit(push);
    };
    ws.onerror = () => {
      // onclose follows and schedules the reconnect.
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      if (closed || listeners.size === 0) return;
      timer = setTimer(() => {
        timer = null;
        connect();
      }, delayMs);
      delayMs = Math.min(maxMs, delayMs * 2);
    };
  }

  return {
    kind: 'http',
    async call(service, method, args) {
      let response: Response;
      try {
        response = await doFetch(`${base}/api/${encodeURIComponent(service)}/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(options.token !== null ? { Authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify(args),
        });
      } catch (error) {
        throw failure('NETWORK_ERROR', error instanceof Error ? error.message : String(error));
      }
      let body: unknown = undefined;
      const text = await response.text();
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      const envelope = (typeof body === 'object' && body !== null ? body : {}) as { result?: unknown; error?: ApiErrorDto };
      if (envelope.error !== undefined) throw new ApiCallError(envelope.error);
      if (!response.ok) {
        if (response.status === 401) throw failure('UNAUTHORIZED', `${response.status} ${response.statusText}`.trim());
        throw failure('HTTP_ERROR', `${response.status} ${response.statusText}`.trim());
      }
      return envelope.result;
    },
    onPush(listener) {
      listeners.add(listener);
      connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          if (timer !== null) clearTimer(timer);
          timer = null;
          const ws = socket;
          socket = null;
          ws?.close();
        }
      };
    },
    close() {
      closed = true;
      listeners.clear();
      if (timer !== null) clearTimer(timer);
      socket?.close();
      socket = null;
    },
  };
}
