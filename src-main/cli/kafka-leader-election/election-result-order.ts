/**
 * The order LeaderElectionCommand prints partitions in: ElectLeadersResult's `java.util.HashMap`
 * (filled in response order, 16 buckets doubling past 0.75) is walked into a Scala 2.12
 * `mutable.Set` (`FlatHashTable`: open addressing with linear probing, 32 slots, load factor 0.45,
 * the slot from the high bits of `rotateRight(byteswap32(hashCode), bitCount(length − 1))`,
 * iterated from the first slot) for the elected and the not-needed ones, and a Scala 2.12
 * `mutable.Map` for the failed ones.
 */
import type { TopicPartition } from '../../core/common/topic-partition';
import { scala212MutableHashMapOrderBy } from '../../core/common/jvm-hash-order';
import { topicPartitionHashCode } from '../kafka-reassign-partitions/reassignment-json';

function byteswap32(v: number): number {
  const hc = Math.imul(v, 0x9e3775cd);
  const swapped = ((hc & 0xff) << 24) | (((hc >>> 8) & 0xff) << 16) | (((hc >>> 16) & 0xff) << 8) | (hc >>> 24);
  return Math.imul(swapped, 0x9e3775cd);
}

const bitCount = (v: number) => v.toString(2).replace(/0/g, '').length;

/** `new java.util.HashMap()` filled by `put` in `keys`' order: ascending bucket, insertion order within one. */
export function javaHashMapOrderOf(keys: readonly TopicPartition[]): TopicPartition[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: TopicPartition) => {
    const h = topicPartitionHashCode(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((e) => e.key);
}

/** Scala 2.12 `mutable.HashSet` of distinct `keys` added in this order. */
export function scala212MutableHashSetOrder(keys: readonly TopicPartition[]): TopicPartition[] {
  let table: Array<TopicPartition | null> = new Array<TopicPartition | null>(32).fill(null);
  let threshold = Math.trunc((32 * 450) / 1000);
  let size = 0;
  const slot = (k: TopicPartition) => {
    const seed = bitCount(table.length - 1);
    const i = byteswap32(topicPartitionHashCode(k));
    const r = seed % 32;
    const improved = r === 0 ? i : (i >>> r) | (i << (32 - r));
    return (improved >>> (32 - bitCount(table.length - 1))) & (table.length - 1);
  };
  const add = (k: TopicPartition) => {
    let h = slot(k);
    while (table[h] !== null) h = (h + 1) % table.length;
    table[h] = k;
    size++;
  };
  for (const key of keys) {
    add(key);
    if (size >= threshold) {
      const old = table;
      table = new Array<TopicPartition | null>(old.length * 2).fill(null);
      size = 0;
      threshold = Math.trunc((table.length * 450) / 1000);
      for (const k of old) if (k !== null) add(k);
    }
  }
  return table.filter((k): k is TopicPartition => k !== null);
}

/** Scala 2.12 `mutable.Map` keyed by these partitions, added in this order. */
export function scala212MutableMapOrder(keys: readonly TopicPartition[]): TopicPartition[] {
  return scala212MutableHashMapOrderBy(keys, topicPartitionHashCode);
}
