/**
 * What a transport (the Electron IPC bridge, the headless server) is given: the API to call, the
 * pushes to forward, and a way to stop everything. `app/create-backend.ts` builds the real one over a
 * folder of workspaces.
 */
import type { ApiErrorDto, DojoApi, LocalizedText, PushDto } from './contract';

export interface DojoBackend {
  readonly api: DojoApi;
  /** Subscribes to pushes (events, workspace changes); returns the unsubscribe function. */
  onPush(listener: (push: PushDto) => void): () => void;
  /** Shuts the open cluster down cleanly and closes its files. */
  close(): Promise<void>;
  /** The open cluster's metrics in the Prometheus text format (`GET /metrics`); absent: the transport has none to serve. */
  prometheusMetrics?(): string | Promise<string>;
}

export interface BackendOptions {
  /** The folder holding every workspace (one subfolder each) and their snapshots. */
  readonly dataDir: string;
  /** Open (or create) a workspace at start; default true. */
  readonly openDefault?: boolean;
  /** Give every broker a Kafka wire-protocol listener on 127.0.0.1 (9092 + id, or a free port); default true. */
  readonly kafkaListeners?: boolean;
}

/**
 * Errors services throw that a transport must pass to the UI as `{ error: ApiErrorDto }` (instead
 * of a generic failure): `name` is Kafka's error name or INVALID_INPUT. `text` is for a person, in
 * both languages (Kafka's own messages are English in both, see `kafkaText`); the Error's `message`
 * is its English, which scripts of the headless API and the CLI read.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly errorName: string,
    readonly text: LocalizedText,
    readonly field?: string,
  ) {
    super(text.en);
  }

  toDto(): ApiErrorDto & { readonly text: LocalizedText } {
    return {
      name: this.errorName,
      message: this.text.en,
      text: this.text,
      ...(this.field === undefined ? {} : { field: this.field }),
    };
  }
}
