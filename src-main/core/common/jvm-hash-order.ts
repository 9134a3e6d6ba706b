/**
 * The iteration order of the JVM collections Kafka 2.5 hands to Jackson, so that encoders can put
 * JSON members in the order a real broker writes them. Kafka builds each znode payload from one of:
 *
 * | collection (as Kafka builds it)                           | order                                        |
 * |-----------------------------------------------------------|----------------------------------------------|
 * | Scala immutable `Map(k1 -> v1, …)` with ≤ 4 entries       | insertion (Map1 … Map4)                      |
 * | Scala immutable `Map` with ≥ 5 entries                     | hash trie order of the improved `hashCode`   |
 * | Scala `mutable.Map` / `mutable.HashMap`                    | hash table order (differs in 2.12 and 2.13)  |
 * | `java.util.Properties` (topic/broker/client configs)      | JDK 8: Hashtable order; JDK 9+: ConcurrentHashMap order |
 *
 * and prints or stores a few more: a `java.util.HashMap` copy (`AbstractConfig.originals()`, in
 * "Created log … with properties {…}") and a JDK 8 `Properties` (`meta.properties`).
 *
 * Kafka 2.5 ships for Scala 2.12 and 2.13 and runs on Java 8 or 11, so the bytes depend on the
 * build: {@link KafkaBuild}. The default, Scala 2.12 on Java 8, reproduces the observed broker
 * registration order `{"listener_security_protocol_map":…,"endpoints":…,"jmx_port":…,"host":…,
 * "timestamp":…,"port":…,"version":4}` and the partition order `{"2":…,"1":…,"0":…}` of real
 * topic znodes. The Scala 2.11/2.12 and JDK orders were checked against the real collections
 * (test/core/kafka-zk/jvm-hash-order.test.ts holds the fixtures); the Scala 2.13 ones follow the 2.13
 * sources and were not run against a 2.13 library.
 */

import { javaStringHashCode } from './java-lang';

export interface KafkaBuild {
  /** `kafka_2.12-2.5.x` or `kafka_2.13-2.5.x`. */
  readonly scalaVersion: '2.12' | '2.13';
  /** The JVM the broker runs on; decides the order of `java.util.Properties` entries. */
  readonly javaVersion: 8 | 11;
}

/** `kafka_2.12-2.5.1.tgz` on Java 8, the most common Kafka 2.5 installation. */
export const DEFAULT_KAFKA_BUILD: KafkaBuild = Object.freeze({ scalaVersion: '2.12', javaVersion: 8 });

function reverseBytes(v: number): number {
  return ((v & 0xff) << 24) | (((v >>> 8) & 0xff) << 16) | (((v >>> 16) & 0xff) << 8) | (v >>> 24);
}

/** `scala.util.hashing.byteswap32`. */
function byteswap32(v: number): number {
  const hc = reverseBytes(Math.imul(v, 0x9e3775cd));
  return Math.imul(hc, 0x9e3775cd);
}

function rotateRight(i: number, distance: number): number {
  const d = distance & 31;
  return d === 0 ? i | 0 : (i >>> d) | (i << (32 - d)) | 0;
}

function bitCount(v: number): number {
  let n = 0;
  for (let x = v >>> 0; x !== 0; x >>>= 1) n += x & 1;
  return n;
}

function distinctInOrder(keys: Iterable<string>): string[] {
  return [...new Set(keys)];
}

/**
 * Scala 2.12 `mutable.HashMap` (`HashTable`): 16 buckets, load factor 0.75, index taken from the
 * high bits of `rotateRight(byteswap32(hashCode), seed)` where the seed is fixed at construction
 * (bitCount(15) = 4); a new entry goes to the head of its bucket; the table doubles when the size
 * exceeds the threshold, re-linking buckets from the last to the first; iteration runs from the
 * last bucket down to the first. Re-adding a key keeps its place.
 */
export function scala212MutableHashMapOrder(keysInInsertionOrder: Iterable<string>): string[] {
  return scala212MutableHashMapOrderBy(distinctInOrder(keysInInsertionOrder), javaStringHashCode);
}

