// npm start — the Electron app when Electron can run here; otherwise the same app in headless mode
// (the built renderer and the API on 127.0.0.1, in any browser), with one line saying why.
//
//   Electron installed → better-sqlite3 built for Electron if needed (npm run rebuild:electron)
//                      → electron-vite preview (a production build, then the app)
//   otherwise          → npm run build if out/ is older than the sources
//                      → the headless server on ~/.kafka-dojo/workspaces, printing its URL
// Extra arguments go to the headless server (e.g. npm start -- --port 8080).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { electronBinary, electronSqliteBindingReady, packageDir, ROOT } from './electron-env.mjs';

const electronVite = join(packageDir('electron-vite'), 'bin', 'electron-vite.js');

function runSync(script, args) {
  return spawnSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

/**
 * Runs a node script as the foreground child until it exits; Ctrl+C reaches it directly (same
 * process group), so this process relays nothing: a relayed copy would be a second Ctrl+C.
 */
function runForeground(script, args, nodeOptions = []) {
  const child = spawn(process.execPath, [...nodeOptions, script, ...args], { cwd: ROOT, stdio: 'inherit' });
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}

function newestMtimeMs(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtimeMs(join(path, entry)));
  }
  return newest;
}

/** out/renderer is missing or older than what it is built from. */
function rendererBuildStale() {
  const built = join(ROOT, 'out', 'renderer', 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(
    newestMtimeMs(join(ROOT, 'src-renderer')),
    newestMtimeMs(join(ROOT, 'src-main', 'api', 'contract.ts')),
    newestMtimeMs(join(ROOT, 'electron.vite.config.ts')),
    newestMtimeMs(join(ROOT, 'package.json')),
  );
  return statSync(built).mtimeMs < sources;
}

function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

function serveHeadless(reason) {
  console.log(reason);
  if (rendererBuildStale()) {
    console.log('Building the app (npm run build)…');
    const status = runSync(electronVite, ['build']);
    if (status !== 0) process.exit(status);
  }
  // tsx as a loader of this node, not as its parent: tsx's CLI relays signals to its child and
  // SIGKILLs it when the child does not acknowledge the relay within 30 ms.
  const tsxLoader = pathToFileURL(join(packageDir('tsx'), 'dist', 'loader.mjs')).href;
  const hasDataDir = process.argv.slice(2).some((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='));
  const dataDir = hasDataDir ? [] : ['--data-dir', join(homedir(), '.kafka-dojo', 'workspaces')];
  runForeground(join(ROOT, 'src-main', 'server', 'serve.ts'), [...dataDir, ...process.argv.slice(2)], ['--import', tsxLoader]);
}

const electron = electronBinary();
if (electron === null) {
  serveHeadless("Electron's binary is not installed here (offline?); serving the same app in headless mode instead.");
} else if (!hasDisplay()) {
  serveHeadless('No display to open a window on (DISPLAY is not set); serving the same app in headless mode instead.');
} else if (!electronSqliteBindingReady() && runSync(join(ROOT, 'scripts', 'rebuild-electron.mjs'), []) !== 0) {
  serveHeadless('better-sqlite3 could not be built for Electron (see above); serving the same app in headless mode instead.');
} else {
  runForeground(electronVite, ['preview']);
}
