import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, loadWindowState, restoreWindowState, saveWindowState } from '../../src-main/electron/window-state';

const ONE_SCREEN = [{ x: 0, y: 0, width: 1920, height: 1040 }];

describe('window state', () => {
  it('round-trips size, position and maximized through the JSON file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dojo-window-'));
    try {
      const file = join(dir, 'nested', 'window-state.json');
      saveWindowState(file, { x: 100, y: 80, width: 1400, height: 900 }, true);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 100, y: 80, width: 1400, height: 900, maximized: true });
      expect(loadWindowState(file, ONE_SCREEN)).toEqual({ x: 100, y: 80, width: 1400, height: 900, maximized: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('opens with the default when the file is missing or damaged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dojo-window-'));
    try {
      expect(loadWindowState(join(dir, 'none.json'), ONE_SCREEN)).toEqual(DEFAULT_WINDOW_STATE);
      writeFileSync(join(dir, 'bad.json'), '{"width": 12');
      expect(loadWindowState(join(dir, 'bad.json'), ONE_SCREEN)).toEqual(DEFAULT_WINDOW_STATE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const text of ['null', '[]', '{"width":"big","height":800}', '{"width":1e9,"height":800}']) {
      expect(restoreWindowState(text, ONE_SCREEN), text).toEqual(DEFAULT_WINDOW_STATE);
    }
  });

  it('keeps the size but lets the system place a window saved on a display that is gone', () => {
    const saved = JSON.stringify({ x: 3000, y: 100, width: 1200, height: 800, maximized: false });
    expect(restoreWindowState(saved, ONE_SCREEN)).toEqual({ width: 1200, height: 800, maximized: false });
    expect(restoreWindowState(saved, [...ONE_SCREEN, { x: 1920, y: 0, width: 2560, height: 1400 }])).toMatchObject({ x: 3000, y: 100 });
  });

  it('never opens smaller than the minimum size', () => {
    expect(restoreWindowState(JSON.stringify({ x: 10, y: 10, width: 100, height: 50 }), ONE_SCREEN)).toMatchObject({
      width: 800,
      height: 560,
    });
  });
});
