/**
 * The API contract's types, for the renderer. Only types cross from src-main: the renderer never
 * imports the main process's runtime code (api-methods.ts and deletion-contract.ts's DELETION_STAGES,
 * pure data, are the exceptions; see api-client.ts and views/deletions/deletion-text.ts; and
 * core/common/java-lang.ts's Long/Double parsing, pure functions, in views/quotas/quota-edit.ts; and
 * api/duration-text.ts, in composables/use-localized-text.ts).
 */
export type * from '../../../src-main/api/contract';
