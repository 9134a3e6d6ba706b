/**
 * Defence against DNS rebinding and cross-site requests: a page on another site that makes its
 * host name resolve to 127.0.0.1 can reach a loopback server, but its requests carry that foreign
 * name in `Host` (and its origin in `Origin`). Bound to loopback, the server accepts only the names
 * of loopback itself.
 */
import type { IncomingMessage } from 'node:http';

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || h === '[::1]' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The `host:port` forms a browser sends in `Host` for a loopback server on `port`. */
function loopbackAuthorities(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

export interface HostCheck {
  /** The address the server is bound to (`127.0.0.1`, `0.0.0.0` …). */
  readonly boundHost: string;
  readonly port: number;
}

/**
 * null when the request may proceed, otherwise why not. Bound to loopback: `Host` must be
 * 127.0.0.1:N, localhost:N or [::1]:N, and an `Origin` (sent by browsers on POST and WebSocket
 * requests) must be http:// of one of them. Bound elsewhere (explicit `--host`), any `Host` is
 * accepted, but an `Origin` must still be the page's own (`http://` + `Host`).
 */
export function checkHost(request: IncomingMessage, check: HostCheck): string | null {
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || host === '') return 'A Host header is required.';
  const origin = request.headers.origin?.toLowerCase();
  if (isLoopbackHost(check.boundHost)) {
    const allowed = loopbackAuthorities(check.port);
    if (!allowed.has(host)) return `Host ${host} is not this server: open it as http://127.0.0.1:${check.port}/.`;
    if (origin !== undefined && !(origin.startsWith('http://') && allowed.has(origin.slice('http://'.length)))) {
      return `Requests from ${origin} are not accepted.`;
    }
    return null;
  }
  if (origin !== undefined && origin !== `http://${host}`) return `Requests from ${origin} are not accepted.`;
  return null;
}
