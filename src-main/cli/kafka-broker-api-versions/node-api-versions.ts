/**
 * Kafka 2.5.1's `NodeApiVersions.toString(lineBreaks = true)`: every API key the 2.5.1 client
 * knows, in ascending order, with the broker's range and the version the client would use — the
 * lower of its own latest and the broker's maximum — or `UNSUPPORTED` when the broker lacks it;
 * keys the client does not know print as `UNKNOWN(<key>)`.
 */
import { API_KEY_NAMES } from '../../protocol/kafka/api-keys';

/** `ApiKeys.latestVersion()` of the 2.5.1 client, by key (every oldest version is 0). */
export const CLIENT_LATEST_VERSIONS: Readonly<Record<number, number>> = {
  0: 8,
  1: 11,
  2: 5,
  3: 9,
  4: 4,
  5: 2,
  6: 6,
  7: 3,
  8: 8,
  9: 7,
  10: 3,
  11: 7,
  12: 4,
  13: 4,
  14: 5,
  15: 5,
  16: 3,
  17: 1,
  18: 3,
  19: 5,
  20: 4,
  21: 1,
  22: 3,
  23: 3,
  24: 1,
  25: 1,
  26: 1,
  27: 0,
  28: 3,
  29: 2,
  30: 2,
  31: 2,
  32: 2,
  33: 1,
  34: 1,
  35: 1,
  36: 2,
  37: 2,
  38: 2,
  39: 2,
  40: 2,
  41: 2,
  42: 2,
  43: 2,
  44: 1,
  45: 0,
  46: 0,
  47: 0,
};

export interface ApiVersionRange {
  readonly apiKey: number;
  readonly minVersion: number;
  readonly maxVersion: number;
}

function apiVersionToText(v: ApiVersionRange): string {
  const latest = CLIENT_LATEST_VERSIONS[v.apiKey];
  const name = latest === undefined ? 'UNKNOWN' : API_KEY_NAMES[v.apiKey];
  const range = v.minVersion === v.maxVersion ? `${v.minVersion}` : `${v.minVersion} to ${v.maxVersion}`;
  if (latest === undefined) return `${name}(${v.apiKey}): ${range}`;
  let usable: string;
  if (latest < v.minVersion) usable = ' [unusable: node too new]';
  else if (v.maxVersion < 0) usable = ' [unusable: node too old]';
  else usable = ` [usable: ${Math.min(latest, v.maxVersion)}]`;
  return `${name}(${v.apiKey}): ${range}${usable}`;
}

/** The broker's ApiVersions as `toString(true)` prints them: `(\n\t…,\n\t…\n)`. */
export function nodeApiVersionsText(versions: readonly ApiVersionRange[]): string {
  const byKey = new Map<number, string>();
  // A key listed twice keeps its last entry, as NodeApiVersions' maps do.
  for (const v of versions) byKey.set(v.apiKey, apiVersionToText(v));
  for (const key of Object.keys(CLIENT_LATEST_VERSIONS).map(Number))
    if (!byKey.has(key)) byKey.set(key, `${API_KEY_NAMES[key]}(${key}): UNSUPPORTED`);
  const lines = [...byKey.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
  return `(\n\t${lines.join(',\n\t')}\n)`;
}
