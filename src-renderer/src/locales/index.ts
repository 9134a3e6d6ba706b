/**
 * The UI's languages: English and 简体中文. Every visible string goes through vue-i18n; Element
 * Plus gets the matching locale for its own texts.
 */
import { createI18n } from 'vue-i18n';
import elementEn from 'element-plus/es/locale/lang/en';
import elementZhCn from 'element-plus/es/locale/lang/zh-cn';
import en from './en';
import zhCN from './zh-CN';

export type MessageSchema = typeof en;
export const SUPPORTED_LOCALES = ['en', 'zh-CN'] as const;
export type DojoLocale = (typeof SUPPORTED_LOCALES)[number];

export const ELEMENT_LOCALES = { en: elementEn, 'zh-CN': elementZhCn } as const;

const STORAGE_KEY = 'dojo.locale';

function isLocale(value: unknown): value is DojoLocale {
  return (SUPPORTED_LOCALES as readonly unknown[]).includes(value);
}

/** The remembered language, else 简体中文 for a Chinese browser, else English. */
export function detectLocale(): DojoLocale {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // No storage: fall through.
  }
  const language = globalThis.navigator?.language ?? 'en';
  return language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function rememberLocale(locale: DojoLocale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered; the switch still applies.
  }
}

export const MESSAGES: Record<DojoLocale, MessageSchema> = { en, 'zh-CN': zhCN };

export function createDojoI18n(locale: DojoLocale = detectLocale()) {
  return createI18n<[MessageSchema], DojoLocale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: MESSAGES,
    missingWarn: false,
    fallbackWarn: false,
  });
}
