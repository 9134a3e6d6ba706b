/**
 * `GET /events?token=T` upgraded to a WebSocket: every push of the backend (new events, workspace
 * changes) goes to every connected socket as one JSON text message. Browsers cannot set headers on
 * a WebSocket, hence the token in the query (a Bearer header is accepted too). Without the token
 * the upgrade is refused with 401 before any WebSocket exists. Messages from clients are ignored.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { PushDto } from '../api/contract';
import { isAuthorized } from './auth';

export const EVENTS_PATH = '/events';

/** Sockets that answer no ping for this long are dropped (a sleeping laptop, a killed tab). */
const HEARTBEAT_MS = 30_000;

export interface PushSockets {
  /** Handles an HTTP upgrade request already checked for its Host; refuses all but /events with the token. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  /** Sends one push to every open socket. */
  broadcast(push: PushDto): void;
  readonly size: number;
  /** Closes every socket (1001 going away). */
  close(): void;
}

export function refuseUpgrade(socket: Duplex, status: number, reason: string, message: string): void {
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export function createPushSockets(token: string): PushSockets {
  // Clients only listen: a small payload limit keeps anyone from making the server buffer much.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, clientTracking: true });
  const alive = new WeakSet<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const client of wss.clients) {
      if (!alive.has(client)) {
        client.terminate();
        continue;
      }
      alive.delete(client);
      client.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  wss.on('connection', (client) => {
    alive.add(client);
    client.on('pong', () => alive.add(client));
    client.on('error', () => client.terminate());
  });

  return {
    handleUpgrade(request, socket, head, url) {
      if (url.pathname !== EVENTS_PATH) {
        refuseUpgrade(socket, 404, 'Not Found', `WebSockets are served at ${EVENTS_PATH} only.`);
        return;
      }
      if (!isAuthorized(request, url, token, { allowQuery: true })) {
        refuseUpgrade(socket, 401, 'Unauthorized', 'This server needs its token: connect to /events?token=<token>.');
        return;
      }
      wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request));
    },
    broadcast(push) {
      const data = JSON.stringify(push);
      for (const client of wss.clients) {
        if (client.readyState === WebSocket.OPEN) client.send(data);
      }
    },
    get size() {
      return wss.clients.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      wss.close();
    },
  };
}
