/**
 * The app as a person meets it in headless mode: a real backend over a temp data folder, the
 * headless server on 127.0.0.1 (a free port, a token) serving the production build of the
 * renderer, and Debian's Chromium driven by playwright-core. Every page records console errors and
 * uncaught exceptions; a test fails when its page had any.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { DojoBackend } from '../../../src-main/api/backend';
import { createWorkerBackend } from '../../../src-main/app/worker-backend';
import { startHeadlessServer, type HeadlessServer } from '../../../src-main/server/http-server';
import { makeTempDir } from '../../support/temp-dir';
import { buildRenderer } from './build-renderer';

/** Debian's Chromium (`apt-get install chromium`); playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.DOJO_E2E_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const VIEWPORT = { width: 1280, height: 800 } as const;
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../test-results/screenshots');
const DOCS_SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../docs/screenshots');

/** The screenshots the README shows: with DOJO_E2E_UPDATE_DOCS=1 they are copied to docs/screenshots/ too. */
const DOCS_SCREENSHOTS = [
  'overview-after-kill',
  'create-topic-wizard',
  'topic-detail',
  'alter-add-partitions',
  'new-cluster',
  'deletion-monitor',
  'deletion-blocked',
  'zookeeper-editor',
  'zookeeper-invalid-warning',
  'log-dir-browser',
  'segment-crc-error',
  'log-dir-move-future',
  'quotas-throttled-client',
  'welcome',
  'dashboard',
  'timeline-incident',
];

/** Why the browser tests cannot run here, or null when they can. */
export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM_PATH) ? null : `${CHROMIUM_PATH} not found: install Debian's browser with \`apt-get install chromium\``;
}

export interface TrackedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and uncaught page errors, as they happened. */
  readonly problems: string[];
  close(): Promise<void>;
}

export interface OpenPageOptions {
  /** Storage as on the very first run: the app opens on its welcome page. */
  readonly firstRun?: boolean;
  readonly locale?: 'en' | 'zh-CN';
}

export interface E2eApp {
  readonly backend: DojoBackend;
  readonly server: HeadlessServer;
  readonly browser: Browser;
  readonly token: string;
  /** The backend's data folder (its workspaces under `workspaces/<id>/`). */
  readonly dataDir: string;
  /** Errors the server caught that no API contract foresaw (500s). */
  readonly serverErrors: unknown[];
  /**
   * A fresh browser context (own storage: English, no remembered language) on the app's URL. The
   * welcome counts as seen (the app opens at the overview) unless `firstRun`; `locale` is the
   * remembered language (`dojo.locale`).
   */
  openPage(options?: OpenPageOptions): Promise<TrackedPage>;
  /** Saves a PNG of the page into test-results/screenshots/<name>.png. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export async function startE2eApp(): Promise<E2eApp> {
  const missing = chromiumMissing();
  if (missing !== null) throw new Error(missing);
  const build = await buildRenderer();
  const temp = makeTempDir('kafka-dojo-e2e-');
  const dataDir = join(temp.dir, 'workspaces');
  const token = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const serverErrors: unknown[] = [];
  let backend: DojoBackend | null = null;
  let server: HeadlessServer | null = null;
  let browser: Browser | null = null;
  const pages = new Set<TrackedPage>();

  const close = async (): Promise<void> => {
    for (const tracked of [...pages]) await tracked.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.close();
    await backend?.close();
    temp.cleanup();
    build.remove();
  };

  try {
    // As `npm run serve` and the desktop app run it: the cluster in a worker thread.
    backend = await createWorkerBackend({ dataDir });
    server = await startHeadlessServer({
      backend,
      token,
      rendererDir: build.rendererDir,
      host: '127.0.0.1',
      port: 0,
      onUnexpected: (error, service, method) => serverErrors.push({ call: `${service}.${method}`, error }),
    });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  } catch (error) {
    await close();
    throw error;
  }
  const started = { backend, server, browser };

  return {
    ...started,
    token,
    dataDir,
    serverErrors,
    async openPage(options = {}) {
      const context = await started.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'en-US', timezoneId: 'UTC' });
      const storage: Record<string, string> = {
        ...(options.firstRun ? {} : { 'dojo.welcomed': '1' }),
        ...(options.locale ? { 'dojo.locale': options.locale } : {}),
      };
      // Runs in the page before the app's scripts (as text: this file has no DOM types).
      await context.addInitScript({
        content: `for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v);`,
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          const where = message.location();
          problems.push(`console.error: ${message.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));
      const tracked: TrackedPage = {
        page,
        context,
        problems,
        async close() {
          pages.delete(tracked);
          await context.close();
        },
      };
      pages.add(tracked);
      await page.goto(started.server.url);
      return tracked;
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
      if (process.env.DOJO_E2E_UPDATE_DOCS === '1' && DOCS_SCREENSHOTS.includes(name)) {
        mkdirSync(DOCS_SCREENSHOT_DIR, { recursive: true });
        copyFileSync(path, join(DOCS_SCREENSHOT_DIR, `${name}.png`));
      }
      return path;
    },
    close,
  };
}
