import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

// electron-vite looks for src/main, src/preload and src/renderer unless told otherwise; this
// project keeps src-main/ and src-renderer/, so every entry is given explicitly (setting only
// renderer.root fails).
const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  main: {
    build: {
      // The entry is named `index` so the output is out/main/index.js, which package.json "main" names.
      // The backend's worker thread (app/worker-backend.ts) loads out/main/backend-worker.js beside it.
      lib: {
        entry: {
          index: resolve(here, 'src-main/electron/main.ts'),
          'backend-worker': resolve(here, 'src-main/app/backend-worker.ts'),
        },
      },
      rolldownOptions: {
        // A native addon: it has to be loaded from node_modules at run time, never bundled.
        external: ['better-sqlite3', 'zstd-napi'],
      },
    },
  },
  preload: {
    define: { __DOJO_VERSION__: JSON.stringify(pkg.version) },
    build: {
      // CommonJS so the window can keep `sandbox: true` (a sandboxed preload cannot be an ES
      // module). The .cjs extension stops Node reading it as ESM under "type": "module".
      lib: { entry: { index: resolve(here, 'src-main/electron/preload.ts') }, formats: ['cjs'] },
      rolldownOptions: {
        output: { entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    build: {
      rolldownOptions: {
        input: resolve(here, 'src-renderer/index.html'),
      },
    },
    plugins: [vue()],
  },
});
