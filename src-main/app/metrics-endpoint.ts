/**
 * The desktop app's optional Prometheus endpoint: only `GET /metrics` — the headless server's
 * route, token and host check —, on 127.0.0.1 and nowhere else; the window talks to the cluster
 * over IPC and needs no HTTP server. Wired here, in the composition root, for the Electron main. Switched on by `KAFKA_DOJO_METRICS_PORT` with the token in
 * `KAFKA_DOJO_TOKEN`; without a token it stays off (a scrape endpoint needs one).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DojoBackend } from '../api/backend';
import { sendJson } from '../server/api-routes';
import { checkHost } from '../server/host-check';
import { handleMetricsRequest, METRICS_PATH } from '../server/metrics-route';

const LOOPBACK = '127.0.0.1';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(backend: DojoBackend, token: string, port: number): Promise<MetricsServer> {
  const check = { boundHost: LOOPBACK, port: 0 };
  const server: Server = createServer((request, response) => {
    const refused = checkHost(request, check);
    if (refused !== null) {
      sendJson(response, 403, { error: { name: 'FORBIDDEN', message: refused } });
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== METRICS_PATH) {
      sendJson(response, 404, { error: { name: 'NOT_FOUND', message: `Only ${METRICS_PATH} is served here.` } });
      return;
    }
    handleMetricsRequest(request, response, url, { token, prometheusMetrics: backend.prometheusMetrics?.bind(backend) }).catch(() => {
      if (!response.headersSent)
        sendJson(response, 500, { error: { name: 'UNKNOWN_SERVER_ERROR', message: 'The metrics could not be read.' } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  check.port = (server.address() as AddressInfo).port;
  return {
    port: check.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The endpoint the environment asks for (`KAFKA_DOJO_METRICS_PORT`, `KAFKA_DOJO_TOKEN`), or null when it is off or misconfigured (said on stderr). */
export async function startMetricsServerFromEnv(
  backend: DojoBackend,
  env: Readonly<Record<string, string | undefined>>,
): Promise<MetricsServer | null> {
  const portText = env['KAFKA_DOJO_METRICS_PORT'];
  if (portText === undefined || portText === '') return null;
  const port = Number(portText);
  const token = env['KAFKA_DOJO_TOKEN'] ?? '';
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Kafka Dojo: KAFKA_DOJO_METRICS_PORT=${portText} is not a port: the metrics endpoint stays off.`);
    return null;
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    console.error(
      'Kafka Dojo: KAFKA_DOJO_METRICS_PORT needs KAFKA_DOJO_TOKEN (printable ASCII, no spaces): the metrics endpoint stays off.',
    );
    return null;
  }
  const started = await startMetricsServer(backend, token, port);
  console.log(`Kafka Dojo: Prometheus metrics on http://${LOOPBACK}:${started.port}${METRICS_PATH}`);
  return started;
}
