/**
 * XXH32, the checksum of the LZ4 frame format: its header-checksum byte (the second byte of the
 * hash of the frame descriptor) and the optional block and content checksums. Kafka takes it
 * from lz4-java's `XXHashFactory`; this is the reference algorithm, on 32-bit integer math.
 */

const P1 = 0x9e3779b1;
const P2 = 0x85ebca77;
const P3 = 0xc2b2ae3d;
const P4 = 0x27d4eb2f;
const P5 = 0x165667b1;

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function readU32LE(d: Uint8Array, i: number): number {
  return d[i] | (d[i + 1] << 8) | (d[i + 2] << 16) | (d[i + 3] << 24);
}

function round(acc: number, lane: number): number {
  return Math.imul(rotl((acc + Math.imul(lane, P2)) | 0, 13), P1);
}

/** XXH32 of `data[start, end)` with `seed`, unsigned. */
export function xxhash32(data: Uint8Array, start = 0, end = data.length, seed = 0): number {
  let i = start;
  let h: number;
  if (end - start >= 16) {
    let v1 = (seed + P1 + P2) | 0;
    let v2 = (seed + P2) | 0;
    let v3 = seed | 0;
    let v4 = (seed - P1) | 0;
    const limit = end - 16;
    while (i <= limit) {
      v1 = round(v1, readU32LE(data, i));
      v2 = round(v2, readU32LE(data, i + 4));
      v3 = round(v3, readU32LE(data, i + 8));
      v4 = round(v4, readU32LE(data, i + 12));
      i += 16;
    }
    h = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18)) | 0;
  } else {
    h = (seed + P5) | 0;
  }
  h = (h + (end - start)) | 0;
  while (i + 4 <= end) {
    h = Math.imul(rotl((h + Math.imul(readU32LE(data, i), P3)) | 0, 17), P4);
    i += 4;
  }
  while (i < end) {
    h = Math.imul(rotl((h + Math.imul(data[i], P5)) | 0, 11), P1);
    i++;
  }
  h ^= h >>> 15;
  h = Math.imul(h, P2);
  h ^= h >>> 13;
  h = Math.imul(h, P3);
  h ^= h >>> 16;
  return h >>> 0;
}