/** The same for keys of any type, given their `hashCode` (distinct keys, in insertion order). */
export function scala212MutableHashMapOrderBy<K>(keys: readonly K[], hashCode: (key: K) => number): K[] {
  let table: K[][] = Array.from({ length: 16 }, () => []);
  const seed = bitCount(15);
  let threshold = 12;
  const index = (key: K, length: number): number => {
    const ones = length - 1;
    const exponent = Math.clz32(ones);
    return (rotateRight(byteswap32(hashCode(key)), seed) >>> exponent) & ones;
  };
  let size = 0;
  for (const key of keys) {
    table[index(key, table.length)].unshift(key);
    size++;
    if (size > threshold) {
      const old = table;
      table = Array.from({ length: old.length * 2 }, () => []);
      for (let i = old.length - 1; i >= 0; i--) {
        for (const k of old[i]) table[index(k, table.length)].unshift(k);
      }
      threshold = Math.trunc((table.length * 750) / 1000);
    }
  }
  const out: K[] = [];
  for (let i = table.length - 1; i >= 0; i--) out.push(...table[i]);
  return out;
}

/**
 * Scala 2.13 `mutable.HashMap`: 16 buckets, index = `(h ^ (h >>> 16)) & (length - 1)`, each bucket
 * kept sorted by that hash, the table doubles before an insert that would reach the threshold
 * (0.75), iteration from the first bucket to the last. (Follows the 2.13 sources; not run
 * against a 2.13 library here.)
 */
export function scala213MutableHashMapOrder(keysInInsertionOrder: Iterable<string>): string[] {
  const keys = distinctInOrder(keysInInsertionOrder);
  let length = 16;
  for (let count = 0; count < keys.length; count++) {
    if (count + 1 >= Math.trunc(length * 0.75)) length *= 2;
  }
  const improved = (k: string): number => {
    const h = javaStringHashCode(k);
    return h ^ (h >>> 16);
  };
  return keys
    .map((key, order) => ({ key, order, hash: improved(key) }))
    .sort((a, b) => (a.hash & (length - 1)) - (b.hash & (length - 1)) || a.hash - b.hash || a.order - b.order)
    .map((e) => e.key);
}

export function scalaMutableHashMapOrder(keysInInsertionOrder: Iterable<string>, build: KafkaBuild): string[] {
  return build.scalaVersion === '2.12'
    ? scala212MutableHashMapOrder(keysInInsertionOrder)
    : scala213MutableHashMapOrder(keysInInsertionOrder);
}

/** `scala.collection.immutable.HashMap`'s `improve` (both 2.12 and 2.13). */
function improveImmutable(hcode: number): number {
  let h = (hcode + ~(hcode << 9)) | 0;
  h ^= h >>> 14;
  h = (h + (h << 4)) | 0;
  return h ^ (h >>> 10);
}

/**
 * Scala immutable `Map` iteration order: insertion order up to 4 entries (Map1 … Map4), then the
 * hash trie: 2.12's `HashTrieMap` iterates by the 5-bit groups of the improved hash, lowest group
 * first; 2.13's CHAMP map iterates a node's own entries before its sub-nodes.
 */
export function scalaImmutableMapOrder(keysInInsertionOrder: Iterable<string>, build: KafkaBuild): string[] {
  return scalaImmutableMapOrderBy(distinctInOrder(keysInInsertionOrder), javaStringHashCode, build);
}

/** The same (also an immutable `Set`'s order) for keys of any type, given their `hashCode` (distinct keys, in insertion order). */
export function scalaImmutableMapOrderBy<K>(keys: readonly K[], hashCode: (key: K) => number, build: KafkaBuild): K[] {
  if (keys.length <= 4) return [...keys];
  const entries = keys.map((key) => ({ key, hash: improveImmutable(hashCode(key)) >>> 0 }));
  if (build.scalaVersion === '2.12') {
    const groups = (h: number): number[] => {
      const g: number[] = [];
      for (let shift = 0; shift < 32; shift += 5) g.push((h >>> shift) & 31);
      return g;
    };
    return entries
      .map((e) => ({ ...e, groups: groups(e.hash) }))
      .sort((a, b) => {
        for (let i = 0; i < a.groups.length; i++) if (a.groups[i] !== b.groups[i]) return a.groups[i] - b.groups[i];
        return 0;
      })
      .map((e) => e.key);
  }
  const champ = (list: typeof entries, shift: number): K[] => {
    if (shift >= 32) return list.map((e) => e.key);
    const byMask = new Map<number, typeof entries>();
    for (const e of list) {
      const m = (e.hash >>> shift) & 31;
      const bucket = byMask.get(m);
      if (bucket) bucket.push(e);
      else byMask.set(m, [e]);
    }
    const masks = [...byMask.keys()].sort((a, b) => a - b);
    const data: K[] = [];
    const nodes: K[] = [];
    for (const m of masks) {
      const bucket = byMask.get(m) ?? [];
      if (bucket.length === 1) data.push(bucket[0].key);
      else nodes.push(...champ(bucket, shift + 5));
    }
    return [...data, ...nodes];
  };
  return champ(entries, 0);
}

