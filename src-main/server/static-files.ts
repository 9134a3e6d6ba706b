/**
 * The built renderer (`out/renderer/`), served read-only: nothing outside that folder, whatever the
 * path says (`..`, encoded `%2e%2e`, `%2f`, backslashes, NUL, symlinks pointing out).
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../app/csp';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export const RENDERER_MISSING_MESSAGE = 'The renderer is not built (out/renderer/index.html is missing): run npm run build first.';

/**
 * The file under `root` that a URL path names, or null when it names nothing there. Resolves after
 * decoding, then requires the result (and its real path, through symlinks) to stay inside `root`.
 */
export async function resolveStaticFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = resolve(root);
  const candidate = resolve(base, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  if (candidate !== base && !candidate.startsWith(base + sep)) return null;
  let file = candidate;
  try {
    if ((await stat(file)).isDirectory()) file = resolve(file, 'index.html');
    const [realBase, realFile] = await Promise.all([realpath(base), realpath(file)]);
    if (!realFile.startsWith(realBase + sep)) return null;
    return (await stat(realFile)).isFile() ? realFile : null;
  } catch {
    return null;
  }
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(text);
}

/** GET / HEAD of a file of the renderer. */
export async function serveStatic(root: string, url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    sendText(response, 405, 'Method not allowed.');
    return;
  }
  const file = await resolveStaticFile(root, url.pathname);
  if (file === null) {
    const index = await resolveStaticFile(root, '/index.html');
    sendText(response, index === null ? 503 : 404, index === null ? RENDERER_MISSING_MESSAGE : 'Not found.');
    return;
  }
  const info = await stat(file);
  const type = contentTypeOf(file);
  const headers: Record<string, string | number> = {
    'Content-Type': type,
    'Content-Length': info.size,
    'X-Content-Type-Options': 'nosniff',
    // The page's URL carries the token: never send it to anyone as a referrer.
    'Referrer-Policy': 'no-referrer',
  };
  if (type.startsWith('text/html')) {
    headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
    headers['X-Frame-Options'] = 'DENY';
    headers['Cache-Control'] = 'no-cache';
  } else {
    // Vite names built assets by content hash; everything else is revalidated.
    headers['Cache-Control'] = url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  }
  response.writeHead(200, headers);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => response.destroy());
  stream.pipe(response);
}
