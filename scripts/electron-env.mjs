// What `npm start` and `npm run rebuild:electron` need to know about Electron here, found without
// running anything: `require('electron')` would try to download a missing binary (from GitHub),
// so the binary's path is read the way electron/index.js finds it, minus the download.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

export const ROOT = resolve(import.meta.dirname, '..');

/** build/electron/: better-sqlite3 built for Electron's ABI, beside (not over) Node's build. */
export const ELECTRON_BUILD_DIR = join(ROOT, 'build', 'electron');
export const ELECTRON_SQLITE_BINDING = join(ELECTRON_BUILD_DIR, 'better_sqlite3.node');
export const ELECTRON_SQLITE_STAMP = join(ELECTRON_BUILD_DIR, 'better_sqlite3.json');

export function packageDir(name) {
  return dirname(require.resolve(`${name}/package.json`, { paths: [ROOT] }));
}

export function packageVersion(name) {
  return JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version;
}

/** The Electron executable if it is installed, else null (never downloads). */
export function electronBinary() {
  let dir;
  try {
    dir = packageDir('electron');
  } catch {
    return null;
  }
  const pathFile = join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const full = join(override, relative || 'electron');
    return existsSync(full) ? full : null;
  }
  if (!relative) return null;
  const full = join(dir, 'dist', relative);
  return existsSync(full) ? full : null;
}

/** Whether build/electron/better_sqlite3.node was built for the installed Electron and better-sqlite3. */
export function electronSqliteBindingReady() {
  if (!existsSync(ELECTRON_SQLITE_BINDING) || !existsSync(ELECTRON_SQLITE_STAMP)) return false;
  try {
    const stamp = JSON.parse(readFileSync(ELECTRON_SQLITE_STAMP, 'utf8'));
    return stamp.electron === packageVersion('electron') && stamp.betterSqlite3 === packageVersion('better-sqlite3');
  } catch {
    return false;
  }
}
