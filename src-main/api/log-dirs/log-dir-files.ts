/**
 * What each file of a log dir is (Kafka's names, core/log/log-manager/log-dir-names.ts), and the small ones
 * parsed as Kafka reads them: the offset checkpoints and leader-epoch-checkpoint with
 * `parseCheckpoint`, meta.properties with `BrokerMetadataCheckpoint` (over the bytes already read:
 * nothing in the folder is touched, not even the `.tmp` Kafka would delete), partition.metadata.
 */
import { BrokerMetadataCheckpoint } from '../../core/log/checkpoints/broker-metadata-checkpoint';
import { leaderEpochCheckpointFormatter, offsetCheckpointFormatter, parseCheckpoint } from '../../core/log/checkpoints/checkpoint-file';
import { loadJavaProperties } from '../../core/log/java-properties';
import {
  CLEAN_SHUTDOWN_FILE,
  CLEANED_FILE_SUFFIX,
  CLEANER_OFFSET_CHECKPOINT_FILE,
  DELETED_FILE_SUFFIX,
  INDEX_FILE_SUFFIX,
  LEADER_EPOCH_CHECKPOINT_FILE,
  LOCK_FILE,
  LOG_FILE_SUFFIX,
  LOG_START_OFFSET_CHECKPOINT_FILE,
  META_PROPERTIES_FILE,
  offsetFromFileName,
  PRODUCER_SNAPSHOT_FILE_SUFFIX,
  RECOVERY_POINT_CHECKPOINT_FILE,
  REPLICATION_OFFSET_CHECKPOINT_FILE,
  SWAP_FILE_SUFFIX,
  TIME_INDEX_FILE_SUFFIX,
  TXN_INDEX_FILE_SUFFIX,
} from '../../core/log/log-manager/log-dir-names';
import { FileSystemError, joinPath, type FileSystem } from '../../core/platform/file-system';
import type { LogDirEntryKindDto, LogDirFileDto } from './log-dir-contract';
import { kafkaErrorText, segmentBytes } from './log-dir-segment';
import { parseProducerSnapshotFile } from './log-dir-snapshot';

export const PARTITION_METADATA_FILE = 'partition.metadata';

const OFFSET_CHECKPOINTS = new Set([
  RECOVERY_POINT_CHECKPOINT_FILE,
  REPLICATION_OFFSET_CHECKPOINT_FILE,
  LOG_START_OFFSET_CHECKPOINT_FILE,
  CLEANER_OFFSET_CHECKPOINT_FILE,
]);

/** The kind of a file by its name. */
export function fileKind(name: string): LogDirEntryKindDto {
  if (name === META_PROPERTIES_FILE) return 'meta-properties';
  if (OFFSET_CHECKPOINTS.has(name)) return 'offset-checkpoint';
  if (name === CLEAN_SHUTDOWN_FILE) return 'clean-shutdown';
  if (name === LOCK_FILE) return 'lock';
  if (name === LEADER_EPOCH_CHECKPOINT_FILE) return 'leader-epoch-checkpoint';
  if (name === PARTITION_METADATA_FILE) return 'partition-metadata';
  if (name.endsWith('.tmp')) return 'temporary';
  if (name.endsWith(DELETED_FILE_SUFFIX)) return 'deleted';
  if (name.endsWith(CLEANED_FILE_SUFFIX)) return 'cleaned';
  if (name.endsWith(SWAP_FILE_SUFFIX)) return 'swap';
  if (!/^-?\d+\./.test(name)) return 'other';
  if (name.endsWith(LOG_FILE_SUFFIX)) return 'log';
  if (name.endsWith(INDEX_FILE_SUFFIX)) return 'offset-index';
  if (name.endsWith(TIME_INDEX_FILE_SUFFIX)) return 'time-index';
  if (name.endsWith(TXN_INDEX_FILE_SUFFIX)) return 'txn-index';
  if (name.endsWith(PRODUCER_SNAPSHOT_FILE_SUFFIX)) return 'producer-snapshot';
  return 'other';
}

/** The base offset a segment file's name carries (`00000000000000000042.log` → 42), else null. */
export function baseOffsetOf(name: string): number | null {
  if (!/^-?\d+\./.test(name)) return null;
  try {
    return offsetFromFileName(name);
  } catch {
    return null;
  }
}

/** The `.log` of a segment file (`.index`, `.timeindex`, `.log.deleted` …) and its index paths. */
export function segmentPaths(logOrIndexPath: string): { log: string; offsetIndex: string; timeIndex: string } | null {
  const slash = logOrIndexPath.lastIndexOf('/');
  const dir = slash < 0 ? '' : logOrIndexPath.slice(0, slash + 1);
  const name = logOrIndexPath.slice(slash + 1);
  const m = /^(-?\d+)(\.log|\.index|\.timeindex)((?:\.deleted|\.cleaned|\.swap)?)$/.exec(name);
  if (!m) return null;
  const [, prefix, , suffix] = m;
  return {
    log: `${dir}${prefix}${LOG_FILE_SUFFIX}${suffix}`,
    offsetIndex: `${dir}${prefix}${INDEX_FILE_SUFFIX}${suffix}`,
    timeIndex: `${dir}${prefix}${TIME_INDEX_FILE_SUFFIX}${suffix}`,
  };
}

