/**
 * Kafka's `CompressionType`: the id stored in the low three attribute bits of a batch (v2) or a
 * message (v0/v1), and the name used by `compression.type` and by `kafka-dump-log`.
 */
import { IllegalArgumentException } from '../common/java-lang';

export enum CompressionType {
  NONE = 0,
  GZIP = 1,
  SNAPPY = 2,
  LZ4 = 3,
  ZSTD = 4,
}

export type CompressionName = 'none' | 'gzip' | 'snappy' | 'lz4' | 'zstd';

const NAMES: readonly CompressionName[] = ['none', 'gzip', 'snappy', 'lz4', 'zstd'];

/** `CompressionType.name` (lower case, as in configs). */
export function compressionName(type: CompressionType): CompressionName {
  const name = NAMES[type];
  if (name === undefined) throw new IllegalArgumentException(`Unknown compression type id: ${type}`);
  return name;
}

/** `CompressionType.forName`: exact, lower-case names only, as Kafka's. */
export function compressionTypeForName(name: string): CompressionType {
  const id = NAMES.indexOf(name as CompressionName);
  if (id < 0) throw new IllegalArgumentException(`Unknown compression name: ${name}`);
  return id as CompressionType;
}

/**
 * `CompressionType.forId`. The attribute bits can hold 5–7, which no codec has; Kafka throws
 * IllegalArgumentException for them when it first looks at the codec.
 */
export function compressionTypeForId(id: number): CompressionType {
  if (id < 0 || id > 4 || !Number.isInteger(id)) {
    throw new IllegalArgumentException(`Unknown compression type id: ${id}`);
  }
  return id as CompressionType;
}
