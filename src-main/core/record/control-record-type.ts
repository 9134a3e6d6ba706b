/**
 * Kafka's `ControlRecordType`: what the single record of a control batch marks. Its key is
 * int16 version (0) + int16 type.
 */
import { IllegalArgumentException } from '../common/java-lang';
import { InvalidRecordException } from './errors';

export enum ControlRecordType {
  ABORT = 0,
  COMMIT = 1,
  /** A type this version does not know; readers ignore such records. */
  UNKNOWN = -1,
}

export const CURRENT_CONTROL_RECORD_KEY_VERSION = 0;
export const CURRENT_CONTROL_RECORD_KEY_SIZE = 4;

/** `ControlRecordType.recordKey()` serialized. */
export function controlRecordKey(type: ControlRecordType): Uint8Array {
  if (type === ControlRecordType.UNKNOWN) throw new IllegalArgumentException('Cannot serialize UNKNOWN control record type');
  const key = new Uint8Array(CURRENT_CONTROL_RECORD_KEY_SIZE);
  const view = new DataView(key.buffer);
  view.setInt16(0, CURRENT_CONTROL_RECORD_KEY_VERSION);
  view.setInt16(2, type);
  return key;
}

/** `ControlRecordType.parseTypeId` and the key's version. Newer versions parse as version 0, as Kafka does. */
export function parseControlRecordKey(key: Uint8Array): { version: number; typeId: number } {
  if (key.length < CURRENT_CONTROL_RECORD_KEY_SIZE) {
    throw new InvalidRecordException(
      `Invalid value size found for end control record key. Must have at least ${CURRENT_CONTROL_RECORD_KEY_SIZE} bytes, but found only ${key.length}`,
    );
  }
  const view = new DataView(key.buffer, key.byteOffset, key.byteLength);
  const version = view.getInt16(0);
  if (version < 0) {
    throw new InvalidRecordException(`Invalid version found for control record: ${version}. May indicate data corruption`);
  }
  return { version, typeId: view.getInt16(2) };
}

/** `ControlRecordType.fromTypeId`. */
export function controlRecordTypeFromId(typeId: number): ControlRecordType {
  switch (typeId) {
    case 0:
      return ControlRecordType.ABORT;
    case 1:
      return ControlRecordType.COMMIT;
    default:
      return ControlRecordType.UNKNOWN;
  }
}
