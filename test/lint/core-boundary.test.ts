import type { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeMessages, projectEslint } from './lint-probe';

// Proves the rule in eslint.config.js that keeps src-main/core deterministic and free of I/O:
// every forbidden construct is reported in a core file, and the same code passes in infra/.

const CORE_FILE = 'src-main/core/zookeeper/boundary-probe.ts';
const INFRA_FILE = 'src-main/infra/boundary-probe.ts';

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax']);

interface Case {
  readonly name: string;
  readonly code: string;
  readonly rule: string;
  readonly message: RegExp;
}

const PORTS = /injected port/;
const CLOCK = /use the injected Clock\/Scheduler\/Random/;

const forbiddenModules = [
  'electron',
  'better-sqlite3',
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'net',
  'node:net',
  'child_process',
  'node:child_process',
];

const cases: Case[] = [
  ...forbiddenModules.map((name) => ({
    name: `import from ${name}`,
    code: `import * as forbidden from '${name}';\nexport const probe = forbidden;\n`,
    rule: 'no-restricted-imports',
    message: PORTS,
  })),
  {
    name: 'import type from a forbidden module',
    code: `import type { Database } from 'better-sqlite3';\nexport type Probe = Database;\n`,
    rule: 'no-restricted-imports',
    message: PORTS,
  },
  {
    name: 'dynamic import of a forbidden module',
    code: `export const probe = () => import('node:fs');\n`,
    rule: 'no-restricted-syntax',
    message: PORTS,
  },
  {
    name: 'import from node:timers/promises',
    code: `import { setTimeout as sleep } from 'node:timers/promises';\nexport const probe = sleep;\n`,
    rule: 'no-restricted-imports',
    message: CLOCK,
  },
  { name: 'Date.now()', code: 'export const probe = Date.now();\n', rule: 'no-restricted-properties', message: CLOCK },
  { name: 'new Date()', code: 'export const probe = new Date();\n', rule: 'no-restricted-syntax', message: CLOCK },
  { name: 'Date()', code: 'export const probe = Date();\n', rule: 'no-restricted-syntax', message: CLOCK },
  { name: 'setTimeout', code: 'setTimeout(() => {}, 10);\n', rule: 'no-restricted-globals', message: CLOCK },
  { name: 'setInterval', code: 'setInterval(() => {}, 10);\n', rule: 'no-restricted-globals', message: CLOCK },
  { name: 'setImmediate', code: 'setImmediate(() => {});\n', rule: 'no-restricted-globals', message: CLOCK },
  {
    name: 'globalThis.setTimeout',
    code: 'globalThis.setTimeout(() => {}, 10);\n',
    rule: 'no-restricted-properties',
    message: CLOCK,
  },
  {
    name: 'Math.random()',
    code: 'export const probe = Math.random();\n',
    rule: 'no-restricted-properties',
    message: CLOCK,
  },
];

describe('core boundary lint rule', () => {
  let eslint: ESLint;

  beforeAll(() => {
    eslint = projectEslint();
  });

  const boundaryMessages = (code: string, filePath: string) => probeMessages(eslint, code, filePath, BOUNDARY_RULES);

  it.each(cases)('reports $name in src-main/core', async ({ code, rule, message }) => {
    const messages = await boundaryMessages(code, CORE_FILE);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.map((m) => m.ruleId)).toContain(rule);
    for (const m of messages) expect(m.message).toMatch(message);
  });

  it.each(cases)('allows $name in src-main/infra', async ({ code }) => {
    expect(await boundaryMessages(code, INFRA_FILE)).toEqual([]);
  });

  it('allows a Date built from an explicit time in src-main/core', async () => {
    const code = 'export const probe = (ms: number) => new Date(ms).toISOString();\n';
    expect(await boundaryMessages(code, CORE_FILE)).toEqual([]);
  });

  it('allows importing core-safe node modules in src-main/core', async () => {
    const code = "import { Buffer } from 'node:buffer';\nexport const probe = Buffer.alloc(0);\n";
    expect(await boundaryMessages(code, CORE_FILE)).toEqual([]);
  });
});
