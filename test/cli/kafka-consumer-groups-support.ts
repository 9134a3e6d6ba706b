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
  /** Closes its stdin: the member closes (a dynamic one leaves the group) and exits. */
  stop(): Promise<void>;
}

export function startMember(library: 'kafka-python' | 'confluent-kafka', bootstrap: string, topic: string, group: string, count: number, clientId: string, instanceId?: string): Promise<Member> {
  const args = [MEMBER_SCRIPT, library, bootstrap, topic, group, String(count), clientId, ...(instanceId ? [instanceId] : [])];
  const child: ChildProcess = spawn(PYTHON, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((r) => child.once('close', r));
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = /^READY (.*)$/m.exec(out);
      if (!line) return;
      resolvePromise({
        ready: JSON.parse(line[1]) as Member['ready'],
        async stop() {
          child.stdin!.end();
          await exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`consumer_group_member.py exited ${code} before READY: ${err}`)));
  });
}