/**
 * JDK 8 `java.util.Properties` (a `Hashtable`, hence also the order `Properties.store` writes):
 * 11 buckets, index `(hash & 0x7FFFFFFF) % length`, new entries at the head of their bucket,
 * rehash to `2n + 1` buckets when the count reaches the threshold (walking old buckets from the
 * last, re-linking each entry at the head), iteration from the last bucket down to the first.
 */
export function javaHashtableOrder(keysInInsertionOrder: Iterable<string>): string[] {
  const keys = distinctInOrder(keysInInsertionOrder);
  let table: string[][] = Array.from({ length: 11 }, () => []);
  let threshold = Math.trunc(11 * 0.75);
  let count = 0;
  const index = (key: string, length: number): number => (javaStringHashCode(key) & 0x7fffffff) % length;
  for (const key of keys) {
    if (count >= threshold) {
      const old = table;
      const capacity = old.length * 2 + 1;
      table = Array.from({ length: capacity }, () => []);
      for (let i = old.length - 1; i >= 0; i--) {
        for (const k of old[i]) table[index(k, capacity)].unshift(k);
      }
      threshold = Math.trunc(capacity * 0.75);
    }
    table[index(key, table.length)].unshift(key);
    count++;
  }
  const out: string[] = [];
  for (let i = table.length - 1; i >= 0; i--) out.push(...table[i]);
  return out;
}

/**
 * JDK 9+ `java.util.Properties` (backed by a `ConcurrentHashMap` created with capacity 8, i.e. a
 * 16-bin table): index `spread(hash) & (n - 1)`, new entries appended to their bin, the table
 * doubles once the count reaches 0.75 n (bins split as `transfer` splits them), iteration from
 * the first bin to the last. (A bin of 8 or more colliding keys, which makes the JDK grow the
 * table early, is not modelled.) `hashCode` is the keys' `hashCode()` (String's unless given), so
 * the same table serves sets of other records a `ConcurrentHashMap` holds, encoded as strings.
 */
export function javaConcurrentHashMapOrder(
  keysInInsertionOrder: Iterable<string>,
  hashCode: (key: string) => number = javaStringHashCode,
): string[] {
  const keys = distinctInOrder(keysInInsertionOrder);
  const spread = (h: number): number => (h ^ (h >>> 16)) & 0x7fffffff;
  let table: { key: string; hash: number }[][] = Array.from({ length: 16 }, () => []);
  let sizeCtl = 12;
  let count = 0;
  for (const key of keys) {
    const hash = spread(hashCode(key));
    table[hash & (table.length - 1)].push({ key, hash });
    count++;
    if (count >= sizeCtl) {
      const n = table.length;
      const next: { key: string; hash: number }[][] = Array.from({ length: n * 2 }, () => []);
      for (let i = 0; i < n; i++) {
        const bin = table[i];
        if (bin.length === 0) continue;
        let runBit = bin[0].hash & n;
        let lastRun = 0;
        for (let j = 1; j < bin.length; j++) {
          const b = bin[j].hash & n;
          if (b !== runBit) {
            runBit = b;
            lastRun = j;
          }
        }
        const run = bin.slice(lastRun);
        let lo = runBit === 0 ? run : [];
        let hi = runBit === 0 ? [] : run;
        for (let j = 0; j < lastRun; j++) {
          if ((bin[j].hash & n) === 0) lo = [bin[j], ...lo];
          else hi = [bin[j], ...hi];
        }
        next[i] = lo;
        next[i + n] = hi;
      }
      table = next;
      sizeCtl = table.length - (table.length >>> 2);
    }
  }
  return table.flatMap((bin) => bin.map((e) => e.key));
}

