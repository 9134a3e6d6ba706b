/**
 * For the kafka-consumer-groups tests: the tool run in-process with its output captured, real
 * consumer group members (test/fixtures/consumer_group_member.py: kafka-python or confluent-kafka
 * through /usr/bin/python3) that stay in their group until stopped, and ConsumerGroupCommand's
 * `%-Ns` columns for the expected lines.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { runKafkaConsumerGroups } from '../../src-main/cli/kafka-consumer-groups/kafka-consumer-groups';
import { PYTHON } from '../support/kafka-python';

const MEMBER_SCRIPT = resolve(import.meta.dirname, '../fixtures/consumer_group_member.py');

/** Why the Python clients cannot run here, or null when they can. */
export function pythonClientsUnavailable(): string | null {
  const r = spawnSync(PYTHON, ['-c', 'import kafka, confluent_kafka'], { encoding: 'utf8' });
  if (r.error) return r.error.message;
  return r.status === 0 ? null : r.stderr.trim();
}

export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

export const FIXED_NOW = new Date(Date.UTC(2026, 11, 2, 0, 0, 0));

export async function consumerGroups(...args: string[]): Promise<ToolRun> {
  let stdout = '';
  let stderr = '';
  const code = await runKafkaConsumerGroups(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), now: () => FIXED_NOW });
  return { code, stdout, stderr };
}

/** Java's `%-Ns` columns joined by single spaces (a column of width 0 is `%s`). */
export function columns(widths: readonly number[], values: ReadonlyArray<string | number>): string {
  return values.map((v, i) => String(v).padEnd(widths[i] ?? 0)).join(' ');
}

export interface Member {
  readonly ready: { assignment: number[]; committed: Record<string, number>; consumed: number };
  /** Commits what it has consumed so far: its assignment then and the committed offsets. */
  commit(): Promise<{ assignment: number[]; committed: Record<string, number> }>;
  /** Closes its stdin: the member closes (a dynamic one leaves the group) and exits. */
  stop(): Promise<void>;
  /** SIGKILL: it neither leaves nor heartbeats again. */
  kill(): Promise<void>;
}

export function startMember(
  library: 'kafka-python' | 'confluent-kafka',
  bootstrap: string,
  topic: string,
  group: string,
  count: number,
  clientId: string,
  instanceId?: string,
): Promise<Member> {
  const args = [MEMBER_SCRIPT, library, bootstrap, topic, group, String(count), clientId, ...(instanceId ? [instanceId] : [])];
  const child: ChildProcess = spawn(PYTHON, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((r) => child.once('close', r));
  // Writing to a member that was killed must not fail the test.
  child.stdin!.on('error', () => undefined);
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    let committedSeen = 0;
    const commitWaiters: Array<(r: { assignment: number[]; committed: Record<string, number> }) => void> = [];
    let ready = false;
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const commits = [...out.matchAll(/^COMMITTED (.*)$/gm)];
      while (commits.length > committedSeen && commitWaiters.length > 0) commitWaiters.shift()!(JSON.parse(commits[committedSeen++][1]));
      const line = /^READY (.*)$/m.exec(out);
      if (!line || ready) return;
      ready = true;
      resolvePromise({
        ready: JSON.parse(line[1]) as Member['ready'],
        commit() {
          const done = new Promise<{ assignment: number[]; committed: Record<string, number> }>((r) => commitWaiters.push(r));
          child.stdin!.write('commit\n');
          return done;
        },
        async stop() {
          child.stdin!.end();
          await exited;
        },
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`consumer_group_member.py exited ${code} before READY: ${err}`)));
  });
}

const ADMIN_SCRIPT = resolve(import.meta.dirname, '../fixtures/consumer_group_admin.py');

/** kafka-python's `delete_consumer_groups`: each group with the name of its error class. */
export function kafkaPythonDeleteGroups(bootstrap: string, ...groups: string[]): Promise<Array<[string, string]>> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(PYTHON, [ADMIN_SCRIPT, 'delete', bootstrap, ...groups], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('close', (code) =>
      code === 0
        ? resolvePromise(JSON.parse(out) as Array<[string, string]>)
        : reject(new Error(`consumer_group_admin.py exited ${code}: ${err}`)),
    );
  });
}
