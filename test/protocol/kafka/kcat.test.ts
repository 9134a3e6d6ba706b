/**
 * Debian's kcat (librdkafka 2.0.2: ApiVersions v3, answered in v3 as by a 2.5 broker; Metadata v4,
 * Produce v7, Fetch v11, ListOffsets v2) against the emulated brokers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { programMissing, runClient } from '../../support/external-client';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

const KCAT = '/usr/bin/kcat';
const missing = programMissing(KCAT, 'kcat');
// Outside CI without kcat: skip, saying why. In CI (which installs it) this fails instead.
const skip = missing !== null && !process.env.CI;
if (skip) console.warn(`kcat tests skipped: ${missing}`);

describe.skipIf(skip)('kcat against the emulated cluster', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  async function setUp(): Promise<WireCluster> {
    wire = await wireCluster({ seed: 51 });
    await adminOf(wire.h).createTopics(
      [
        topic('kc', {
          assignment: [
            [0, 1],
            [1, 2],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await wire.h.settle();
    return wire;
  }

  it('-L -J: brokers at their ports, topics with leaders, replicas and ISR', async () => {
    const w = await setUp();
    const run = await runClient(KCAT, ['-b', w.bootstrap, '-L', '-J']);
    expect(run.code, run.stderr).toBe(0);
    const metadata = JSON.parse(run.stdout) as {
      brokers: Array<{ id: number; name: string }>;
      topics: Array<{
        topic: string;
        partitions: Array<{ partition: number; leader: number; replicas: Array<{ id: number }>; isrs: Array<{ id: number }> }>;
      }>;
    };
    expect(metadata.brokers.map((b) => [b.id, b.name]).sort()).toEqual([0, 1, 2].map((id) => [id, `127.0.0.1:${w.ports.get(id)}`]));
    const kc = metadata.topics.find((t) => t.topic === 'kc');
    expect(kc?.partitions.map((p) => [p.partition, p.leader, p.replicas.map((r) => r.id), p.isrs.map((r) => r.id).sort()])).toEqual([
      [0, 0, [0, 1], [0, 1]],
      [1, 1, [1, 2], [1, 2]],
    ]);
  });

  it('-P then -C: keyed records produced to a partition are consumed back with their offsets', async () => {
    const w = await setUp();
    const lines = Array.from({ length: 25 }, (_, i) => `key-${i}:value-${i}`).join('\n') + '\n';
    const produced = await runClient(KCAT, ['-b', w.bootstrap, '-t', 'kc', '-p', '1', '-P', '-K:', '-X', 'acks=all'], { input: lines });
    expect(produced.code, produced.stderr).toBe(0);
    const consumed = await runClient(KCAT, [
      '-b',
      w.bootstrap,
      '-t',
      'kc',
      '-p',
      '1',
      '-C',
      '-o',
      'beginning',
      '-e',
      '-f',
      '%p %o %k %s\n',
    ]);
    expect(consumed.code, consumed.stderr).toBe(0);
    expect(consumed.stdout.trim().split('\n')).toEqual(Array.from({ length: 25 }, (_, i) => `1 ${i} key-${i} value-${i}`));
    expect(w.h.cluster.broker(2).logManager?.getLog({ topic: 'kc', partition: 1 })?.logEndOffset).toBe(25);
  });

  it('ApiVersions: librdkafka’s v3 request is answered in v3, with no fallback to an older version', async () => {
    const w = await setUp();
    const run = await runClient(KCAT, ['-b', w.bootstrap, '-L', '-d', 'protocol']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => /ApiVersion(Request|Response) \(v/.test(l));
    expect(lines.some((l) => l.includes('Received ApiVersionResponse (v3'))).toBe(true);
    expect(lines.filter((l) => /ApiVersion(Request|Response) \(v[0-2],/.test(l))).toEqual([]);
  });
});
