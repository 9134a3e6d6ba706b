/**
 * The IPC channels between preload and main (no `electron` import: the preload, the bridge and the
 * tests share these). One channel per API method, built only from API_METHODS.
 */
export const API_CHANNEL_PREFIX = 'dojo:';

/** Main → renderer: a PushDto (`webContents.send`). */
export const PUSH_CHANNEL = 'dojo:push';

/** Main → renderer: a command chosen in the application menu. */
export const MENU_CHANNEL = 'dojo:menu';

/** The commands the application menu sends to the page. */
export type MenuCommand = 'new-cluster';

export function apiChannel(service: string, method: string): string {
  return `${API_CHANNEL_PREFIX}${service}:${method}`;
}