const NOTES: Partial<Record<LogDirEntryKindDto, string>> = {
  'meta-properties': 'The broker identity of this log dir (BrokerMetadataCheckpoint): version, broker.id, cluster.id.',
  'clean-shutdown':
    'Written at a clean shutdown: while it is here, the broker skips log recovery for this dir at its next start (and deletes it once the logs are loaded).',
  lock: 'Held (file lock) while a broker runs on this log dir.',
  'leader-epoch-checkpoint': 'Leader epochs of this partition and the offset each started at (LeaderEpochFileCache).',
  'partition-metadata': 'Partition metadata (Kafka 2.8+ writes the topic id here; Kafka 2.5 has no such file).',
  'producer-snapshot':
    "Idempotent producers' state (ProducerStateManager) at the offset in its name: per producer its epoch and last batch. Written at each roll and clean shutdown; read back at load, then the log after it.",
  temporary: 'A checkpoint being written (write to .tmp, fsync, rename): left behind by a crash.',
};

const OFFSET_CHECKPOINT_NOTES: Record<string, string> = {
  [RECOVERY_POINT_CHECKPOINT_FILE]: 'Per partition, the offset up to which the log is flushed: recovery after a crash starts there.',
  [REPLICATION_OFFSET_CHECKPOINT_FILE]: 'Per partition, the high watermark.',
  [LOG_START_OFFSET_CHECKPOINT_FILE]:
    "Per partition whose log start offset is above its first segment's base offset: that log start offset.",
  [CLEANER_OFFSET_CHECKPOINT_FILE]: 'Per compacted partition, the offset the log cleaner has cleaned up to.',
};

/** A file system holding one file, read-only: lets Kafka's own readers parse bytes already read. */
function oneFileSystem(path: string, bytes: Uint8Array): FileSystem {
  const refuse = (operation: string) => (): never => {
    throw new FileSystemError(operation, path, 'EROFS', 'the log dir browser never writes');
  };
  return {
    exists: (p) => p === path,
    readFile: (p) => {
      if (p !== path) throw new FileSystemError('read file', p, 'ENOENT', 'no such file or directory');
      return bytes;
    },
    rm: (p, options) => {
      if (p === path || !options?.force) refuse('remove')();
    },
    stat: () => ({ size: bytes.length, isDirectory: false, isFile: true, mtimeMs: 0 }),
    readdir: () => [],
    mkdirs: refuse('create directory'),
    writeFile: refuse('write file'),
    writeFileAtomic: refuse('write file'),
    createFile: refuse('create file'),
    rename: refuse('rename'),
    setLength: refuse('set length of'),
    open: refuse('open'),
    syncDir: refuse('sync directory'),
  };
}

const EMPTY = { offsets: null, epochs: null, properties: null, brokerMetadata: null } as const;

/** Parses a small file of `kind` from its bytes (`path` is the name Kafka's messages print). */
export function parseLogDirFile(path: string, kind: LogDirEntryKindDto, bytes: Uint8Array, sizeBytes: number): LogDirFileDto {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const base = {
    path,
    kind,
    sizeBytes,
    content: segmentBytes(bytes)!,
    note: kind === 'offset-checkpoint' ? (OFFSET_CHECKPOINT_NOTES[name] ?? null) : (NOTES[kind] ?? null),
  };
  const text = new TextDecoder().decode(bytes);
  try {
    switch (kind) {
      case 'offset-checkpoint': {
        const entries = parseCheckpoint(text, path, 0, offsetCheckpointFormatter);
        return {
          ...base,
          ...EMPTY,
          error: null,
          offsets: entries.map((e) => ({ topic: e.topicPartition.topic, partition: e.topicPartition.partition, offset: e.offset })),
        };
      }
      case 'leader-epoch-checkpoint':
        return { ...base, ...EMPTY, error: null, epochs: parseCheckpoint(text, path, 0, leaderEpochCheckpointFormatter) };
      case 'meta-properties': {
        const properties = [...loadJavaProperties(bytes)].map(([key, value]) => ({ key, value }));
        const dir = path.slice(0, Math.max(0, path.lastIndexOf('/'))) || '.';
        try {
          const metadata = new BrokerMetadataCheckpoint(oneFileSystem(joinPath(dir, name), bytes), dir).read();
          return { ...base, ...EMPTY, properties, brokerMetadata: metadata, error: null };
        } catch (e) {
          return { ...base, ...EMPTY, properties, error: kafkaErrorText(e) };
        }
      }
      case 'partition-metadata': {
        const properties = text
          .split(/\r?\n/)
          .filter((l) => l.includes(':'))
          .map((l) => ({ key: l.slice(0, l.indexOf(':')).trim(), value: l.slice(l.indexOf(':') + 1).trim() }));
        return { ...base, ...EMPTY, properties, error: null };
      }
      case 'producer-snapshot': {
        const parsed = parseProducerSnapshotFile(bytes, sizeBytes);
        return { ...base, ...EMPTY, producerSnapshot: parsed.entries, error: parsed.error };
      }
      default:
        return { ...base, ...EMPTY, error: null };
    }
  } catch (e) {
    return { ...base, ...EMPTY, error: kafkaErrorText(e) };
  }
}
