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
import type { LocalizedText } from '../contract';
import type { LogDirEntryKindDto, LogDirFileDto } from './log-dir-contract';
import { kafkaErrorText, segmentBytes } from './log-dir-segment';
import { parseProducerSnapshotFile, parseTransactionIndexFile } from './log-dir-snapshot';

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

const NOTES: Partial<Record<LogDirEntryKindDto, LocalizedText>> = {
  'meta-properties': {
    en: 'The broker identity of this log dir (BrokerMetadataCheckpoint): version, broker.id, cluster.id.',
    'zh-CN': '这个日志目录所属 broker 的身份（BrokerMetadataCheckpoint）：version、broker.id、cluster.id。',
  },
  'clean-shutdown': {
    en: 'Written at a clean shutdown: while it is here, the broker skips log recovery for this dir at its next start (and deletes it once the logs are loaded).',
    'zh-CN': '正常关闭时写入：只要它存在，broker 下次启动时就跳过这个目录的日志恢复（日志加载完成后删除它）。',
  },
  lock: { en: 'Held (file lock) while a broker runs on this log dir.', 'zh-CN': 'broker 使用这个日志目录运行期间持有它（文件锁）。' },
  'leader-epoch-checkpoint': {
    en: 'Leader epochs of this partition and the offset each started at (LeaderEpochFileCache).',
    'zh-CN': '这个分区的各个 leader epoch 及每个 epoch 的起始位移（LeaderEpochFileCache）。',
  },
  'partition-metadata': {
    en: 'Partition metadata (Kafka 2.8+ writes the topic id here; Kafka 2.5 has no such file).',
    'zh-CN': '分区元数据（Kafka 2.8 及以上在这里写入 topic id；Kafka 2.5 没有这个文件）。',
  },
  'producer-snapshot': {
    en: "Idempotent producers' state (ProducerStateManager) at the offset in its name: per producer its epoch and last batch. Written at each roll and clean shutdown; read back at load, then the log after it.",
    'zh-CN':
      '文件名中位移处幂等 producer 的状态（ProducerStateManager）：每个 producer 的 epoch 和最后一个批次。每次日志段滚动和正常关闭时写入；加载时先读回它，再读取其后的日志。',
  },
  'txn-index': {
    en: 'The aborted transactions whose ABORT marker is in this segment (TransactionIndex): producer id, first and last (marker) offset, and the last stable offset once it was aborted. read_committed fetches get them as AbortedTransactions; written only when a transaction aborts.',
    'zh-CN':
      'ABORT 标记位于本日志段内的已中止事务（TransactionIndex）：producer id、首位移与末位移（标记所在）、以及中止后的 LSO。read_committed 的 Fetch 以 AbortedTransactions 得到它们；只在有事务中止时才写入。',
  },
  temporary: {
    en: 'A checkpoint being written (write to .tmp, fsync, rename): left behind by a crash.',
    'zh-CN': '正在写入的检查点文件（先写 .tmp，再 fsync，再重命名）：是崩溃后留下的。',
  },
};

const OFFSET_CHECKPOINT_NOTES: Record<string, LocalizedText> = {
  [RECOVERY_POINT_CHECKPOINT_FILE]: {
    en: 'Per partition, the offset up to which the log is flushed: recovery after a crash starts there.',
    'zh-CN': '每个分区日志已刷盘到的位移：崩溃后的恢复从这里开始。',
  },
  [REPLICATION_OFFSET_CHECKPOINT_FILE]: { en: 'Per partition, the high watermark.', 'zh-CN': '每个分区的高水位（high watermark）。' },
  [LOG_START_OFFSET_CHECKPOINT_FILE]: {
    en: "Per partition whose log start offset is above its first segment's base offset: that log start offset.",
    'zh-CN': '日志起始位移大于第一个日志段基准位移的分区：记录该日志起始位移。',
  },
  [CLEANER_OFFSET_CHECKPOINT_FILE]: {
    en: 'Per compacted partition, the offset the log cleaner has cleaned up to.',
    'zh-CN': '每个压缩（compacted）分区中日志清理器已清理到的位移。',
  },
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
      case 'txn-index': {
        const parsed = parseTransactionIndexFile(path, baseOffsetOf(name), bytes, sizeBytes);
        return { ...base, ...EMPTY, abortedTransactions: parsed.entries, error: parsed.error };
      }
      default:
        return { ...base, ...EMPTY, error: null };
    }
  } catch (e) {
    return { ...base, ...EMPTY, error: kafkaErrorText(e) };
  }
}
