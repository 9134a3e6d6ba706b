/**
 * Texts the server writes for a person (`LocalizedText`, both languages in one value) shown in the
 * UI's current language; durations through the same one formatter the server uses.
 */
import { useI18n } from 'vue-i18n';
import type { LocalizedText } from '../api/types';
import type { DojoLocale } from '../locales';
import { durationText } from '../../../src-main/api/duration-text';

export function useLocalizedText(): {
  text: (value: LocalizedText) => string;
  duration: (ms: number) => string;
} {
  const { locale } = useI18n();
  const text = (value: LocalizedText): string => value[locale.value as DojoLocale] ?? value.en;
  return { text, duration: (ms) => text(durationText(ms)) };
}
