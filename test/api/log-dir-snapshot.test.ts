/** The log dir browser's view of a producer-state `.snapshot` file: rows as Kafka reads them, or Kafka's reason to drop it. */
import { describe, expect, it } from 'vitest';
import { parseLogDirFile } from '../../src-main/api/log-dirs/log-dir-files';
import { encodeProducerSnapshot } from '../../src-main/core/log/producer-state/producer-snapshot';

const ROW = {
  producerId: 1000,
  producerEpoch: 3,
  lastSequence: 41,
  lastOffset: 120,
  offsetDelta: 1,
  timestamp: 1_600_000_000_005,
  coordinatorEpoch: -1,
  currentTxnFirstOffset: -1,
};

describe('log dir browser: producer snapshots', () => {
  it('shows one row per producer with the note on what the file is for', () => {
    const bytes = encodeProducerSnapshot([ROW, { ...ROW, producerId: 1001, lastSequence: 0, lastOffset: 121, offsetDelta: 0 }]);
    const file = parseLogDirFile('/logs/orders-0/00000000000000000122.snapshot', 'producer-snapshot', bytes, bytes.length);
    expect(file.error).toBeNull();
    expect(file.producerSnapshot).toEqual([ROW, { ...ROW, producerId: 1001, lastSequence: 0, lastOffset: 121, offsetDelta: 0 }]);
    expect(file.note?.en).toContain('ProducerStateManager');
    expect(file.note?.['zh-CN']).toContain('幂等 producer 的状态（ProducerStateManager）');
    expect(file.sizeBytes).toBe(10 + 2 * 46);
  });

  it('a damaged snapshot shows why Kafka would drop it', () => {
    const bytes = encodeProducerSnapshot([ROW]);
    bytes[bytes.length - 1] ^= 1;
    const file = parseLogDirFile('/logs/orders-0/00000000000000000122.snapshot', 'producer-snapshot', bytes, bytes.length);
    expect(file.producerSnapshot).toBeNull();
    expect(file.error).toMatch(
      /^Failed to load producer snapshot: Snapshot is corrupt \(CRC is no longer valid\)\. Stored crc: \d+\. Computed crc: \d+$/,
    );
    const unknown = Uint8Array.from([0, 2, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseLogDirFile('/x/00000000000000000000.snapshot', 'producer-snapshot', unknown, 10).error).toBe(
      'Failed to load producer snapshot: Snapshot contained an unknown file version 2',
    );
  });
});
