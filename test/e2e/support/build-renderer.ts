/**
 * Builds the renderer the headless server serves. CI runs `npm test` before `npm run build`, so the
 * end-to-end suite cannot rely on out/renderer: it runs `electron-vite build` itself, into a folder
 * of its own under .tmp/ (never out/, which `npm run build` and a developer's `npm run dev` own).
 * The build takes a few seconds; it runs once per suite, each suite (a separate process, and suites
 * run in parallel) into a folder of its own, removed when the suite closes.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const ELECTRON_VITE = join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js');
/** Absolute: electron-vite resolves a relative --outDir of the renderer against src-renderer/. */
export const E2E_BUILD_ROOT = join(ROOT, '.tmp/e2e-build');

export interface RendererBuild {
  /** The folder the headless server serves. */
  readonly rendererDir: string;
  remove(): void;
}

/** Runs the production build into .tmp/e2e-build/<pid> and returns the renderer folder in it. */
export async function buildRenderer(): Promise<RendererBuild> {
  const buildDir = join(E2E_BUILD_ROOT, String(process.pid));
  rmSync(buildDir, { recursive: true, force: true });
  const output: string[] = [];
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [ELECTRON_VITE, 'build', '--outDir', buildDir, '--logLevel', 'warn'], {
      cwd: ROOT,
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('close', resolvePromise);
  });
  const rendererDir = join(buildDir, 'renderer');
  if (code !== 0 || !existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`electron-vite build failed (exit ${code}):\n${output.join('')}`);
  }
  return { rendererDir, remove: () => rmSync(buildDir, { recursive: true, force: true }) };
}
