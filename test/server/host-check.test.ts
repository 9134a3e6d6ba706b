import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src-main/server/host-check';
import { postApi, rawRequest } from './http-client';
import { startTestServer, TOKEN, type TestServer } from './test-server';

let t: TestServer | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

describe('headless Host and Origin check (DNS rebinding)', () => {
  it('bound to loopback, accepts Host 127.0.0.1:N and localhost:N only', async () => {
    t = await startTestServer();
    const ok = [`127.0.0.1:${t.port}`, `localhost:${t.port}`, `LOCALHOST:${t.port}`];
    for (const host of ok) {
      expect((await rawRequest(t.port, { path: '/', headers: { Host: host } })).status, host).toBe(200);
    }
    const refused = ['evil.example', `evil.example:${t.port}`, `127.0.0.1:${t.port + 1}`, '127.0.0.1', `localhost.evil.example:${t.port}`];
    for (const host of refused) {
      const page = await rawRequest(t.port, { path: '/', headers: { Host: host } });
      expect(page.status, host).toBe(403);
      expect(page.text).not.toContain('Kafka Dojo</title>');
      // Even with the right token: a rebound page must not drive the cluster.
      expect((await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Host: host })).status, host).toBe(403);
    }
    expect(t.backend.calls).toEqual([]);
  });

  it("refuses a foreign Origin and accepts the page's own", async () => {
    t = await startTestServer();
    expect((await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Origin: `http://localhost:${t.port + 1}` })).status).toBe(403);
    expect((await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Origin: 'null' })).status).toBe(403);
    expect((await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Origin: `http://127.0.0.1:${t.port}` })).status).toBe(200);
    expect(
      (await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Origin: `http://localhost:${t.port}`, Host: `localhost:${t.port}` }))
        .status,
    ).toBe(200);
  });

  it('bound to another host by request, accepts any Host but only a same-origin Origin', async () => {
    t = await startTestServer({ host: '0.0.0.0' });
    expect(t.server.server.address()).toMatchObject({ address: '0.0.0.0' });
    expect((await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Host: `dojo.lan:${t.port}` })).status).toBe(200);
    expect(
      (await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Host: `dojo.lan:${t.port}`, Origin: `http://dojo.lan:${t.port}` })).status,
    ).toBe(200);
    expect(
      (await postApi(t.port, 'cluster', 'overview', [], TOKEN, { Host: `dojo.lan:${t.port}`, Origin: 'http://evil.example' })).status,
    ).toBe(403);
    // The token is still required.
    expect((await postApi(t.port, 'cluster', 'overview', [], null, { Host: `dojo.lan:${t.port}` })).status).toBe(401);
  });

  it('knows loopback names', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'localhost.evil.example', '127.0.0.1.evil.example'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
