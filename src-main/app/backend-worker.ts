/**
 * The backend's thread: the emulated cluster (controller, brokers, logs, ZooKeeper and their
 * listeners) and the API services run here, so that however long a cluster operation holds this
 * thread, the thread of the window (or the headless server) keeps handling input, menus and HTTP.
 * Calls arrive checked again by `callApi`: this thread trusts nothing it is sent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { callApi } from '../api/api-call';
import type { BackendOptions, DojoBackend } from '../api/backend';
import { errorMessage } from '../core/common/throwable';
import type { FromBackendWorker, ToBackendWorker } from './backend-worker-messages';
import { createBackend } from './create-backend';

const port = parentPort;
if (port === null) throw new Error('backend-worker.ts runs as a worker thread (see worker-backend.ts)');
const post = (message: FromBackendWorker): void => port.postMessage(message);

function logUnexpected(error: unknown, service: string, method: string): void {
  console.error(`Kafka Dojo: ${service}.${method} failed unexpectedly:`, error);
}

async function serve(backend: DojoBackend, message: ToBackendWorker): Promise<void> {
  switch (message.kind) {
    case 'call':
      post({
        kind: 'reply',
        id: message.id,
        reply: await callApi(backend.api, message.service, message.method, message.args, logUnexpected),
      });
      return;
    case 'metrics':
      post({ kind: 'metrics', id: message.id, text: (await backend.prometheusMetrics?.()) ?? null });
      return;
    case 'close':
      try {
        await backend.close();
        post({ kind: 'closed', id: message.id, error: null });
      } catch (error) {
        post({ kind: 'closed', id: message.id, error: errorMessage(error) });
      }
      return;
  }
}

createBackend(workerData as BackendOptions).then(
  (backend) => {
    backend.onPush((push) => post({ kind: 'push', push }));
    port.on('message', (message: ToBackendWorker) => void serve(backend, message));
    post({ kind: 'ready' });
  },
  (error: unknown) => post({ kind: 'failed', message: errorMessage(error) }),
);
