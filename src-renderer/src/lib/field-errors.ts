import type { ApiErrorDto } from '../api/types';

/**
 * Where a refusal is shown: next to the form field it names (matching one of `fields`, or a field
 * prefixed by one of them, e.g. `brokerConfig.num.partitions`), or at the top.
 */
export function splitError(
  error: ApiErrorDto | null,
  fields: readonly string[],
): { readonly field: string | null; readonly top: ApiErrorDto | null; readonly message: string | null } {
  if (error === null) return { field: null, top: null, message: null };
  const named = error.field;
  if (named !== undefined) {
    if (fields.includes(named)) return { field: named, top: null, message: error.message };
    const prefix = fields.find((f) => named.startsWith(`${f}.`) || named.startsWith(`${f}[`));
    if (prefix !== undefined) {
      const rest = named.slice(prefix.length + 1).replace(/\]$/, '');
      return { field: fields.includes(rest) ? rest : prefix, top: null, message: error.message };
    }
  }
  return { field: null, top: error, message: null };
}
