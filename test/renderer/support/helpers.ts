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
