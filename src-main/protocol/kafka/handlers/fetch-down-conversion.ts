/**
 * `KafkaApis.handleFetchRequest`'s `maybeConvertFetchedData`: what a fetch of an old version gets
 * of records stored in a newer message format.
 *
 * - Fetch v0–v9 of a topic configured `compression.type=zstd`: UNSUPPORTED_COMPRESSION_TYPE.
 * - The magic a fetch version reads: v0/v1 magic 0, v2/v3 magic 1, v4+ any. Records are converted
 *   when the topic's `message.format.version` is newer than that and a batch read is (so, as in
 *   2.5, a topic whose format was lowered after newer batches were written is not converted for
 *   v2/v3 when its format is already magic 1).
 * - A consumer's fetch with `message.downconversion.enable=false`: UNSUPPORTED_VERSION (a follower's
 *   is always converted); a zstd batch first in line: UNSUPPORTED_COMPRESSION_TYPE.
 * - The records are handed over as a LazyDownConversionRecords, converted when the response is
 *   written; its send tells what the conversion cost once it is sent.
 */
import type { ErrorName } from '../../../core/common/kafka-errors';
import type { TopicPartition } from '../../../core/common/topic-partition';
import type { LogConfig } from '../../../core/log/log-config';
import { batchesIn, MAGIC_VALUE_V0, MAGIC_VALUE_V1, type Magic } from '../../../core/record';
import { UnsupportedCompressionTypeException } from '../../../core/record/errors';
import { LazyDownConversionRecords, type LazyDownConversionRecordsSend } from '../../../core/record/lazy-down-conversion-records';

export type FetchedData =
  | { readonly kind: 'records'; readonly records: Uint8Array }
  | { readonly kind: 'converted'; readonly send: LazyDownConversionRecordsSend }
  | { readonly kind: 'error'; readonly error: ErrorName };

export interface FetchedPartition {
  readonly topicPartition: TopicPartition;
  readonly fetchOffset: number;
  readonly records: Uint8Array;
}

/** `Records.hasCompatibleMagic`: every whole batch read is at most `magic`. */
function hasCompatibleMagic(records: Uint8Array, magic: Magic): boolean {
  for (const batch of batchesIn(records)) if (batch.magic > magic) return false;
  return true;
}

/** The magic to convert to for this fetch version, or null when the client reads what is stored. */
export function downConvertMagic(version: number, topicMagic: number, records: Uint8Array): Magic | null {
  if (topicMagic > MAGIC_VALUE_V0 && version <= 1 && !hasCompatibleMagic(records, MAGIC_VALUE_V0)) return MAGIC_VALUE_V0;
  if (topicMagic > MAGIC_VALUE_V1 && version <= 3 && !hasCompatibleMagic(records, MAGIC_VALUE_V1)) return MAGIC_VALUE_V1;
  return null;
}

/** `maybeConvertFetchedData` (see the file comment); `logConfig` undefined when the broker has no log for it. */
export function maybeConvertFetchedData(
  partition: FetchedPartition,
  logConfig: LogConfig | undefined,
  version: number,
  isFromFollower: boolean,
  nowMs: () => number,
): FetchedData {
  if (logConfig?.compressionType === 'zstd' && version < 10) return { kind: 'error', error: 'UNSUPPORTED_COMPRESSION_TYPE' };
  const magic = logConfig === undefined ? null : downConvertMagic(version, logConfig.messageFormatVersion.recordVersion, partition.records);
  if (magic === null) return { kind: 'records', records: partition.records };
  if (!isFromFollower && logConfig?.messageDownConversionEnable === false) return { kind: 'error', error: 'UNSUPPORTED_VERSION' };
  try {
    const lazy = new LazyDownConversionRecords(partition.topicPartition, partition.records, magic, partition.fetchOffset, nowMs);
    return { kind: 'converted', send: lazy.toSend() };
  } catch (e) {
    if (e instanceof UnsupportedCompressionTypeException) return { kind: 'error', error: 'UNSUPPORTED_COMPRESSION_TYPE' };
    throw e;
  }
}
