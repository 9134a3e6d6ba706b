/** The grammar of one API: its key, the versions this broker speaks, and its request and response. */
import { inVersions, type Field } from '../wire/schema';

export interface ApiMessages {
  readonly apiKey: number;
  readonly name: string;
  readonly minVersion: number;
  /** The highest version this broker speaks and advertises: Kafka 2.5.1's, unless the grammar says why not. */
  readonly maxVersion: number;
  /** Kafka's `flexibleVersions` (KIP-482) where this broker speaks them: `"2+"`; absent for none. */
  readonly flexibleVersions?: string;
  readonly request: readonly Field[];
  readonly response: readonly Field[];
}

/** Whether `version` of the API uses the flexible encoding (compact lengths, tagged fields, header v2 / response header v1). */
export function isFlexible(api: ApiMessages, version: number): boolean {
  return inVersions(api.flexibleVersions, version);
}
