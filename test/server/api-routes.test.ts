import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src-main/api/backend';
import { allMethods, sampleArgs } from './fake-backend';
import { postApi, rawRequest } from './http-client';
import { startTestServer, TOKEN, type TestServer } from './test-server';
import { kafkaText } from '../../src-main/api/localized-text';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.stop();
});

describe('headless API: the token', () => {
  it('refuses a call without a token with 401 and calls nothing', async () => {
    const res = await postApi(t.port, 'cluster', 'overview', [], null);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.json()).toMatchObject({ error: { name: 'UNAUTHORIZED' } });
    expect(t.backend.calls).toEqual([]);
  });

  it('refuses a wrong token (same length, other length, other scheme, token in the query) with 401', async () => {
    const wrongSameLength = TOKEN.slice(0, -1) + (TOKEN.endsWith('f') ? 'e' : 'f');
    for (const authorization of [`Bearer ${wrongSameLength}`, `Bearer ${TOKEN}x`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const res = await postApi(t.port, 'cluster', 'overview', [], null, { Authorization: authorization });
      expect(res.status, authorization).toBe(401);
    }
    // The query is for the WebSocket only: an API call must send the header.
    const res = await rawRequest(t.port, { method: 'POST', path: `/api/cluster/overview?token=${TOKEN}`, body: '[]' });
    expect(res.status).toBe(401);
    expect(t.backend.calls).toEqual([]);
  });

  it('answers 200 { result } with the right token', async () => {
    const res = await postApi(t.port, 'cluster', 'overview', [], TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ result: { service: 'cluster', method: 'overview', args: [] } });
  });

  it('checks the token before revealing whether a method exists', async () => {
    expect((await postApi(t.port, 'nope', 'nothing', [], null)).status).toBe(401);
  });
});

describe('headless API: routing', () => {
  it('binds to 127.0.0.1 by default', () => {
    const address = t.server.server.address();
    expect(address).toMatchObject({ address: '127.0.0.1', port: t.port });
    expect(t.server.url).toBe(`http://127.0.0.1:${t.port}/?token=${TOKEN}`);
  });

  it('reaches every method of API_METHODS, on its own service, with its arguments passed through', async () => {
    const methods = allMethods();
    expect(methods.length).toBeGreaterThan(30);
    for (const [service, method] of methods) {
      const args = sampleArgs(service, method);
      const res = await postApi(t.port, service, method, args, TOKEN);
      expect(res.status, `${service}.${method}`).toBe(200);
      expect(res.json()).toEqual({ result: { service, method, args } });
    }
    expect(t.backend.calls.map((call) => [call.service, call.method])).toEqual(methods);
    expect(t.backend.calls.every((call) => call.calledOnService)).toBe(true);
    expect(t.backend.calls.map((call) => call.args)).toEqual(methods.map(([s, m]) => sampleArgs(s, m)));
  });

  it('answers 404 for an unknown service, an unknown method, inherited properties and extra path segments', async () => {
    for (const path of [
      'nope/list',
      'topics/nope',
      'topics/constructor',
      'topics/__proto__',
      'toString/call',
      'topics/list/extra',
      'topics',
      '__proto__/list',
    ]) {
      const [service, method] = path.split('/', 2);
      const res = await rawRequest(t.port, {
        method: 'POST',
        path: `/api/${path}`,
        headers: { Authorization: `Bearer ${TOKEN}` },
        body: '[]',
      });
      expect(res.status, `${service}/${method}`).toBe(404);
      expect(res.json()).toMatchObject({ error: { name: 'UNKNOWN_METHOD' } });
    }
    expect(t.backend.calls).toEqual([]);
  });

  it('answers 405 to a GET of a method', async () => {
    const res = await rawRequest(t.port, { path: '/api/cluster/overview', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('POST');
  });

  it('answers 400 for a body that is not a JSON array (object, string, number, invalid JSON, empty)', async () => {
    for (const body of ['{"topic":"orders"}', '"orders"', '3', 'not json', '', '[1,']) {
      const res = await postApi(t.port, 'topics', 'list', body, TOKEN);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: { name: 'INVALID_REQUEST' } });
    }
    expect(t.backend.calls).toEqual([]);
  });

  it('answers 413 above the body limit, by Content-Length and by streamed size', async () => {
    await t.stop();
    t = await startTestServer({ maxBodyBytes: 1024 });
    const produce = (value: string): string => JSON.stringify([{ topic: 'orders', key: null, value, acks: 1 }]);
    const big = produce('x'.repeat(2000));
    const res = await postApi(t.port, 'messages', 'produce', big, TOKEN);
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ error: { name: 'INVALID_REQUEST' } });
    // Chunked (no Content-Length): refused once the limit is passed.
    const chunked = await rawRequest(t.port, {
      method: 'POST',
      path: '/api/messages/produce',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Transfer-Encoding': 'chunked' },
      body: big,
    });
    expect(chunked.status).toBe(413);
    const fits = await postApi(t.port, 'messages', 'produce', produce('x'.repeat(900)), TOKEN);
    expect(fits.status).toBe(200);
    expect(t.backend.calls).toHaveLength(1);
  });

  it('accepts a body sent without a JSON content type (curl -d)', async () => {
    const res = await rawRequest(t.port, {
      method: 'POST',
      path: '/api/cluster/events',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '[50]',
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ result: { service: 'cluster', method: 'events', args: [50] } });
  });

  it('answers { result: null } for a method that returns nothing', async () => {
    t.backend.answer('brokers', 'kill', () => undefined);
    const res = await postApi(t.port, 'brokers', 'kill', [1], TOKEN);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ result: null });
  });
});

