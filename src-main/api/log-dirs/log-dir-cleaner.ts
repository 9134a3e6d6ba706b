/**
 * What the log cleaner left in a log dir, for the browser: the dir's `cleaner-offset-checkpoint`
 * as Kafka reads it (per compacted partition, where its dirty section starts) and, in a partition
 * directory, which segments are cleaned — those that end at or below the checkpointed offset of
 * the partition (a segment ends where the next one begins; the last one is never cleaned).
 */
import { CLEANER_OFFSET_CHECKPOINT_FILE } from '../../core/log/log-manager/log-dir-names';
import { withFile, type ConfinedFolder } from '../../core/platform/read-only-folder';
import type { CleanerCheckpointDto, LogDirEntryDto, PartitionDirDto } from './log-dir-contract';
import { baseOffsetOf, fileKind, parseLogDirFile } from './log-dir-files';

const MAX_CHECKPOINT_BYTES = 1024 * 1024;
const SEGMENT_KINDS = new Set(['log', 'offset-index', 'time-index', 'txn-index']);

/** The `cleaner-offset-checkpoint` in `dirPath` (relative to the root), or null if there is none. */
export async function readCleanerCheckpoint(
  confined: ConfinedFolder,
  rootPath: string,
  dirPath: string,
): Promise<CleanerCheckpointDto | null> {
  const path = dirPath === '' ? CLEANER_OFFSET_CHECKPOINT_FILE : `${dirPath}/${CLEANER_OFFSET_CHECKPOINT_FILE}`;
  try {
    return await withFile(confined, path, async (file) => {
      const parsed = parseLogDirFile(`${rootPath}/${path}`, 'offset-checkpoint', await file.read(0, MAX_CHECKPOINT_BYTES), file.size);
      return { path, offsets: parsed.offsets ?? [], error: parsed.error };
    });
  } catch {
    return null;
  }
}

/** The partition's checkpointed offset (null when it has no entry). */
export function cleanedUpTo(checkpoint: CleanerCheckpointDto | null, partition: Omit<PartitionDirDto, 'segments'>): number | null {
  if (partition.dirKind !== 'current') return null;
  return checkpoint?.offsets.find((o) => o.topic === partition.topic && o.partition === partition.partition)?.offset ?? null;
}

/** Each segment file of `page` marked cleaned or not; `allNames` are every file of the directory. */
export function markCleaned(page: readonly LogDirEntryDto[], allNames: readonly string[], upTo: number): LogDirEntryDto[] {
  const bases = allNames
    .filter((n) => fileKind(n) === 'log')
    .map(baseOffsetOf)
    .filter((b): b is number => b !== null)
    .sort((a, b) => a - b);
  const endOf = new Map(bases.map((b, i) => [b, i + 1 < bases.length ? bases[i + 1] : Number.POSITIVE_INFINITY]));
  return page.map((e) => {
    if (!SEGMENT_KINDS.has(e.kind) || e.baseOffset === null) return e;
    const end = endOf.get(e.baseOffset);
    return { ...e, cleaned: end !== undefined && end <= upTo };
  });
}
