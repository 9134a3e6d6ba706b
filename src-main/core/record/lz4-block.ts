/**
 * The LZ4 block format (the "raw" blocks inside an LZ4 frame), which Kafka gets from lz4-java's
 * `fastCompressor()` / `safeDecompressor()`. The compressor is the reference "fast" greedy
 * algorithm with its end-of-block rules (the last match starts at least 12 bytes before the end
 * and the last 5 bytes are literals), which the reference decoders of Java, C and Python check.
 * The decoder is bounds-checked: corrupt input throws instead of writing garbage, and a match may
 * not reach before the start of its own block (Kafka's frames have independent blocks).
 */
import { CompressionIOException } from './errors';

const MIN_MATCH = 4;
/** A match must start at least this many bytes before the end of the block. */
const MF_LIMIT = 12;
/** The last bytes of a block are always literals. */
const LAST_LITERALS = 5;
const MAX_DISTANCE = 65535;
const HASH_LOG = 14;
/** After 2^SKIP_TRIGGER failed probes the search step grows, so incompressible data goes fast. */
const SKIP_TRIGGER = 6;

/** LZ4_compressBound: the largest block `inputSize` bytes can compress to. */
export function lz4CompressBound(inputSize: number): number {
  return inputSize + Math.floor(inputSize / 255) + 16;
}

/** A reusable hash table for lz4CompressBlock (positions of recent 4-byte sequences). */
export function lz4HashTable(): Int32Array {
  return new Int32Array(1 << HASH_LOG);
}

function read32(d: Uint8Array, i: number): number {
  return d[i] | (d[i + 1] << 8) | (d[i + 2] << 16) | (d[i + 3] << 24);
}

function hash(sequence: number): number {
  return Math.imul(sequence, 2654435761) >>> (32 - HASH_LOG);
}

/**
 * Copies `src[from, from + n)` to `dst[to..]`. Short runs, the common case in LZ4, go byte by
 * byte: a subarray view per literal run would cost more than the copy.
 */
function copy(src: Uint8Array, from: number, dst: Uint8Array, to: number, n: number): void {
  if (n > 32) {
    dst.set(src.subarray(from, from + n), to);
  } else {
    for (let i = 0; i < n; i++) dst[to + i] = src[from + i];
  }
}

function writeLength(dst: Uint8Array, op: number, rest: number): number {
  while (rest >= 255) {
    dst[op++] = 255;
    rest -= 255;
  }
  dst[op++] = rest;
  return op;
}

/**
 * Compresses `src[start, end)` as one block into `dst` from `dstPos` (which must have
 * lz4CompressBound bytes of room); returns the position after the block.
 */
export function lz4CompressBlock(
  src: Uint8Array,
  start: number,
  end: number,
  dst: Uint8Array,
  dstPos: number,
  table: Int32Array = lz4HashTable(),
): number {
  let op = dstPos;
  let anchor = start;
  const mfLimit = end - MF_LIMIT;
  const matchLimit = end - LAST_LITERALS;
  if (end - start > MF_LIMIT) {
    table.fill(-1);
    let ip = start;
    for (;;) {
      // Find the next match, probing faster the longer none turns up.
      let probes = 1 << SKIP_TRIGGER;
      let ref = -1;
      while (ip <= mfLimit) {
        const sequence = read32(src, ip);
        const h = hash(sequence);
        ref = table[h];
        table[h] = ip;
        if (ref >= start && ip - ref <= MAX_DISTANCE && read32(src, ref) === sequence) break;
        ref = -1;
        ip += probes++ >> SKIP_TRIGGER;
      }
      if (ref < 0) break;
      // Take in equal bytes before the match that the probe stepped over.
      while (ip > anchor && ref > start && src[ip - 1] === src[ref - 1]) {
        ip--;
        ref--;
      }
      let matchLength = MIN_MATCH;
      while (ip + matchLength < matchLimit && src[ip + matchLength] === src[ref + matchLength]) matchLength++;

      const literals = ip - anchor;
      const tokenPos = op++;
      let token: number;
      if (literals >= 15) {
        token = 0xf0;
        op = writeLength(dst, op, literals - 15);
      } else {
        token = literals << 4;
      }
      copy(src, anchor, dst, op, literals);
      op += literals;
      const distance = ip - ref;
      dst[op++] = distance & 0xff;
      dst[op++] = distance >>> 8;
      const extra = matchLength - MIN_MATCH;
      if (extra >= 15) {
        token |= 0x0f;
        op = writeLength(dst, op, extra - 15);
      } else {
        token |= extra;
      }
      dst[tokenPos] = token;

      ip += matchLength;
      anchor = ip;
      if (ip > mfLimit) break;
      // Index a position inside the match so a repeat right after it is found.
      table[hash(read32(src, ip - 2))] = ip - 2;
    }
  }
  const literals = end - anchor;
  if (literals >= 15) {
    dst[op++] = 0xf0;
    op = writeLength(dst, op, literals - 15);
  } else {
    dst[op++] = literals << 4;
  }
  copy(src, anchor, dst, op, literals);
  return op + literals;
}

function corrupt(at: number): CompressionIOException {
  return new CompressionIOException(`Malformed LZ4 block: error at input byte ${at}`);
}

/**
 * Decompresses the block `src[start, end)` into `dst` from `dstPos`, writing no further than
 * `dstLimit`; returns the position after the output. Throws CompressionIOException on bad input.
 */
export function lz4DecompressBlock(
  src: Uint8Array,
  start: number,
  end: number,
  dst: Uint8Array,
  dstPos: number,
  dstLimit: number = dst.length,
): number {
  let ip = start;
  let op = dstPos;
  const outStart = dstPos;
  for (;;) {
    if (ip >= end) throw corrupt(ip);
    const token = src[ip++];
    let literals = token >>> 4;
    if (literals === 15) {
      let b: number;
      do {
        if (ip >= end) throw corrupt(ip);
        b = src[ip++];
        literals += b;
      } while (b === 255);
    }
    if (ip + literals > end || op + literals > dstLimit) throw corrupt(ip);
    copy(src, ip, dst, op, literals);
    ip += literals;
    op += literals;
    if (ip === end) return op; // the last sequence has literals only
    if (ip + 2 > end) throw corrupt(ip);
    const distance = src[ip] | (src[ip + 1] << 8);
    ip += 2;
    if (distance === 0 || op - distance < outStart) throw corrupt(ip - 2);
    let matchLength = token & 0x0f;
    if (matchLength === 15) {
      let b: number;
      do {
        if (ip >= end) throw corrupt(ip);
        b = src[ip++];
        matchLength += b;
      } while (b === 255);
    }
    matchLength += MIN_MATCH;
    if (op + matchLength > dstLimit) throw corrupt(ip);
    let from = op - distance;
    if (distance >= matchLength && matchLength > 32) {
      dst.copyWithin(op, from, from + matchLength);
      op += matchLength;
    } else {
      // Byte by byte, which also makes an overlapping match repeat its last `distance` bytes.
      const stop = op + matchLength;
      while (op < stop) dst[op++] = dst[from++];
    }
  }
}
