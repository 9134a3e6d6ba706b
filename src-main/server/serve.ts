/**
 * `npm run serve -- --data-dir DIR --port N --token T [--host H]`: the headless mode. Opens the
 * workspaces in DIR, serves the built renderer and the whole API, and prints the page's address
 * with its token in one line. Ctrl+C (SIGINT) or SIGTERM shuts the cluster down cleanly, also
 * when it comes during startup; a second one after a pause exits without waiting.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createWorkerBackend } from '../app/worker-backend';
import type { DojoBackend } from '../api/backend';
import { parseServeArgs, SERVE_USAGE, ServeArgsError } from './args';
import { generateToken } from './auth';
import { isLoopbackHost } from './host-check';
import { startHeadlessServer, type HeadlessServer } from './http-server';
import { handleShutdownSignals } from './shutdown-signals';
import { RENDERER_MISSING_MESSAGE } from './static-files';

interface Running {
  readonly server: HeadlessServer;
  readonly backend: DojoBackend;
}

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

  // Installed before the cluster starts: a Ctrl+C during startup stops it cleanly once it is up.
  let running: Running | null = null;
  let stopRequested = false;
  const stop = (started: Running): void => {
    void started.server
      .close()
      .then(() => started.backend.close())
      .then(
        () => {
          console.log('Kafka Dojo: the cluster shut down cleanly.');
          process.exit(0);
        },
        (error: unknown) => {
          console.error('Kafka Dojo: the cluster did not shut down cleanly:', error);
          process.exit(1);
        },
      );
  };
  handleShutdownSignals({
    shutdown() {
      stopRequested = true;
      console.log('Kafka Dojo: shutting the cluster down… (Ctrl+C again, after a second, exits without waiting)');
      if (running !== null) stop(running);
    },
    force(signal) {
      console.error(`Kafka Dojo: ${signal} again, exiting without waiting (the next start recovers the brokers' logs).`);
      process.exit(130);
    },
  });

  mkdirSync(args.dataDir, { recursive: true });
  // The cluster runs in a worker thread: this one keeps serving HTTP however busy the cluster is.
  const backend: DojoBackend = await createWorkerBackend({ dataDir: args.dataDir });
  let server: HeadlessServer;
  try {
    server = await startHeadlessServer({
      backend,
      token: args.token ?? generateToken(),
      host: args.host,
      port: args.port,
      rendererDir: args.rendererDir,
    });
  } catch (error) {
    await backend.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Kafka Dojo: port ${args.port} is in use: choose another --port (or --port 0 for any free one).`);
      process.exit(1);
    }
    throw error;
  }
  running = { server, backend };
  if (stopRequested) {
    stop(running);
    return;
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
}

main().catch((error: unknown) => {
  console.error('Kafka Dojo headless failed to start:', error);
  process.exit(1);
});
