/**
 * A text the server writes for a person, in both of the UI's languages (the renderer shows the one
 * of its current locale). Kafka's own log lines, error names and messages stay English in both, as
 * Kafka prints them.
 */
export interface LocalizedText {
  readonly en: string;
  readonly 'zh-CN': string;
}

/**
 * Kafka's (or ZooKeeper's) own words — an exception's message, a tool's output — which stay English
 * in both languages, as Kafka prints them.
 */
export function kafkaText(message: string): LocalizedText {
  return { en: message, 'zh-CN': message };
}
