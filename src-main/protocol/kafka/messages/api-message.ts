/** The grammar of one API: its key, the versions this broker speaks, and its request and response. */
import { inVersions, type Direction, type Field, type MessageOf } from '../wire/schema';

export interface ApiMessages<Request extends readonly Field[] = readonly Field[], Response extends readonly Field[] = readonly Field[]> {
  readonly apiKey: number;
  readonly name: string;
  readonly minVersion: number;
  /** The highest version this broker speaks and advertises: Kafka 2.5.1's, unless the grammar says why not. */
  readonly maxVersion: number;
  /** Kafka's `flexibleVersions` (KIP-482) where this broker speaks them: `"2+"`; absent for none. */
  readonly flexibleVersions?: string;
  readonly request: Request;
  readonly response: Response;
}

/** An API's grammar with its field types kept, so its request and response types derive from it. */
export function apiMessages<const Request extends readonly Field[], const Response extends readonly Field[]>(
  api: ApiMessages<Request, Response>,
): ApiMessages<Request, Response> {
  return api;
}

/** A request as the broker reads it (bytes are Buffers). */
export type RequestOf<Api extends ApiMessages, D extends Direction = 'decoded'> = MessageOf<Api['request'], D>;

/** A response as the broker writes it (bytes any Uint8Array). */
export type ResponseOf<Api extends ApiMessages, D extends Direction = 'encodable'> = MessageOf<Api['response'], D>;

/** Whether `version` of the API uses the flexible encoding (compact lengths, tagged fields, header v2 / response header v1). */
export function isFlexible(api: ApiMessages, version: number): boolean {
  return inVersions(api.flexibleVersions, version);
}
