import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session } from 'electron';
import type { DojoBackend } from '../api/backend';
import { createWorkerBackend } from '../app/worker-backend';
import { startMetricsServerFromEnv, type MetricsServer } from '../app/metrics-endpoint';
import { CONTENT_SECURITY_POLICY } from '../app/csp';
import { buildMenuTemplate } from './app-menu';
import { MENU_CHANNEL, type MenuCommand } from './channels';
import { createTrustedSenderCheck, registerIpcBridge } from './ipc-bridge';
import { loadWindowState, MIN_WINDOW_SIZE, saveWindowState, WINDOW_STATE_FILE } from './window-state';
import { errorMessage } from '../core/common/throwable';

// Set by `electron-vite dev`; absent in a production build.
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const rendererIndexFile = join(import.meta.dirname, '../renderer/index.html');

// better-sqlite3 is a V8 addon: Electron needs a build against its own ABI, kept beside the Node
// build the tests use (npm run rebuild:electron). The infra layer opens databases with it when this
// variable names it.
const electronSqliteBinding = join(app.getAppPath(), 'build', 'electron', 'better_sqlite3.node');
process.env['KAFKA_DOJO_SQLITE_BINDING'] = electronSqliteBinding;

function hardenSessions(): void {
  // The CSP as a header too (it can carry frame-ancestors); only in the production build: the Vite
  // dev server needs its own client script and HMR socket.
  if (!devServerUrl) {
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
      });
    });
  }
  // The UI needs no camera, notifications, geolocation, …: refuse every permission prompt.
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
}

// The window shows only our own bundle: it never navigates away, opens windows or embeds webviews.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

function createMainWindow(): BrowserWindow {
  const stateFile = join(app.getPath('userData'), WINDOW_STATE_FILE);
  const state = loadWindowState(
    stateFile,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...(state.x === undefined || state.y === undefined ? {} : { x: state.x, y: state.y }),
    width: state.width,
    height: state.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'Kafka Dojo',
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webviewTag: false,
    },
  });
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => saveWindowState(stateFile, window.getNormalBounds(), window.isMaximized()));
  if (devServerUrl) {
    void window.loadURL(devServerUrl);
  } else {
    void window.loadFile(rendererIndexFile);
  }
  return window;
}

function sendMenuCommand(command: MenuCommand): void {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0] ?? createMainWindow();
  if (window.webContents.isLoading()) window.webContents.once('did-finish-load', () => window.webContents.send(MENU_CHANNEL, command));
  else window.webContents.send(MENU_CHANNEL, command);
}

function installMenu(): void {
  app.setAboutPanelOptions({
    applicationName: 'Kafka Dojo',
    applicationVersion: app.getVersion(),
    copyright: 'An emulated Apache Kafka 2.5 cluster on your desk.',
  });
  const template = buildMenuTemplate({
    isDev: Boolean(devServerUrl),
    isMac: process.platform === 'darwin',
    onNewCluster: () => sendMenuCommand('new-cluster'),
    onAbout: () => app.showAboutPanel(),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

/**
 * Opens the workspaces — the cluster starts in a worker thread of this process, so that windows,
 * menus and IPC never wait for it — and reports a failure to the person.
 */
function openBackend(): Promise<DojoBackend> {
  if (!existsSync(electronSqliteBinding)) {
    const message = `better-sqlite3 has no build for Electron (${electronSqliteBinding} is missing): run npm run rebuild:electron (needs the internet once), then start again.`;
    dialog.showErrorBox('Kafka Dojo cannot open its workspaces', message);
    return Promise.reject(new Error(message));
  }
  const opening = createWorkerBackend({ dataDir: join(app.getPath('userData'), 'workspaces') });
  opening.catch((error: unknown) => {
    dialog.showErrorBox('Kafka Dojo cannot open its workspaces', errorMessage(error));
  });
  return opening;
}

// Two instances would open the same workspace files: the second one hands over to the first.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const window = BrowserWindow.getAllWindows()[0];
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  let backend: Promise<DojoBackend> | null = null;
  let metrics: Promise<MetricsServer | null> = Promise.resolve(null);
  let closing: Promise<void> | null = null;
  let closed = false;

  app
    .whenReady()
    .then(() => {
      hardenSessions();
      installMenu();
      backend = openBackend();
      // Opt-in Prometheus endpoint on loopback (KAFKA_DOJO_METRICS_PORT, KAFKA_DOJO_TOKEN).
      metrics = backend
        .then((ready) => startMetricsServerFromEnv(ready, process.env))
        .catch((error: unknown) => {
          console.error('Kafka Dojo: the metrics endpoint did not start:', error);
          return null;
        });
      registerIpcBridge(ipcMain, backend, createTrustedSenderCheck({ rendererIndexFile, devServerUrl }), {
        pushTargets: () => BrowserWindow.getAllWindows().map((window) => window.webContents),
      });
      createMainWindow();
      // macOS keeps the app alive without windows; re-open one when the dock icon is clicked.
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
      });
    })
    .catch((error: unknown) => {
      console.error('Kafka Dojo failed to start:', error);
      app.exit(1);
    });

  // Shut the cluster down cleanly (brokers stop, files close) before the process ends.
  app.on('before-quit', (event) => {
    if (closed || backend === null) return;
    event.preventDefault();
    const opened = backend;
    closing ??= metrics
      .then((server) => server?.close())
      .then(() => opened)
      .then(
        (ready) => ready.close(),
        () => undefined,
      )
      .catch((error: unknown) => console.error('Kafka Dojo: the cluster did not shut down cleanly:', error))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
