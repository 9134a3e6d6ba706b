/**
 * Kafka 2.5's `kafka.api.ApiVersion`: the inter-broker protocol / message format versions a broker
 * understands. `message.format.version` and `inter.broker.protocol.version` take one of these, or a
 * prefix of one (`2.5`, `0.10.2.1`), which resolves to the last IV of that release.
 */
import { ConfigException, type Validator } from './config-def';
import { javaSplit } from './java-lang';
import { errorMessage } from './throwable';

/** `RecordVersion`: the record batch magic a version writes (V0, V1, V2). */
export type RecordVersion = 0 | 1 | 2;

export interface ApiVersion {
  /** `2.5-IV0`, or `0.8.0` for versions without an IV. */
  readonly version: string;
  /** `2.5`, `0.10.2`. */
  readonly shortVersion: string;
  readonly subVersion: string;
  readonly recordVersion: RecordVersion;
  /** Position in `allVersions`, which orders versions. */
  readonly id: number;
}

// [shortVersion, subVersion, recordVersion], in ApiVersion.allVersions order for 2.5.
const VERSIONS: ReadonlyArray<readonly [string, string, RecordVersion]> = [
  ['0.8.0', '', 0],
  ['0.8.1', '', 0],
  ['0.8.2', '', 0],
  ['0.9.0', '', 0],
  ['0.10.0', 'IV0', 1],
  ['0.10.0', 'IV1', 1],
  ['0.10.1', 'IV0', 1],
  ['0.10.1', 'IV1', 1],
  ['0.10.1', 'IV2', 1],
  ['0.10.2', 'IV0', 1],
  ['0.11.0', 'IV0', 2],
  ['0.11.0', 'IV1', 2],
  ['0.11.0', 'IV2', 2],
  ['1.0', 'IV0', 2],
  ['1.1', 'IV0', 2],
  ['2.0', 'IV0', 2],
  ['2.0', 'IV1', 2],
  ['2.1', 'IV0', 2],
  ['2.1', 'IV1', 2],
  ['2.1', 'IV2', 2],
  ['2.2', 'IV0', 2],
  ['2.2', 'IV1', 2],
  ['2.3', 'IV0', 2],
  ['2.3', 'IV1', 2],
  ['2.4', 'IV0', 2],
  ['2.4', 'IV1', 2],
  ['2.5', 'IV0', 2],
];

export const ALL_API_VERSIONS: readonly ApiVersion[] = VERSIONS.map(([shortVersion, subVersion, recordVersion], id) =>
  Object.freeze({
    version: subVersion === '' ? shortVersion : `${shortVersion}-${subVersion}`,
    shortVersion,
    subVersion,
    recordVersion,
    id,
  }),
);

/** `ApiVersion.latestVersion`: the default of `inter.broker.protocol.version` and `log.message.format.version`. */
export const LATEST_API_VERSION: ApiVersion = ALL_API_VERSIONS[ALL_API_VERSIONS.length - 1];

// Full versions map to themselves; a short version maps to the last version of its release.
const VERSION_MAP = new Map<string, ApiVersion>();
for (const v of ALL_API_VERSIONS) VERSION_MAP.set(v.version, v);
for (const v of ALL_API_VERSIONS) VERSION_MAP.set(v.shortVersion, v);

/**
 * `ApiVersion.apply`: keeps the first 3 dot-segments for `0.x` and the first 2 otherwise, so
 * `0.10.2.1` is 0.10.2-IV0 and `2.5.1` is 2.5-IV0. Throws Kafka's IllegalArgumentException text.
 */
export function parseApiVersion(versionString: string): ApiVersion {
  const segments = javaSplit(versionString, '.');
  const numSegments = versionString.startsWith('0.') ? 3 : 2;
  const found = VERSION_MAP.get(segments.slice(0, numSegments).join('.'));
  if (found === undefined) throw new Error(`Version \`${versionString}\` is not a valid version`);
  return found;
}

/** `ApiVersion.minSupportedFor(recordVersion)`. */
export function minSupportedApiVersionFor(recordVersion: RecordVersion): ApiVersion {
  const found = ALL_API_VERSIONS.find((v) => v.recordVersion === recordVersion);
  if (found === undefined) throw new Error(`Unknown record version ${recordVersion}`);
  return found;
}

/** `ApiVersionValidator`: the IllegalArgumentException message becomes the ConfigException reason. */
export const apiVersionValidator: Validator = {
  description: `[${[...new Set(ALL_API_VERSIONS.map((v) => v.version))].join(', ')}]`,
  ensureValid(name, value) {
    try {
      parseApiVersion(String(value));
    } catch (e) {
      throw ConfigException.invalidValue(name, String(value), errorMessage(e));
    }
  },
};
