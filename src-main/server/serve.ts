/**
 * `npm run serve -- --data-dir DIR --port N --token T [--host H]`: the headless mode. Opens the
 * workspaces in DIR, serves the built renderer and the whole API, and prints the page's address
 * with its token in one line. Ctrl+C (SIGINT) or SIGTERM shuts the cluster down cleanly.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createBackend } from '../api/create-backend';
import type { DojoBackend } from '../api/backend';
import { parseServeArgs, SERVE_USAGE, ServeArgsError } from './args';
import { generateToken } from './auth';
import { isLoopbackHost } from './host-check';
import { startHeadlessServer, type HeadlessServer } from './http-server';
import { RENDERER_MISSING_MESSAGE } from './static-files';

async function main(): Promise<void> {
  let args;
  try {
    args = parseServeArgs(process.argv.slice(2), {
      env: process.env,
      defaultRendererDir: resolve(import.meta.dirname, '../../out/renderer'),
    });
  } catch (error) {
    if (!(error instanceof ServeArgsError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (args.help) {
    console.log(SERVE_USAGE);
    return;
  }
  if (!existsSync(join(args.rendererDir, 'index.html'))) console.warn(`Kafka Dojo: ${RENDERER_MISSING_MESSAGE} The API works meanwhile.`);
  if (!isLoopbackHost(args.host)) {
    console.warn(`Kafka Dojo: listening on ${args.host}: anyone who can reach this machine and has the token can drive the cluster.`);
  }

  mkdirSync(args.dataDir, { recursive: true });
  const backend: DojoBackend = await createBackend({ dataDir: args.dataDir });
  let server: HeadlessServer;
  try {
    server = await startHeadlessServer({ backend, token: args.token ?? generateToken(), host: args.host, port: args.port, rendererDir: args.rendererDir });
  } catch (error) {
    await backend.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Kafka Dojo: port ${args.port} is in use: choose another --port (or --port 0 for any free one).`);
      process.exit(1);
    }
    throw error;
  }
  console.log(`Kafka Dojo headless: ${server.url}`);
  console.log(`  workspaces in ${args.dataDir}; Ctrl+C stops the cluster cleanly.`);
  // The open cluster's ZooKeeper client port, now and for each workspace opened later.
  let printedFor: string | null = null;
  const printZooKeeper = async () => {
    const overview = await backend.api.cluster.overview().catch(() => null);
    if (!overview?.zookeeperConnect || overview.workspaceId === printedFor) return;
    printedFor = overview.workspaceId;
    console.log(`ZooKeeper: ${overview.zookeeperConnect}`);
  };
  await printZooKeeper();
  backend.onPush((push) => {
    if (push.type === 'workspace-changed' && push.workspace) void printZooKeeper();
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.error(`Kafka Dojo: ${signal} again, exiting without waiting.`);
      process.exit(130);
    }
    stopping = true;
    console.log('Kafka Dojo: shutting the cluster down…');
    void server
      .close()
      .then(() => backend.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Kafka Dojo: the cluster did not shut down cleanly:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Kafka Dojo headless failed to start:', error);
  process.exit(1);
});
