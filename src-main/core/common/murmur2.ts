/**
 * `org.apache.kafka.common.utils.Utils.murmur2` and `toPositive`: the hash Kafka's default
 * partitioner applies to a record's key (`toPositive(murmur2(key)) % numPartitions`), so a keyed
 * record lands on the partition a Java producer would choose.
 */
export function murmur2(data: Uint8Array): number {
  const length = data.length;
  const seed = 0x9747b28c;
  const m = 0x5bd1e995;
  const r = 24;
  let h = (seed ^ length) | 0;
  const length4 = length >> 2;
  for (let i = 0; i < length4; i++) {
    const i4 = i * 4;
    let k = (data[i4] & 0xff) + ((data[i4 + 1] & 0xff) << 8) + ((data[i4 + 2] & 0xff) << 16) + ((data[i4 + 3] & 0xff) << 24);
    k = Math.imul(k, m);
    k ^= k >>> r;
    k = Math.imul(k, m);
    h = Math.imul(h, m);
    h ^= k;
  }
  const tail = length4 * 4;
  const rest = length % 4;
  if (rest === 3) h ^= (data[tail + 2] & 0xff) << 16;
  if (rest >= 2) h ^= (data[tail + 1] & 0xff) << 8;
  if (rest >= 1) {
    h ^= data[tail] & 0xff;
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h | 0;
}

/** `Utils.toPositive`: clears the sign bit (not `Math.abs`, which fails for −2^31). */
export function toPositive(n: number): number {
  return n & 0x7fffffff;
}
