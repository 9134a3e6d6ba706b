/**
 * Small helpers for driving Element Plus the way a person does, with role, label and text
 * locators (the English strings of src-renderer/src/locales/en.ts). Waits are on UI state only.
 */
import type { Locator, Page } from 'playwright-core';

/** Generous: a 2-core machine runs the cluster, the server and Chromium at once. */
export const UI_TIMEOUT = 20_000;

/** Goes to a page through the side menu and waits for its heading. */
export async function navigate(page: Page, menuItem: string, heading: string | RegExp = menuItem): Promise<void> {
  await page.getByRole('menuitem', { name: menuItem, exact: true }).click();
  await page.getByRole('main').getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
}

/**
 * Clicks an Element Plus switch, radio button or checkbox. Their `<input>` is visually hidden
 * (zero-sized or behind its label), so the person clicks the visible control around it.
 */
export async function clickControl(input: Locator): Promise<void> {
  await input.locator('xpath=..').click();
}

/** Types a number into an el-input-number (it commits on change, i.e. on blur). */
export async function setNumber(spinbutton: Locator, value: number): Promise<void> {
  await spinbutton.fill(String(value));
  await spinbutton.press('Tab');
  await waitUntil(async () => (await spinbutton.inputValue()) === String(value), `spinbutton to hold ${value}`);
}

function pageOf(scope: Locator | Page): Page {
  return 'mainFrame' in scope ? scope : scope.page();
}

/** Rows of an el-table's body (its header lives in a table of its own, with column headers only). */
export function bodyRows(scope: Locator | Page): Locator {
  // A `has` locator is resolved inside each row, so it starts from the page, not from `scope`.
  return scope.getByRole('row').filter({ has: pageOf(scope).getByRole('cell') });
}

/** The body row whose cells include one with exactly this text (or matching this pattern). */
export function rowWithCell(scope: Locator | Page, text: string | RegExp): Locator {
  return bodyRows(scope).filter({ has: pageOf(scope).getByRole('cell', { name: text, exact: true }) });
}

/** Waits until `check` holds (polling the UI), or fails naming what it waited for. */
export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = UI_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let outcome: boolean | string;
    try {
      outcome = await check();
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    if (outcome === true) return;
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${typeof outcome === 'string' ? `: ${outcome}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for an Element Plus toast (ElMessage, role alert) with this text. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'visible' });
}

/** Waits until no toast with this text is shown (before a screenshot). */
export async function waitToastGone(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'hidden' });
}

/** `[2, 1, 0]` → [2, 1, 0]. */
export function parseReplicaList(text: string): number[] {
  const inner = text.trim().replace(/^\[/, '').replace(/\]$/, '').trim();
  return inner === '' ? [] : inner.split(',').map((s) => Number(s.trim()));
}

/**
 * The replicas per partition an assignment grid shows (its body rows: partition, one cell per
 * broker, then `[replicas]`), in partition order.
 */
export async function readAssignmentGrid(grid: Locator): Promise<number[][]> {
  const rows = grid.getByRole('rowgroup').nth(1).getByRole('row');
  const result: number[][] = [];
  for (const row of await rows.all()) {
    const cells = await row.getByRole('cell').allInnerTexts();
    result[Number(cells[0])] = parseReplicaList(cells[cells.length - 1]);
  }
  return result;
}

/** A new page of the app, once it shows the open cluster's overview (where the app starts). */
export async function openAtOverview(suite: { openPage(): Promise<{ page: Page }> }): Promise<Page> {
  const { page } = await suite.openPage();
  page.setDefaultTimeout(UI_TIMEOUT);
  await page
    .getByRole('main')
    .getByRole('heading', { level: 2, name: /Cluster overview/ })
    .waitFor();
  return page;
}
