/**
 * Kafka's `RecordBatch` / `MutableRecordBatch`: a shallow view of one batch lying in a byte array
 * — a v2 `DefaultRecordBatch`, or a legacy v0/v1 log entry (one message, maybe a compressed
 * wrapper). It never copies: header getters read the bytes in place and the mutations the broker
 * makes (offsets, leader epoch, LogAppendTime) write them in place, as Kafka's do on its
 * ByteBuffer. The view may hold only the header (the log layer reads headers alone while
 * scanning a segment); what needs the whole batch (checksum, records) says so if it is missing.
 */
import { IllegalStateException } from '../common/java-lang';
import type { BatchBytes, BatchFormat } from './batch-format';
import { CompressionType, compressionName, type CompressionName } from './compression-type';
import { HEADER_SIZE_UP_TO_MAGIC, LOG_OVERHEAD, MAGIC_OFFSET, MAGIC_VALUE_V2, RECORD_OVERHEAD_V0, SIZE_OFFSET } from './constants';
import { DefaultRecordBatch } from './default-record-batch';
import { CorruptRecordException } from './errors';
import { readLegacyKeyValue } from './legacy-record';
import { LegacyRecordBatch } from './legacy-record-batch';
import type { Record } from './record';
import { TimestampType, timestampTypeName, type TimestampTypeName } from './timestamp-type';

/** What the log browser shows of a batch (`kafka-dump-log`'s batch line, as data). */
export interface RecordBatchDescription {
  baseOffset: number | null;
  lastOffset: number;
  position: number;
  sizeInBytes: number;
  magic: number;
  crc: number;
  /** null when the view holds only the header. */
  crcValid: boolean | null;
  compression: CompressionName;
  timestampType: TimestampTypeName;
  firstTimestamp: number;
  maxTimestamp: number;
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
  partitionLeaderEpoch: number;
  isTransactional: boolean;
  isControl: boolean;
  count: number | null;
}

export class RecordBatch implements BatchBytes {
  readonly view: DataView;
  readonly sizeInBytes: number;
  readonly magic: number;
  private readonly format: BatchFormat;
  /** Deep records of a legacy compressed wrapper, kept because `baseOffset` needs them too. */
  private cachedRecords: Record[] | null = null;

  private constructor(
    readonly buffer: Uint8Array,
    readonly position: number,
  ) {
    this.view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    this.sizeInBytes = LOG_OVERHEAD + this.view.getInt32(position + SIZE_OFFSET);
    this.magic = this.view.getInt8(position + MAGIC_OFFSET);
    this.format = this.magic === MAGIC_VALUE_V2 ? DefaultRecordBatch : LegacyRecordBatch;
  }

  /**
   * The batch at `buffer[position..]`. Throws CorruptRecordException when its header cannot be
   * right: an unknown magic, or a size below the minimum for its magic. The CRC is not checked
   * (`ensureValid` does that), and the buffer may end after the header.
   */
  static readAt(buffer: Uint8Array, position = 0): RecordBatch {
    const available = buffer.length - position;
    if (position < 0 || available < HEADER_SIZE_UP_TO_MAGIC) {
      throw new CorruptRecordException(
        `Record batch at position ${position} is truncated: ${Math.max(available, 0)} bytes, fewer than the ${HEADER_SIZE_UP_TO_MAGIC} up to its magic byte`,
      );
    }
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const size = view.getInt32(position + SIZE_OFFSET);
    if (size < RECORD_OVERHEAD_V0) {
      throw new CorruptRecordException(`Record size ${size} is less than the minimum record overhead (${RECORD_OVERHEAD_V0})`);
    }
    const magic = view.getInt8(position + MAGIC_OFFSET);
    if (magic < 0 || magic > MAGIC_VALUE_V2) throw new CorruptRecordException(`Invalid magic found in record: ${magic}`);
    const format = magic === MAGIC_VALUE_V2 ? DefaultRecordBatch : LegacyRecordBatch;
    format.checkSize(LOG_OVERHEAD + size, magic);
    if (available < format.headerSize(magic)) {
      throw new CorruptRecordException(
        `Record batch at position ${position} is truncated: ${available} bytes, fewer than its ${format.headerSize(magic)}-byte header`,
      );
    }
    return new RecordBatch(buffer, position);
  }

  get isWhole(): boolean {
    return this.buffer.length - this.position >= this.sizeInBytes;
  }

  /** The batch's bytes (a view). */
  get bytes(): Uint8Array {
    this.requireWhole('bytes');
    return this.buffer.subarray(this.position, this.position + this.sizeInBytes);
  }

  get baseOffset(): number {
    if (this.magic !== MAGIC_VALUE_V2 && this.compressionType !== CompressionType.NONE) return this.records()[0].offset;
    return this.format.baseOffset(this);
  }

  get lastOffset(): number {
    return this.format.lastOffset(this);
  }

  get nextOffset(): number {
    return this.lastOffset + 1;
  }

  get partitionLeaderEpoch(): number {
    return this.format.partitionLeaderEpoch(this);
  }

  get firstTimestamp(): number {
    return this.format.firstTimestamp(this);
  }

  get maxTimestamp(): number {
    return this.format.maxTimestamp(this);
  }

  get timestampType(): TimestampType {
    return this.format.timestampType(this);
  }

  get compressionType(): CompressionType {
    return this.format.compressionType(this);
  }

  get producerId(): number {
    return this.format.producerId(this);
  }

