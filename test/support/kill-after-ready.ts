/**
 * The crash tests' child process: a `node --import tsx` script that prints `READY` once it works
 * and then one line per thing it acknowledged; it is SIGKILLed `killAfterMs` after READY.
 */
import { spawn } from 'node:child_process';

export interface KilledRun {
  /** Whole lines printed before the kill (plus, with `keepCutLine`, a last line the kill cut short). */
  readonly lines: string[];
  readonly exitSignal: NodeJS.Signals | null;
  readonly exitCode: number | null;
  readonly stderr: string;
}

export function runAndKillAfterReady(
  script: string,
  args: readonly string[],
  killAfterMs: number,
  options: { readonly startupTimeoutMs: number; readonly keepCutLine: boolean; readonly describe: string },
): Promise<KilledRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let buffer = '';
    let stderr = '';
    const lines: string[] = [];
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    const startupGuard = setTimeout(() => child.kill('SIGKILL'), options.startupTimeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        if (line.startsWith('READY') && !killTimer) {
          clearTimeout(startupGuard);
          killTimer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (exitCode, exitSignal) => {
      clearTimeout(startupGuard);
      if (killTimer) clearTimeout(killTimer);
      if (options.keepCutLine && buffer.length > 0) lines.push(buffer);
      if (!lines.some((l) => l.startsWith('READY'))) {
        reject(new Error(`${options.describe} never became ready (exit ${exitCode}/${exitSignal}): ${lines.join('\n')}\n${stderr}`));
      } else {
        resolve({ lines, exitSignal, exitCode, stderr });
      }
    });
  });
}
