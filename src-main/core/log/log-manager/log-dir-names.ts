/**
 * Names of everything in a Kafka 2.5 log dir (`kafka.log.Log` companion object, `LogManager`,
 * `LogCleanerManager`, `ReplicaManager`):
 *
 *   <log dir>/
 *     .lock  .kafka_cleanshutdown  meta.properties
 *     recovery-point-offset-checkpoint  replication-offset-checkpoint
 *     log-start-offset-checkpoint  cleaner-offset-checkpoint
 *     <topic>-<partition>/                       a partition log
 *     <topic>-<partition>.<uuid>-delete/         scheduled for deletion (topic part truncated to keep ≤ 255 chars)
 *     <topic>-<partition>.<uuid>-future/         being moved here (AlterReplicaLogDirs)
 *
 *   <partition dir>/
 *     <20-digit base offset>.log .index .timeindex [.txnindex]   one segment
 *     <20-digit offset>.snapshot                                  producer state snapshot
 *     … + .deleted (async deletion) / .cleaned / .swap (log cleaner temporaries)
 *     leader-epoch-checkpoint
 */
import { parseJavaInt, parseJavaLong } from '../../common/java-lang';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import { baseName } from '../../platform/file-system';
import type { Random } from '../../platform/random';
import { randomUuidBytes } from '../../platform/random';
import { KafkaException } from '../errors';

// Log-dir level files.
export const LOCK_FILE = '.lock';
export const CLEAN_SHUTDOWN_FILE = '.kafka_cleanshutdown';
export const META_PROPERTIES_FILE = 'meta.properties';
export const RECOVERY_POINT_CHECKPOINT_FILE = 'recovery-point-offset-checkpoint';
export const REPLICATION_OFFSET_CHECKPOINT_FILE = 'replication-offset-checkpoint';
export const LOG_START_OFFSET_CHECKPOINT_FILE = 'log-start-offset-checkpoint';
export const CLEANER_OFFSET_CHECKPOINT_FILE = 'cleaner-offset-checkpoint';

// Partition-dir level files.
export const LEADER_EPOCH_CHECKPOINT_FILE = 'leader-epoch-checkpoint';
export const LOG_FILE_SUFFIX = '.log';
export const INDEX_FILE_SUFFIX = '.index';
export const TIME_INDEX_FILE_SUFFIX = '.timeindex';
export const TXN_INDEX_FILE_SUFFIX = '.txnindex';
export const PRODUCER_SNAPSHOT_FILE_SUFFIX = '.snapshot';
/** Appended to segment files scheduled for asynchronous deletion. */
export const DELETED_FILE_SUFFIX = '.deleted';
/** Appended to segment files being written by the log cleaner. */
export const CLEANED_FILE_SUFFIX = '.cleaned';
/** Appended to cleaned segment files while they are swapped in. */
export const SWAP_FILE_SUFFIX = '.swap';

// Partition directory suffixes.
export const DELETE_DIR_SUFFIX = '-delete';
export const FUTURE_DIR_SUFFIX = '-future';
/** The longest file name most file systems accept; `-delete` names are kept within it. */
export const MAX_FILE_NAME_LENGTH = 255;

// Java's `\S` is "not one of [ \t\n\x0B\f\r]" (narrower than JavaScript's Unicode `\S`).
const JAVA_NON_SPACE = '[^ \\t\\n\\x0B\\f\\r]';
/** `Log.DeleteDirPattern`: `^(\S+)-(\S+)\.(\S+)-delete`, matched against the whole name. */
export const DELETE_DIR_PATTERN = new RegExp(`^(${JAVA_NON_SPACE}+)-(${JAVA_NON_SPACE}+)\\.(${JAVA_NON_SPACE}+)${DELETE_DIR_SUFFIX}$`);
/** `Log.FutureDirPattern`: `^(\S+)-(\S+)\.(\S+)-future`, matched against the whole name. */
export const FUTURE_DIR_PATTERN = new RegExp(`^(${JAVA_NON_SPACE}+)-(${JAVA_NON_SPACE}+)\\.(${JAVA_NON_SPACE}+)${FUTURE_DIR_SUFFIX}$`);

/** `<topic>-<partition>`, e.g. `orders-3` (`Log.logDirName`). */
export function logDirName(tp: TopicPartition): string {
  return tpKey(tp);
}

/**
 * A unique id as Kafka makes it for `-delete` / `-future` names:
 * `UUID.randomUUID.toString.replaceAll("-", "")`, 32 lowercase hex digits.
 */
