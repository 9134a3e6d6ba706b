/**
 * A kafka-python consumer that stays in its group (test/fixtures/kafka_python_group_member.py):
 * started, it consumes and commits `count` records (0: all there are), reports its assignment and commits, and stays a
 * member (heartbeating) until `leave()`.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { PYTHON } from './kafka-python';

const SCRIPT = resolve(import.meta.dirname, '../fixtures/kafka_python_group_member.py');

export interface GroupMember {
  readonly assignment: number[];
  readonly committed: Record<string, number>;
  /** Leaves the group (LeaveGroup) and waits for the process to end. */
  leave(): Promise<void>;
  /** Kills the process (no LeaveGroup: the coordinator notices when its session times out). */
  kill(): Promise<void>;
}

export function joinGroup(bootstrap: string, topic: string, group: string, clientId: string, count: number): Promise<GroupMember> {
  const child = spawn(PYTHON, [SCRIPT, bootstrap, topic, group, clientId, String(count)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.once('close', done));
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolvePromise, reject) => {
    let out = '';
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`kafka_python_group_member.py exited ${code} before reporting: ${err}`)));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      const report = JSON.parse(out.slice(0, newline)) as { assignment: number[]; committed: Record<string, number> };
      resolvePromise({
        ...report,
        async leave() {
          child.stdin.end();
          await exited;
        },
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}
