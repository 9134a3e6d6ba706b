/**
 * Debian's kafka-python producing and consuming through the wire protocol (Produce v7, Fetch v4,
 * ListOffsets v1): every acknowledged record is read back with the same key, value, header,
 * partition and offset, by the client and in the brokers' own logs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { kafkaPythonUnavailable } from '../../support/kafka-python';
import { kafkaPython, wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

const unavailable = kafkaPythonUnavailable();
// Outside CI without kafka-python: skip, saying why. In CI (which installs it) this fails instead.
const skip = unavailable !== null && !process.env.CI;
if (skip) console.warn(`kafka-python protocol tests skipped: ${unavailable}`);

type Produced = Array<[number, number]>;
type Consumed = Array<[number, number, string, string, Array<[string, string]>]>;

describe.skipIf(skip)('kafka-python produces and consumes through the wire protocol', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  for (const compression of ['none', 'gzip', 'snappy', 'lz4', 'zstd']) {
    it(`acks=all, ${compression}: 60 records over 3 partitions, consumed back byte for byte with their offsets`, async () => {
      wire = await wireCluster({ seed: 11 });
      const { h, bootstrap } = wire;
      await adminOf(h).createTopics(
        [
          topic('events', {
            assignment: [
              [0, 1, 2],
              [1, 2, 0],
              [2, 0, 1],
            ],
            configs: { 'min.insync.replicas': '2' },
          }),
        ],
        { timeoutMs: 5000, validateOnly: false },
      );
      await h.settle();

      const produced = await kafkaPython<Produced>('produce', bootstrap, 'events', 60, 'all', compression);
      expect(produced).toHaveLength(60);
      // Keys hash to partitions with Kafka's murmur2; offsets per partition are 0, 1, 2 … in send order.
      const perPartition = new Map<number, number[]>();
      for (const [p, o] of produced) perPartition.set(p, [...(perPartition.get(p) ?? []), o]);
      for (const offsets of perPartition.values()) expect(offsets).toEqual(offsets.map((_, i) => i));
      expect(perPartition.size).toBe(3);

      const consumed = await kafkaPython<Consumed>('consume', bootstrap, 'events', 60);
      const expected = produced.map(([p, o], i) => [p, o, `key-${i}`, `value-${i}`, [['h', String(i)]]]);
      const order = (a: readonly unknown[], b: readonly unknown[]) =>
        (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number);
      expect([...consumed].sort(order)).toEqual([...expected].sort(order));

      // The brokers hold them too: every replica's log end is its partition's count (acks=all).
      for (const [partition, offsets] of perPartition) {
        for (const id of [0, 1, 2]) {
          const log = h.cluster.broker(id).logManager?.getLog({ topic: 'events', partition });
          expect(log?.logEndOffset).toBe(offsets.length);
        }
      }
    });
  }

  it('ListOffsets: beginning, end (the high watermark) and offsets_for_times', async () => {
    wire = await wireCluster({ seed: 12 });
    const { h, bootstrap } = wire;
    await adminOf(h).createTopics(
      [
        topic('audit', {
          assignment: [
            [0, 1],
            [1, 2],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await h.settle();
    const produced = await kafkaPython<Produced>('produce', bootstrap, 'audit', 20, '1');
    const counts = [0, 1].map((p) => produced.filter(([q]) => q === p).length);
    const offsets = await kafkaPython<{
      beginning: Record<string, number>;
      end: Record<string, number>;
      for_time_0: Record<string, number | null>;
    }>('offsets', bootstrap, 'audit');
    expect(offsets.beginning).toEqual({ 0: 0, 1: 0 });
    expect(offsets.end).toEqual({ 0: counts[0], 1: counts[1] });
    expect(offsets.for_time_0).toEqual({ 0: counts[0] > 0 ? 0 : null, 1: counts[1] > 0 ? 0 : null });
  });
});
