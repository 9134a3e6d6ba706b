/**
 * Kafka's `Crc32C`: CRC-32C (Castagnoli, the polynomial of iSCSI and SSE 4.2), which v2 record
 * batches and producer-state snapshots carry. Returned unsigned, as Kafka's `checksum()` is.
 */
import { crcSliceBy8, sliceBy8Tables } from './crc-slice-by-8';

const CASTAGNOLI = 0x82f63b78;
const TABLES = sliceBy8Tables(CASTAGNOLI);

/** CRC-32C of `data[start, end)` (default: all of it). */
export function crc32c(data: Uint8Array, start = 0, end = data.length): number {
  return crcSliceBy8(TABLES, 0, data, start, end);
}

/** Continues a CRC-32C over more bytes, for data that arrives in pieces. */
export function crc32cUpdate(crc: number, data: Uint8Array, start = 0, end = data.length): number {
  return crcSliceBy8(TABLES, crc, data, start, end);
}
