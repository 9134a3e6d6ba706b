/**
 * The shape of `window.dojo` (types only; the renderer may import them with `import type`).
 *
 * `api.<service>.<method>(...args)` resolves to the method's result (`null` for a method that
 * returns nothing), or rejects with a plain object `{ error: ApiErrorDto }` when the API refused
 * or failed the call — the same `{ error }` the headless server sends as its body. A plain object,
 * not an Error: contextBridge copies objects whole but keeps only the message of an Error. When the
 * main process refuses the message itself (unknown sender) the call rejects with an Error.
 */
import type { ApiErrorDto, DojoApi, PushDto } from '../api/contract';
import type { MenuCommand } from './channels';

export type DojoBridgeApi = DojoApi;

/** What a refused call rejects with. */
export interface DojoBridgeRejection {
  readonly error: ApiErrorDto;
}

export interface DojoBridge {
  /** package.json's version. */
  readonly version: string;
  readonly api: DojoBridgeApi;
  /** Every push of the backend (events, workspace changes); returns the unsubscribe function. */
  onPush(listener: (push: PushDto) => void): () => void;
  /** Commands of the application menu (File › New cluster…); returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

export type { MenuCommand };
