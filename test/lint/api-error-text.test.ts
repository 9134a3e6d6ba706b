import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A refusal's human text is a LocalizedText (both languages, or Kafka's own words through kafkaText):
// a plain string as `new ApiError(name, …)`'s text would reach a zh-CN user untranslated.

const repoRoot = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function isPlainString(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isPlainString(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return true;
  return (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    (isPlainString(node.left) || isPlainString(node.right))
  );
}

/** `file:line` of every `new ApiError(name, <string literal>)` in the code. */
function plainTextSites(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const sites: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ApiError') {
      const text = node.arguments?.[1];
      if (text && isPlainString(text)) sites.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

describe('ApiError human texts', () => {
  it('finds a plain string, a template and a concatenation as the text, and lets a LocalizedText pass', () => {
    const code = [
      "new ApiError('INVALID_INPUT', 'A name is required.');",
      "new ApiError('INVALID_INPUT', `No broker ${id}.`, 'id');",
      "new ApiError('INVALID_INPUT', ('Broker ' + id));",
      "new ApiError('INVALID_INPUT', { en: 'A name is required.', 'zh-CN': '必须填写名称。' });",
      "new ApiError('INVALID_CONFIG', kafkaText(e.message));",
    ].join('\n');
    expect(plainTextSites('probe.ts', code)).toEqual(['probe.ts:1', 'probe.ts:2', 'probe.ts:3']);
  });

  it('is never given a plain string in src-main', () => {
    const files = sourceFiles(join(repoRoot, 'src-main'));
    const sites = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      return code.includes('ApiError(') ? plainTextSites(relative(repoRoot, file), code) : [];
    });
    expect(files.length).toBeGreaterThan(100);
    expect(sites).toEqual([]);
  });
});
