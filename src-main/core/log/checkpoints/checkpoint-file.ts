/**
 * Kafka's checkpoint files (`kafka.server.checkpoints.CheckpointFile` and its users).
 *
 * Grammar (UTF-8, lines end with `\n`; the reader also accepts `\r\n` and `\r`):
 *
 *   checkpoint  = version-line count-line *entry-line
 *   version-line = int                      ; 0 for every checkpoint below
 *   count-line   = int                      ; number of entry lines that follow
 *   entry-line   = field *(whitespace field) ; split on `\s+`
 *
 *   offset checkpoints (recovery-point-offset-checkpoint, replication-offset-checkpoint,
 *   log-start-offset-checkpoint, cleaner-offset-checkpoint):  <topic> <partition:int> <offset:long>
 *   leader-epoch-checkpoint:                                    <leaderEpoch:int> <startOffset:long>
 *
 *   e.g. "0\n2\nfoo 0 42\nfoo 1 17\n"; a checkpoint with no entries is "0\n0\n".
 *
 * Reading, as Kafka 2.5 does it: an empty file (or one with only a version line) has no entries; a
 * version other than the expected one, a count that differs from the number of entry lines, or a
 * line that does not parse (also a non-numeric version/count line) is an `IOException`, reported as
 * `KafkaStorageException("Error while reading checkpoint file <path>")` with that cause — which
 * takes the log dir offline. Writing goes to `<file>.tmp`, fsync, atomic rename over the file.
 *
 * Kafka creates each checkpoint file empty (0 bytes) when it first opens it (`Files.createFile` in
 * the `CheckpointFile` constructor); `createIfMissing` does that. It is filled on the first write.
 */
import { javaReadLines, NumberFormatException, parseJavaInt, parseJavaLong } from '../../common/java-lang';
import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap, compareTopicPartitions } from '../../common/topic-partition';
import type { FileSystem } from '../../platform/file-system';
import { CheckpointFormatException, KafkaStorageException } from '../errors';

/** Turns an entry into its line and back; `fromLine` returns null (or throws NumberFormatException) for a malformed line. */
export interface CheckpointEntryFormatter<T> {
  toLine(entry: T): string;
  fromLine(line: string): T | null;
}

// Java's `\s` is [ \t\n\x0B\f\r] (narrower than JavaScript's Unicode `\s`).
// eslint-disable-next-line no-control-regex -- the vertical tab (\x0B) is part of Java's \s.
const JAVA_WHITESPACE_RUN = /[ \t\n\x0B\f\r]+/;

/** `Pattern.compile("\\s+").split(line)`: Java whitespace, trailing empty fields dropped, a leading one kept. */
export function splitOnJavaWhitespace(line: string): string[] {
  if (line.length === 0) return [''];
  const parts = line.split(JAVA_WHITESPACE_RUN);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

const encoder = new TextEncoder();

/** The text of a checkpoint with these entry lines. */
export function formatCheckpoint(version: number, lines: readonly string[]): string {
  let text = `${version}\n${lines.length}\n`;
  for (const line of lines) text += `${line}\n`;
  return text;
}

/**
 * Parses checkpoint text by Kafka's rules; throws `CheckpointFormatException` (an IOException) with
 * Kafka's message naming `path`, and the 1-based line number.
 */
export function parseCheckpoint<T>(text: string, path: string, version: number, formatter: CheckpointEntryFormatter<T>): T[] {
  const lines = javaReadLines(text);
  const malformed = (lineIndex: number): CheckpointFormatException =>
    new CheckpointFormatException(
      // Kafka's text, stray closing quote included.
      `Malformed line in checkpoint file (${path}): ${lines[lineIndex]}'`,
      path,
      lineIndex + 1,
      lines[lineIndex],
    );
  const parseInt = (lineIndex: number): number => {
    try {
      return parseJavaInt(lines[lineIndex]);
    } catch {
      throw malformed(lineIndex);
    }
  };
  if (lines.length === 0) return [];
  const fileVersion = parseInt(0);
  if (fileVersion !== version) {
    // Kafka prints the version it expected, not the one it found.
    throw new CheckpointFormatException(`Unrecognized version of the checkpoint file (${path}): ${version}`, path, 1, lines[0]);
  }
  if (lines.length === 1) return [];
  const expectedSize = parseInt(1);
  const entries: T[] = [];
  for (let i = 2; i < lines.length; i++) {
    let entry: T | null;
    try {
      entry = formatter.fromLine(lines[i]);
    } catch (e) {
      if (e instanceof NumberFormatException) throw malformed(i);
      throw e;
    }
    if (entry === null) throw malformed(i);
    entries.push(entry);
  }
  if (entries.length !== expectedSize) {
    throw new CheckpointFormatException(
      `Expected ${expectedSize} entries in checkpoint file (${path}), but found only ${entries.length}`,
      path,
      2,
      lines[1],
    );
  }
  return entries;
}

/** One checkpoint file: `<version>\n<count>\n<entries>`, written atomically. */
export class CheckpointFile<T> {
  constructor(
    private readonly fs: FileSystem,
    readonly path: string,
    readonly version: number,
    private readonly formatter: CheckpointEntryFormatter<T>,
  ) {}

  /** Creates the file empty (0 bytes) if it does not exist, as Kafka does on opening it; true if created. */
  createIfMissing(): boolean {
    try {
      return this.fs.createFile(this.path);
    } catch (e) {
      throw new KafkaStorageException(`Error while creating checkpoint file ${this.path}`, { cause: e });
    }
  }

  /** The text `write(entries)` puts in the file. */
  format(entries: readonly T[]): string {
    return formatCheckpoint(
      this.version,
      entries.map((e) => this.formatter.toLine(e)),
    );
  }

  /** Replaces the file (`.tmp`, fsync, rename). Throws `KafkaStorageException` on I/O errors. */
  write(entries: readonly T[]): void {
    try {
      this.fs.writeFileAtomic(this.path, encoder.encode(this.format(entries)));
    } catch (e) {
      throw new KafkaStorageException(`Error while writing to checkpoint file ${this.path}`, { cause: e });
    }
  }

  /**
   * Reads and parses the file. Throws `KafkaStorageException("Error while reading checkpoint file
   * <path>")` whose `cause` is a `CheckpointFormatException` (bad content, with `lineNumber`) or the
   * `FileSystemError` (missing file, I/O error).
   */
  read(): T[] {
    try {
      const bytes = this.fs.readFile(this.path);
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
      } catch {
        throw new CheckpointFormatException(`Checkpoint file (${this.path}) is not valid UTF-8 text`, this.path, 0, null);
      }
      return parseCheckpoint(text, this.path, this.version, this.formatter);
    } catch (e) {
      throw new KafkaStorageException(`Error while reading checkpoint file ${this.path}`, { cause: e });
    }
  }
}