describe('headless API: errors', () => {
  it('passes an ApiError as 422 with its dto (Kafka error name, message, field)', async () => {
    t.backend.answer('topics', 'create', () => {
      throw new ApiError(
        'INVALID_REPLICATION_FACTOR',
        kafkaText('Replication factor: 4 larger than available brokers: 3.'),
        'replicationFactor',
      );
    });
    const res = await postApi(t.port, 'topics', 'create', sampleArgs('topics', 'create'), TOKEN);
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({
      error: {
        name: 'INVALID_REPLICATION_FACTOR',
        message: 'Replication factor: 4 larger than available brokers: 3.',
        field: 'replicationFactor',
      },
    });
    expect(t.unexpected).toEqual([]);
  });

  it('passes a refusal Kafka itself names UNKNOWN_SERVER_ERROR (AlterConfigs of a missing topic) as 422, not as a failure of the app', async () => {
    t.backend.answer('topics', 'alterConfigs', () => {
      throw new ApiError('UNKNOWN_SERVER_ERROR', kafkaText('Topic "nope" does not exist.'), 'configs');
    });
    const res = await postApi(t.port, 'topics', 'alterConfigs', sampleArgs('topics', 'alterConfigs'), TOKEN);
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({
      error: { name: 'UNKNOWN_SERVER_ERROR', message: 'Topic "nope" does not exist.', field: 'configs' },
    });
    expect(t.unexpected).toEqual([]);
  });

  it('turns any other exception into 500 UNKNOWN_SERVER_ERROR with its message, no stack, and logs it', async () => {
    const failure = new Error('disk on fire');
    t.backend.answer('cluster', 'overview', () => {
      throw failure;
    });
    const res = await postApi(t.port, 'cluster', 'overview', [], TOKEN);
    expect(res.status).toBe(500);
    expect(res.json()).toMatchObject({ error: { name: 'UNKNOWN_SERVER_ERROR', message: 'disk on fire' } });
    expect(res.text).not.toContain('at ');
    expect(t.unexpected).toEqual([failure]);
  });

  it('treats a rejected promise and a thrown non-Error the same way', async () => {
    t.backend.answer('cluster', 'events', () =>
      Promise.reject(new ApiError('INVALID_INPUT', kafkaText('limit must be positive'), 'limit')),
    );
    t.backend.answer('cluster', 'setClockSpeed', () => {
      throw 'a string';
    });
    expect((await postApi(t.port, 'cluster', 'events', [-1], TOKEN)).json()).toMatchObject({
      error: { name: 'INVALID_INPUT', message: 'limit must be positive', field: 'limit' },
    });
    const res = await postApi(t.port, 'cluster', 'setClockSpeed', [10], TOKEN);
    expect(res.status).toBe(500);
    expect(res.json()).toMatchObject({ error: { name: 'UNKNOWN_SERVER_ERROR', message: 'a string' } });
  });
});
