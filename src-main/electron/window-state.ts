/**
 * The main window's size and position, remembered between runs in a small JSON file in the user
 * data folder. Pure logic over `node:fs` (no `electron` import): main.ts hands it the displays'
 * work areas, so a window saved on a monitor that is gone opens on one that exists.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface WindowState {
  /** Absent: let the system place the window. */
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
  readonly maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 800, maximized: false };
export const MIN_WINDOW_SIZE = { width: 800, height: 560 } as const;
export const WINDOW_STATE_FILE = 'window-state.json';

function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1_000_000;
}

/** Whether at least a 100 × 50 piece of the window (its title bar, say) is on one of the work areas. */
function isReachable(bounds: Rect, workAreas: readonly Rect[]): boolean {
  return workAreas.some((area) => {
    const overlapX = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const overlapY = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    return overlapX >= 100 && overlapY >= 50;
  });
}

/**
 * The state to open with: the saved one when it is well-formed and at least partly on a display
 * (sizes clamped to the minimum), else the default. A missing or damaged file is not an error.
 */
export function restoreWindowState(text: string | null, workAreas: readonly Rect[]): WindowState {
  if (text === null) return DEFAULT_WINDOW_STATE;
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
  if (typeof saved !== 'object' || saved === null) return DEFAULT_WINDOW_STATE;
  const { x, y, width, height, maximized } = saved as Record<string, unknown>;
  if (!isInt(width) || !isInt(height)) return DEFAULT_WINDOW_STATE;
  const size = { width: Math.max(width, MIN_WINDOW_SIZE.width), height: Math.max(height, MIN_WINDOW_SIZE.height) };
  const isMaximized = maximized === true;
  if (isInt(x) && isInt(y) && isReachable({ x, y, ...size }, workAreas)) return { x, y, ...size, maximized: isMaximized };
  return { ...size, maximized: isMaximized };
}

export function loadWindowState(file: string, workAreas: readonly Rect[]): WindowState {
  let text: string | null;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = null;
  }
  return restoreWindowState(text, workAreas);
}

/** Written to a temporary file and renamed, so a crash never leaves half a file. Failures are ignored: it is a comfort, not data. */
export function saveWindowState(file: string, bounds: Rect, maximized: boolean): void {
  const state: WindowState = { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, maximized };
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, `${JSON.stringify(state)}\n`);
    renameSync(`${file}.tmp`, file);
  } catch {
    // A read-only profile: the window opens at the default place next time.
  }
}
