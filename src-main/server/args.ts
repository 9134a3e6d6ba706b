/**
 * The command line of `npm run serve -- [--data-dir DIR] [--port N] [--token T] [--host H]`.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_HOST } from './http-server';

export interface ServeArgs {
  readonly dataDir: string;
  /** 0: any free port. */
  readonly port: number;
  /** null: generate one. */
  readonly token: string | null;
  readonly host: string;
  readonly rendererDir: string;
  readonly help: boolean;
}

export const SERVE_USAGE = `Usage: npm run serve -- [--data-dir DIR] [--port N] [--token T] [--host H]

  --data-dir DIR   folder of the workspaces (default ~/.kafka-dojo/workspaces)
  --port N         port to listen on (default 0: any free port)
  --token T        the token the page and API calls must bring (default: a random one;
                   the environment variable KAFKA_DOJO_TOKEN works too and keeps it out of ps)
  --host H         address to bind (default 127.0.0.1; anything else opens the cluster to the network)
  --renderer-dir D the built renderer (default: out/renderer of this checkout)`;

export class ServeArgsError extends Error {
  override readonly name = 'ServeArgsError';
}

export function defaultDataDir(): string {
  return join(homedir(), '.kafka-dojo', 'workspaces');
}

const VALUE_OPTIONS = new Set(['--data-dir', '--port', '--token', '--host', '--renderer-dir']);

export interface ServeArgsContext {
  /** Supplies KAFKA_DOJO_TOKEN. */
  readonly env?: NodeJS.ProcessEnv;
  /** Resolves relative paths given on the command line. */
  readonly cwd?: string;
  /** out/renderer of this checkout, wherever the command runs from. */
  readonly defaultRendererDir: string;
}

/** Parses `argv` (without node and the script). */
export function parseServeArgs(argv: readonly string[], context: ServeArgsContext): ServeArgs {
  const env = context.env ?? {};
  const cwd = context.cwd ?? process.cwd();
  const values = new Map<string, string>();
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!VALUE_OPTIONS.has(name)) throw new ServeArgsError(`Unknown option ${arg}.\n\n${SERVE_USAGE}`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new ServeArgsError(`${name} needs a value.\n\n${SERVE_USAGE}`);
    values.set(name, value);
  }
  const portText = values.get('--port') ?? '0';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    throw new ServeArgsError(`--port must be a number from 0 to 65535, not ${portText}.`);
  }
  const token = values.get('--token') ?? env['KAFKA_DOJO_TOKEN'] ?? null;
  if (token !== null && !/^[\x21-\x7e]+$/.test(token)) {
    throw new ServeArgsError('--token must be printable ASCII without spaces.');
  }
  return {
    dataDir: resolve(cwd, values.get('--data-dir') ?? defaultDataDir()),
    port: Number(portText),
    token: token === '' ? null : token,
    host: values.get('--host') ?? DEFAULT_HOST,
    rendererDir: resolve(cwd, values.get('--renderer-dir') ?? context.defaultRendererDir),
    help,
  };
}
