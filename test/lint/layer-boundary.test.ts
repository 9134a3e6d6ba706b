import type { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeMessages, projectEslint } from './lint-probe';

// Proves the layer rules in eslint.config.js (docs/architecture.md, "Boundaries"): the API services
// import neither infra, protocol, the server nor the composition root; electron does not import the
// server; renderer stores do not import views. Each forbidden import is reported in its layer, and
// the same import passes where it is allowed.

const IMPORT_RULES = new Set(['no-restricted-imports']);

interface Case {
  readonly name: string;
  /** Where the import is forbidden. */
  readonly file: string;
  /** Where the same import is allowed (the composition root, the other transport …). */
  readonly allowedIn: string;
  readonly code: string;
  readonly message: RegExp;
}

const API = /src-main\/api sees the cluster only through the facade/;
const ELECTRON = /src-main\/electron must not import the headless server/;
const STORES = /renderer stores must not import views/;

const cases: Case[] = [
  {
    name: 'api imports infra',
    file: 'src-main/api/layer-probe.ts',
    allowedIn: 'src-main/app/layer-probe.ts',
    code: "import { openWorkspace } from '../infra/open-workspace';\nexport const probe = openWorkspace;\n",
    message: API,
  },
  {
    name: 'api imports a type from protocol',
    file: 'src-main/api/layer-probe.ts',
    allowedIn: 'src-main/app/layer-probe.ts',
    code: "import type { ConnectionStats } from '../protocol/kafka/kafka-socket-server';\nexport type Probe = ConnectionStats;\n",
    message: API,
  },
  {
    name: 'api re-exports from server',
    file: 'src-main/api/layer-probe.ts',
    allowedIn: 'src-main/app/layer-probe.ts',
    code: "export * from '../server/http-server';\n",
    message: API,
  },
  {
    name: 'api imports the composition root',
    file: 'src-main/api/layer-probe.ts',
    allowedIn: 'src-main/server/layer-probe.ts',
    code: "import { createBackend } from '../app/create-backend';\nexport const probe = createBackend;\n",
    message: API,
  },
  {
    name: 'api, a folder deeper, imports infra',
    file: 'src-main/api/topics/layer-probe.ts',
    allowedIn: 'src-main/app/wiring/layer-probe.ts',
    code: "import { SystemTime } from '../../infra/system-time';\nexport const probe = SystemTime;\n",
    message: API,
  },
  {
    name: 'electron imports server',
    file: 'src-main/electron/layer-probe.ts',
    allowedIn: 'src-main/app/layer-probe.ts',
    code: "import { DEFAULT_HOST } from '../server/http-server';\nexport const probe = DEFAULT_HOST;\n",
    message: ELECTRON,
  },
  {
    name: 'a renderer store imports a view module',
    file: 'src-renderer/src/stores/layer-probe.ts',
    allowedIn: 'src-renderer/src/views/topics/layer-probe.ts',
    code: "import { diffOverrides } from '../views/topics/wizard/config-diff';\nexport const probe = diffOverrides;\n",
    message: STORES,
  },
];

describe('layer boundary lint rules', () => {
  let eslint: ESLint;

  beforeAll(() => {
    eslint = projectEslint();
  });

  const restrictedImports = (code: string, filePath: string) => probeMessages(eslint, code, filePath, IMPORT_RULES);

  it.each(cases)('reports: $name', async ({ file, code, message }) => {
    const messages = await restrictedImports(code, file);
    expect(messages).toHaveLength(1);
    expect(messages[0].message).toMatch(message);
  });

  it.each(cases)('allows the same import elsewhere: $name', async ({ allowedIn, code }) => {
    expect(await restrictedImports(code, allowedIn)).toEqual([]);
  });

  it('allows api to import core (the facade and its snapshot types)', async () => {
    const code = "import type { ClusterFacade } from '../core/cluster/cluster-facade';\nexport type Probe = ClusterFacade;\n";
    expect(await restrictedImports(code, 'src-main/api/layer-probe.ts')).toEqual([]);
  });

  it('allows electron to import the shared dispatcher from api', async () => {
    const code = "import { callApi } from '../api/api-call';\nexport const probe = callApi;\n";
    expect(await restrictedImports(code, 'src-main/electron/layer-probe.ts')).toEqual([]);
  });

  it('allows a renderer store to import the shared lib', async () => {
    const code = "import { emptyForm } from '../lib/topics/create-topic-form';\nexport const probe = emptyForm;\n";
    expect(await restrictedImports(code, 'src-renderer/src/stores/layer-probe.ts')).toEqual([]);
  });
});
