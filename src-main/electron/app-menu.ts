/**
 * The application menu, as a template (types only from `electron`, so a test can read it):
 * File (New cluster…, Quit), Edit (macOS needs it for copy and paste in text fields), View (zoom
 * and full screen; Reload and Toggle DevTools only in development), Help (About).
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  /** Development build (`npm run dev`): adds Reload and Toggle Developer Tools. */
  readonly isDev: boolean;
  readonly isMac: boolean;
  readonly onNewCluster: () => void;
  readonly onAbout: () => void;
}

export function buildMenuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  const devItems: MenuItemConstructorOptions[] = actions.isDev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  return [
    ...(actions.isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: '&File',
      submenu: [
        { id: 'new-cluster', label: 'New cluster…', accelerator: 'CmdOrCtrl+N', click: () => actions.onNewCluster() },
        { type: 'separator' },
        actions.isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        ...devItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      role: 'help',
      submenu: [{ id: 'about', label: 'About Kafka Dojo', click: () => actions.onAbout() }],
    },
  ];
}
