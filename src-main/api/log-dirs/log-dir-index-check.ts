/**
 * The index check of `kafka-dump-log --index-sanity-check` and `--verify-index-only`
 * (DumpLogSegments.dumpIndex / dumpTimeIndex), on both indexes of a segment at once:
 *
 * - sanity (what decides a rebuild at startup): a file length that is a multiple of the entry
 *   size; the last offset not below the base offset; the last timestamp not below the first;
 * - every offset-index entry's offsets strictly increasing, its position inside the log and at the
 *   start of a batch whose last offset is the entry's (or, for a chunk of several batches appended
 *   at once — a follower's fetch — the chunk that starts there ends at that offset);
 * - every time-index entry naming the last offset of a batch whose max timestamp is the entry's,
 *   timestamps increasing.
 *
 * The log is walked once, header by header, in blocks (a 1 GB segment is read, not held).
 */
import type { ReadOnlyFile } from '../../core/platform/read-only-folder';
import type { IndexFileReader } from './log-dir-index';
import type { IndexCheckDto, IndexEntryDto, IndexKindDto, IndexProblemDto, IndexProblemKindDto, SegmentStopDto } from './log-dir-contract';
import { walkBatches } from './log-dir-segment';

const MAX_LISTED_PROBLEMS = 1000;
/** Entries checked between two turns of the event loop (an index may hold a million). */
const ENTRIES_PER_TURN = 20_000;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

class Problems {
  readonly listed: IndexProblemDto[] = [];
  total = 0;

  add(index: IndexKindDto, slot: number, kind: IndexProblemKindDto, message: string): void {
    this.total++;
    if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push({ index, slot, kind, message });
  }
}

function sanity(index: IndexFileReader, entries: IndexEntryDto[], problems: Problems): void {
  const name = index.file.path;
  if (index.sizeBytes % index.entrySize !== 0) {
    problems.add(
      index.kind,
      -1,
      'sanity',
      `Index file ${name} is corrupt, found ${index.sizeBytes} bytes which is neither positive nor a multiple of ${index.entrySize}.`,
    );
  }
  if (entries.length === 0) return;
  const last = entries[entries.length - 1];
  if (index.kind === 'offset' && last.offset < index.baseOffset) {
    problems.add(
      'offset',
      last.slot,
      'sanity',
      `Corrupt index found, index file (${name}) has non-zero size but the last offset is ${last.offset} which is less than the base offset ${index.baseOffset}.`,
    );
  }
  if (index.kind === 'time') {
    const first = entries[0];
    if ((last.timestamp ?? 0) < (first.timestamp ?? 0)) {
      problems.add(
        'time',
        last.slot,
        'sanity',
        `Corrupt time index found, time index file (${name}) has non-zero size but the last timestamp is ${last.timestamp} which is less than the first timestamp ${first.timestamp}`,
      );
    }
    if (last.offset < index.baseOffset) {
      problems.add(
        'time',
        last.slot,
        'sanity',
        `Corrupt time index found, time index file (${name}) has non-zero size but the last offset is ${last.offset} which is less than the first offset ${index.baseOffset}`,
      );
    }
  }
}

async function structure(index: IndexFileReader, entries: IndexEntryDto[], logSize: number, problems: Problems): Promise<void> {
  let prev: IndexEntryDto | null = null;
  for (const e of entries) {
    if (e.slot % ENTRIES_PER_TURN === 0) await nextTurn();
    if (e.offset < index.baseOffset)
      problems.add(
        index.kind,
        e.slot,
        'below-base-offset',
        `Entry ${e.slot}: offset ${e.offset} is below the segment's base offset ${index.baseOffset}.`,
      );
    if (index.kind === 'offset') {
      if (prev && e.offset <= prev.offset)
        problems.add(
          'offset',
          e.slot,
          'not-increasing',
          `Entry ${e.slot}: offset ${e.offset} is not above the previous entry's ${prev.offset}.`,
        );
      if (prev && (e.position ?? 0) <= (prev.position ?? 0))
        problems.add(
          'offset',
          e.slot,
          'not-increasing',
          `Entry ${e.slot}: position ${e.position} is not above the previous entry's ${prev.position}.`,
        );
      if ((e.position ?? 0) < 0 || (e.position ?? 0) >= logSize)
        problems.add(
          'offset',
          e.slot,
          'position-outside-log',
          `Entry ${e.slot}: position ${e.position} is outside the log (${logSize} bytes).`,
        );
    } else if (prev && (e.timestamp ?? 0) <= (prev.timestamp ?? 0)) {
      problems.add(
        'time',
        e.slot,
        'timestamp-out-of-order',
        `Found out of order timestamp in :${index.file.path} Index timestamp: ${e.timestamp}, Previously indexed timestamp: ${prev.timestamp}`,
      );
    }
    prev = e;
  }
}

