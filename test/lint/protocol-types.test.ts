import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves the rule in eslint.config.js that keeps `as unknown as` out of src-main/protocol, where the
// message types derive from the grammars and the type-check must prove them.

const repoRoot = resolve(import.meta.dirname, '../..');
const PROTOCOL_FILES = ['src-main/protocol/kafka/handlers/cast-probe.ts', 'src-main/protocol/zookeeper/cast-probe.ts'];
const OUTSIDE_FILE = 'src-main/api/cast-probe.ts';

const DOUBLE_CAST = 'export const probe = (body: Record<string, unknown>) => body as unknown as { errorCode: number };\n';
const PARENTHESIZED_DOUBLE_CAST = 'export const probe = (body: Record<string, unknown>) => (body as unknown) as { errorCode: number };\n';

describe('protocol types lint rule', () => {
  let eslint: ESLint;

  beforeAll(() => {
    eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: resolve(repoRoot, 'eslint.config.js') });
  });

  async function castMessages(code: string, filePath: string) {
    const absolutePath = resolve(repoRoot, filePath);
    // An ignored path would lint to nothing and make the "allows" cases pass vacuously.
    expect(await eslint.isPathIgnored(absolutePath)).toBe(false);
    const [result] = await eslint.lintText(code, { filePath: absolutePath });
    expect(result).toBeDefined();
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
  }

  it.each(PROTOCOL_FILES.flatMap((file) => [DOUBLE_CAST, PARENTHESIZED_DOUBLE_CAST].map((code) => ({ file, code }))))(
    'reports `as unknown as` in $file',
    async ({ file, code }) => {
      const messages = await castMessages(code, file);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.message).toMatch(/no `as unknown as` in src-main\/protocol/);
    },
  );

  it('allows a single cast, and a cast to unknown alone, in src-main/protocol', async () => {
    const code = 'export const probe = (e: unknown) => [(e as Error).message, e as unknown];\n';
    expect(await castMessages(code, PROTOCOL_FILES[0]!)).toEqual([]);
  });

  it('leaves code outside src-main/protocol to the other rules', async () => {
    expect(await castMessages(DOUBLE_CAST, OUTSIDE_FILE)).toEqual([]);
  });
});
