// npm run rebuild:electron — builds better-sqlite3 for the installed Electron's ABI into
// build/electron/better_sqlite3.node, leaving node_modules/better-sqlite3 (Node's build, which the
// tests use) untouched. The main process hands that file to better-sqlite3's `nativeBinding`.
//
// Works on a copy of the package in build/electron/better-sqlite3/: first the prebuilt binary that
// better-sqlite3 publishes for Electron (prebuild-install), else a compile against Electron's headers
// (node-gyp, as npm bundles it). Both download (GitHub, electronjs.org): it needs the internet once.
// (@electron/rebuild is not used: 4.x needs Node 22, 3.x depends on a GitHub tarball npm cannot
// fetch from the registry, and both rebuild in place.)
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { ELECTRON_BUILD_DIR, ELECTRON_SQLITE_BINDING, ELECTRON_SQLITE_STAMP, packageDir, packageVersion } from './electron-env.mjs';

const require = createRequire(import.meta.url);

// npm passes its configuration to scripts as npm_config_* variables, and node-gyp and
// prebuild-install obey them over their own arguments: a global `nodedir=/usr` (Debian's npm has
// one) would silently build against Node's headers. Drop the ones that choose the target.
const TARGET_CONFIG = /^npm_config_(nodedir|target|target_arch|arch|runtime|disturl|dist_url|platform|build_from_source)$/i;
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !TARGET_CONFIG.test(name)));

function run(label, command, args, cwd) {
  console.log(`rebuild:electron: ${label}`);
  const result = spawnSync(command, args, { cwd, env: childEnv, stdio: 'inherit', timeout: 15 * 60_000 });
  return result.status === 0;
}

/**
 * The ABI a built addon targets, checked by asking this Node to load it: Node refuses an addon of
 * another ABI and names its NODE_MODULE_VERSION, and loads one built for itself (the mistake to
 * catch). null: it failed to load for another reason (a symbol of Electron's), so it is not Node's.
 */
function builtAbi(file) {
  try {
    process.dlopen({ exports: {} }, file);
    return process.versions.modules;
  } catch (error) {
    const match = /using\s+NODE_MODULE_VERSION\s+(\d+)/.exec(String(error?.message));
    return match ? match[1] : null;
  }
}

function nodeGypScript() {
  const candidates = [];
  if (process.env.npm_execpath)
    candidates.push(join(dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  candidates.push(join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  try {
    candidates.push(require.resolve('node-gyp/bin/node-gyp.js'));
  } catch {
    // not installed locally
  }
  return candidates.find((file) => existsSync(file)) ?? null;
}

const electronVersion = packageVersion('electron');
const sqliteDir = packageDir('better-sqlite3');
const sqliteVersion = packageVersion('better-sqlite3');
const work = join(ELECTRON_BUILD_DIR, 'better-sqlite3');

console.log(`rebuild:electron: better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (${process.platform}-${process.arch})`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
cpSync(sqliteDir, work, {
  recursive: true,
  filter: (source) => {
    const inside = relative(sqliteDir, source);
    return inside !== 'build' && !inside.startsWith(`build${sep}`);
  },
});

const electronArgs = [`--runtime=electron`, `--target=${electronVersion}`, `--arch=${process.arch}`];
let built = false;
try {
  const prebuild = require.resolve('prebuild-install/bin.js', { paths: [sqliteDir] });
  built = run(
    'downloading the prebuilt binary (prebuild-install)…',
    process.execPath,
    [prebuild, ...electronArgs, `--platform=${process.platform}`],
    work,
  );
} catch {
  console.log('rebuild:electron: prebuild-install is not installed, compiling instead.');
}
if (!built) {
  const nodeGyp = nodeGypScript();
  if (nodeGyp === null) {
    console.error('rebuild:electron: node-gyp not found (it ships with npm); install it with npm install -g node-gyp.');
  } else {
    built = run(
      "compiling against Electron's headers (node-gyp, a few minutes)…",
      process.execPath,
      [nodeGyp, 'rebuild', '--release', ...electronArgs, '--dist-url=https://electronjs.org/headers'],
      work,
    );
  }
}
const output = join(work, 'build', 'Release', 'better_sqlite3.node');
if (!built || !existsSync(output)) {
  console.error(
    'rebuild:electron: better-sqlite3 could not be built for Electron (offline? see above). The Node build in node_modules is untouched.',
  );
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}
const electronAbi = readFileSync(join(packageDir('electron'), 'abi_version'), 'utf8').trim();
const abi = builtAbi(output);
if (abi !== null && abi !== electronAbi) {
  console.error(
    `rebuild:electron: the build targets NODE_MODULE_VERSION ${abi}, not Electron ${electronVersion}'s ${electronAbi}; nothing written.`,
  );
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}
copyFileSync(output, ELECTRON_SQLITE_BINDING);
writeFileSync(
  ELECTRON_SQLITE_STAMP,
  `${JSON.stringify({ electron: electronVersion, abi: electronAbi, betterSqlite3: sqliteVersion, platform: process.platform, arch: process.arch }, null, 2)}\n`,
);
rmSync(work, { recursive: true, force: true });
console.log(`rebuild:electron: wrote ${ELECTRON_SQLITE_BINDING}`);
