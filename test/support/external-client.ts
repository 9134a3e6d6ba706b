/**
 * Runs a real client program (kcat, a Python script) as a child process without blocking this
 * process's event loop — the emulated brokers answer it from here — and collects what it prints.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface ClientRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runClient(
  command: string,
  args: readonly string[],
  options: { input?: string; timeoutMs?: number } = {},
): Promise<ClientRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Why a program from Debian cannot be run here (`apt-get install <pkg>`), or null. */
export function programMissing(path: string, aptPackage: string): string | null {
  return existsSync(path) ? null : `${path} not found: install Debian's ${aptPackage} (.ci/run does)`;
}
