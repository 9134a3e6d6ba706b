/**
 * The order the election tools print partitions in. The `java.util.HashMap` order was read from a
 * JDK 17 HashMap of keys with TopicPartition's hashCode (jshell); the Scala 2.12 `mutable.HashSet`
 * (FlatHashTable) order follows the 2.12 sources — no Scala library was at hand to run it against.
 */
import { describe, expect, it } from 'vitest';
import { javaHashMapOrderOf, scala212MutableHashSetOrder } from '../../src-main/cli/kafka-leader-election/election-result-order';

const tps = (topic: string, n: number) => Array.from({ length: n }, (_, partition) => ({ topic, partition }));
const names = (list: ReadonlyArray<{ topic: string; partition: number }>) => list.map((p) => `${p.topic}-${p.partition}`);

describe('election result order', () => {
  it('a java.util.HashMap of TopicPartitions iterates as the JDK’s does (resized past 0.75 of 16 buckets)', () => {
    expect(names(javaHashMapOrderOf([...tps('orders', 8), ...tps('__consumer_offsets', 16)]))).toEqual(
      'orders-7, __consumer_offsets-15, __consumer_offsets-13, __consumer_offsets-14, __consumer_offsets-11, __consumer_offsets-12, __consumer_offsets-9, __consumer_offsets-10, __consumer_offsets-0, __consumer_offsets-7, orders-0, __consumer_offsets-8, orders-1, __consumer_offsets-5, orders-2, __consumer_offsets-6, orders-3, __consumer_offsets-3, orders-4, __consumer_offsets-4, orders-5, __consumer_offsets-1, orders-6, __consumer_offsets-2'.split(
        ', ',
      ),
    );
  });

  it('a Scala 2.12 mutable.HashSet keeps every element once, whatever the insertion order, growing past 14 of 32 slots', () => {
    const many = tps('ledger', 40);
    const forward = scala212MutableHashSetOrder(many);
    expect(names(forward).sort()).toEqual(names(many).sort());
    // Linear probing: only collisions depend on the insertion order, so a reversed insertion keeps the same set.
    expect(names(scala212MutableHashSetOrder([...many].reverse())).sort()).toEqual(names(forward).sort());
    expect(scala212MutableHashSetOrder([])).toEqual([]);
  });
});
