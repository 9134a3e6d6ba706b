// Readers of the three icon formats, written from their specifications independently of the
// encoder in scripts/icon/: each checks the structure and returns what a viewer would use.
import { crc32, inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  /** The decompressed image data: one filter byte and the row's pixels per row. */
  scanlines: Buffer;
}

/** Parses a whole PNG: signature, IHDR first, every chunk's CRC, IDAT inflated, IEND last. */
export function readPng(bytes: Buffer): PngInfo {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG: bad signature');
  const chunks: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new Error(`truncated chunk header at ${at}`);
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 8 + length;
    if (end + 4 > bytes.length) throw new Error(`chunk ${type} runs past the end`);
    if (crc32(bytes.subarray(at + 4, end)) !== bytes.readUInt32BE(end)) throw new Error(`chunk ${type}: CRC mismatch`);
    chunks.push({ type, data: bytes.subarray(at + 8, end) });
    at = end + 4;
  }
  const [ihdr] = chunks;
  if (ihdr?.type !== 'IHDR' || ihdr.data.length !== 13) throw new Error('IHDR must come first, 13 bytes long');
  if (chunks[chunks.length - 1]?.type !== 'IEND') throw new Error('IEND must come last');
  const scanlines = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  return { width: ihdr.data.readUInt32BE(0), height: ihdr.data.readUInt32BE(4), bitDepth: ihdr.data[8], colourType: ihdr.data[9], scanlines };
}

export interface IcoEntry {
  /** From the directory entry (a 0 byte means 256). */
  width: number;
  height: number;
  bitCount: number;
  image: Buffer;
}

/** ICONDIR (reserved 0, type 1, count), then 16-byte entries pointing at each image. */
export function readIco(bytes: Buffer): IcoEntry[] {
  if (bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) throw new Error('not an icon file: ICONDIR reserved/type must be 0/1');
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const e = 6 + 16 * i;
    const size = bytes.readUInt32LE(e + 8);
    const offset = bytes.readUInt32LE(e + 12);
    if (offset + size > bytes.length) throw new Error(`entry ${i} runs past the end`);
    return {
      width: bytes[e] === 0 ? 256 : bytes[e],
      height: bytes[e + 1] === 0 ? 256 : bytes[e + 1],
      bitCount: bytes.readUInt16LE(e + 6),
      image: bytes.subarray(offset, offset + size),
    };
  });
}

/** 'icns' and the file length, then elements of (OSType, length including the 8-byte header, data). */
export function readIcns(bytes: Buffer): { type: string; data: Buffer }[] {
  if (bytes.toString('latin1', 0, 4) !== 'icns') throw new Error("not an ICNS file: no 'icns' magic");
  if (bytes.readUInt32BE(4) !== bytes.length) throw new Error(`header says ${bytes.readUInt32BE(4)} bytes, the file has ${bytes.length}`);
  const elements: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at + 4);
    if (length < 8 || at + length > bytes.length) throw new Error(`element at ${at} has a bad length ${length}`);
    elements.push({ type: bytes.toString('latin1', at, at + 4), data: bytes.subarray(at + 8, at + length) });
    at += length;
  }
  return elements;
}