// --- Offset checkpoints --------------------------------------------------------------------------

export const OFFSET_CHECKPOINT_VERSION = 0;

export interface OffsetCheckpointEntry {
  readonly topicPartition: TopicPartition;
  readonly offset: number;
}

export const offsetCheckpointFormatter: CheckpointEntryFormatter<OffsetCheckpointEntry> = {
  toLine: (e) => `${e.topicPartition.topic} ${e.topicPartition.partition} ${e.offset}`,
  fromLine: (line) => {
    const fields = splitOnJavaWhitespace(line);
    if (fields.length !== 3) return null;
    return {
      topicPartition: { topic: fields[0], partition: parseJavaInt(fields[1]) },
      offset: Number(parseJavaLong(fields[2])),
    };
  },
};

/**
 * `OffsetCheckpointFile`: partition → offset. Entries are written sorted by topic, then partition
 * (Kafka writes them in hash-map order; the order carries no meaning and readers ignore it).
 */
export class OffsetCheckpointFile {
  readonly checkpoint: CheckpointFile<OffsetCheckpointEntry>;

  constructor(
    fs: FileSystem,
    readonly path: string,
  ) {
    this.checkpoint = new CheckpointFile(fs, path, OFFSET_CHECKPOINT_VERSION, offsetCheckpointFormatter);
  }

  createIfMissing(): boolean {
    return this.checkpoint.createIfMissing();
  }

  /** Writes `offsets` (partition → offset); returns the number of entries written. */
  write(offsets: Iterable<readonly [TopicPartition, number]>): number {
    const entries = sortedOffsetEntries(offsets);
    this.checkpoint.write(entries);
    return entries.length;
  }

  /** Partition → offset; a partition listed twice keeps its last offset, as Kafka's map does. */
  read(): TopicPartitionMap<number> {
    const map = new TopicPartitionMap<number>();
    for (const e of this.checkpoint.read()) map.set(e.topicPartition, e.offset);
    return map;
  }
}

export function sortedOffsetEntries(offsets: Iterable<readonly [TopicPartition, number]>): OffsetCheckpointEntry[] {
  const entries: OffsetCheckpointEntry[] = [];
  for (const [topicPartition, offset] of offsets) entries.push({ topicPartition, offset });
  entries.sort((a, b) => compareTopicPartitions(a.topicPartition, b.topicPartition));
  return entries;
}

// --- Leader epoch checkpoint ---------------------------------------------------------------------

export const LEADER_EPOCH_CHECKPOINT_VERSION = 0;

/** `EpochEntry`: from `startOffset` on, records were written under `epoch`. */
export interface EpochEntry {
  readonly epoch: number;
  readonly startOffset: number;
}

export const leaderEpochCheckpointFormatter: CheckpointEntryFormatter<EpochEntry> = {
  toLine: (e) => `${e.epoch} ${e.startOffset}`,
  fromLine: (line) => {
    const fields = splitOnJavaWhitespace(line);
    if (fields.length !== 2) return null;
    return { epoch: parseJavaInt(fields[0]), startOffset: Number(parseJavaLong(fields[1])) };
  },
};

/** `LeaderEpochCheckpointFile` (`leader-epoch-checkpoint` in each partition dir). */
export class LeaderEpochCheckpointFile {
  readonly checkpoint: CheckpointFile<EpochEntry>;

  constructor(
    fs: FileSystem,
    readonly path: string,
  ) {
    this.checkpoint = new CheckpointFile(fs, path, LEADER_EPOCH_CHECKPOINT_VERSION, leaderEpochCheckpointFormatter);
  }

  createIfMissing(): boolean {
    return this.checkpoint.createIfMissing();
  }

  write(entries: readonly EpochEntry[]): void {
    this.checkpoint.write(entries);
  }

  read(): EpochEntry[] {
    return this.checkpoint.read();
  }
}
