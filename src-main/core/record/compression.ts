/**
 * The codecs behind `CompressionType` (Kafka's `wrapForOutput` / `wrapForInput`), synchronous
 * because the log layer validates and converts batches inside one call.
 *
 * How each codec is provided, and why:
 * - gzip: node:zlib (`gzipSync` / `gunzipSync`), built into Node and Electron.
 * - snappy: `snappyjs` (pure JS, synchronous, no install step, bundles into the Electron main
 *   process like any module) for raw snappy blocks, inside the xerial framing that Kafka's Java
 *   clients write (snappy-xerial.ts). The native `snappy` package would need to be kept out of
 *   the bundle for a speed the emulator does not need.
 * - lz4: our own code (lz4-block.ts, kafka-lz4.ts), as Kafka itself writes the frame by hand
 *   around lz4-java's block codec. `lz4js` was rejected: its frames lack the block-independence
 *   flag (Kafka refuses them: "Dependent block stream is unsupported") and its compressor breaks
 *   the end-of-block rule, so reference decoders can refuse a full 64 KB block. `lz4-napi` is
 *   native, its frame writer cannot write the magic-0 header checksum Kafka expects, and its
 *   block functions carry a size prefix of their own.
 * - zstd: `zstd-napi` (Node-API bindings to the reference libzstd, synchronous `compress` /
 *   `decompress`, level 3 by default as Kafka's zstd-jni). Its install script compiles libzstd
 *   from the sources in the package with node-gyp (about 30 s, no download: prebuild-install
 *   finds no network and falls back), hence its entry in package.json "allowScripts". Node 20's
 *   zlib has no zstd (Node 22.15 has); `@mongodb-js/zstd` has a promise API and gets its
 *   binary from GitHub releases; `fzstd` only decompresses; the WASM ports start up
 *   asynchronously. A Node-API addon runs in Electron unchanged, but the Electron main bundle
 *   must list it as external (as better-sqlite3).
 *
 * Every codec failure surfaces as Kafka's `KafkaException("Failed to decompress record stream")`
 * (RecordDecompressionException) with the codec's IOException as its cause.
 */
import * as zlib from 'node:zlib';
import { compress as zstdCompress, decompress as zstdDecompress } from 'zstd-napi';
import { errorMessage } from '../common/throwable';
import { CompressionType, compressionTypeForId } from './compression-type';
import { MAGIC_VALUE_V0, type Magic } from './constants';
import { CompressionIOException, RecordDecompressionException } from './errors';
import { kafkaLz4Compress, kafkaLz4Decompress } from './kafka-lz4';
import { xerialSnappyCompress, xerialSnappyDecompress } from './snappy-xerial';

/** Node's codecs return Buffers; records hand out plain Uint8Arrays whatever the codec (a view, no copy). */
function plain(bytes: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** `CompressionType.wrapForOutput(...)` written whole: `data` compressed as a message of `magic` carries it. */
export function compress(type: CompressionType, data: Uint8Array, magic: Magic): Uint8Array {
  switch (compressionTypeForId(type)) {
    case CompressionType.NONE:
      return data;
    case CompressionType.GZIP:
      return plain(zlib.gzipSync(data));
    case CompressionType.SNAPPY:
      return xerialSnappyCompress(data);
    case CompressionType.LZ4:
      return kafkaLz4Compress(data, magic === MAGIC_VALUE_V0);
    case CompressionType.ZSTD:
      return plain(zstdCompress(data));
  }
}

/** `CompressionType.wrapForInput(...)` read to the end. */
export function decompress(type: CompressionType, data: Uint8Array, magic: Magic): Uint8Array {
  const codec = compressionTypeForId(type);
  try {
    switch (codec) {
      case CompressionType.NONE:
        return data;
      case CompressionType.GZIP:
        return plain(zlib.gunzipSync(data));
      case CompressionType.SNAPPY:
        return plain(xerialSnappyDecompress(data));
      case CompressionType.LZ4:
        return kafkaLz4Decompress(data, magic === MAGIC_VALUE_V0);
      case CompressionType.ZSTD:
        return plain(zstdDecompress(data));
    }
  } catch (e) {
    const cause = e instanceof CompressionIOException ? e : new CompressionIOException(errorMessage(e));
    throw new RecordDecompressionException('Failed to decompress record stream', { cause });
  }
}
