import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { expect } from 'vitest';

export const repoRoot = resolve(import.meta.dirname, '../..');

/** ESLint with the project's own configuration, as `npm run lint` runs it. */
export function projectEslint(): ESLint {
  return new ESLint({ cwd: repoRoot, overrideConfigFile: resolve(repoRoot, 'eslint.config.js') });
}

/** The messages of the given rules for `code` linted as if it were the file at `filePath` (relative to the repository). */
export async function probeMessages(
  eslint: ESLint,
  code: string,
  filePath: string,
  rules: ReadonlySet<string>,
): Promise<ESLint.LintResult['messages']> {
  const absolutePath = resolve(repoRoot, filePath);
  // An ignored path would lint to nothing and make the "allows" cases pass vacuously.
  expect(await eslint.isPathIgnored(absolutePath)).toBe(false);
  const [result] = await eslint.lintText(code, { filePath: absolutePath });
  expect(result).toBeDefined();
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId !== null && rules.has(m.ruleId));
}
