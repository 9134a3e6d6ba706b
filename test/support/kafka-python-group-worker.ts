/**
 * A kafka-python consumer that consumes and commits as it goes (test/fixtures/kafka_python_group_worker.py):
 * the assignments it was given, in order; `stop()` makes it commit, report the committed offsets
 * of its partitions and leave the group; `kill()` is SIGKILL (no LeaveGroup, no more heartbeats).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { PYTHON } from './kafka-python';

const SCRIPT = resolve(import.meta.dirname, '../fixtures/kafka_python_group_worker.py');

export interface WorkerFinal {
  assignment: number[];
  /** Partition → the offset its OffsetFetch returned after the last commit. */
  committed: Record<string, number>;
}

export interface GroupWorker {
  readonly clientId: string;
  /** Every assignment the member was given (ConsumerRebalanceListener.on_partitions_assigned), oldest first. */
  readonly assignments: readonly number[][];
  /** Closes its stdin: it commits, prints its committed offsets, leaves the group and exits. */
  stop(): Promise<WorkerFinal>;
  kill(): Promise<void>;
}

export function startGroupWorker(bootstrap: string, topic: string, group: string, clientId: string, sessionTimeoutMs: number): GroupWorker {
  const child = spawn(PYTHON, [SCRIPT, bootstrap, topic, group, clientId, String(sessionTimeoutMs)], { stdio: ['pipe', 'pipe', 'pipe'] });
  // Writing to a member that was killed must not fail the test.
  child.stdin.on('error', () => undefined);
  const assignments: number[][] = [];
  let final: WorkerFinal | null = null;
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    let newline: number;
    while ((newline = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, newline);
      out = out.slice(newline + 1);
      const m = /^(ASSIGNED|COMMITTED|FINAL) (.*)$/.exec(line);
      if (!m) continue;
      if (m[1] === 'ASSIGNED') assignments.push((JSON.parse(m[2]) as { assignment: number[] }).assignment);
      if (m[1] === 'FINAL') final = JSON.parse(m[2]) as WorkerFinal;
    }
  });
  const exited = new Promise<number | null>((done) => child.once('close', done));
  return {
    clientId,
    assignments,
    async stop() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0 || final === null) throw new Error(`kafka_python_group_worker.py ${clientId} exited ${code} without FINAL: ${err}`);
      return final;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
