import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src-main/app/csp';
import { contentTypeOf } from '../../src-main/server/static-files';
import { rawRequest } from './http-client';
import { INDEX_HTML, startTestServer, type TestServer } from './test-server';

let t: TestServer | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

describe('headless static files', () => {
  it('serves index.html at / without a token, with the CSP header and no referrer', async () => {
    t = await startTestServer();
    for (const path of ['/', '/index.html', `/?token=whatever`]) {
      const res = await rawRequest(t.port, { path });
      expect(res.status, path).toBe(200);
      expect(res.text).toBe(INDEX_HTML);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the CSP is the strict one Electron sends too (self only, no frames, no inline scripts)', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves assets with their content types, and HEAD without a body', async () => {
    t = await startTestServer();
    const js = await rawRequest(t.port, { path: '/assets/index-abc123.js' });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.text).toBe('console.log("dojo");\n');
    const css = await rawRequest(t.port, { path: '/assets/index-abc123.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const head = await rawRequest(t.port, { method: 'HEAD', path: '/assets/index-abc123.js' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(contentTypeOf('a.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('a.woff2')).toBe('font/woff2');
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
  });

  it('answers 404 for a missing file and 405 for a POST', async () => {
    t = await startTestServer();
    expect((await rawRequest(t.port, { path: '/assets/nope.js' })).status).toBe(404);
    expect((await rawRequest(t.port, { method: 'POST', path: '/index.html', body: 'x' })).status).toBe(405);
  });

  it('never serves a file outside the renderer folder, however the path is written', async () => {
    t = await startTestServer();
    symlinkSync(join(t.dir, 'package.json'), join(t.rendererDir, 'link.json'));
    const attempts = [
      '/../package.json',
      '/assets/../../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E%2Fpackage.json',
      '/..%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/..%5cpackage.json',
      '/%252e%252e/package.json',
      '/package.json%00.html',
      '/link.json',
      `/${'..%2f'.repeat(12)}etc/passwd`,
      '/%c0%ae%c0%ae/package.json',
    ];
    for (const path of attempts) {
      const res = await rawRequest(t.port, { path });
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('kafka-dojo-secret');
      expect(res.text, path).not.toContain('root:');
    }
  });

  it('says to run npm run build when the renderer is not built (503), while the API still works', async () => {
    t = await startTestServer({ withRenderer: false });
    const res = await rawRequest(t.port, { path: '/' });
    expect(res.status).toBe(503);
    expect(res.text).toContain('run npm run build first');
  });
});
