/**
 * `GET /metrics`: the open cluster's metrics in the Prometheus text format 0.0.4, for a Prometheus
 * scrape (`authorization: { type: Bearer, credentials_file: … }`). The token is required as for
 * the API — the header only, never `?token=` — and answered 401 without it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROMETHEUS_CONTENT_TYPE } from '../protocol/prometheus/prometheus-text';
import { sendJson, sendUnauthorized } from './api-routes';
import { isAuthorized } from './auth';

export const METRICS_PATH = '/metrics';

export interface MetricsRouteOptions {
  readonly token: string;
  /** The text to serve, or absent when the backend has no metrics (404). */
  readonly prometheusMetrics?: () => string | Promise<string>;
}

export async function handleMetricsRequest(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  options: MetricsRouteOptions,
): Promise<void> {
  if (!isAuthorized(request, url, options.token, { allowQuery: false })) {
    sendUnauthorized(response);
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendJson(response, 405, { error: { name: 'INVALID_REQUEST', message: `Use GET for ${METRICS_PATH}.` } }, { Allow: 'GET, HEAD' });
    return;
  }
  if (options.prometheusMetrics === undefined) {
    sendJson(response, 404, { error: { name: 'NOT_FOUND', message: 'This server has no cluster metrics to serve.' } });
    return;
  }
  const text = await options.prometheusMetrics();
  response.writeHead(200, {
    'Content-Type': PROMETHEUS_CONTENT_TYPE,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}
