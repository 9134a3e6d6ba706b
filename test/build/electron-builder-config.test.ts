// The installer configuration, checked without building (no Electron download here): read and
// validated by electron-builder's own code, and every file it names present or made by `npm run dist`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELECTRON_SQLITE_BINDING } from '../../scripts/electron-env.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const appBuilderLib = dirname(require.resolve('app-builder-lib/package.json', { paths: [ROOT] }));

type Config = Record<string, unknown> & {
  files: { filter: string[] }[];
  asarUnpack: string[];
  directories: { buildResources: string; output: string };
  linux: { target: string[]; icon: string; maintainer?: string };
  mac: { target: string; icon: string };
  win: { target: string; icon: string };
  nsis: { installerIcon: string; uninstallerIcon: string };
  extraMetadata?: { homepage?: string };
  npmRebuild: boolean;
};
// electron-builder's loader and validator (app-builder-lib/out/util/config/config.js): the same
// functions `electron-builder` runs before it packages anything.
const { getConfig, validateConfiguration } = require(join(appBuilderLib, 'out/util/config/config.js')) as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: unknown): Promise<Config>;
  validateConfiguration(config: unknown, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = require(require.resolve('builder-util', { paths: [appBuilderLib] })) as { DebugLogger: new (enabled: boolean) => unknown };
const { minimatch } = require(require.resolve('minimatch', { paths: [appBuilderLib] })) as {
  minimatch(path: string, pattern: string, options: { dot: boolean }): boolean;
};

const loadConfig = (): Promise<Config> => getConfig(ROOT, null, null);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string>; devDependencies: Record<string, string> };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * Whether the `files` patterns (last match wins, `!` excludes) pack a project-relative path. The
 * production dependencies in node_modules/ are packed whole, minus the exclusions.
 */
function packs(patterns: string[], path: string): boolean {
  let included = path.startsWith('node_modules/');
  for (const p of included ? patterns.filter((q) => q.startsWith('!')) : patterns) {
    if (p.startsWith('!')) {
      if (minimatch(path, p.slice(1), { dot: true })) included = false;
    } else if (minimatch(path, p, { dot: true })) included = true;
  }
  return included;
}

describe('electron-builder.yml', () => {
  it('is read and accepted by electron-builder 26.17.0 itself (its loader, its JSON schema)', async () => {
    expect(pkg.devDependencies['electron-builder']).toBe('26.17.0');
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the same validation refuses a wrong option or type, so the check above can fail', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration({ ...config, nsis: { ...config.nsis, oneClik: false } }, new DebugLogger(false))).rejects.toThrow(
      /^Invalid configuration object\. electron-builder 26\.17\.0 [^\n]*\n - configuration\.nsis should be/,
    );
    await expect(validateConfiguration({ ...config, npmRebuild: 'sometimes' }, new DebugLogger(false))).rejects.toThrow('Invalid configuration object');
  });

  it('builds AppImage and .deb, .dmg, and NSIS', async () => {
    const config = await loadConfig();
    expect([config.linux.target, config.mac.target, config.win.target]).toEqual([['AppImage', 'deb'], 'dmg', 'nsis']);
  });

  it('names icons that exist: the linux icon set (<n>x<n>.png), the .icns and the .ico', async () => {
    const config = await loadConfig();
    const iconSet = join(ROOT, config.linux.icon);
    expect(readdirSync(iconSet).sort()).toEqual([16, 32, 48, 64, 128, 256, 512, 1024].map((n) => `${n}x${n}.png`).sort());
    for (const file of [config.mac.icon, config.win.icon, config.nsis.installerIcon, config.nsis.uninstallerIcon]) {
      expect(statSync(join(ROOT, file)).isFile(), file).toBe(true);
    }
    expect(config.mac.icon.endsWith('.icns') && config.win.icon.endsWith('.ico')).toBe(true);
    expect(statSync(join(ROOT, config.directories.buildResources)).isDirectory()).toBe(true);
  });

  it('packs electron-vite\'s out/, every file in resources/ and package.json\'s main, not the sources or the tests', async () => {
    const [files] = (await loadConfig()).files;
    expect(packs(files.filter, pkg.main)).toBe(true);
    for (const dir of ['out/preload/index.cjs', 'out/renderer/index.html']) expect(packs(files.filter, dir), dir).toBe(true);
    const resources = filesUnder(join(ROOT, 'resources')).map((f) => relative(ROOT, f).split('\\').join('/'));
    expect(resources).toContain('resources/default-cluster.json');
    for (const file of resources) expect(packs(files.filter, file), file).toBe(true);
    for (const file of ['src-main/electron/main.ts', 'test/build/electron-builder-config.test.ts', 'electron-builder.yml']) expect(packs(files.filter, file), file).toBe(false);
  });

  it('packs and unpacks the better-sqlite3 Electron build that the main process loads, made by npm run dist first', async () => {
    const config = await loadConfig();
    const binding = relative(ROOT, ELECTRON_SQLITE_BINDING).split('\\').join('/');
    expect(packs(config.files[0].filter, binding)).toBe(true);
    expect(config.asarUnpack).toContain(binding);
    // electron-builder's own rebuild would replace node_modules' (Node ABI) build in place.
    expect(config.npmRebuild).toBe(false);
    expect(pkg.scripts['dist']).toBe('npm run rebuild:electron && electron-vite build && electron-builder');
  });

  it('unpacks every native addon of better-sqlite3 and zstd-napi that it packs, and those exist', async () => {
    const config = await loadConfig();
    const addons = ['better-sqlite3', 'zstd-napi'].flatMap((name) =>
      filesUnder(join(ROOT, 'node_modules', name))
        .filter((f) => f.endsWith('.node'))
        .map((f) => `node_modules/${name}/${relative(join(ROOT, 'node_modules', name), f).split('\\').join('/')}`),
    );
    const packed = addons.filter((f) => packs(config.files[0].filter, f));
    expect(packed).toEqual(expect.arrayContaining(['node_modules/better-sqlite3/build/Release/better_sqlite3.node', 'node_modules/zstd-napi/build/Release/binding.node']));
    for (const file of packed) expect(config.asarUnpack.some((p) => minimatch(file, p, { dot: true })), file).toBe(true);
    for (const pattern of config.asarUnpack.filter((p) => p.startsWith('node_modules/'))) expect(existsSync(join(ROOT, pattern)), pattern).toBe(true);
  });

  it('gives the .deb what electron-builder demands of it: a maintainer with an email and a homepage', async () => {
    const config = await loadConfig();
    expect(config.linux.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
    expect(config.extraMetadata?.homepage).toMatch(/^https:\/\//);
  });
});
