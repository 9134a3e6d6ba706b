import type { LocalizedText } from '../../api/types';

/** The text in the UI's language (Kafka's own lines are the same in both). */
export function localized(text: LocalizedText, locale: string): string {
  return locale === 'zh-CN' ? text['zh-CN'] : text.en;
}
