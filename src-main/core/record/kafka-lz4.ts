/**
 * Kafka's LZ4 framing (`KafkaLZ4BlockOutputStream` / `KafkaLZ4BlockInputStream`): the LZ4 frame
 * format v1.5.1 with independent 64 KB blocks, no block or content checksums written, and
 * incompressible blocks stored raw. Magic-0 messages carry the header checksum Kafka 0.8/0.9
 * computed by mistake (over the magic number too), so for them it is written that way and not
 * checked on read; v1 messages and v2 batches carry the correct one.
 */
import { CompressionIOException } from './errors';
import { lz4CompressBlock, lz4CompressBound, lz4DecompressBlock, lz4HashTable } from './lz4-block';
import { xxhash32 } from './xxhash32';

const MAGIC = 0x184d2204;
const INCOMPRESSIBLE_MASK = 0x80000000;
const BLOCKSIZE_64KB = 4;
const VERSION = 1;
const PREMATURE_EOS = 'Stream ended prematurely';
const NOT_SUPPORTED = 'Stream unsupported (invalid magic bytes)';
const BLOCK_HASH_MISMATCH = 'Block checksum mismatch';
const DESCRIPTOR_HASH_MISMATCH = 'Stream frame descriptor corrupted';

function readU32LE(d: Uint8Array, i: number): number {
  return (d[i] | (d[i + 1] << 8) | (d[i + 2] << 16) | (d[i + 3] << 24)) >>> 0;
}

function writeU32LE(d: Uint8Array, i: number, v: number): void {
  d[i] = v & 0xff;
  d[i + 1] = (v >>> 8) & 0xff;
  d[i + 2] = (v >>> 16) & 0xff;
  d[i + 3] = (v >>> 24) & 0xff;
}

/** `1 << (2 * blockSizeValue + 8)`: 64 KB, 256 KB, 1 MB, 4 MB for BD values 4–7. */
function blockMaximumSize(blockSizeValue: number): number {
  return 1 << (2 * blockSizeValue + 8);
}

/** KafkaLZ4BlockOutputStream over all of `data`; `useBrokenFlagDescriptorChecksum` for magic 0. */
export function kafkaLz4Compress(data: Uint8Array, useBrokenFlagDescriptorChecksum: boolean): Uint8Array {
  const maxBlockSize = blockMaximumSize(BLOCKSIZE_64KB);
  const blocks = Math.ceil(data.length / maxBlockSize);
  const out = new Uint8Array(7 + blocks * (4 + lz4CompressBound(maxBlockSize)) + 4);
  writeU32LE(out, 0, MAGIC);
  out[4] = (VERSION << 6) | (1 << 5); // FLG: version 1, independent blocks
  out[5] = BLOCKSIZE_64KB << 4; // BD
  const hcStart = useBrokenFlagDescriptorChecksum ? 0 : 4;
  out[6] = (xxhash32(out, hcStart, 6) >>> 8) & 0xff;
  let op = 7;
  const table = lz4HashTable();
  for (let start = 0; start < data.length; start += maxBlockSize) {
    const end = Math.min(start + maxBlockSize, data.length);
    const blockEnd = lz4CompressBlock(data, start, end, out, op + 4, table);
    const compressedLength = blockEnd - (op + 4);
    if (compressedLength >= end - start) {
      // As Kafka: a block that does not shrink is stored as it is, flagged incompressible.
      writeU32LE(out, op, ((end - start) | INCOMPRESSIBLE_MASK) >>> 0);
      out.set(data.subarray(start, end), op + 4);
      op += 4 + (end - start);
    } else {
      writeU32LE(out, op, compressedLength);
      op = blockEnd;
    }
  }
  writeU32LE(out, op, 0); // EndMark
  return out.subarray(0, op + 4);
}

/** KafkaLZ4BlockInputStream read to the end; `ignoreFlagDescriptorChecksum` for magic 0. */
export function kafkaLz4Decompress(input: Uint8Array, ignoreFlagDescriptorChecksum: boolean): Uint8Array {
  if (input.length < 6) throw new CompressionIOException(PREMATURE_EOS);
  if (readU32LE(input, 0) !== MAGIC) throw new CompressionIOException(NOT_SUPPORTED);
  const flg = input[4];
  const bd = input[5];
  if ((flg & 3) !== 0) throw new CompressionIOException('Reserved bits must be 0');
  if (((flg >>> 5) & 1) !== 1) throw new CompressionIOException('Dependent block stream is unsupported');
  if (((flg >>> 6) & 3) !== VERSION) throw new CompressionIOException(`Version ${(flg >>> 6) & 3} is unsupported`);
  if ((bd & 0x0f) !== 0) throw new CompressionIOException('Reserved2 field must be 0');
  const blockSizeValue = (bd >>> 4) & 7;
  if (blockSizeValue < 4) throw new CompressionIOException('Block size value must be between 4 and 7');
  if ((bd & 0x80) !== 0) throw new CompressionIOException('Reserved3 field must be 0');
  const contentSize = ((flg >>> 3) & 1) === 1;
  const blockChecksum = ((flg >>> 4) & 1) === 1;
  const maxBlockSize = blockMaximumSize(blockSizeValue);

  let ip = 6;
  if (contentSize) {
    if (input.length - ip < 8) throw new CompressionIOException(PREMATURE_EOS);
    ip += 8;
  }
  if (ip >= input.length) throw new CompressionIOException(PREMATURE_EOS);
  if (!ignoreFlagDescriptorChecksum && input[ip] !== ((xxhash32(input, 4, ip) >>> 8) & 0xff)) {
    throw new CompressionIOException(DESCRIPTOR_HASH_MISMATCH);
  }
  ip++;

  const chunks: Uint8Array[] = [];
  let total = 0;
  let scratch: Uint8Array | null = null;
  for (;;) {
    if (input.length - ip < 4) throw new CompressionIOException(PREMATURE_EOS);
    const word = readU32LE(input, ip);
    ip += 4;
    const compressed = (word & INCOMPRESSIBLE_MASK) === 0;
    const blockSize = (word & ~INCOMPRESSIBLE_MASK) >>> 0;
    if (blockSize === 0) {
      // A content checksum (4 bytes after the EndMark) is left unverified, as Kafka does.
      break;
    }
    if (blockSize > maxBlockSize) {
      throw new CompressionIOException(`Block size ${blockSize} exceeded max: ${maxBlockSize}`);
    }
    if (input.length - ip < blockSize) throw new CompressionIOException(PREMATURE_EOS);
    let block: Uint8Array;
    if (compressed) {
      scratch ??= new Uint8Array(maxBlockSize);
      const produced = lz4DecompressBlock(input, ip, ip + blockSize, scratch, 0, maxBlockSize);
      block = scratch.slice(0, produced);
    } else {
      block = input.subarray(ip, ip + blockSize);
    }
    if (blockChecksum) {
      if (input.length - ip - blockSize < 4) throw new CompressionIOException(PREMATURE_EOS);
      if (xxhash32(input, ip, ip + blockSize) !== readU32LE(input, ip + blockSize)) {
        throw new CompressionIOException(BLOCK_HASH_MISMATCH);
      }
      ip += 4;
    }
    ip += blockSize;
    chunks.push(block);
    total += block.length;
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
