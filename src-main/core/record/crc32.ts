/**
 * The standard CRC-32 (zip's, `java.util.zip.CRC32`), which legacy v0/v1 messages carry. Node
 * has it natively from 20.15 / 22.2 (`zlib.crc32`, zlib's own SIMD code); older runtimes use the
 * table-driven one, which gives the same values.
 */
import * as zlib from 'node:zlib';
import { crcSliceBy8, sliceBy8Tables } from './crc-slice-by-8';

const ZIP_POLYNOMIAL = 0xedb88320;
let tables: Int32Array | null = null;

type NativeCrc32 = (data: Uint8Array, value?: number) => number;
const native: NativeCrc32 | undefined = (zlib as { crc32?: NativeCrc32 }).crc32;

/** CRC-32 of `data[start, end)` (default: all of it), unsigned. */
export function crc32(data: Uint8Array, start = 0, end = data.length): number {
  if (native !== undefined) {
    return native(start === 0 && end === data.length ? data : data.subarray(start, end), 0) >>> 0;
  }
  return crc32Portable(data, start, end);
}

/** The table-driven CRC-32, whatever the runtime (exported so tests can compare it with zlib's). */
export function crc32Portable(data: Uint8Array, start = 0, end = data.length): number {
  tables ??= sliceBy8Tables(ZIP_POLYNOMIAL);
  return crcSliceBy8(tables, 0, data, start, end);
}
