/**
 * The headless server: the built renderer, the API (`POST /api/<service>/<method>`), the pushes
 * (`GET /events` as a WebSocket) and the cluster's metrics (`GET /metrics`, Prometheus text) on
 * one port, bound to 127.0.0.1 unless another host is given. Every request first passes the
 * Host/Origin check (DNS rebinding); the API, the WebSocket and the metrics need the token; the static files do not (the page brings the token in its URL).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DojoBackend } from '../api/backend';
import type { UnexpectedErrorLogger } from '../api/api-call';
import { API_PREFIX, DEFAULT_MAX_BODY_BYTES, handleApiRequest, sendJson } from './api-routes';
import { checkHost, type HostCheck } from './host-check';
import { handleMetricsRequest, METRICS_PATH } from './metrics-route';
import { createPushSockets, EVENTS_PATH, refuseUpgrade } from './push-socket';
import { serveStatic } from './static-files';

export const DEFAULT_HOST = '127.0.0.1';

export interface HeadlessServerOptions {
  readonly backend: DojoBackend;
  readonly token: string;
  /** The folder of the built renderer (out/renderer). */
  readonly rendererDir: string;
  /** Default 127.0.0.1; anything else only when a person asked for it. */
  readonly host?: string;
  /** 0 (default): any free port. */
  readonly port?: number;
  readonly maxBodyBytes?: number;
  readonly onUnexpected?: UnexpectedErrorLogger;
}

export interface HeadlessServer {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  /** The page's address with the token, as printed at start. */
  readonly url: string;
  /** Stops listening, closes every socket and connection (the backend stays open: its owner closes it). */
  close(): Promise<void>;
}

function authority(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

export async function startHeadlessServer(options: HeadlessServerOptions): Promise<HeadlessServer> {
  const host = options.host ?? DEFAULT_HOST;
  const pushes = createPushSockets(options.token);
  const hostCheck: { -readonly [K in keyof HostCheck]: HostCheck[K] } = { boundHost: host, port: 0 };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const onUnexpected: UnexpectedErrorLogger =
    options.onUnexpected ?? ((error, service, method) => console.error(`Kafka Dojo: ${service}.${method} failed:`, error));

  const parseUrl = (request: IncomingMessage): URL | null => {
    try {
      return new URL(request.url ?? '/', 'http://localhost');
    } catch {
      return null;
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const refused = checkHost(request, hostCheck);
    if (refused !== null) {
      sendJson(response, 403, { error: { name: 'FORBIDDEN', message: refused } });
      return;
    }
    const url = parseUrl(request);
    if (url === null) {
      sendJson(response, 400, { error: { name: 'INVALID_REQUEST', message: 'Malformed URL.' } });
      return;
    }
    if (url.pathname.startsWith(API_PREFIX)) {
      await handleApiRequest(request, response, url, { api: options.backend.api, token: options.token, maxBodyBytes, onUnexpected });
    } else if (url.pathname === METRICS_PATH) {
      // Before the renderer's fallback, which would answer any other path with index.html.
      await handleMetricsRequest(request, response, url, {
        token: options.token,
        prometheusMetrics: options.backend.prometheusMetrics?.bind(options.backend),
      });
    } else if (url.pathname === EVENTS_PATH) {
      sendJson(
        response,
        426,
        { error: { name: 'INVALID_REQUEST', message: `${EVENTS_PATH} is a WebSocket: connect with ws://…${EVENTS_PATH}?token=<token>.` } },
        { Upgrade: 'websocket' },
      );
    } else {
      await serveStatic(options.rendererDir, url, request, response);
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      onUnexpected(error, 'http', request.url ?? '');
      if (!response.headersSent)
        sendJson(response, 500, { error: { name: 'UNKNOWN_SERVER_ERROR', message: 'The server failed to answer.' } });
      else response.destroy();
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refused = checkHost(request, hostCheck);
    if (refused !== null) {
      refuseUpgrade(socket, 403, 'Forbidden', refused);
      return;
    }
    const url = parseUrl(request);
    if (url === null) {
      refuseUpgrade(socket, 400, 'Bad Request', 'Malformed URL.');
      return;
    }
    pushes.handleUpgrade(request, socket, head, url);
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hostCheck.port = port;
  const unsubscribe = options.backend.onPush((push) => pushes.broadcast(push));

  let closing: Promise<void> | null = null;
  return {
    server,
    host,
    port,
    url: `http://${authority(host, port)}/?token=${encodeURIComponent(options.token)}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        unsubscribe();
        pushes.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
