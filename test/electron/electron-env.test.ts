/** How `npm start` decides whether Electron can run: without ever downloading the binary. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronBinary, packageDir } from '../../scripts/electron-env.mjs';

const saved = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
afterEach(() => {
  if (saved === undefined) delete process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  else process.env['ELECTRON_OVERRIDE_DIST_PATH'] = saved;
});

describe('electron binary detection (scripts/electron-env.mjs)', () => {
  it('finds the binary only where it exists (ELECTRON_OVERRIDE_DIST_PATH as electron/index.js reads it)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dojo-electron-'));
    try {
      process.env['ELECTRON_OVERRIDE_DIST_PATH'] = dir;
      expect(electronBinary()).toBeNull();
      writeFileSync(join(dir, 'electron'), '');
      const pathTxt = join(packageDir('electron'), 'path.txt');
      if (!existsSync(pathTxt)) expect(electronBinary()).toBe(join(dir, 'electron'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('agrees with the installed electron package and downloads nothing', () => {
    delete process.env['ELECTRON_OVERRIDE_DIST_PATH'];
    const pathTxt = join(packageDir('electron'), 'path.txt');
    const found = electronBinary();
    if (existsSync(pathTxt)) {
      expect(found === null || existsSync(found)).toBe(true);
    } else {
      expect(found).toBeNull();
      // electron/index.js would have started a download and written path.txt.
      expect(existsSync(pathTxt)).toBe(false);
    }
  });
});
