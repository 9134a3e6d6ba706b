/**
 * The API contract's types, for the renderer. Only types cross from src-main: the renderer never
 * imports the main process's runtime code (api-methods.ts, pure data, is the one exception; see
 * api-client.ts).
 */
export type * from '../../../src-main/api/contract';
