/**
 * A segment's `.log` read by position, as `kafka-dump-log` does but a page at a time: the batch
 * headers are walked in blocks (the core's RecordBatch header-only views), a page's batches are
 * read whole to check their CRC (very large ones in slices), and a stop — a torn tail, zeros, a
 * header that cannot be right — ends the walk with what it is and where reading can resume.
 */
import { MAX_READ_SLICE_BYTES, type ReadOnlyFile } from '../../core/platform/read-only-folder';
import {
  compressionName,
  ControlRecordType,
  crc32cUpdate,
  CorruptRecordException,
  HEADER_SIZE_UP_TO_MAGIC,
  LOG_OVERHEAD,
  MAGIC_VALUE_V2,
  nextBatchSize,
  RECORD_BATCH_OVERHEAD,
  readControlRecord,
  RecordBatch,
  timestampTypeName,
} from '../../core/record';
import type { Record } from '../../core/record';
import type { SegmentBatchDto, SegmentBatchPageDto, SegmentBytesDto, SegmentRecordDto, SegmentStopDto } from './log-dir-contract';

/** Bytes read at once while walking headers. */
const WALK_BLOCK_BYTES = 256 * 1024;
/** A batch up to this size is read whole for its CRC; a bigger one is checked slice by slice. */
const WHOLE_BATCH_BYTES = 8 * 1024 * 1024;
/**
 * Records are decoded from batches up to this size only: decoding (and decompressing) a batch is
 * one synchronous step of the core's codec, a few milliseconds for Kafka's usual 1 MB batches.
 */
export const MAX_DECODED_BATCH_BYTES = 16 * 1024 * 1024;
/** What is sent of a key, value or header value. */
const PREVIEW_BYTES = 16 * 1024;

export const DEFAULT_PAGE_BATCHES = 50;
export const DEFAULT_PAGE_BYTES = 4 * 1024 * 1024;

/** A batch met while walking: its header view (over `block`), maybe its whole bytes. */
export interface WalkedBatch {
  readonly kind: 'batch';
  readonly position: number;
  readonly sizeInBytes: number;
  /** Header-only, or whole when the block held it all. */
  readonly batch: RecordBatch;
}

export type WalkItem = WalkedBatch | { readonly kind: 'stop'; readonly stop: Omit<SegmentStopDto, 'resumePosition'> };

function allZero(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) return false;
  return true;
}

/**
 * The batches from `start` to `end`, shallowly. Ends quietly at `end`; a tail that cannot be a
 * batch ends with a stop item. Small batches come from 256 KB blocks; after a big batch only the
 * next header is read. With `whole`, each batch up to 8 MB is read whole (for its CRC).
 */
