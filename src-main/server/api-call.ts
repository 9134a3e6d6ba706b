/**
 * One call of the API as both transports make it (the headless server's `POST /api/<s>/<m>` and
 * the Electron IPC bridge): look the method up in the exhaustive list, call it on its service, and
 * turn the outcome into the reply the UI receives. No business logic lives here.
 */
import { isApiMethod } from '../api/api-methods';
import { ApiError } from '../api/backend';
import type { ApiErrorDto, DojoApi } from '../api/contract';

/**
 * What a call returns to the UI, through either transport: the method's result (`null` for a
 * method that returns nothing), or the error that refused it.
 */
export type ApiReply<T = unknown> = { readonly result: T } | { readonly error: ApiErrorDto };

/** The name of every failure that is not an `ApiError`: a bug or an I/O error, not a refusal. */
export const UNKNOWN_SERVER_ERROR = 'UNKNOWN_SERVER_ERROR';

/** Called with an unexpected exception (with its stack) before the UI gets its generic reply. */
export type UnexpectedErrorLogger = (error: unknown, service: string, method: string) => void;

/**
 * The reply for a thrown value: an `ApiError` travels as its dto (Kafka's error name, message and
 * field); anything else as UNKNOWN_SERVER_ERROR with its message only, never a stack trace.
 */
export function errorDtoOf(error: unknown): ApiErrorDto {
  if (error instanceof ApiError) return error.toDto();
  const message = error instanceof Error ? error.message : String(error);
  return { name: UNKNOWN_SERVER_ERROR, message: message || 'The server experienced an unexpected error when processing the request.' };
}

/**
 * Calls `service.method(...args)`. The caller has already refused unknown names (this checks again,
 * so that no property of a service other than a listed method can ever be reached).
 */
export async function callApi(
  api: DojoApi,
  service: string,
  method: string,
  args: readonly unknown[],
  onUnexpected?: UnexpectedErrorLogger,
): Promise<ApiReply> {
  if (!isApiMethod(service, method)) {
    return { error: { name: 'UNKNOWN_METHOD', message: `There is no API method ${service}.${method}.` } };
  }
  try {
    const target = api[service] as unknown as Record<string, (...callArgs: unknown[]) => unknown>;
    const result = await target[method]!(...args);
    return { result: result === undefined ? null : result };
  } catch (error) {
    if (!(error instanceof ApiError)) onUnexpected?.(error, service, method);
    return { error: errorDtoOf(error) };
  }
}
