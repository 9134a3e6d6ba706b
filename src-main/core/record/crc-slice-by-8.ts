/**
 * Table-driven CRC-32 for any reflected polynomial, eight bytes per step ("slicing-by-8",
 * Intel's). Kafka needs two polynomials: Castagnoli for v2 batches and producer snapshots, and
 * the standard (zip) one for legacy messages. Eight 256-entry tables let the loop fold a whole
 * 64-bit word per iteration, which in V8 is several times faster than the byte-at-a-time loop.
 */

/** The eight tables of `polynomial` (reflected form), one Int32Array of 8 × 256 entries. */
export function sliceBy8Tables(polynomial: number): Int32Array {
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ polynomial : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n];
    for (let k = 1; k < 8; k++) {
      c = t[c & 0xff] ^ (c >>> 8);
      t[k * 256 + n] = c;
    }
  }
  return t;
}

/** Continues `crc` (the finished value of the bytes before, 0 to start) over `data[start, end)`. */
export function crcSliceBy8(t: Int32Array, crc: number, data: Uint8Array, start: number, end: number): number {
  let c = ~crc;
  let i = start;
  const end8 = start + ((end - start) & ~7);
  while (i < end8) {
    c ^= data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
    c =
      t[1792 + (c & 0xff)] ^
      t[1536 + ((c >>> 8) & 0xff)] ^
      t[1280 + ((c >>> 16) & 0xff)] ^
      t[1024 + (c >>> 24)] ^
      t[768 + data[i + 4]] ^
      t[512 + data[i + 5]] ^
      t[256 + data[i + 6]] ^
      t[data[i + 7]];
    i += 8;
  }
  while (i < end) c = t[(c ^ data[i++]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
