/** Raw HTTP for the server tests: node:http, so paths go out unnormalised and Host can be set. */
import { request } from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  json(): unknown;
}

export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** POST /api/<service>/<method> with a JSON array, as a script would. */
export function postApi(
  port: number,
  service: string,
  method: string,
  args: unknown,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(port, {
    method: 'POST',
    path: `/api/${service}/${method}`,
    headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers },
    body: typeof args === 'string' ? args : JSON.stringify(args),
  });
}
