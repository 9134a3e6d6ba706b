/**
 * Debian's kcat (librdkafka 2.0.2) in a balanced consumer group (`-G`: FindCoordinator v2,
 * JoinGroup v5, SyncGroup v3, Heartbeat v3, OffsetFetch v5, OffsetCommit v7, LeaveGroup v1):
 * it consumes from the beginning, commits on close, and a later run of the group resumes there.
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

describe.skipIf(skip)('kcat -G against the emulated cluster', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('consumes in a group, commits on close, and the next run resumes from the committed offsets', async () => {
    wire = await wireCluster({ seed: 91, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const w = wire;
    await adminOf(w.h).createTopics(
      [
        topic('rd-events', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.h.settle();
    const write = async (from: number, count: number) => {
      // Keyed, so librdkafka's partitioner (consistent_random: CRC32 of the key) spreads them the same way each run.
      const lines = Array.from({ length: count }, (_, i) => `k-${from + i}:v-${from + i}`).join('\n') + '\n';
      const run = await runClient(KCAT, ['-b', w.bootstrap, '-t', 'rd-events', '-P', '-K:', '-X', 'acks=all'], { input: lines });
      expect(run.code, run.stderr).toBe(0);
    };
    // kcat applies `-o` to every partition it is assigned: without it, the group's committed offsets count.
    const consume = (count: number, offset: string[]) =>
      runClient(
        KCAT,
        [
          '-b',
          w.bootstrap,
          '-G',
          'rd-group',
          'rd-events',
          ...offset,
          '-c',
          String(count),
          '-f',
          '%p %o %s\n',
          '-X',
          'session.timeout.ms=10000',
        ],
        { timeoutMs: 60_000 },
      );

    await write(0, 30);
    const first = await consume(30, ['-o', 'beginning']);
    expect(first.code, first.stderr).toBe(0);
    const firstValues = first.stdout
      .trim()
      .split('\n')
      .map((l) => l.split(' ')[2]);
    expect(firstValues.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `v-${i}`).sort());

    // The group's committed offsets are the partitions' ends.
    const coordinator = w.h.cluster
      .runningBrokers()
      .map((b) => b.groupCoordinator!)
      .find((c) => c.groupManager.getGroup('rd-group'));
    const committed = coordinator!
      .handleFetchOffsets('rd-group', null)
      .partitions.map((p) => [p.partition, p.offset])
      .sort();
    const ends = [0, 1].map((p) => [p, w.h.cluster.broker(p).logManager!.getLog({ topic: 'rd-events', partition: p })!.logEndOffset]);
    expect(ends.every(([, end]) => end > 0)).toBe(true);
    expect(committed).toEqual(ends);

    await write(30, 8);
    const second = await consume(8, []);
    expect(second.code, second.stderr).toBe(0);
    expect(
      second.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(' ')[2])
        .sort(),
    ).toEqual(Array.from({ length: 8 }, (_, i) => `v-${30 + i}`).sort());
  });
});
