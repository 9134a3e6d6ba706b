/**
 * Arguments are checked against the method's schema in the transport: a call that does not fit
 * gets 400 INVALID_REQUEST saying which argument and field is wrong and what was expected, and
 * the service is never called.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleArgs } from './fake-backend';
import { postApi } from './http-client';
import { startTestServer, TOKEN, type TestServer } from './test-server';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.stop();
});

const request = { name: 'orders', partitions: 3, replicationFactor: 2, assignment: { kind: 'automatic', rackAware: true }, configs: {} };

async function refused(service: string, method: string, args: unknown): Promise<{ name: string; message: string; field?: string }> {
  const res = await postApi(t.port, service, method, args, TOKEN);
  expect(res.status, res.text).toBe(400);
  return (res.json() as { error: { name: string; message: string; field?: string } }).error;
}

describe('headless API: arguments checked against the contract', () => {
  it('refuses topics/create without its options argument with 400, not 500', async () => {
    expect(await refused('topics', 'create', [request])).toMatchObject({
      name: 'INVALID_REQUEST',
      message: 'topics.create(request, options): argument 2 (options) is missing: it must be an object {validateOnly}.',
      field: 'options',
    });
    expect(t.backend.calls).toEqual([]);
  });

  it('names the argument, the field path and what was expected', async () => {
    expect(await refused('topics', 'create', [{ ...request, partitions: '3' }, { validateOnly: false }])).toMatchObject({
      name: 'INVALID_REQUEST',
      message:
        'topics.create(request, options): argument 1 (request): request.partitions must be an integer from -2147483648 to 2147483647 (Kafka\'s INT32) or null, not the string "3".',
      field: 'request.partitions',
    });
    expect(await refused('topics', 'create', [{ ...request, assignment: { kind: 'auto' } }, { validateOnly: false }])).toMatchObject({
      message:
        'topics.create(request, options): argument 1 (request): request.assignment.kind must be one of "automatic", "manual", "replica-assignment", not the string "auto".',
      field: 'request.assignment.kind',
    });
    expect(
      await refused('topics', 'create', [
        {
          ...request,
          assignment: {
            kind: 'manual',
            assignment: [
              [0, 1],
              [1, 'x'],
            ],
          },
        },
        { validateOnly: true },
      ]),
    ).toMatchObject({
      message:
        'topics.create(request, options): argument 1 (request): request.assignment.assignment[1][1] must be an integer from -2147483648 to 2147483647 (Kafka\'s INT32), not the string "x".',
      field: 'request.assignment.assignment[1][1]',
    });
    const { name: _name, ...nameless } = request;
    expect(await refused('topics', 'previewCreate', [nameless])).toMatchObject({
      message: 'topics.previewCreate(request): argument 1 (request): request.name is missing: it must be a string.',
      field: 'request.name',
    });
    expect(await refused('messages', 'produce', [{ topic: 'orders', key: null, value: 'v', acks: 2 }])).toMatchObject({
      message: 'messages.produce(request): argument 1 (request): request.acks must be one of 0, 1, -1, not 2.',
      field: 'request.acks',
    });
    expect(await refused('topics', 'list', [{ serach: 'ord' }])).toMatchObject({
      message: 'topics.list(query): argument 1 (query): query.serach is not a field of query (its fields: search, filter, offset, limit).',
      field: 'query.serach',
    });
    // What no Kafka request could carry: a partition count beyond INT32, a replication factor beyond INT16.
    expect(await refused('topics', 'previewCreate', [{ ...request, partitions: 2 ** 31 }])).toMatchObject({ field: 'request.partitions' });
    expect(await refused('topics', 'previewCreate', [{ ...request, replicationFactor: 40000 }])).toMatchObject({
      message:
        "topics.previewCreate(request): argument 1 (request): request.replicationFactor must be an integer from -32768 to 32767 (Kafka's INT16) or null, not 40000.",
    });
    expect(await refused('cluster', 'events', [1.5])).toMatchObject({
      message: 'cluster.events(limit, beforeSeq?): argument 1 (limit): limit must be an integer, not 1.5.',
      field: 'limit',
    });
    expect(await refused('topics', 'alterConfigs', ['orders', { 'retention.ms': 60000 }, { validateOnly: false }])).toMatchObject({
      message: 'topics.alterConfigs(topic, configs, options): argument 2 (configs): configs["retention.ms"] must be a string, not 60000.',
      field: 'configs["retention.ms"]',
    });
    expect(t.backend.calls).toEqual([]);
  });

  it('refuses too many arguments, saying how many the method takes', async () => {
    expect(await refused('cluster', 'overview', [1])).toMatchObject({
      name: 'INVALID_REQUEST',
      message: 'cluster.overview() takes no arguments, not 1.',
    });
    expect(await refused('topics', 'delete', ['a', 'b'])).toMatchObject({ message: 'topics.delete(topic) takes 1 argument, not 2.' });
    expect(await refused('logDirs', 'list', ['r', '', 0, 10, 'x'])).toMatchObject({
      message: 'logDirs.list(rootId, path, offset?, limit?) takes at most 4 arguments, not 5.',
    });
    expect(t.backend.calls).toEqual([]);
  });

  it("refuses __proto__ and other stray keys of an object, and passes a record's keys as plain data", async () => {
    expect(
      await refused('deletions', 'delete', JSON.parse('[{"topic":"a","confirmation":"a","__proto__":{"polluted":true}}]')),
    ).toMatchObject({
      field: 'request.__proto__',
    });
    const res = await postApi(
      t.port,
      'topics',
      'alterConfigs',
      '["orders", {"__proto__": "x", "constructor": "y"}, {"validateOnly": true}]',
      TOKEN,
    );
    expect(res.status).toBe(200);
    const configs = t.backend.calls[0]!.args[1] as Record<string, unknown>;
    expect(Object.getPrototypeOf(configs)).toBe(Object.prototype);
    expect(Object.entries(configs)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reads null as a left-out optional value (JSON.stringify turns undefined into null), and passes only declared fields', async () => {
    const res = await postApi(t.port, 'logDirs', 'list', ['broker-0/kafka-logs', '', null, 20], TOKEN);
    expect(res.status).toBe(200);
    expect(t.backend.calls[0]!.args).toEqual(['broker-0/kafka-logs', '', undefined, 20]);
    expect((await postApi(t.port, 'cluster', 'events', [50, null], TOKEN)).status).toBe(200);
    expect(t.backend.calls[1]!.args).toEqual([50]);
    // A nullable field keeps its null: there it means something (Kafka's default partitioner).
    expect(
      (
        await postApi(
          t.port,
          'messages',
          'produce',
          [{ topic: 'o', partition: null, key: null, value: null, acks: -1, timeoutMs: null }],
          TOKEN,
        )
      ).status,
    ).toBe(200);
    expect(t.backend.calls[2]!.args).toEqual([{ topic: 'o', partition: null, key: null, value: null, acks: -1 }]);
  });

  it('passes a valid call of every method on to its service unchanged', async () => {
    const res = await postApi(t.port, 'topics', 'create', sampleArgs('topics', 'create'), TOKEN);
    expect(res.status).toBe(200);
    expect(t.backend.calls[0]!.args).toEqual(sampleArgs('topics', 'create'));
  });
});
