/**
 * The backend in a worker thread (`backend-worker.ts`), seen from the thread that hosts the window
 * or the headless server as an ordinary `DojoBackend`: each API method posts the call and resolves
 * with its reply. Refusals come back as `ApiError`s carrying the worker's dto, so both transports
 * answer exactly as with the backend in their own thread.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { API_METHODS } from '../api/api-methods';
import type { ApiReply } from '../api/api-call';
import { ApiError, type BackendOptions, type DojoBackend } from '../api/backend';
import type { ApiErrorDto, DojoApi, PushDto, ServiceName } from '../api/contract';
import { kafkaText } from '../api/localized-text';
import type { FromBackendWorker, ToBackendWorker } from './backend-worker-messages';

/** A refusal the worker's services made, as they made it (its dto carries both languages). */
function workerRefusal(dto: ApiErrorDto): ApiError {
  // Kafka's text: a refusal from before the worker carried both languages, in Kafka's words.
  return new ApiError(dto.name, dto.text ?? kafkaText(dto.message), dto.field);
}

/**
 * The worker: from the `.js` electron-vite builds beside the main bundle, or, run from source (tsx,
 * the tests), from `backend-worker.ts` through tsx's loader registered in the new thread — an
 * `--import tsx` in `execArgv` is not honoured by Node 20's workers.
 */
function startWorker(options: BackendOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./backend-worker.js', import.meta.url), { workerData: options });
  // tsx's ESM API (`tsx/esm/api`, its import condition) registers its hooks in the new thread.
  const tsxApi = new URL('./api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm'))).href;
  const entry = new URL('./backend-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: options });
}

export async function createWorkerBackend(options: BackendOptions): Promise<DojoBackend> {
  const worker = startWorker(options);
  const pending = new Map<number, (message: FromBackendWorker) => void>();
  const pushListeners = new Set<(push: PushDto) => void>();
  let nextId = 1;
  let exited: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromBackendWorker) => {
      if (message.kind === 'ready') resolve();
      else if (message.kind === 'failed') reject(new Error(message.message));
      else if (message.kind === 'push') for (const listener of pushListeners) listener(message.push);
      else {
        const settle = pending.get(message.id);
        pending.delete(message.id);
        settle?.(message);
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      exited = new Error(`the backend's worker thread exited (code ${code})`);
      reject(exited);
      for (const settle of pending.values()) settle({ kind: 'closed', id: 0, error: exited.message });
      pending.clear();
    });
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const request = (message: ToBackendWorker): Promise<FromBackendWorker> => {
    if (exited !== null) return Promise.reject(exited);
    return new Promise((resolve) => {
      pending.set(message.id, resolve);
      worker.postMessage(message);
    });
  };

  const call = async (service: string, method: string, args: readonly unknown[]): Promise<unknown> => {
    const answer = await request({ kind: 'call', id: nextId++, service, method, args });
    if (answer.kind !== 'reply') throw new Error(answer.kind === 'closed' && answer.error !== null ? answer.error : 'no reply');
    const reply: ApiReply = answer.reply;
    if ('result' in reply) return reply.result;
    if (reply.unexpected) throw new Error(reply.error.message);
    throw workerRefusal(reply.error);
  };

  const api = Object.fromEntries(
    (Object.keys(API_METHODS) as ServiceName[]).map((service) => [
      service,
      Object.fromEntries(API_METHODS[service].map((method: string) => [method, (...args: unknown[]) => call(service, method, args)])),
    ]),
  ) as unknown as DojoApi;

  return {
    api,
    onPush(listener) {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    async close() {
      if (exited === null) {
        const answer = await request({ kind: 'close', id: nextId++ });
        await worker.terminate();
        if (answer.kind === 'closed' && answer.error !== null) throw new Error(answer.error);
      }
    },
    async prometheusMetrics() {
      const answer = await request({ kind: 'metrics', id: nextId++ });
      return answer.kind === 'metrics' ? (answer.text ?? '') : '';
    },
  };
}
