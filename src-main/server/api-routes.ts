/**
 * `POST /api/<service>/<method>` with a JSON array of arguments: the whole API for classes and
 * scripts (and for the renderer in a browser). Replies are JSON: `200 { result }`, or an error
 * status with `{ error: ApiErrorDto }`.
 *
 * | status | when |
 * |---|---|
 * | 401 | no token, or a wrong one (`Authorization: Bearer <token>`) |
 * | 404 | no such service or method |
 * | 405 | not a POST |
 * | 400 | the body is not a JSON array, or the arguments do not fit the method (INVALID_REQUEST: which argument, which field) |
 * | 413 | the body is larger than the limit |
 * | 422 | the service refused the call in Kafka's or ZooKeeper's words (its error name — Kafka's own UNKNOWN_SERVER_ERROR too, as for an AlterConfigs of a missing topic —, message, field) |
 * | 500 | anything else went wrong (UNKNOWN_SERVER_ERROR, the message only) |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiMethod } from '../api/api-methods';
import type { ApiErrorDto, DojoApi } from '../api/contract';
import { callApi, INVALID_REQUEST, type UnexpectedErrorLogger } from '../api/api-call';
import { ApiError } from '../api/backend';
import { isAuthorized } from './auth';

export const API_PREFIX = '/api/';

/** 8 MiB: a record of Kafka's default 1 MiB `message.max.bytes`, even as hex, fits with room. */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface ApiRouteOptions {
  readonly api: DojoApi;
  readonly token: string;
  readonly maxBodyBytes: number;
  readonly onUnexpected?: UnexpectedErrorLogger;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  });
  response.end(text);
}

function sendError(response: ServerResponse, status: number, error: ApiErrorDto, extraHeaders: Record<string, string> = {}): void {
  sendJson(response, status, { error }, extraHeaders);
}

/** 401 for a request without the token (or with a wrong one): the API's and /metrics' answer. */
export function sendUnauthorized(response: ServerResponse): void {
  sendError(
    response,
    401,
    new ApiError('UNAUTHORIZED', {
      en: 'This server needs its token: send the header Authorization: Bearer <token> (the token is printed at start).',
      'zh-CN': '此服务器需要令牌：请发送请求头 Authorization: Bearer <token>（令牌在启动时打印）。',
    }).toDto(),
    { 'WWW-Authenticate': 'Bearer realm="kafka-dojo"' },
  );
}

class BodyTooLarge extends Error {}

/** The request body as text, refusing (without reading on) more than `limit` bytes. */
function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        request.off('data', onData);
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function statusOf(reply: { readonly error: ApiErrorDto; readonly unexpected?: true }): number {
  if (reply.unexpected) return 500;
  return reply.error.name === INVALID_REQUEST ? 400 : 422;
}

/** Handles a request whose path starts with /api/. */
export async function handleApiRequest(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  options: ApiRouteOptions,
): Promise<void> {
  if (!isAuthorized(request, url, options.token, { allowQuery: false })) {
    sendUnauthorized(response);
    return;
  }
  const parts = url.pathname.slice(API_PREFIX.length).split('/');
  const [service, method] = parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return '';
    }
  });
  if (parts.length !== 2 || service === undefined || method === undefined || !isApiMethod(service, method)) {
    const text = {
      en: `There is no API method ${parts.join('.')}: the path is /api/<service>/<method>.`,
      'zh-CN': `不存在 API 方法 ${parts.join('.')}：路径应为 /api/<service>/<method>。`,
    };
    sendError(response, 404, new ApiError('UNKNOWN_METHOD', text).toDto());
    return;
  }
  if (request.method !== 'POST') {
    sendError(
      response,
      405,
      new ApiError(INVALID_REQUEST, {
        en: 'Use POST with a JSON array of arguments.',
        'zh-CN': '请用 POST 发送参数组成的 JSON 数组。',
      }).toDto(),
      { Allow: 'POST' },
    );
    return;
  }
  let body: string;
  try {
    body = await readBody(request, options.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      // The rest of the body is not read: close the connection after the reply.
      sendError(
        response,
        413,
        new ApiError(INVALID_REQUEST, {
          en: `The request body is larger than ${options.maxBodyBytes} bytes.`,
          'zh-CN': `请求体超过 ${options.maxBodyBytes} 字节。`,
        }).toDto(),
        { Connection: 'close' },
      );
      request.resume();
      return;
    }
    throw error;
  }
  let args: unknown;
  try {
    args = JSON.parse(body);
  } catch {
    args = undefined;
  }
  if (!Array.isArray(args)) {
    const text = {
      en: 'The body must be a JSON array of the arguments, e.g. [] or [{"name":"orders"}].',
      'zh-CN': '请求体必须是参数组成的 JSON 数组，例如 [] 或 [{"name":"orders"}]。',
    };
    sendError(response, 400, new ApiError(INVALID_REQUEST, text).toDto());
    return;
  }
  const reply = await callApi(options.api, service, method, args, options.onUnexpected);
  if ('error' in reply) {
    sendError(response, statusOf(reply), reply.error);
  } else {
    sendJson(response, 200, reply);
  }
}
