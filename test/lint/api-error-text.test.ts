import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A refusal's human text is a LocalizedText (both languages, or Kafka's own words through kafkaText):
// a plain string as `new ApiError(name, …)`'s text would reach a zh-CN user untranslated. kafkaText
// itself is English in both, so each call says that it carries Kafka's own words: a `// Kafka's text`
// comment on its line or directly above it. The dojo's own words get a real Chinese text instead.

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

const KAFKA_TEXT_MARKER = "Kafka's text";

/** Whether the comment lines directly above line `index` (0-based), or the line itself, carry the marker. */
function marked(lines: readonly string[], index: number): boolean {
  if (lines[index]!.includes(KAFKA_TEXT_MARKER)) return true;
  for (let i = index - 1; i >= 0 && /^\s*(\/\/|\/\*|\*)/.test(lines[i]!); i--) if (lines[i]!.includes(KAFKA_TEXT_MARKER)) return true;
  return false;
}

/** Whether the comments before the statement holding `node` carry the marker (a statement the formatter spread over lines). */
function markedStatement(node: ts.Node, code: string): boolean {
  for (let n: ts.Node = node; n.parent !== undefined; n = n.parent) {
    if (code.slice(n.getFullStart(), n.getStart()).includes(KAFKA_TEXT_MARKER)) return true;
    if (ts.isBlock(n.parent) || ts.isSourceFile(n.parent) || ts.isCaseClause(n.parent)) return false;
  }
  return false;
}

/** The name in its own declaration, an import or an export (not a use). */
function declares(name: ts.Identifier): boolean {
  const parent = name.parent;
  return (
    (ts.isFunctionDeclaration(parent) && parent.name === name) ||
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportClause(parent)
  );
}

/** `file:line` of every `kafkaText(…)` call without the marker, and of kafkaText passed as a value. */
function unmarkedKafkaTextSites(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const lines = code.split('\n');
  const sites: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'kafkaText' && !declares(node)) {
      // Passed as a value (`.map(kafkaText)`) it could never be marked per text: only calls pass.
      const called = ts.isCallExpression(node.parent) && node.parent.expression === node;
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
      if (!called || !(marked(lines, line) || markedStatement(node, code))) sites.push(`${fileName}:${line + 1}`);
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

describe("kafkaText, English in both languages, is kept for Kafka's own words", () => {
  it('finds a call without the marker and kafkaText passed as a value, and lets a call marked on its line, the comment lines above or before its statement pass', () => {
    const code = [
      "new ApiError('INVALID_INPUT', kafkaText('The pattern is empty.'));",
      "// Kafka's text: the exception's message.",
      "new ApiError('INVALID_CONFIG', kafkaText(e.message));",
      "new ApiError('INVALID_CONFIG', kafkaText(e.message)); // Kafka's text",
      "// Kafka's text: ZooKeeper's words,",
      '// which zkCli prints.',
      'const refusal = kafkaText(zkMessage);',
      "// Kafka's text: only for the line below.",
      'const a = 1;',
      'const b = kafkaText(dojoWords);',
      "import { kafkaText } from './localized-text';",
      "const all = messages.map(kafkaText); // Kafka's text",
      'if (bad)',
      "  // Kafka's text: ZooKeeper's refusal.",
      '  return {',
      '    refusal: kafkaText(zkMessage),',
      '  };',
      "// Kafka's text: a comment before the function is not one before the statement.",
      'function f() {',
      '  return kafkaText(dojoWords);',
      '}',
    ].join('\n');
    expect(unmarkedKafkaTextSites('probe.ts', code)).toEqual(['probe.ts:1', 'probe.ts:10', 'probe.ts:12', 'probe.ts:20']);
  });

  it("is called in src-main only where a comment says the text is Kafka's", () => {
    const files = sourceFiles(join(repoRoot, 'src-main'));
    const sites = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      return code.includes('kafkaText(') ? unmarkedKafkaTextSites(relative(repoRoot, file), code) : [];
    });
    expect(files.length).toBeGreaterThan(100);
    expect(sites).toEqual([]);
  });
});
