/**
 * Kafka's `EndTransactionMarker` and `MemoryRecords.withEndTransactionMarker`: the COMMIT or
 * ABORT control batch a transaction coordinator has each partition leader append. Its single
 * record's value is int16 version (0) + int32 coordinator epoch.
 */
import { IllegalArgumentException } from '../common/java-lang';
import { MAGIC_VALUE_V2, NO_SEQUENCE } from './constants';
import { CompressionType } from './compression-type';
import { ControlRecordType, controlRecordKey, controlRecordTypeFromId, parseControlRecordKey } from './control-record-type';
import { InvalidRecordException } from './errors';
import { type BatchOptions, buildBatch } from './memory-records-builder';
import type { Record } from './record';
import { TimestampType } from './timestamp-type';

export const CURRENT_END_TXN_MARKER_VERSION = 0;
export const CURRENT_END_TXN_MARKER_VALUE_SIZE = 6;

export interface EndTransactionMarker {
  readonly type: ControlRecordType;
  readonly coordinatorEpoch: number;
}

function ensureTransactionMarkerControlType(type: ControlRecordType): void {
  if (type !== ControlRecordType.COMMIT && type !== ControlRecordType.ABORT) {
    throw new IllegalArgumentException(`Invalid control record type for end transaction marker${ControlRecordType[type]}`);
  }
}

/** `EndTransactionMarker.serializeValue`. */
export function endTransactionMarkerValue(coordinatorEpoch: number): Uint8Array {
  const value = new Uint8Array(CURRENT_END_TXN_MARKER_VALUE_SIZE);
  const view = new DataView(value.buffer);
  view.setInt16(0, CURRENT_END_TXN_MARKER_VERSION);
  view.setInt32(2, coordinatorEpoch);
  return value;
}

/** `EndTransactionMarker.deserializeValue`: the coordinator epoch (later versions parse as version 0). */
export function readEndTransactionMarkerValue(type: ControlRecordType, value: Uint8Array): EndTransactionMarker {
  ensureTransactionMarkerControlType(type);
  if (value.length < CURRENT_END_TXN_MARKER_VALUE_SIZE) {
    throw new InvalidRecordException(
      `Invalid value size found for end transaction marker. Must have at least ${CURRENT_END_TXN_MARKER_VALUE_SIZE} bytes, but found only ${value.length}`,
    );
  }
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const version = view.getInt16(0);
  if (version < 0) {
    throw new InvalidRecordException(`Invalid version found for end transaction marker: ${version}. May indicate data corruption`);
  }
  return { type, coordinatorEpoch: view.getInt32(2) };
}

/**
 * `MemoryRecords.withEndTransactionMarker`: a transactional v2 control batch of one record,
 * CreateTime, uncompressed, without a sequence.
 */
export function buildControlBatch(
  type: ControlRecordType,
  coordinatorEpoch: number,
  options: BatchOptions & { producerId: number; producerEpoch: number; timestamp: number },
): Uint8Array {
  ensureTransactionMarkerControlType(type);
  const magic = options.magic ?? MAGIC_VALUE_V2;
  if (magic < MAGIC_VALUE_V2) throw new IllegalArgumentException(`Control records are not supported for magic ${magic}`);
  return buildBatch(
    [{ key: controlRecordKey(type), value: endTransactionMarkerValue(coordinatorEpoch), timestamp: options.timestamp }],
    {
      ...options,
      magic: MAGIC_VALUE_V2,
      compression: CompressionType.NONE,
      timestampType: TimestampType.CREATE_TIME,
      baseSequence: NO_SEQUENCE,
      isTransactional: true,
    },
    true,
  );
}

/**
 * The control record of a control batch: its type, key version and (for COMMIT / ABORT) the
 * coordinator epoch of its end-transaction marker; -1 for a type this version does not know.
 */
export function readControlRecord(record: Record): { type: ControlRecordType; version: number; coordinatorEpoch: number } {
  if (record.key === null) throw new InvalidRecordException('Control record has no key');
  const { version, typeId } = parseControlRecordKey(record.key);
  const type = controlRecordTypeFromId(typeId);
  if (type === ControlRecordType.UNKNOWN) return { type, version, coordinatorEpoch: -1 };
  if (record.value === null) throw new InvalidRecordException('End transaction marker has no value');
  return { type, version, coordinatorEpoch: readEndTransactionMarkerValue(type, record.value).coordinatorEpoch };
}
