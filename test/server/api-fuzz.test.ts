/**
 * Seeded random argument arrays to every API method over the real HTTP server and a real backend:
 * wrong counts, wrong types, nested garbage, huge numbers, NaN-ish strings, prototype-polluting
 * keys, valid calls with one thing wrong, and random valid calls. The answer is always 200, 400 or
 * 422 — never 500 — nothing pollutes a prototype, and the cluster still answers afterwards.
 * FUZZ_SEED and FUZZ_CALLS_PER_METHOD override the defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import type { ClusterOverviewDto } from '../../src-main/api/contract';
import { createBackend } from '../../src-main/app/create-backend';
import { SeededRandom } from '../../src-main/core/platform/random';
import { startHeadlessServer, type HeadlessServer } from '../../src-main/server/http-server';
import { fuzzArgs } from '../support/argument-samples';
import { makeTempDir } from '../support/temp-dir';
import { allMethods } from './fake-backend';
import { postApi } from './http-client';

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const CALLS_PER_METHOD = Number(process.env.FUZZ_CALLS_PER_METHOD ?? 100);
const TOKEN = 'fuzz-token';

const tmp = makeTempDir('dojo-api-fuzz-');
let backend: DojoBackend;
let server: HeadlessServer;
const unexpected: string[] = [];

beforeAll(async () => {
  backend = await createBackend({ dataDir: tmp.dir });
  server = await startHeadlessServer({
    backend,
    token: TOKEN,
    rendererDir: tmp.dir,
    onUnexpected: (error, service, method) =>
      unexpected.push(`${service}.${method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await backend?.close();
  tmp.cleanup();
});

describe(`API fuzz (seed ${SEED}, ${CALLS_PER_METHOD} calls per method)`, () => {
  it('answers every random call with 200, 400 or 422, and the cluster still answers', async () => {
    const rng = new SeededRandom(SEED);
    const methods = allMethods();
    const statuses = new Map<number, number>();
    // Every kind of failure once (its first call), so that one run shows them all.
    const failures = new Map<string, string>();
    for (let round = 0; round < CALLS_PER_METHOD; round++) {
      for (const [service, method] of methods) {
        const args = fuzzArgs(service, method, rng);
        const body = JSON.stringify(args);
        const res = await postApi(server.port, service, method, body, TOKEN);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const call = `round ${round}: POST /api/${service}/${method} ${body.slice(0, 400)} → ${res.status} ${res.text.slice(0, 400)}`;
        const reply = res.json() as { result?: unknown; error?: { name: unknown; message: unknown } };
        const wellFormed =
          res.status === 200
            ? Object.keys(reply).join() === 'result'
            : typeof reply.error?.name === 'string' && typeof reply.error.message === 'string';
        if (![200, 400, 422].includes(res.status) || !wellFormed) {
          const kind = `${service}.${method} ${res.status} ${String(reply.error?.message ?? '')
            .replace(/\d+/g, 'N')
            .slice(0, 120)}`;
          if (!failures.has(kind)) failures.set(kind, call);
        }
      }
    }
    expect([...failures.values()], `seed ${SEED}`).toEqual([]);
    expect(unexpected.slice(0, 5), `seed ${SEED}`).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted'], `seed ${SEED}`).toBeUndefined();
    // Most calls are refused by the check, and some get through to the services.
    expect(statuses.get(400) ?? 0, `seed ${SEED}`).toBeGreaterThan(0);
    expect((statuses.get(200) ?? 0) + (statuses.get(422) ?? 0), `seed ${SEED}`).toBeGreaterThan(0);

    const overview = await postApi(server.port, 'cluster', 'overview', [], TOKEN);
    expect(overview.status, `seed ${SEED}`).toBe(200);
    expect((overview.json() as { result: ClusterOverviewDto }).result.brokers.length, `seed ${SEED}`).toBeGreaterThan(0);
  }, 300_000);
});
