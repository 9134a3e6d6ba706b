/** The log dir browser's view of a segment's `.txnindex`: its AbortedTxn entries decoded, or what Kafka's sanity check says. */
import { describe, expect, it } from 'vitest';
import { parseLogDirFile } from '../../src-main/api/log-dirs/log-dir-files';

/** AbortedTxn entries written here byte by byte (int16 version, four int64s), not by the emulator's encoder. */
function entries(rows: ReadonlyArray<readonly [number, number, number, number]>): Uint8Array {
  const b = Buffer.alloc(rows.length * 34);
  rows.forEach(([producerId, first, last, lso], i) => {
    const p = i * 34;
    b.writeInt16BE(0, p);
    b.writeBigInt64BE(BigInt(producerId), p + 2);
    b.writeBigInt64BE(BigInt(first), p + 10);
    b.writeBigInt64BE(BigInt(last), p + 18);
    b.writeBigInt64BE(BigInt(lso), p + 26);
  });
  return b;
}

const PATH = '/logs/orders-0/00000000000000000100.txnindex';

describe('log dir browser: transaction indexes', () => {
  it('shows one row per aborted transaction with the note on what the file is for', () => {
    const bytes = entries([
      [4000, 98, 104, 101],
      [4001, 101, 110, 111],
    ]);
    const file = parseLogDirFile(PATH, 'txn-index', bytes, bytes.length);
    expect(file.error).toBeNull();
    expect(file.abortedTransactions).toEqual([
      { version: 0, producerId: 4000, firstOffset: 98, lastOffset: 104, lastStableOffset: 101 },
      { version: 0, producerId: 4001, firstOffset: 101, lastOffset: 110, lastStableOffset: 111 },
    ]);
    expect(file.note?.en).toContain('TransactionIndex');
    expect(file.note?.['zh-CN']).toContain('已中止事务（TransactionIndex）');
  });

  it('an entry whose marker is below the segment base is what TransactionIndex.sanityCheck refuses; a torn tail is pointed out', () => {
    const below = entries([[4000, 10, 20, 21]]);
    expect(parseLogDirFile(PATH, 'txn-index', below, below.length).error).toBe(
      `Last offset of aborted transaction AbortedTxn(version=0, producerId=4000, firstOffset=10, lastOffset=20, lastStableOffset=21) in index ${PATH} is less than start offset 100`,
    );
    const torn = Buffer.concat([entries([[4000, 100, 102, 103]]), Buffer.alloc(5)]);
    const file = parseLogDirFile(PATH, 'txn-index', torn, torn.length);
    expect(file.abortedTransactions).toHaveLength(1);
    expect(file.error).toBe('5 bytes after the last whole 34-byte entry are ignored.');
  });
});