export async function* walkBatches(
  file: ReadOnlyFile,
  start: number,
  end = file.size,
  options: { whole?: boolean } = {},
): AsyncGenerator<WalkItem> {
  let block: Uint8Array = new Uint8Array(0);
  let blockStart = 0;
  let blockSize = WALK_BLOCK_BYTES;
  let position = start;
  while (position < end) {
    const remaining = end - position;
    const need = Math.min(RECORD_BATCH_OVERHEAD, remaining);
    if (position < blockStart || position + need > blockStart + block.length) {
      block = await file.read(position, Math.min(blockSize, remaining));
      blockStart = position;
    }
    let at = position - blockStart;
    let inBlock = Math.min(remaining, block.length - at);
    if (allZero(block, at, at + Math.min(HEADER_SIZE_UP_TO_MAGIC, inBlock))) {
      yield {
        kind: 'stop',
        stop: {
          kind: 'zeros',
          position,
          bytes: remaining,
          message: {
            en: `Zero bytes from position ${position} on (${remaining} bytes): pre-allocated space, or a write that never reached the disk.`,
            'zh-CN': `从位置 ${position} 起全是零字节（${remaining} 字节）：预分配的空间，或没有写到磁盘上的写入。`,
          },
        },
      };
      return;
    }
    if (remaining < HEADER_SIZE_UP_TO_MAGIC) {
      yield {
        kind: 'stop',
        stop: {
          kind: 'torn',
          position,
          bytes: remaining,
          message: {
            en: `The file ends ${remaining} bytes after the last whole batch, fewer than the ${HEADER_SIZE_UP_TO_MAGIC} bytes of a batch header up to its magic byte: a torn write.`,
            'zh-CN': `文件在最后一个完整批次之后 ${remaining} 字节处结束，不足批次头到 magic 字节的 ${HEADER_SIZE_UP_TO_MAGIC} 字节：这是一次不完整的写入（torn write）。`,
          },
        },
      };
      return;
    }
    let size: number | null;
    try {
      size = nextBatchSize(block, at, at + inBlock);
      if (size !== null && size <= remaining) RecordBatch.readAt(block.subarray(at, at + Math.min(inBlock, size)), 0);
    } catch (e) {
      const message = e instanceof CorruptRecordException ? e.message : String(e);
      // Kafka's own message, in English in both languages; only the position is ours.
      const corrupt = { en: `${message} (batch at position ${position})`, 'zh-CN': `${message}（批次位于位置 ${position}）` };
      yield { kind: 'stop', stop: { kind: 'corrupt', position, bytes: remaining, message: corrupt } };
      return;
    }
    if (size === null || size > remaining) {
      const declared =
        size === null ? { en: '', zh: '' } : { en: `its size field says ${size} bytes, `, zh: `它的长度字段是 ${size} 字节，` };
      yield {
        kind: 'stop',
        stop: {
          kind: 'torn',
          position,
          bytes: remaining,
          message: {
            en: `The last batch, at position ${position}, is cut short: ${declared.en}the file holds ${remaining} bytes from there. A torn write: Kafka's recovery truncates the segment here.`,
            'zh-CN': `位于位置 ${position} 的最后一个批次不完整：${declared.zh}而文件从那里起只有 ${remaining} 字节。这是一次不完整的写入（torn write）：Kafka 的恢复会在这里截断日志段。`,
          },
        },
      };
      return;
    }
    if (options.whole && size > inBlock && size <= WHOLE_BATCH_BYTES) {
      block = await file.read(position, size);
      blockStart = position;
      at = 0;
      inBlock = block.length;
    }
    const view = block.subarray(at, at + Math.min(inBlock, size));
    yield { kind: 'batch', position, sizeInBytes: size, batch: RecordBatch.readAt(view, 0) };
    position += size;
    // Big batches: read the next header alone rather than a block that is mostly this batch.
    blockSize = size > WALK_BLOCK_BYTES / 4 ? RECORD_BATCH_OVERHEAD : WALK_BLOCK_BYTES;
  }
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** CRC-32C of a big v2 batch, read in slices (the event loop turns between them). */
async function streamedCrc32c(file: ReadOnlyFile, position: number, size: number): Promise<number> {
  let crc = 0;
  for (let at = position + 21; at < position + size; at += MAX_READ_SLICE_BYTES) {
    const slice = await file.read(at, Math.min(MAX_READ_SLICE_BYTES, position + size - at));
    crc = crc32cUpdate(crc, slice);
  }
  return crc >>> 0;
}

/** The whole batch at a walked position, or null when it is too big to hold at once. */
export async function wholeBatch(file: ReadOnlyFile, walked: WalkedBatch, limit = WHOLE_BATCH_BYTES): Promise<RecordBatch | null> {
  if (walked.batch.isWhole) return walked.batch;
  if (walked.sizeInBytes > limit) return null;
  return RecordBatch.readAt(await file.read(walked.position, walked.sizeInBytes), 0);
}

/** The batch line: every header field, its stored and computed CRC, and what is wrong with it. */
export async function describeBatch(file: ReadOnlyFile, walked: WalkedBatch): Promise<SegmentBatchDto> {
  const whole = await wholeBatch(file, walked);
  const b = whole ?? walked.batch;
  const storedCrc = b.storedChecksum;
  let computedCrc: number;
  let problem: string | null = null;
  if (whole) {
    // One CRC pass (ensureValid would make a second); the size was checked by the walk.
    computedCrc = whole.computeChecksum();
    if (computedCrc !== storedCrc) problem = `Record is corrupt (stored crc = ${storedCrc}, computed crc = ${computedCrc})`;
  } else if (b.magic === MAGIC_VALUE_V2) {
    computedCrc = await streamedCrc32c(file, walked.position, walked.sizeInBytes);
    if (computedCrc !== storedCrc) problem = `Record is corrupt (stored crc = ${storedCrc}, computed crc = ${computedCrc})`;
  } else {
    computedCrc = -1;
    problem = `A legacy message of ${walked.sizeInBytes} bytes is too large to check here.`;
  }
  const compressionId = safe(() => b.view.getInt16(b.position + (b.magic === MAGIC_VALUE_V2 ? 21 : LOG_OVERHEAD + 5)) & 0x07, 0);
  return {
    position: walked.position,
    sizeInBytes: walked.sizeInBytes,
    baseOffset: safe<number | null>(() => b.baseOffset, null),
    lastOffset: b.lastOffset,
    magic: b.magic,
    storedCrc,
    computedCrc,
    crcValid: problem === null,
    compression: safe(() => compressionName(b.compressionType), `unknown (id ${compressionId})`),
    timestampType: safe(() => timestampTypeName(b.timestampType), 'NoTimestampType'),
    firstTimestamp: b.firstTimestamp,
    maxTimestamp: b.maxTimestamp,
    producerId: b.producerId,
    producerEpoch: b.producerEpoch,
    baseSequence: b.baseSequence,
    lastSequence: safe(() => b.lastSequence, -1),
    partitionLeaderEpoch: b.partitionLeaderEpoch,
    isTransactional: b.isTransactional,
    isControl: b.isControlBatch,
    count: b.countOrNull,
    problem,
  };
}

/**
 * The page of batches from `start` (a batch start): whole batches up to `maxBatches` or until
 * `maxBytes` are passed (at least one batch). `resumeAfter` tells where reading can go on past a
 * stop (the next offset-index entry).
 */
export async function batchPage(
  file: ReadOnlyFile,
  start: number,
  options: { maxBatches?: number; maxBytes?: number },
  resumeAfter: (position: number) => Promise<number | null>,
): Promise<SegmentBatchPageDto> {
  const maxBatches = Math.max(1, Math.min(options.maxBatches ?? DEFAULT_PAGE_BATCHES, 500));
  const maxBytes = Math.max(1, Math.min(options.maxBytes ?? DEFAULT_PAGE_BYTES, 64 * 1024 * 1024));
  const readBefore = file.bytesRead;
  const batches: SegmentBatchDto[] = [];
  let bytes = 0;
  let next: number | null = null;
  let stop: SegmentStopDto | null = null;
  for await (const item of walkBatches(file, start, file.size, { whole: true })) {
    if (item.kind === 'stop') {
      stop = { ...item.stop, resumePosition: item.stop.kind === 'corrupt' ? await resumeAfter(item.stop.position) : null };
      break;
    }
    if (batches.length >= maxBatches || bytes >= maxBytes) {
      next = item.position;
      break;
    }
    batches.push(await describeBatch(file, item));
    bytes += item.sizeInBytes;
  }
  return {
    path: file.path,
    sizeBytes: file.size,
    startPosition: start,
    batches,
    nextPosition: next,
    stop,
    bytesRead: file.bytesRead - readBefore,
  };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes for the viewer: the first 16 KB, as text when they are UTF-8 (a character cut at the end is dropped). */
export function segmentBytes(bytes: Uint8Array | null): SegmentBytesDto | null {
  if (bytes === null) return null;
  const truncated = bytes.length > PREVIEW_BYTES;
  const sent = truncated ? bytes.subarray(0, PREVIEW_BYTES) : bytes;
  let text: string | null = null;
  for (let cut = 0; cut <= (truncated ? 3 : 0) && text === null; cut++) {
    try {
      text = strictUtf8.decode(sent.subarray(0, sent.length - cut));
    } catch {
      text = null;
    }
  }
  return { text, base64: Buffer.from(sent).toString('base64'), size: bytes.length, truncated };
}

function controlTypeOf(batch: RecordBatch, record: Record): string | null {
  if (!batch.isControlBatch) return null;
  const type = safe(() => readControlRecord(record).type, ControlRecordType.UNKNOWN);
  return ControlRecordType[type];
}

export function recordDto(batch: RecordBatch, r: Record): SegmentRecordDto {
  return {
    offset: r.offset,
    timestamp: r.timestamp,
    timestampType: timestampTypeName(r.timestampType),
    key: segmentBytes(r.key),
    value: segmentBytes(r.value),
    headers: r.headers.map((h) => ({ key: h.key, value: segmentBytes(h.value) })),
    sizeInBytes: r.sizeInBytes,
    sequence: r.sequence,
    controlType: controlTypeOf(batch, r),
  };
}

/** Kafka's text for an exception: `org.apache.kafka.common.InvalidRecordException: …`. */
export function kafkaErrorText(e: unknown): string {
  if (e instanceof Error) {
    const javaClass = (e as { javaClass?: string }).javaClass;
    return javaClass ? `${javaClass}: ${e.message}` : e.message;
  }
  return String(e);
}
