// The three icon file formats electron-builder takes, written from RGBA pixels with node:zlib only:
// PNG (every size, and the payload of the other two), ICO (Windows, NSIS) and ICNS (macOS).
import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  // The CRC covers the chunk type and data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A truecolour-with-alpha, 8-bit, non-interlaced PNG of `rgba` (`width` × `height`). */
export function encodePng(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method 0
  ihdr[12] = 0; // no interlace
  const stride = width * 4;
  const raw = Buffer.alloc(height * (1 + stride));
  for (let y = 0; y < height; y++) {
    // Filter type 0 (None) on every row: the flat colours deflate well without prediction.
    raw[y * (1 + stride)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * stride, stride).copy(raw, y * (1 + stride) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An ICO of PNG-compressed images (Windows Vista and later read them; NSIS and electron-builder
 * want a 256 × 256 one among them). `images`: [{ size, png }], smallest first.
 */
export function encodeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1: icon
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(16 * images.length);
  let offset = header.length + entries.length;
  images.forEach(({ size, png }, i) => {
    const e = i * 16;
    // Width and height are one byte each; 0 means 256.
    entries[e] = size >= 256 ? 0 : size;
    entries[e + 1] = size >= 256 ? 0 : size;
    entries[e + 2] = 0; // no palette
    entries[e + 3] = 0; // reserved
    entries.writeUInt16LE(1, e + 4); // colour planes
    entries.writeUInt16LE(32, e + 6); // bits per pixel
    entries.writeUInt32LE(png.length, e + 8);
    entries.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, entries, ...images.map((image) => image.png)]);
}

/** ICNS element types holding a PNG, by pixel size (the @2x ones are the Retina variants). */
export const ICNS_TYPES = [
  { type: 'ic11', size: 32 }, // 16 × 16 @2x
  { type: 'ic12', size: 64 }, // 32 × 32 @2x
  { type: 'ic07', size: 128 },
  { type: 'ic13', size: 256 }, // 128 × 128 @2x
  { type: 'ic08', size: 256 },
  { type: 'ic14', size: 512 }, // 256 × 256 @2x
  { type: 'ic09', size: 512 },
  { type: 'ic10', size: 1024 }, // 512 × 512 @2x
];

/** An ICNS file: the 'icns' header, then one element (type, length incl. its 8-byte header, PNG) per entry. */
export function encodeIcns(elements) {
  const parts = elements.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, png]);
  });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([header, ...parts]);
}
