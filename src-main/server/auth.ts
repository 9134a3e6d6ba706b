/**
 * The headless server's one credential: a random token, given to the page in its URL (`?token=`)
 * and sent back as `Authorization: Bearer <token>` (HTTP) or `?token=` (WebSocket).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** 192 random bits, URL-safe (base64url), so the token can sit in a URL as it is. */
export function generateToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Compares in constant time: both sides are hashed first, so neither the content nor the length of
 * the expected token leaks through the time a comparison takes.
 */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Whether the request carries the token, as a Bearer header or (for WebSockets) `?token=`. */
export function isAuthorized(request: IncomingMessage, url: URL, token: string, options: { allowQuery: boolean }): boolean {
  const given = bearerToken(request) ?? (options.allowQuery ? url.searchParams.get('token') : null);
  return given !== null && tokensEqual(given, token);
}
