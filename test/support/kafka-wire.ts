/**
 * A running emulated cluster whose brokers listen on 127.0.0.1 (free ports, bound during each
 * broker's startup before it registers, so /brokers/ids holds the real port), with its manual clock ticking in real
 * time so that a parked Fetch's MaxWait runs out as a client expects; and Debian's kafka-python as
 * the client (test/fixtures/kafka_python_client.py).
 */
import { spawn } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { ClusterHarness, type HarnessOptions } from './cluster-harness';
import { PYTHON } from './kafka-python';

const CLIENT_SCRIPT = resolve(import.meta.dirname, '../fixtures/kafka_python_client.py');
const TICK_MS = 5;

export interface WireCluster {
  readonly h: ClusterHarness;
  /** Each broker's bound port. */
  readonly ports: ReadonlyMap<number, number>;
  readonly bootstrap: string;
  /** Moves the clock on by `ms` at once (in turn with the ticker: never call `h.advance` directly). */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function wireCluster(options: HarnessOptions = {}): Promise<WireCluster> {
  const harness = await ClusterHarness.create({ ...options, kafkaListeners: true });
  const ports = new Map([...harness.listeners].map(([id, l]) => [id, l.boundPort ?? -1]));
  // The manual clock follows the wall clock, task by task; explicit advances take their turn.
  let turn: Promise<void> = Promise.resolve();
  const advance = (ms: number) => (turn = turn.then(() => harness.advance(ms)));
  let ticking = true;
  const tick = async () => {
    while (ticking) {
      await new Promise((r) => setTimeout(r, TICK_MS));
      if (ticking) await advance(TICK_MS);
    }
  };
  const ticker = tick();
  return {
    h: harness,
    ports,
    bootstrap: `127.0.0.1:${ports.get(0)}`,
    advance,
    async close() {
      ticking = false;
      await ticker;
      await harness.close();
    },
  };
}

/** Runs one kafka_python_client.py command; resolves with its JSON output. */
export function kafkaPython<T = Record<string, unknown>>(command: string, ...args: Array<string | number>): Promise<T> {
  return runPythonScript<T>(CLIENT_SCRIPT, command, ...args);
}

/** Runs a Python fixture script with Debian's python3 (where kafka-python is); resolves with the JSON it prints. */
export function runPythonScript<T>(script: string, command: string, ...args: Array<string | number>): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(PYTHON, [script, command, ...args.map(String)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolvePromise(JSON.parse(out) as T) : reject(new Error(`${basename(script)} ${command} exited ${code}: ${err}`)),
    );
  });
}
