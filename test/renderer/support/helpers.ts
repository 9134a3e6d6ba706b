import { expect } from 'vitest';
import type { DOMWrapper, VueWrapper } from '@vue/test-utils';
import { settle } from './mount';

export function byTestId(w: VueWrapper, id: string): DOMWrapper<Element> {
  return w.find(`[data-testid="${id}"]`);
}

/** Element Plus teleports dialogs to the body: look there. */
export function bodyTestId(id: string): Element | null {
  return document.body.querySelector(`[data-testid="${id}"]`);
}

/** The native input of an Element Plus field carrying `data-testid` (on the input or its wrapper). */
export function inputOf(w: VueWrapper, id: string): DOMWrapper<Element> {
  const el = byTestId(w, id);
  return el.element.tagName === 'INPUT' || el.element.tagName === 'TEXTAREA' ? el : el.find('input, textarea');
}

export async function click(w: VueWrapper, id: string): Promise<void> {
  const el = byTestId(w, id);
  expect(el.exists(), `${id} exists`).toBe(true);
  await el.trigger('click');
  await settle();
}

export async function clickInBody(id: string): Promise<void> {
  const el = bodyTestId(id) as HTMLElement | null;
  expect(el, `${id} exists`).not.toBeNull();
  el!.click();
  await settle();
}

/**
 * Picks an option of the Element Plus select carrying `data-testid` as a person does: opens it,
 * then clicks the option (its dropdown is teleported to the body) with exactly this text.
 */
export async function pickOption(w: VueWrapper, id: string, option: string): Promise<void> {
  const select = byTestId(w, id);
  expect(select.exists(), `${id} exists`).toBe(true);
  await (select.element.closest('.el-select') ?? select.element).querySelector<HTMLElement>('.el-select__wrapper')?.click();
  await settle();
  const items = [...document.body.querySelectorAll<HTMLElement>('.el-select-dropdown__item')];
  const item = items.find((el) => el.textContent?.trim() === option);
  expect(item, `option ${option} of ${id}`).toBeDefined();
  item!.click();
  await settle();
}
