/** Debian's kazoo (python3-kazoo, run with /usr/bin/python3) through test/fixtures/kazoo_client.py. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { runClient } from './external-client';
import { PYTHON } from './kafka-python';

export const KAZOO_SCRIPT = resolve(import.meta.dirname, '../fixtures/kazoo_client.py');

/** Why kazoo cannot be used here, or null when it can. */
export function kazooUnavailable(): string | null {
  const r = spawnSync(PYTHON, [KAZOO_SCRIPT, 'probe'], { encoding: 'utf8' });
  if (r.error) return `${PYTHON}: ${r.error.message}`;
  if (r.status !== 0) return `kazoo is not installed (Debian's python3-kazoo; .ci/run installs it): ${r.stderr.trim()}`;
  return null;
}

export async function kazoo<T>(command: string, ...args: string[]): Promise<T> {
  const run = await runClient(PYTHON, [KAZOO_SCRIPT, command, ...args], { timeoutMs: 60_000 });
  if (run.code !== 0) throw new Error(`kazoo_client.py ${command} exited with ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
