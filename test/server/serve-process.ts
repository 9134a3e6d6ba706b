/**
 * `npm run serve` (or `npm start`) as a person runs it in a terminal: its own process group (the
 * terminal's foreground group, which Ctrl+C signals as a whole), its output collected, and the
 * whole group signalled or killed by the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface ServeProcess {
  readonly child: ChildProcess;
  /** Everything printed so far, stdout and stderr interleaved as they arrived. */
  output(): string;
  /** Resolves with the first printed line matching `pattern`; rejects if the process exits first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends `signal` to the whole process group, as a terminal does for Ctrl+C. */
  signalGroup(signal: NodeJS.Signals): void;
  /** How the process the test started (npm) ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether any process of the group is still alive. */
  groupAlive(): boolean;
  /** SIGKILL to the whole group (cleanup after a failure). */
  kill(): void;
}

export function startServeProcess(command: string, args: readonly string[]): ServeProcess {
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    child.on('exit', (code, signal) => {
      resolveExit({ code, signal });
      for (const waiter of waiters) waiter();
    });
  });
  const pid = child.pid!;
  const groupAlive = (): boolean => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    child,
    output: () => text,
    waitForLine(pattern, timeoutMs = 60_000) {
      return new Promise((resolveLine, reject) => {
        const timer = setTimeout(() => finish(new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${text}`)), timeoutMs);
        const check = (): void => {
          const line = text.split('\n').find((l) => pattern.test(l));
          if (line !== undefined) finish(null, line);
          else if (child.exitCode !== null || child.signalCode !== null) finish(new Error(`exited before printing ${pattern}:\n${text}`));
        };
        const finish = (error: Error | null, line?: string): void => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(error);
          else resolveLine(line!);
        };
        waiters.add(check);
        check();
      });
    },
    signalGroup(signal) {
      process.kill(-pid, signal);
    },
    exited,
    groupAlive,
    kill() {
      if (groupAlive()) process.kill(-pid, 'SIGKILL');
    },
  };
}

/** Every log dir of every broker of every workspace under `dataDir`, and whether it holds `.kafka_cleanshutdown`. */
export function cleanShutdownMarkers(dataDir: string): Map<string, boolean> {
  const markers = new Map<string, boolean>();
  const workspaces = join(dataDir, 'workspaces');
  for (const workspace of readdirSync(workspaces)) {
    const brokers = join(workspaces, workspace, 'brokers');
    if (!existsSync(brokers)) continue;
    for (const broker of readdirSync(brokers)) {
      for (const entry of readdirSync(join(brokers, broker), { withFileTypes: true })) {
        // `logs/` holds server.log and friends; every other folder is a log dir.
        if (!entry.isDirectory() || entry.name === 'logs') continue;
        markers.set(`${broker}/${entry.name}`, existsSync(join(brokers, broker, entry.name, '.kafka_cleanshutdown')));
      }
    }
  }
  return markers;
}
