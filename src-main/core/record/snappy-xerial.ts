/**
 * Snappy as Kafka's Java clients write it: snappy-java's `SnappyOutputStream` ("xerial"
 * framing): an 8-byte magic `\x82SNAPPY\0`, int32 version 1 and int32 compatible version 1, then
 * blocks of at most 32 KB of input, each an int32 (big-endian) length and a raw snappy block.
 * Readers (snappy-java's `SnappyInputStream`, kafka-python, librdkafka) also take a bare raw
 * snappy block without the header, so the reader here does too.
 */
import * as SnappyJS from 'snappyjs';
import { CompressionIOException } from './errors';
import { errorMessage } from '../common/throwable';

const MAGIC = [0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0x00];
const HEADER_SIZE = 16;
const VERSION = 1;
const COMPATIBLE_VERSION = 1;
/** `SnappyOutputStream.DEFAULT_BLOCK_SIZE`. */
const BLOCK_SIZE = 32 * 1024;

function hasXerialHeader(data: Uint8Array): boolean {
  if (data.length < HEADER_SIZE) return false;
  for (let i = 0; i < MAGIC.length; i++) if (data[i] !== MAGIC[i]) return false;
  return true;
}

function rawCompress(data: Uint8Array): Uint8Array {
  // snappyjs returns a Buffer for a Buffer and a Uint8Array otherwise; both are Uint8Arrays.
  return SnappyJS.compress(data);
}

function rawUncompress(data: Uint8Array): Uint8Array {
  try {
    return SnappyJS.uncompress(data);
  } catch (e) {
    throw new CompressionIOException(`FAILED_TO_UNCOMPRESS: ${errorMessage(e)}`);
  }
}

/** SnappyOutputStream over all of `data`. */
export function xerialSnappyCompress(data: Uint8Array): Uint8Array {
  const blocks: Uint8Array[] = [];
  let total = HEADER_SIZE;
  for (let start = 0; start < data.length; start += BLOCK_SIZE) {
    const block = rawCompress(data.subarray(start, Math.min(start + BLOCK_SIZE, data.length)));
    blocks.push(block);
    total += 4 + block.length;
  }
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setInt32(8, VERSION);
  view.setInt32(12, COMPATIBLE_VERSION);
  let at = HEADER_SIZE;
  for (const block of blocks) {
    view.setInt32(at, block.length);
    out.set(block, at + 4);
    at += 4 + block.length;
  }
  return out;
}

/** SnappyInputStream read to the end: xerial-framed, or one raw snappy block. */
export function xerialSnappyDecompress(data: Uint8Array): Uint8Array {
  if (!hasXerialHeader(data)) return rawUncompress(data);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const chunks: Uint8Array[] = [];
  let total = 0;
  let at = HEADER_SIZE;
  while (at < data.length) {
    if (data.length - at < 4) throw new CompressionIOException('Snappy stream ended prematurely');
    const length = view.getInt32(at);
    at += 4;
    if (length < 0 || data.length - at < length) throw new CompressionIOException('Snappy stream ended prematurely');
    const chunk = rawUncompress(data.subarray(at, at + length));
    chunks.push(chunk);
    total += chunk.length;
    at += length;
  }
  const out = new Uint8Array(total);
  let pos = 0;
  for (const c of chunks) {
    out.set(c, pos);
    pos += c.length;
  }
  return out;
}
