/**
 * Whether this browser (or app profile) has seen the welcome page: the app's root opens on it
 * until then. Remembered in localStorage as the language is.
 */
const STORAGE_KEY = 'dojo.welcomed';

export function welcomeSeen(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === '1';
  } catch {
    // No storage: never insist on the welcome.
    return true;
  }
}

export function rememberWelcomeSeen(): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, '1');
  } catch {
    // Not remembered: the welcome shows again next time, harmless.
  }
}
