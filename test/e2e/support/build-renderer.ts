/**
 * Builds the renderer the headless server serves. CI runs `npm test` before `npm run build`, so the
 * end-to-end suite cannot rely on out/renderer: it runs `electron-vite build` itself, into a folder
 * of its own under .tmp/ (never out/, which `npm run build` and a developer's `npm run dev` own).
 * The build takes a few seconds; it runs once per suite.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const ELECTRON_VITE = join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js');
/** Absolute: electron-vite resolves a relative --outDir of the renderer against src-renderer/. */
export const E2E_BUILD_DIR = join(ROOT, '.tmp/e2e-build');

/** Runs the production build into .tmp/e2e-build and returns the renderer folder in it. */
export async function buildRenderer(): Promise<string> {
  rmSync(E2E_BUILD_DIR, { recursive: true, force: true });
  const output: string[] = [];
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [ELECTRON_VITE, 'build', '--outDir', E2E_BUILD_DIR, '--logLevel', 'warn'], {
      cwd: ROOT,
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('close', resolvePromise);
  });
  const rendererDir = join(E2E_BUILD_DIR, 'renderer');
  if (code !== 0 || !existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`electron-vite build failed (exit ${code}):\n${output.join('')}`);
  }
  return rendererDir;
}
