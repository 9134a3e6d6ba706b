/**
 * Kafka's `ByteBufferLogInputStream`: shallow iteration over batches laid end to end (a segment's
 * bytes, a produce request's or a fetch response's records). A trailing partial batch ends the
 * iteration quietly, since a fetch may end with one; a size field below the smallest message or
 * an unknown magic throws CorruptRecordException with Kafka's text.
 */
import { INT_MAX } from '../common/java-lang';
import { HEADER_SIZE_UP_TO_MAGIC, LOG_OVERHEAD, MAGIC_OFFSET, MAGIC_VALUE_V2, RECORD_OVERHEAD_V0, SIZE_OFFSET } from './constants';
import { CorruptRecordException } from './errors';
import { RecordBatch } from './record-batch';

/**
 * `ByteBufferLogInputStream.nextBatchSize`: the size of the batch at `position` (with its log
 * overhead), or null if the bytes end before its magic byte.
 */
export function nextBatchSize(buffer: Uint8Array, position: number, end = buffer.length, maxMessageSize = INT_MAX): number | null {
  const remaining = end - position;
  if (remaining < LOG_OVERHEAD) return null;
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const recordSize = view.getInt32(position + SIZE_OFFSET);
  // v0 has the smallest overhead; stricter checks come when the batch is read.
  if (recordSize < RECORD_OVERHEAD_V0) {
    throw new CorruptRecordException(`Record size ${recordSize} is less than the minimum record overhead (${RECORD_OVERHEAD_V0})`);
  }
  if (recordSize > maxMessageSize) {
    throw new CorruptRecordException(`Record size ${recordSize} exceeds the largest allowable message size (${maxMessageSize}).`);
  }
  if (remaining < HEADER_SIZE_UP_TO_MAGIC) return null;
  const magic = view.getInt8(position + MAGIC_OFFSET);
  if (magic < 0 || magic > MAGIC_VALUE_V2) throw new CorruptRecordException(`Invalid magic found in record: ${magic}`);
  return recordSize + LOG_OVERHEAD;
}

/** The batches of `buffer[start, end)`, shallowly (views into `buffer`, nothing copied). */
export function* batchesIn(buffer: Uint8Array, start = 0, end = buffer.length, maxMessageSize = INT_MAX): Generator<RecordBatch> {
  let position = start;
  for (;;) {
    const size = nextBatchSize(buffer, position, end, maxMessageSize);
    if (size === null || end - position < size) return;
    yield RecordBatch.readAt(buffer, position);
    position += size;
  }
}