export function newUniqueId(random: Random): string {
  let hex = '';
  for (const b of randomUuidBytes(random)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * `<topic>-<partition>.<uniqueId>-delete` (`Log.logDeleteDirName`). If the name would be longer than
 * 255 characters, the topic part is truncated so that the whole name is exactly 255.
 */
export function logDeleteDirName(tp: TopicPartition, uniqueId: string): string {
  const suffix = `-${tp.partition}.${uniqueId}${DELETE_DIR_SUFFIX}`;
  const prefixLength = Math.min(tp.topic.length, MAX_FILE_NAME_LENGTH - suffix.length);
  return `${tp.topic.substring(0, prefixLength)}${suffix}`;
}

/** `<topic>-<partition>.<uniqueId>-future` (`Log.logFutureDirName`; never truncated). */
export function logFutureDirName(tp: TopicPartition, uniqueId: string): string {
  return `${logDirName(tp)}.${uniqueId}${FUTURE_DIR_SUFFIX}`;
}

export type PartitionDirKind = 'current' | 'delete' | 'future';

export interface ParsedPartitionDirName {
  readonly topicPartition: TopicPartition;
  readonly kind: PartitionDirKind;
}

/** The message of the `KafkaException` Kafka throws for a subdirectory it cannot parse. */
export function notAPartitionDirMessage(dirPath: string): string {
  return (
    `Found directory ${dirPath}, '${baseName(dirPath)}' is not in the form of ` +
    'topic-partition or topic-partition.uniqueId-delete (if marked for deletion).\n' +
    "Kafka's log directories (and children) should only contain Kafka topic data."
  );
}

/**
 * `Log.parseTopicPartitionName`, with the kind of directory it is. `dirPath` is the partition
 * directory's absolute path (Kafka's error names it). Throws `KafkaException` with Kafka's text for
 * anything that is not `<topic>-<int>`, `<topic>-<int>.<id>-delete` or `<topic>-<int>.<id>-future`.
 *
 * Kafka's rules, kept as they are: the name must contain `-`; a name ending in `-delete`/`-future`
 * must match its pattern, and loses everything from its last `.`; the topic is what precedes the
 * last `-`, the partition what follows it (`Integer.parseInt`, so `+3` is 3). A truncated
 * `-delete` name yields the truncated topic.
 */
export function parsePartitionDirName(dirPath: string): ParsedPartitionDirName {
  const dirName = baseName(dirPath);
  const fail = (): never => {
    throw new KafkaException(notAPartitionDirMessage(dirPath));
  };
  if (dirName.length === 0 || !dirName.includes('-')) fail();
  const isDelete = dirName.endsWith(DELETE_DIR_SUFFIX);
  const isFuture = dirName.endsWith(FUTURE_DIR_SUFFIX);
  if ((isDelete && !DELETE_DIR_PATTERN.test(dirName)) || (isFuture && !FUTURE_DIR_PATTERN.test(dirName))) fail();
  const name = isDelete || isFuture ? dirName.substring(0, dirName.lastIndexOf('.')) : dirName;
  const index = name.lastIndexOf('-');
  const topic = name.substring(0, index);
  const partitionString = name.substring(index + 1);
  if (topic.length === 0 || partitionString.length === 0) fail();
  let partition = 0;
  try {
    partition = parseJavaInt(partitionString);
  } catch {
    fail();
  }
  return { topicPartition: { topic, partition }, kind: isDelete ? 'delete' : isFuture ? 'future' : 'current' };
}

/** `Log.parseTopicPartitionName`: the partition a directory holds. */
export function parseTopicPartitionName(dirPath: string): TopicPartition {
  return parsePartitionDirName(dirPath).topicPartition;
}

/** `Log.filenamePrefixFromOffset`: the offset in decimal, zero-padded to 20 digits. */
export function filenamePrefixFromOffset(offset: number): string {
  if (!Number.isSafeInteger(offset)) throw new RangeError(`offset must be an integer, got ${offset}`);
  const digits = String(Math.abs(offset)).padStart(20, '0');
  return offset < 0 ? `-${digits}` : digits;
}

/** `00000000000000000042.log` (+ `suffix`, e.g. `.deleted`). */
export function logFileName(baseOffset: number, suffix = ''): string {
  return `${filenamePrefixFromOffset(baseOffset)}${LOG_FILE_SUFFIX}${suffix}`;
}

export function offsetIndexFileName(baseOffset: number, suffix = ''): string {
  return `${filenamePrefixFromOffset(baseOffset)}${INDEX_FILE_SUFFIX}${suffix}`;
}

export function timeIndexFileName(baseOffset: number, suffix = ''): string {
  return `${filenamePrefixFromOffset(baseOffset)}${TIME_INDEX_FILE_SUFFIX}${suffix}`;
}

export function transactionIndexFileName(baseOffset: number, suffix = ''): string {
  return `${filenamePrefixFromOffset(baseOffset)}${TXN_INDEX_FILE_SUFFIX}${suffix}`;
}

export function producerSnapshotFileName(offset: number): string {
  return `${filenamePrefixFromOffset(offset)}${PRODUCER_SNAPSHOT_FILE_SUFFIX}`;
}

/** `Log.offsetFromFileName`: the number before the first `.` (`Long.parseLong`). */
export function offsetFromFileName(fileName: string): number {
  const dot = fileName.indexOf('.');
  return Number(parseJavaLong(dot < 0 ? fileName : fileName.substring(0, dot)));
}

/** `.index`, `.timeindex` or `.txnindex` (`Log.isIndexFile`). */
export function isIndexFileName(fileName: string): boolean {
  return fileName.endsWith(INDEX_FILE_SUFFIX) || fileName.endsWith(TIME_INDEX_FILE_SUFFIX) || fileName.endsWith(TXN_INDEX_FILE_SUFFIX);
}

/** `.log` (`Log.isLogFile`). */
export function isLogFileName(fileName: string): boolean {
  return fileName.endsWith(LOG_FILE_SUFFIX);
}
