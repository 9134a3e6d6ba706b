import js from '@eslint/js';
import eslintConfigPrettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import vueParser from 'vue-eslint-parser';

// The emulated cluster (src-main/core) must stay deterministic and free of I/O: time, randomness,
// storage and sockets reach it only through ports handed to constructors (docs/architecture.md).
const PORTS_MESSAGE = 'src-main/core stays free of I/O: take the injected port (store, log dir, clock …) from the constructor instead.';
const CLOCK_MESSAGE = 'use the injected Clock/Scheduler/Random: core must run on a manual clock in tests.';
const RANDOM_MESSAGE = 'use the injected Clock/Scheduler/Random: a scenario must replay from its seed.';

const ioModules = [
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
const timerModules = ['timers', 'node:timers', 'timers/promises', 'node:timers/promises'];
const forbiddenImportPaths = [
  ...ioModules.map((name) => ({ name, message: PORTS_MESSAGE })),
  ...timerModules.map((name) => ({ name, message: CLOCK_MESSAGE })),
];
// `import('node:fs')` slips past no-restricted-imports, so dynamic imports get a selector of their own.
const forbiddenDynamicImport = `ImportExpression[source.value=/^(${[...ioModules, ...timerModules]
  .map((name) => name.replace(/[/]/g, '\\/'))
  .join('|')})$/]`;

const coreBoundary = {
  files: ['src-main/core/**/*.ts'],
  rules: {
    'no-restricted-imports': ['error', { paths: forbiddenImportPaths }],
    'no-restricted-globals': ['error', ...['setTimeout', 'setInterval', 'setImmediate'].map((name) => ({ name, message: CLOCK_MESSAGE }))],
    'no-restricted-properties': [
      'error',
      { object: 'Date', property: 'now', message: CLOCK_MESSAGE },
      { object: 'performance', property: 'now', message: CLOCK_MESSAGE },
      { object: 'Math', property: 'random', message: RANDOM_MESSAGE },
      ...['setTimeout', 'setInterval', 'setImmediate'].map((property) => ({
        object: 'globalThis',
        property,
        message: CLOCK_MESSAGE,
      })),
    ],
    'no-restricted-syntax': [
      'error',
      { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
      { selector: "CallExpression[callee.name='Date']", message: CLOCK_MESSAGE },
      { selector: forbiddenDynamicImport, message: PORTS_MESSAGE },
    ],
  },
};

// The layers of docs/architecture.md above core: the API services see a cluster only through the
// facade (core/cluster/cluster-facade.ts), so they can later run over a remote one; infra, the
// protocol listeners and the transports are wired by the composition root (src-main/app).
// A relative import that climbs into a layer it must not see: `../infra/x`, `../../protocol/…`.
const layerImport = (...layers) => `^(\\.\\./)+(${layers.join('|')})(/|$)`;
const API_LAYER_MESSAGE =
  'src-main/api sees the cluster only through the facade (core/cluster/cluster-facade.ts); infra, protocol and the transports are wired in src-main/app.';
const ELECTRON_LAYER_MESSAGE =
  'src-main/electron must not import the headless server: what both transports share lives in src-main/api (the dispatcher) or src-main/app.';
const STORES_LAYER_MESSAGE = 'renderer stores must not import views: move what both use to src-renderer/src/lib.';

const layerBoundaries = [
  {
    files: ['src-main/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: layerImport('infra', 'protocol', 'server', 'app'), message: API_LAYER_MESSAGE }] },
      ],
    },
  },
  {
    files: ['src-main/electron/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: layerImport('server'), message: ELECTRON_LAYER_MESSAGE }] }] },
  },
  {
    files: ['src-renderer/src/stores/**/*.{ts,vue}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: layerImport('views'), message: STORES_LAYER_MESSAGE }] }] },
  },
];
// The Kafka protocol's message types derive from its grammars (protocol/kafka/wire/schema.ts), so the
// type-check proves every request and response; a cast through `unknown` would silence that proof.
const protocolTypes = {
  files: ['src-main/protocol/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
        message: 'no `as unknown as` in src-main/protocol: derive the type from the grammar (MessageOf, RequestOf, ResponseOf) instead.',
      },
    ],
  },
};

export default defineConfig([
  globalIgnores(['out/', 'dist/', 'node_modules/', 'bench/results/', 'test-results/', '.tmp/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: {
      parser: vueParser,
      parserOptions: { parser: tseslint.parser, sourceType: 'module', extraFileExtensions: ['.vue'] },
    },
    rules: {
      // TypeScript (vue-tsc) already resolves identifiers; no-undef does not understand TS types.
      'no-undef': 'off',
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'src-main/**', 'test/**', 'bench/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      // `_`-prefixed parameters document a position that an interface requires but the code ignores.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `let x; const cb = () => x?.f(); x = new X(cb)` ties two objects that need each other; with
      // `const` a callback fired before the assignment would throw (TDZ) instead of seeing undefined.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  coreBoundary,
  ...layerBoundaries,
  protocolTypes,
  // Last: prettier owns the layout (`npm run format`; `npm run lint` checks it), so the style rules
  // of the configs above are off.
  eslintConfigPrettier,
]);
