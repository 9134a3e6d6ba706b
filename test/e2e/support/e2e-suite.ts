/**
 * What every end-to-end suite does around its tests: skip outside CI when Chromium is missing
 * (saying why; under CI that fails instead, since .ci/run installs it), start one app for the
 * suite, give each test a fresh page, save a FAILED-<test>.png of a failing test's page, fail a
 * test whose page logged a console error or threw (but for the errors it said it provokes), and
 * fail the suite on an unexpected server error.
 */
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { chromiumMissing, startE2eApp, type E2eApp, type OpenPageOptions, type TrackedPage } from './app-fixture';

const missing = chromiumMissing();
const skip = missing !== null && !process.env.CI;

export interface E2eSuite {
  /** The suite's app (started before the first test). */
  readonly app: E2eApp;
  /** A fresh browser page on the app, closed and checked after the test. */
  openPage(options?: OpenPageOptions): Promise<TrackedPage>;
  /** Console errors the current test provokes on purpose (the browser logs every refused call). */
  allowProblems(...patterns: RegExp[]): void;
}

/** `describe` for a suite in Chromium; `body` receives the suite's app and pages. */
export function describeInChromium(
  title: string,
  body: (suite: E2eSuite) => void,
  options: { afterStart?: (app: E2eApp) => Promise<void>; afterClose?: () => void } = {},
): void {
  if (skip) console.warn(`${title} skipped: ${missing} (with CI set, this fails instead).`);
  describe.skipIf(skip)(skip ? `${title} (skipped: ${missing})` : `${title}, in Chromium against headless mode`, () => {
    let app: E2eApp | null = null;
    let current: TrackedPage | null = null;
    let allowed: RegExp[] = [];

    beforeAll(async () => {
      app = await startE2eApp();
      await options.afterStart?.(app);
    }, 120_000);

    afterEach(async (context) => {
      const tracked = current;
      current = null;
      const allowedNow = allowed;
      allowed = [];
      if (tracked === null || app === null) return;
      // What the page showed when a test failed: test-results/screenshots/FAILED-<test>.png.
      if (context.task.result?.state === 'fail') {
        await app
          .screenshot(tracked.page, `FAILED-${context.task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60)}`)
          .catch(() => undefined);
      }
      await tracked.close();
      const unexpected = tracked.problems.filter((p) => !allowedNow.some((a) => a.test(p)));
      expect(unexpected, 'console errors or uncaught exceptions in the page').toEqual([]);
    });

    afterAll(async () => {
      const started = app;
      await started?.close();
      options.afterClose?.();
      if (started) expect(started.serverErrors, 'unexpected server errors').toEqual([]);
    }, 60_000);

    body({
      get app() {
        if (app === null) throw new Error('the e2e app is not started yet');
        return app;
      },
      async openPage(options) {
        if (app === null) throw new Error('the e2e app is not started yet');
        current = await app.openPage(options);
        return current;
      },
      allowProblems(...patterns) {
        allowed.push(...patterns);
      },
    });
  });
}