async function readAll(index: IndexFileReader | null): Promise<IndexEntryDto[]> {
  const out: IndexEntryDto[] = [];
  if (index) await index.forEach((e) => out.push(e));
  return out;
}

export async function checkIndexes(
  log: ReadOnlyFile,
  offsetIndex: IndexFileReader | null,
  timeIndex: IndexFileReader | null,
): Promise<IndexCheckDto> {
  const problems = new Problems();
  const offsets = await readAll(offsetIndex);
  const times = await readAll(timeIndex);
  if (offsetIndex) {
    sanity(offsetIndex, offsets, problems);
    await structure(offsetIndex, offsets, log.size, problems);
  }
  if (timeIndex) {
    sanity(timeIndex, times, problems);
    await structure(timeIndex, times, log.size, problems);
  }

  const byPosition = new Map<number, IndexEntryDto[]>();
  const byOffset = new Map<number, IndexEntryDto[]>();
  for (const [entries, map, key] of [
    [offsets, byPosition, (e: IndexEntryDto) => e.position ?? 0],
    [times, byOffset, (e: IndexEntryDto) => e.offset],
  ] as const) {
    for (const e of entries) {
      if (e.slot % ENTRIES_PER_TURN === 0) await nextTurn();
      const list = map.get(key(e));
      if (list) list.push(e);
      else map.set(key(e), [e]);
    }
  }
  const matchedOffsetSlots = new Set<number>();
  const matchedTimeSlots = new Set<number>();
  // Offset entries whose position starts a chunk of several batches: the chunk must end at their offset.
  let pending: Array<{ entry: IndexEntryDto; firstLastOffset: number }> = [];
  const offsetPath = offsetIndex?.file.path ?? '';

  let batches = 0;
  let bytes = 0;
  let logStop: SegmentStopDto | null = null;
  for await (const item of walkBatches(log, 0)) {
    if (item.kind === 'stop') {
      logStop = { ...item.stop, resumePosition: null };
      break;
    }
    batches++;
    bytes += item.sizeInBytes;
    const lastOffset = item.batch.lastOffset;
    if (pending.length > 0) {
      const still: typeof pending = [];
      for (const p of pending) {
        if (lastOffset < p.entry.offset) still.push(p);
        else if (lastOffset > p.entry.offset)
          problems.add(
            'offset',
            p.entry.slot,
            'offset-mismatch',
            `Mismatches in :${offsetPath} Index offset: ${p.entry.offset}, log offset: ${p.firstLastOffset}`,
          );
      }
      pending = still;
    }
    for (const e of byPosition.get(item.position) ?? []) {
      matchedOffsetSlots.add(e.slot);
      if (lastOffset === e.offset) continue;
      if (lastOffset < e.offset) pending.push({ entry: e, firstLastOffset: lastOffset });
      else
        problems.add(
          'offset',
          e.slot,
          'offset-mismatch',
          `Mismatches in :${offsetPath} Index offset: ${e.offset}, log offset: ${lastOffset}`,
        );
    }
    for (const e of byOffset.get(lastOffset) ?? []) {
      matchedTimeSlots.add(e.slot);
      if (item.batch.maxTimestamp !== e.timestamp) {
        problems.add(
          'time',
          e.slot,
          'timestamp-mismatch',
          `Found timestamp mismatch in :${timeIndex?.file.path ?? ''} Index timestamp: ${e.timestamp}, log timestamp: ${item.batch.maxTimestamp}`,
        );
      }
    }
  }
  for (const p of pending)
    problems.add(
      'offset',
      p.entry.slot,
      'offset-mismatch',
      `Mismatches in :${offsetPath} Index offset: ${p.entry.offset}, log offset: ${p.firstLastOffset}`,
    );
  await nextTurn();
  for (const e of offsets) {
    const inLog = (e.position ?? 0) >= 0 && (e.position ?? 0) < log.size;
    if (!matchedOffsetSlots.has(e.slot) && inLog) {
      problems.add(
        'offset',
        e.slot,
        'not-a-batch-start',
        `Entry ${e.slot} (offset ${e.offset}) points at position ${e.position}, which is not the start of a batch.`,
      );
    }
  }
  for (const e of times) {
    if (!matchedTimeSlots.has(e.slot)) {
      problems.add(
        'time',
        e.slot,
        'offset-not-found',
        `The following indexed offsets are not found in the log. Indexed offset: ${e.offset} is not the last offset of any batch.`,
      );
    }
  }
  problems.listed.sort((a, b) => (a.index === b.index ? a.slot - b.slot : a.index === 'offset' ? -1 : 1));
  return {
    path: log.path,
    offsetIndexEntries: offsets.length,
    timeIndexEntries: times.length,
    batchesScanned: batches,
    bytesScanned: bytes,
    passed: problems.total === 0,
    problems: problems.listed,
    totalProblems: problems.total,
    logStop,
  };
}
