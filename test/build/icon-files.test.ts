import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIcns, readIco, readPng } from './image-headers';

const RESOURCES = resolve(import.meta.dirname, '../../resources');
const PNG_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];
const iconPng = (size: number): Buffer => readFileSync(join(RESOURCES, 'icons', `${size}x${size}.png`));

describe('the app icon in resources/', () => {
  it.each(PNG_SIZES)('icons/%ix%i.png is a whole RGBA PNG of that size', (size) => {
    const png = readPng(iconPng(size));
    expect({ width: png.width, height: png.height, bitDepth: png.bitDepth, colourType: png.colourType }).toEqual({ width: size, height: size, bitDepth: 8, colourType: 6 });
    // One filter byte plus 4 bytes per pixel on every row: the pixel data is all there.
    expect(png.scanlines.length).toBe(size * (1 + 4 * size));
  });

  it('icon.ico holds 16, 32, 48, 64, 128 and 256 (NSIS needs 256) as 32-bit PNGs matching their directory entries', () => {
    const entries = readIco(readFileSync(join(RESOURCES, 'icon.ico')));
    expect(entries.map((e) => [e.width, e.height, e.bitCount])).toEqual([16, 32, 48, 64, 128, 256].map((s) => [s, s, 32]));
    for (const e of entries) {
      const png = readPng(e.image);
      expect([png.width, png.height]).toEqual([e.width, e.height]);
      expect(e.image.equals(iconPng(e.width))).toBe(true);
    }
  });

  it('icon.icns holds ic07–ic10 (128, 256, 512, 1024) and the Retina ic11–ic14, each a PNG of its size', () => {
    const elements = readIcns(readFileSync(join(RESOURCES, 'icon.icns')));
    const sizeOf: Record<string, number> = { ic07: 128, ic08: 256, ic09: 512, ic10: 1024, ic11: 32, ic12: 64, ic13: 256, ic14: 512 };
    expect(elements.map((e) => e.type).sort()).toEqual(Object.keys(sizeOf).sort());
    for (const { type, data } of elements) {
      const png = readPng(data);
      expect([type, png.width, png.height]).toEqual([type, sizeOf[type], sizeOf[type]]);
      expect(data.equals(iconPng(sizeOf[type]))).toBe(true);
    }
  });

  it('the readers refuse damaged files', () => {
    const png = Buffer.from(iconPng(16));
    png[png.length - 20] ^= 0xff; // inside IDAT: its CRC no longer matches
    expect(() => readPng(png)).toThrow('CRC mismatch');
    const ico = Buffer.from(readFileSync(join(RESOURCES, 'icon.ico')));
    ico.writeUInt16LE(2, 2); // type 2 is a cursor
    expect(() => readIco(ico)).toThrow('ICONDIR');
    const icns = readFileSync(join(RESOURCES, 'icon.icns'));
    expect(() => readIcns(icns.subarray(0, icns.length - 1))).toThrow('the file has');
  });

  it('is what scripts/draw-icon.mjs draws (the same pixels, and the same SVG source)', () => {
    const check = spawnSync(process.execPath, [resolve(import.meta.dirname, '../../scripts/draw-icon.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