/** `HashMap.tableSizeFor`: the next power of two ≥ n (at least 1). */
function tableSizeFor(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/**
 * The order in which a `java.util.HashMap` built by the copy constructor (`new HashMap<>(map)`, as
 * Kafka's `AbstractConfig.originals()` does) iterates `keys`: ascending bucket index
 * `(h ^ h >>> 16) & (capacity − 1)`, keys of one bucket in insertion order (the order of `keys`).
 * Capacity is what the copy constructor picks: `tableSizeFor(size / 0.75 + 1)`.
 */
export function javaHashMapIterationOrder(keys: readonly string[]): string[] {
  return javaHashMapOrderAtCapacity(keys, javaStringHashCode, tableSizeFor(Math.floor(keys.length / 0.75 + 1)));
}

/**
 * The same for a `new HashMap<>(initialCapacity)` (16 by default) filled by `put`: the table is
 * `tableSizeFor(initialCapacity)` buckets, doubled each time the size passes 0.75 of them.
 */
export function javaNewHashMapOrder(keys: readonly string[], initialCapacity = 16): string[] {
  return javaNewHashMapOrderBy(keys, javaStringHashCode, initialCapacity);
}

/** `javaNewHashMapOrder` for keys of any type, given their `hashCode`. */
export function javaNewHashMapOrderBy<K>(keys: readonly K[], hashCode: (key: K) => number, initialCapacity = 16): K[] {
  let capacity = tableSizeFor(initialCapacity);
  while (keys.length > capacity * 0.75) capacity *= 2;
  return javaHashMapOrderAtCapacity(keys, hashCode, capacity);
}

function javaHashMapOrderAtCapacity<K>(keys: readonly K[], hashCode: (key: K) => number, capacity: number): K[] {
  const bucket = (k: K): number => {
    const h = hashCode(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((e) => e.key);
}

/** Order of `java.util.Properties` entries as Jackson serialises them on the given JVM. */
export function javaPropertiesOrder(keysInInsertionOrder: Iterable<string>, build: KafkaBuild): string[] {
  return build.javaVersion === 8 ? javaHashtableOrder(keysInInsertionOrder) : javaConcurrentHashMapOrder(keysInInsertionOrder);
}

/**
 * Scala `mutable.LongMap` iteration order (the same code in 2.12 and 2.13), for maps keyed by
 * broker id such as the MetadataCache's alive brokers. Open addressing over `mask + 1` slots
 * (`initialBufferSize` rounded up to a power of two, at least 8): slot = low bits of the
 * MurmurHash3 finalizer of the key, collisions probed at `e + 2(x+1)x − 3`; once more than half
 * the slots are used the table doubles and is refilled in slot order. Key 0 is kept aside and
 * comes first. Brokers 0–4 inserted in order come out 0, 1, 4, 2, 3 — the `brokerArray` seed 000
 * "分配规则" prints for a topic created through CreateTopics.
 */
export function scalaLongMapOrder(keysInInsertionOrder: Iterable<number>, initialBufferSize: number): number[] {
  const n = initialBufferSize;
  let mask = n < 0 ? 0x7 : (((1 << (32 - Math.clz32(n - 1))) - 1) & 0x3fffffff) | 0x7;
  let keys: number[] = new Array<number>(mask + 1).fill(0);
  let size = 0;
  let hasZero = false;
  const toIndex = (k: number): number => {
    const h = k | 0;
    const x = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    return (x ^ (x >>> 13)) & mask;
  };
  /** The key's slot, or the free slot it would take. */
  const seek = (k: number): number => {
    let e = toIndex(k);
    for (let x = 0; keys[e] !== 0 && keys[e] !== k;) {
      x += 1;
      e = (e + 2 * (x + 1) * x - 3) & mask;
    }
    return e;
  };
  for (const k of keysInInsertionOrder) {
    if (k === 0) {
      hasZero = true;
      continue;
    }
    const e = seek(k);
    if (keys[e] === k) continue;
    keys[e] = k;
    size += 1;
    if (size > 0.5 * mask) {
      // `repack()`: grow, then re-insert in slot order (no removals here, so nothing is vacant).
      let m = size >= 0.5 * mask ? ((mask << 1) + 1) & 0x3fffffff : mask;
      while (m > 8 && 8 * size < m) m >>>= 1;
      const old = keys;
      mask = m;
      keys = new Array<number>(mask + 1).fill(0);
      for (const key of old) if (key !== 0) keys[seek(key)] = key;
    }
  }
  return [...(hasZero ? [0] : []), ...keys.filter((k) => k !== 0)];
}

/**
 * The order in which a `java.util.HashMap` filled by `put`s from empty (16 buckets, doubling when
 * the size exceeds 3/4 of them) iterates `keysInInsertionOrder`: ascending bucket index, keys of
 * one bucket in insertion order — a resize splits a bucket keeping that order. Scala's
 * `asScala.filter` / `++` on a Java map build such a map.
 */
export function javaHashMapPutOrder(keysInInsertionOrder: Iterable<string>): string[] {
  return javaNewHashMapOrder(distinctInOrder(keysInInsertionOrder));
}

/** A `new HashMap<Integer, …>()` filled in this order: its iteration order (`Integer.hashCode` is the value). */
export function javaIntegerHashMapOrder(keys: readonly number[]): number[] {
  return javaNewHashMapOrderBy(keys, (k) => k);
}
