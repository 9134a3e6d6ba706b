import { contextBridge } from 'electron';

// Replaced at build time by electron-vite (see electron.vite.config.ts): a sandboxed preload
// cannot read package.json.
declare const __DOJO_VERSION__: string;

// The renderer's only door to the main process. It grows into the typed api/contract.ts bridge;
// never expose ipcRenderer itself.
const dojo = Object.freeze({
  version: __DOJO_VERSION__,
});

export type DojoBridge = typeof dojo;

contextBridge.exposeInMainWorld('dojo', dojo);