  get producerEpoch(): number {
    return this.format.producerEpoch(this);
  }

  get baseSequence(): number {
    return this.format.baseSequence(this);
  }

  get lastSequence(): number {
    return this.format.lastSequence(this);
  }

  get isTransactional(): boolean {
    return this.format.isTransactional(this);
  }

  get isControlBatch(): boolean {
    return this.format.isControlBatch(this);
  }

  /** v2: the header's record count; legacy: null (Kafka's `countOrNull`). */
  get countOrNull(): number | null {
    return this.format.countOrNull(this);
  }

  get storedChecksum(): number {
    return this.format.storedChecksum(this);
  }

  computeChecksum(): number {
    this.requireWhole('computeChecksum');
    return this.format.computeChecksum(this);
  }

  isValid(): boolean {
    return this.format.sizeProblem(this) === null && this.storedChecksum === this.computeChecksum();
  }

  /** Kafka's `ensureValid`: CorruptRecordException with Kafka's message for a bad size or CRC. */
  ensureValid(): void {
    const sizeProblem = this.format.sizeProblem(this);
    if (sizeProblem !== null) throw new CorruptRecordException(sizeProblem);
    const computed = this.computeChecksum();
    if (this.storedChecksum !== computed) {
      throw new CorruptRecordException(`Record is corrupt (stored crc = ${this.storedChecksum}, computed crc = ${computed})`);
    }
  }

  /** v2: `baseOffset = offset - lastOffsetDelta`; legacy: the entry's offset. */
  setLastOffset(offset: number): void {
    this.format.setLastOffset(this, offset);
    this.cachedRecords = null;
  }

  /** v2 only (outside the CRC); legacy throws UnsupportedOperationException as Kafka's. */
  setPartitionLeaderEpoch(epoch: number): void {
    this.format.setPartitionLeaderEpoch(this, epoch);
  }

  /** Rewrites the timestamp type and max timestamp (v2) or the message timestamp (v1), and the CRC. */
  setMaxTimestamp(type: TimestampType, timestamp: number): void {
    this.requireWhole('setMaxTimestamp');
    this.format.setMaxTimestamp(this, type, timestamp);
    this.cachedRecords = null;
  }

  /** Deep iteration: every record, decompressing as needed, with absolute offsets. */
  records(): Record[] {
    if (this.cachedRecords !== null) return this.cachedRecords;
    this.requireWhole('records');
    const records = this.format.records(this);
    if (this.magic !== MAGIC_VALUE_V2 && this.compressionType !== CompressionType.NONE) this.cachedRecords = records;
    return records;
  }

  describe(): RecordBatchDescription {
    const legacyWrapper = this.magic !== MAGIC_VALUE_V2 && this.compressionType !== CompressionType.NONE;
    return {
      baseOffset: legacyWrapper && !this.isWhole ? null : this.baseOffset,
      lastOffset: this.lastOffset,
      position: this.position,
      sizeInBytes: this.sizeInBytes,
      magic: this.magic,
      crc: this.storedChecksum,
      crcValid: this.isWhole ? this.isValid() : null,
      compression: compressionName(this.compressionType),
      timestampType: timestampTypeName(this.timestampType),
      firstTimestamp: this.firstTimestamp,
      maxTimestamp: this.maxTimestamp,
      producerId: this.producerId,
      producerEpoch: this.producerEpoch,
      baseSequence: this.baseSequence,
      partitionLeaderEpoch: this.partitionLeaderEpoch,
      isTransactional: this.isTransactional,
      isControl: this.isControlBatch,
      count: this.countOrNull,
    };
  }

  /** Kafka's `toString()`: DefaultRecordBatch's, or AbstractLegacyRecordBatch's around LegacyRecord's. */
  toString(): string {
    const compression = compressionName(this.compressionType).toUpperCase();
    if (this.magic === MAGIC_VALUE_V2) {
      return (
        `RecordBatch(magic=${this.magic}, offsets=[${this.baseOffset}, ${this.lastOffset}], ` +
        `sequence=[${this.baseSequence}, ${this.lastSequence}], isTransactional=${this.isTransactional}, ` +
        `isControlBatch=${this.isControlBatch}, compression=${compression}, ` +
        `timestampType=${timestampTypeName(this.timestampType)}, crc=${this.storedChecksum})`
      );
    }
    const attributes = this.view.getInt8(this.position + LOG_OVERHEAD + 5);
    const sizes = this.isWhole ? this.legacyKeyValueSizes() : '?';
    const timestamp = this.magic > 0 ? `, ${timestampTypeName(this.timestampType)}=${this.maxTimestamp}` : '';
    return (
      `LegacyRecordBatch(offset=${this.lastOffset}, Record(magic=${this.magic}, attributes=${attributes}, ` +
      `compression=${compression}, crc=${this.storedChecksum}${timestamp}, ${sizes}))`
    );
  }

  private legacyKeyValueSizes(): string {
    const start = this.position + LOG_OVERHEAD;
    const { key, value } = readLegacyKeyValue(this.buffer, this.view, start, this.position + this.sizeInBytes, this.magic);
    return `key=${key?.length ?? 0} bytes, value=${value?.length ?? 0} bytes`;
  }

  private requireWhole(what: string): void {
    if (!this.isWhole) {
      throw new IllegalStateException(
        `${what} needs the whole batch of ${this.sizeInBytes} bytes at position ${this.position}, but the buffer holds ${this.buffer.length - this.position}`,
      );
    }
  }
}
