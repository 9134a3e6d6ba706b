/**
 * An in-memory stand-in for Electron's ipcMain (the Electron binary cannot run here): a Map of
 * channel → handler, and `invoke` behaving as Electron does for `ipcRenderer.invoke` — a channel
 * without a handler rejects, a handler's exception rejects, its value resolves.
 */
import type { IpcInvokeEventLike, IpcMainLike } from '../../src-main/electron/ipc-bridge';

type Handler = (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>;

export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Handler>();

  handle(channel: string, listener: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  async invoke(channel: string, event: IpcInvokeEventLike, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    // Electron structured-clones arguments and results across processes.
    return structuredClone(await handler(event, ...structuredClone(args)));
  }
}

export function frameEvent(url: string | null): IpcInvokeEventLike {
  return { senderFrame: url === null ? null : { url } };
}
