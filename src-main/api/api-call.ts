/**
 * One call of the API as both transports make it (the headless server's `POST /api/<s>/<m>` and
 * the Electron IPC bridge): look the method up in the exhaustive list, check its arguments against
 * the method's schema, call it on its service, and turn the outcome into the reply the UI
 * receives. No business logic lives here.
 */
import { argumentsSchemaOf } from './arguments/api-arguments';
import { isApiMethod } from './api-methods';
import { checkArguments } from './arguments/argument-check';
import { ApiError } from './backend';
import { KafkaApiError } from '../core/common/kafka-errors';
import { KeeperException } from '../core/zookeeper';
import type { ApiErrorDto, DojoApi } from './contract';
import { errorMessage } from '../core/common/throwable';
import { kafkaText } from './localized-text';

/**
 * What a call returns to the UI, through either transport: the method's result (`null` for a
 * method that returns nothing), or the error that refused it. `unexpected` marks a failure of the
 * app rather than a refusal: Kafka itself answers some refusals as UNKNOWN_SERVER_ERROR (an
 * AlterConfigs of a missing topic), so the name alone cannot tell them apart.
 */
export type ApiReply<T = unknown> = { readonly result: T } | { readonly error: ApiErrorDto; readonly unexpected?: true };

/** The name of every failure that is not a refusal: a bug or an I/O error. */
export const UNKNOWN_SERVER_ERROR = 'UNKNOWN_SERVER_ERROR';

/**
 * The name of a call whose arguments do not fit the method (HTTP 400): Kafka's name for a malformed
 * request. Services never use it (they refuse with Kafka's error names, or INVALID_INPUT).
 */
export const INVALID_REQUEST = 'INVALID_REQUEST';

/** Called with an unexpected exception (with its stack) before the UI gets its generic reply. */
export type UnexpectedErrorLogger = (error: unknown, service: string, method: string) => void;

/**
 * A refusal in Kafka's or ZooKeeper's words (not a failure of the app): an `ApiError`, or the
 * core's own Kafka errors (`BROKER_NOT_AVAILABLE`, `NOT_CONTROLLER` … when brokers are down) and
 * ZooKeeper's (`BadArguments` for a path it cannot hold …) that reached the transport as they are.
 */
function refusalDtoOf(error: unknown): ApiErrorDto | null {
  if (error instanceof ApiError) return error.toDto();
  if (error instanceof KafkaApiError) return englishDto(error.error.name, error.message);
  if (error instanceof KeeperException) return englishDto(error.codeName, error.message);
  return null;
}

/**
 * The reply for a thrown value: a refusal travels as its dto (Kafka's error name, message and
 * field); anything else as UNKNOWN_SERVER_ERROR with its message only, never a stack trace.
 */
export function errorDtoOf(error: unknown): ApiErrorDto {
  const refusal = refusalDtoOf(error);
  if (refusal !== null) return refusal;
  const message = errorMessage(error);
  return englishDto(UNKNOWN_SERVER_ERROR, message || 'The server experienced an unexpected error when processing the request.');
}

/** A refusal in Kafka's, ZooKeeper's or the runtime's own words: English in both languages. */
function englishDto(name: string, message: string, field?: string): ApiErrorDto {
  // Kafka's text: Kafka's, ZooKeeper's or the runtime's own message.
  return new ApiError(name, kafkaText(message), field === '' ? undefined : field).toDto();
}

/**
 * Calls `service.method(...args)` with the checked copy of `args`, or refuses them as INVALID_REQUEST
 * (which argument, which field, what was expected). The caller has already refused unknown names
 * (this checks again, so that no property of a service other than a listed method can ever be reached).
 */
export async function callApi(
  api: DojoApi,
  service: string,
  method: string,
  args: readonly unknown[],
  onUnexpected?: UnexpectedErrorLogger,
): Promise<ApiReply> {
  if (!isApiMethod(service, method)) {
    const text = { en: `There is no API method ${service}.${method}.`, 'zh-CN': `不存在 API 方法 ${service}.${method}。` };
    return { error: new ApiError('UNKNOWN_METHOD', text).toDto() };
  }
  const checked = checkArguments(argumentsSchemaOf(service, method), args, `${service}.${method}`);
  if (!checked.ok) {
    const { field, text } = checked.problem;
    return { error: new ApiError(INVALID_REQUEST, text, field === '' ? undefined : field).toDto() };
  }
  try {
    const target = api[service] as unknown as Record<string, (...callArgs: unknown[]) => unknown>;
    const result = await target[method]!(...checked.args);
    return { result: result === undefined ? null : result };
  } catch (error) {
    const refusal = refusalDtoOf(error);
    if (refusal !== null) return { error: refusal };
    onUnexpected?.(error, service, method);
    return { error: errorDtoOf(error), unexpected: true };
  }
}
