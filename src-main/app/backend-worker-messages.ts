/**
 * The messages between the main thread and the backend worker (`backend-worker.ts`): API calls
 * answered as the transports' own `ApiReply`, the backend's pushes, the metrics scrape, and close.
 */
import type { ApiReply } from '../api/api-call';
import type { PushDto } from '../api/contract';

export type ToBackendWorker =
  | { readonly kind: 'call'; readonly id: number; readonly service: string; readonly method: string; readonly args: readonly unknown[] }
  | { readonly kind: 'metrics'; readonly id: number }
  | { readonly kind: 'close'; readonly id: number };

export type FromBackendWorker =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'reply'; readonly id: number; readonly reply: ApiReply }
  | { readonly kind: 'metrics'; readonly id: number; readonly text: string | null }
  | { readonly kind: 'closed'; readonly id: number; readonly error: string | null }
  | { readonly kind: 'push'; readonly push: PushDto };
