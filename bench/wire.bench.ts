/**
 * The wire protocol end to end with a real client: Debian's kcat (librdkafka) producing and
 * consuming through the emulated brokers' listeners on 127.0.0.1, against the same records
 * appended and fetched in-process (`ReplicaManager.appendRecords` / `fetchMessages`, as the data
 * path benchmark does) in the same run (`npm run bench -- wire`). One partition of RF 3 per case;
 * the records are the data-path benchmark's sizes (100 B in batches of 100, 10 KB in batches of
 * 10). WIRE_BENCH_BYTES (default 16 MiB) sets the bytes per case. The kcat figures include
 * starting kcat and its metadata round trips; the consumer asks for `fetch.wait.max.ms=10` so that
 * the end of the partition is seen without librdkafka's default 500 ms wait.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Workspace } from '../src-main/core/cluster/workspace';
import { openWorkspace } from '../src-main/infra/open-workspace';
import { SystemTime } from '../src-main/infra/system-time';
import { BrokerSocketListener } from '../src-main/protocol/kafka/broker-socket-listener';
import type { Figure } from './bench-support';
import { measured, reportLoopDelay, tempDir } from './bench-support';
import { batchOf, consumeFetch, createTopic, produce, until } from './data-path.bench';

const KCAT = '/usr/bin/kcat';
const MB = 1e6;
const BYTES = Number(process.env.WIRE_BENCH_BYTES ?? 16 * 1024 * 1024);
const CASES = [
  { label: '100 B', recordBytes: 100, recordsPerBatch: 100 },
  { label: '10 KB', recordBytes: 10_000, recordsPerBatch: 10 },
] as const;

function kcat(args: string[], inputFile?: string): Promise<{ ms: number; stdoutBytes: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(KCAT, args, { stdio: [inputFile ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdoutBytes += c.length));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    if (inputFile && child.stdin) createReadStream(inputFile).pipe(child.stdin);
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve({ ms: performance.now() - start, stdoutBytes })
        : reject(new Error(`kcat exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

/** `count` lines of `size - 1` printable bytes and a newline: kcat sends each line as a `size - 1` byte value. */
function recordsFile(path: string, count: number, size: number): void {
  const line = Buffer.alloc(size, 'x');
  line[size - 1] = 0x0a;
  const block = Buffer.concat(Array.from({ length: Math.min(count, 1000) }, () => line));
  const parts: Buffer[] = [];
  for (let left = count; left > 0; left -= 1000) parts.push(left >= 1000 ? block : block.subarray(0, left * size));
  writeFileSync(path, Buffer.concat(parts));
}

export async function wireBench(report: (f: Figure) => void): Promise<void> {
  if (!existsSync(KCAT)) throw new Error(`${KCAT} not found: apt-get install kcat`);
  const tmp = tempDir('kafka-dojo-wire-bench-');
  const time = new SystemTime();
  const listeners = new Map<number, BrokerSocketListener>();
  let ws: Workspace | null = null;
  try {
    ws = await openWorkspace(join(tmp.dir, 'ws'), {
      time,
      listenerFor: (id, broker) => {
        const listener = new BrokerSocketListener(broker, time, () => (ws as Workspace).admin, 0);
        listeners.set(id, listener);
        return listener;
      },
    });
    const workspace = ws;
    await workspace.startAll();
    await until(() => workspace.cluster.activeController() !== null, 30_000, 'a controller');
    const bootstrap = [...listeners.values()].map((l) => `127.0.0.1:${l.boundPort}`).join(',');
    // What every kcat figure below includes besides the records: starting kcat, its metadata round
    // trips, and its exit (here with nothing to produce), in this run.
    const idle = await createTopic(workspace, 'wire-kcat-idle');
    const emptyInput = join(tmp.dir, 'empty.txt');
    writeFileSync(emptyInput, '');
    const kcatIdle = await measured(() => kcat(['-b', bootstrap, '-t', idle.tp.topic, '-p', '0', '-P'], emptyInput));
    report({ name: 'kcat start, metadata and exit (producing nothing)', value: kcatIdle.ms, unit: 'ms' });
    for (const c of CASES) {
      const count = Math.round(BYTES / c.recordBytes);
      const input = join(tmp.dir, `records-${c.recordBytes}.txt`);
      recordsFile(input, count, c.recordBytes);
      for (const acks of [1, -1]) {
        const tag = `${c.recordBytes}-acks${acks === -1 ? 'all' : acks}`;
        // In-process: the same number of records in the same batch size, straight to the leader.
        const template = batchOf(c.recordsPerBatch, c.recordBytes - 1, Date.now(), 7);
        const batches = Math.ceil(count / c.recordsPerBatch);
        const local = await createTopic(workspace, `local-${tag}`);
        const inProcess = await measured(() =>
          produce(
            local.broker,
            local.tp,
            { c: { ...c, label: c.label }, template, batches, bytes: batches * template.length, records: batches * c.recordsPerBatch },
            acks,
          ),
        );

        const wire = await createTopic(workspace, `wire-${tag}`);
        const overWire = await measured(() =>
          kcat(
            [
              '-b',
              bootstrap,
              '-t',
              wire.tp.topic,
              '-p',
              '0',
              '-P',
              '-X',
              `acks=${acks === -1 ? 'all' : 1}`,
              '-X',
              `batch.num.messages=${c.recordsPerBatch}`,
              '-X',
              'linger.ms=5',
              '-X',
              'enable.idempotence=false',
            ],
            input,
          ),
        );
        const log = wire.partition.log;
        if (log?.logEndOffset !== count)
          throw new Error(`${wire.tp.topic}: ${log?.logEndOffset} records in the leader's log, ${count} sent`);
        const mb = (count * (c.recordBytes - 1)) / MB;
        const what = `produce ${c.label} records, acks ${acks === -1 ? '−1' : '1'}`;
        // Issue 18's goal: wire produce ≥ 0.7× in-process.
        report({
          name: `${what}: kcat over the wire against in-process (goal ≥ 0.7)`,
          value: mb / (overWire.ms / 1000),
          unit: 'MB/s',
          baseline: mb / (inProcess.ms / 1000),
          baselineName: 'in-process appendRecords, same records and batch size',
        });
        reportLoopDelay(report, `${what} over the wire`, overWire, { delay: inProcess, name: 'the same produce in-process' });

        if (acks === 1) {
          const fetchLocal = await measured(() => consumeFetch(local.broker, local.tp, false));
          const fetchWire = await measured(() =>
            kcat([
              '-b',
              bootstrap,
              '-t',
              wire.tp.topic,
              '-p',
              '0',
              '-C',
              '-o',
              'beginning',
              '-e',
              '-q',
              '-f',
              '%s',
              '-X',
              'fetch.wait.max.ms=10',
            ]),
          );
          if (fetchWire.result.stdoutBytes !== count * (c.recordBytes - 1))
            throw new Error(`kcat consumed ${fetchWire.result.stdoutBytes} bytes, ${count * (c.recordBytes - 1)} expected`);
          report({
            name: `consume ${c.label} records: kcat over the wire`,
            value: mb / (fetchWire.ms / 1000),
            unit: 'MB/s',
            baseline: fetchLocal.result.bytes / MB / (fetchLocal.ms / 1000),
            baselineName: 'in-process fetchMessages of 1 MiB',
          });
          reportLoopDelay(report, `consume ${c.label} records over the wire`, fetchWire, {
            delay: fetchLocal,
            name: 'the same fetches in-process',
          });
        }
      }
    }
  } finally {
    await ws?.close();
    for (const l of listeners.values()) l.close();
    time.shutdown();
    tmp.cleanup();
  }
}
