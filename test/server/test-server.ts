/**
 * A headless server on 127.0.0.1 and a random free port, over a fake backend and a small renderer
 * folder in a temp dir (with a package.json beside it, the target of the traversal tests).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHeadlessServer, type HeadlessServer, type HeadlessServerOptions } from '../../src-main/server/http-server';
import { createFakeBackend, type FakeBackend } from './fake-backend';

export const TOKEN = 'test-token-0123456789abcdef';
export const SECRET = '{"name":"kafka-dojo-secret-outside-the-renderer"}';
export const INDEX_HTML = '<!doctype html><html><head><title>Kafka Dojo</title></head><body><div id="app"></div></body></html>';

export interface TestServer {
  readonly server: HeadlessServer;
  readonly backend: FakeBackend;
  readonly port: number;
  readonly dir: string;
  readonly rendererDir: string;
  readonly unexpected: unknown[];
  stop(): Promise<void>;
}

export async function startTestServer(options: Partial<HeadlessServerOptions> & { withRenderer?: boolean } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-server-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), SECRET);
  if (options.withRenderer !== false) {
    writeFileSync(join(rendererDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(rendererDir, 'assets', 'index-abc123.js'), 'console.log("dojo");\n');
    writeFileSync(join(rendererDir, 'assets', 'index-abc123.css'), 'body{margin:0}\n');
  }
  const backend = createFakeBackend();
  const unexpected: unknown[] = [];
  const server = await startHeadlessServer({
    backend,
    token: TOKEN,
    rendererDir,
    onUnexpected: (error) => unexpected.push(error),
    ...options,
  });
  return {
    server,
    backend,
    port: server.port,
    dir,
    rendererDir,
    unexpected,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
