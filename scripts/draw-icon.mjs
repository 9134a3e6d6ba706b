// node scripts/draw-icon.mjs — draws the app icon (scripts/icon/mark.mjs) into resources/:
//   icon.svg                  the mark as a vector source
//   icons/<n>x<n>.png         16 … 1024 (electron-builder's linux icon set; named as it wants)
//   icon.ico                  16 … 256, PNG-compressed (Windows, NSIS)
//   icon.icns                 ic07 … ic14, PNG elements (macOS)
// node scripts/draw-icon.mjs --check — redraws in memory and says whether resources/ holds the
// same pixels (exit 1 if not). Pixels, not bytes: another zlib may deflate the same rows otherwise.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { encodeIcns, encodeIco, encodePng, ICNS_TYPES } from './icon/image-containers.mjs';
import { drawMark, markSvg } from './icon/mark.mjs';

export const RESOURCES_DIR = resolve(import.meta.dirname, '..', 'resources');
export const PNG_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 32, 48, 64, 128, 256];

export function pngPath(size) {
  return join(RESOURCES_DIR, 'icons', `${size}x${size}.png`);
}

/** Every file the script writes, path → bytes. */
export function drawIconFiles() {
  const png = new Map(PNG_SIZES.map((size) => [size, encodePng(size, size, drawMark(size))]));
  const files = new Map([[join(RESOURCES_DIR, 'icon.svg'), Buffer.from(markSvg(), 'utf8')]]);
  for (const [size, bytes] of png) files.set(pngPath(size), bytes);
  files.set(join(RESOURCES_DIR, 'icon.ico'), encodeIco(ICO_SIZES.map((size) => ({ size, png: png.get(size) }))));
  files.set(join(RESOURCES_DIR, 'icon.icns'), encodeIcns(ICNS_TYPES.map(({ type, size }) => ({ type, png: png.get(size) }))));
  return files;
}

/** The inflated IDAT stream of a PNG: its filtered scanlines, independent of the compressor. */
function pngScanlines(bytes) {
  const idat = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return inflateSync(Buffer.concat(idat));
}

function sameContent(path, expected) {
  let actual;
  try {
    actual = readFileSync(path);
  } catch {
    return false;
  }
  if (path.endsWith('.png')) return pngScanlines(actual).equals(pngScanlines(expected));
  return actual.equals(expected);
}

function main() {
  const files = drawIconFiles();
  if (process.argv.includes('--check')) {
    const stale = [...files].filter(([path, bytes]) => !path.endsWith('.ico') && !path.endsWith('.icns') && !sameContent(path, bytes));
    if (stale.length > 0) {
      console.error(
        `draw-icon: these differ from what scripts/icon/mark.mjs draws (run node scripts/draw-icon.mjs):\n${stale.map(([p]) => `  ${p}`).join('\n')}`,
      );
      process.exit(1);
    }
    console.log('draw-icon: resources/ holds the icon the script draws');
    return;
  }
  mkdirSync(join(RESOURCES_DIR, 'icons'), { recursive: true });
  for (const [path, bytes] of files) writeFileSync(path, bytes);
  console.log(`draw-icon: wrote ${files.size} files in ${RESOURCES_DIR}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
