import type { ApiErrorDto } from './types';

/**
 * The refusal's text for a person in the UI's language (`en` or `zh-CN`): the server's `text`,
 * or its English message when it has none (the renderer's own transport failures).
 */
export function errorTextIn(error: ApiErrorDto, locale: string): string {
  return error.text?.[locale as keyof NonNullable<ApiErrorDto['text']>] ?? error.message;
}

/**
 * A refused call, carrying Kafka's error name and message (`INVALID_REPLICATION_FACTOR`,
 * `Replication factor: 4 larger than available brokers: 3.`) and the form field it is about.
 * Whatever the transport, every failed call rejects with one of these.
 */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  readonly dto: ApiErrorDto;

  constructor(dto: ApiErrorDto) {
    super(dto.message);
    this.dto = dto;
  }

  /** Kafka's error name (`TOPIC_ALREADY_EXISTS` …), `INVALID_INPUT`, or a transport failure. */
  get errorName(): string {
    return this.dto.name;
  }

  get field(): string | undefined {
    return this.dto.field;
  }
}

function isErrorDto(value: unknown): value is ApiErrorDto {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.message === 'string' && (v.field === undefined || typeof v.field === 'string');
}

// Electron's ipcRenderer.invoke turns a failure in the main process into
// `Error invoking remote method '<channel>': <name>: <message>`.
const REMOTE_METHOD = /^Error invoking remote method '[^']*': (?:([A-Za-z]\w*(?:Error|Exception)?): )?([\s\S]*)$/;

/** Whatever a call rejected with, as an ApiCallError (the shape the views show). */
export function toApiCallError(error: unknown): ApiCallError {
  if (error instanceof ApiCallError) return error;
  if (typeof error === 'object' && error !== null) {
    const e = error as Record<string, unknown>;
    // `{ error: ApiErrorDto }`, an ApiErrorDto, or an Error carrying one (`dto`).
    if (isErrorDto(e.error)) return new ApiCallError(e.error);
    if (isErrorDto(e.dto)) return new ApiCallError(e.dto);
    if (!(error instanceof Error) && isErrorDto(error)) return new ApiCallError(error);
    if (typeof e.errorName === 'string' && typeof e.message === 'string') {
      return new ApiCallError({
        name: e.errorName,
        message: e.message,
        ...(typeof e.field === 'string' ? { field: e.field } : {}),
      });
    }
  }
  if (error instanceof Error) {
    const remote = REMOTE_METHOD.exec(error.message);
    if (remote) return new ApiCallError({ name: remote[1] ?? 'UNKNOWN_SERVER_ERROR', message: remote[2] });
    return new ApiCallError({ name: error.name === 'Error' ? 'UNKNOWN_SERVER_ERROR' : error.name, message: error.message });
  }
  return new ApiCallError({ name: 'UNKNOWN_SERVER_ERROR', message: String(error) });
}
