import { join } from 'node:path';
import { app, BrowserWindow, session } from 'electron';

// Mirrors the <meta> policy in src-renderer/index.html. Sent as a header too because a header
// can carry directives a <meta> tag cannot (frame-ancestors). Only in the production build: the
// Vite dev server needs its own client script and HMR socket.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Set by `electron-vite dev`; absent in a production build.
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];

function hardenSessions(): void {
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
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
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
  window.once('ready-to-show', () => window.show());
  if (devServerUrl) {
    void window.loadURL(devServerUrl);
  } else {
    void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  }
  return window;
}

app.whenReady().then(() => {
  hardenSessions();
  createMainWindow();
  // macOS keeps the app alive without windows; re-open one when the dock icon is clicked.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
}).catch((error: unknown) => {
  console.error('Kafka Dojo failed to start:', error);
  app.exit(1);
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
