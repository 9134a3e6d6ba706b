/**
 * The desktop app's opt-in Prometheus endpoint: off unless KAFKA_DOJO_METRICS_PORT and a token are
 * given; on, it serves only GET /metrics on 127.0.0.1, with the headless server's token and host checks.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import { startMetricsServer, startMetricsServerFromEnv, type MetricsServer } from '../../src-main/app/metrics-endpoint';
import { PROMETHEUS_CONTENT_TYPE } from '../../src-main/protocol/prometheus/prometheus-text';

const TEXT = '# HELP znode_count znode_count\n# TYPE znode_count gauge\nznode_count 7.0\n';
const backend: DojoBackend = {
  api: {} as DojoBackend['api'],
  onPush: () => () => {},
  close: async () => {},
  prometheusMetrics: () => TEXT,
};
let started: MetricsServer | null = null;

afterEach(async () => {
  await started?.close();
  started = null;
  vi.restoreAllMocks();
});

function statusWithHost(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/metrics', headers: { Host: host, Authorization: 'Bearer tok' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the desktop metrics endpoint', () => {
  it('stays off without a port, and without a token or with a bad port (saying so)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await startMetricsServerFromEnv(backend, {})).toBeNull();
    expect(await startMetricsServerFromEnv(backend, { KAFKA_DOJO_METRICS_PORT: '0' })).toBeNull();
    expect(await startMetricsServerFromEnv(backend, { KAFKA_DOJO_METRICS_PORT: 'x', KAFKA_DOJO_TOKEN: 't' })).toBeNull();
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('serves GET /metrics with the token; 401 without it, 404 for anything else (no API here)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    started = await startMetricsServerFromEnv(backend, { KAFKA_DOJO_METRICS_PORT: '0', KAFKA_DOJO_TOKEN: 'desk-token' });
    expect(started).not.toBeNull();
    const base = `http://127.0.0.1:${started!.port}`;
    const ok = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer desk-token' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
    expect(await ok.text()).toBe(TEXT);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/api/cluster/overview`, { headers: { Authorization: 'Bearer desk-token' } })).status).toBe(404);
  });

  it('refuses a Host that is not loopback (DNS rebinding), as the headless server does', async () => {
    started = await startMetricsServer(backend, 'tok', 0);
    expect(await statusWithHost(started.port, `127.0.0.1:${started.port}`)).toBe(200);
    expect(await statusWithHost(started.port, `evil.example:${started.port}`)).toBe(403);
  });
});
