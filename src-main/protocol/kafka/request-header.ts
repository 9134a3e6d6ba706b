/**
 * Request header v1 (`int16 apiKey, int16 apiVersion, int32 correlationId, nullable string
 * clientId`) — every non-flexible request — and v2, which adds a tagged-field section after the
 * client id (flexible requests; the client id stays an int16 string; the section is read with the
 * body, once the API's version says it is flexible). Response header v0 is the correlation id
 * alone, v1 adds a tagged-field section (flexible responses but ApiVersions').
 */
import { ByteReader } from './wire/byte-reader';

export interface RequestHeader {
  readonly apiKey: number;
  readonly apiVersion: number;
  readonly correlationId: number;
  readonly clientId: string | null;
}

const CONTROLLED_SHUTDOWN_KEY = 7;

/** Reads header v1 (v0 for ControlledShutdown v0); the reader is left at the first byte after the client id. */
export function readRequestHeader(reader: ByteReader): RequestHeader {
  const apiKey = reader.int16('request_api_key');
  const apiVersion = reader.int16('request_api_version');
  const correlationId = reader.int32('correlation_id');
  // ControlledShutdown v0's non-standard header v0 has no client id.
  if (apiKey === CONTROLLED_SHUTDOWN_KEY && apiVersion === 0) return { apiKey, apiVersion, correlationId, clientId: null };
  const clientId = reader.nullableString('client_id');
  return { apiKey, apiVersion, correlationId, clientId };
}
