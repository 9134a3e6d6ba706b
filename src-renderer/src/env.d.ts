/// <reference types="vite/client" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

// What the preload exposes (src-main/electron/preload.ts). Absent when the UI runs in an ordinary
// browser against the headless server, hence optional.
interface Window {
  readonly dojo?: {
    readonly version: string;
    readonly api: import('../../src-main/api/contract').DojoApi;
    onPush(listener: (push: import('../../src-main/api/contract').PushDto) => void): () => void;
    /** Commands of the application menu (`new-cluster`); Electron only. */
    onMenuCommand?(listener: (command: string) => void): () => void;
  };
}
