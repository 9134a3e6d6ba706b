/**
 * How the config editors show a topic config's value: a select when Kafka's ConfigDef allows only
 * some values (`ValidString.in`, `ValidList.in`, a BOOLEAN), and milliseconds and bytes also in
 * the units an operator thinks in (`604800000` → `7 d`).
 */
import type { TopicConfigKeyDto } from '../../api/types';
import { formatBytes } from '../format';
import { durationText } from '../../../../src-main/api/duration-text';
import type { LocalizedText } from '../../api/types';

export interface EnumeratedConfig {
  readonly options: readonly string[];
  /** A LIST: several values, joined by commas as Kafka reads them. */
  readonly multiple: boolean;
}

/** The values a config may take, from its validator as Kafka prints it (`[compact, delete]`); null when any value of its type goes. */
export function enumeratedConfig(key: Pick<TopicConfigKeyDto, 'type' | 'validValues'>): EnumeratedConfig | null {
  const type = key.type.toUpperCase();
  if (type === 'BOOLEAN') return { options: ['true', 'false'], multiple: false };
  if (type !== 'STRING' && type !== 'LIST') return null;
  const match = /^\[(.+)\]$/.exec(key.validValues ?? '');
  // A range (`[0,...]`) or a pattern (`[partitionId]:[brokerId],…`) is no list of values.
  if (match === null || match[1].includes('...') || match[1].includes(']')) return null;
  return { options: match[1].split(/\s*,\s*/), multiple: type === 'LIST' };
}

export type ConfigUnit = 'ms' | 'bytes';

/** The unit a config's name ends with, as Kafka names them (`retention.ms`, `segment.bytes`). */
export function configUnit(name: string): ConfigUnit | null {
  if (name.endsWith('.ms')) return 'ms';
  if (name.endsWith('.bytes')) return 'bytes';
  return null;
}

/**
 * The value in human units (`7 d`, `1.0 GB`), `unlimited` (-1 of a retention) or null when the name
 * has no unit or the value is not a whole number.
 */
export function humanConfigValue(name: string, value: string | null): { text: string | LocalizedText } | { unlimited: true } | null {
  const unit = configUnit(name);
  if (unit === null || value === null || !/^-?\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  if (n < 0) return n === -1 ? { unlimited: true } : null;
  return { text: unit === 'ms' ? durationText(n) : formatBytes(n) };
}
