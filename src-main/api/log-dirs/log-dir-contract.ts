/**
 * The API of the Log directory browser (types only, part of contract.ts's DojoApi as `logDirs`).
 *
 * Every request names a root — one broker's log dir, or a folder opened read-only from outside
 * the app (a copy of a production broker's log dir) — and a path relative to it ('' is the root,
 * '/'-separated). Nothing outside a root is ever read, and nothing in an opened folder is ever
 * written. Segments are read by position, a page at a time: a 1 GB segment opens at once.
 */
import type { LocalizedText } from '../localized-text';

export type LogDirRootKindDto = 'broker' | 'external';

export interface LogDirRootDto {
  /** `broker-<id>/<log dir name>` or `external-<n>`. */
  readonly id: string;
  readonly kind: LogDirRootKindDto;
  readonly brokerId: number | null;
  /** The absolute path, as the person knows it. */
  readonly path: string;
  /** A broker's log dir: whether the broker serves it now; an opened folder: null. */
  readonly online: boolean | null;
  readonly exists: boolean;
}

export type LogDirEntryKindDto =
  | 'partition'
  | 'directory'
  | 'meta-properties'
  | 'offset-checkpoint'
  | 'clean-shutdown'
  | 'lock'
  | 'log'
  | 'offset-index'
  | 'time-index'
  | 'txn-index'
  | 'producer-snapshot'
  | 'leader-epoch-checkpoint'
  | 'partition-metadata'
  | 'deleted'
  | 'cleaned'
  | 'swap'
  | 'temporary'
  | 'other'
  /** A symbolic link that leads outside the root: listed, never followed. */
  | 'outside-link';

/** A partition directory as Kafka's `Log.parseTopicPartitionName` reads its name. */
export interface PartitionDirDto {
  readonly topic: string;
  readonly partition: number;
  /** `<topic>-<p>`, `<topic>-<p>.<uuid>-delete`, `<topic>-<p>.<uuid>-future`. */
  readonly dirKind: 'current' | 'delete' | 'future';
  /** The topic no longer exists in ZooKeeper (`/brokers/topics/<topic>`); null when unknown (an opened folder). */
  readonly orphaned: boolean | null;
  readonly segments: number;
}

export interface LogDirEntryDto {
  readonly name: string;
  /** Relative to the root. */
  readonly path: string;
  readonly kind: LogDirEntryKindDto;
  readonly isDirectory: boolean;
  /** A file's length; a partition directory: the total of its files. */
  readonly sizeBytes: number;
  readonly partition: PartitionDirDto | null;
  /** Segment files: the base offset their name carries. */
  readonly baseOffset: number | null;
  /** What is wrong with it for a person (a link leading out; Kafka's words for a directory that is not a partition …), else null. */
  readonly problem: LocalizedText | null;
  /** A segment's file in a partition directory with a cleaner checkpoint: the segment lies below the checkpointed offset. */
  readonly cleaned?: boolean;
}

/** A log dir's `cleaner-offset-checkpoint`: per compacted partition, the first offset the cleaner has not cleaned. */
export interface CleanerCheckpointDto {
  /** Relative to the root. */
  readonly path: string;
  readonly offsets: ReadonlyArray<{ readonly topic: string; readonly partition: number; readonly offset: number }>;
  /** Why Kafka would refuse the file, else null. */
  readonly error: string | null;
}

export interface LogDirListingDto {
  readonly root: LogDirRootDto;
  readonly path: string;
  /** What `path` is: the log dir itself, a partition directory or another directory. */
  readonly dirKind: 'log-dir' | 'partition' | 'directory';
  readonly partition: PartitionDirDto | null;
  readonly entries: readonly LogDirEntryDto[];
  readonly offset: number;
  readonly total: number;
  /** The log dir's `cleaner-offset-checkpoint` (a partition directory: its parent's), or null when there is none. */
  readonly cleanerCheckpoint?: CleanerCheckpointDto | null;
  /** A partition directory: its offset in that checkpoint (segments ending at or below it are cleaned), or null. */
  readonly cleanedUpTo?: number | null;
}

/** Bytes as the viewer shows them; `truncated` when only the first part was sent. */
export interface SegmentBytesDto {
  /** UTF-8 text when the (sent) bytes are valid UTF-8. */
  readonly text: string | null;
  readonly base64: string;
  readonly size: number;
  readonly truncated: boolean;
}

/** A parsed root-level or partition-level file (checkpoints, meta.properties …). */
export interface LogDirFileDto {
  readonly path: string;
  readonly kind: LogDirEntryKindDto;
  readonly sizeBytes: number;
  /** The start of the file as bytes. */
  readonly content: SegmentBytesDto;
  /** Why Kafka would refuse the file, in its words (`Malformed line in checkpoint file …`). */
  readonly error: string | null;
  /** Offset checkpoints: `<topic> <partition> <offset>` entries. */
  readonly offsets: ReadonlyArray<{ readonly topic: string; readonly partition: number; readonly offset: number }> | null;
  /** leader-epoch-checkpoint: `<epoch> <startOffset>` entries. */
  readonly epochs: ReadonlyArray<{ readonly epoch: number; readonly startOffset: number }> | null;
  /** meta.properties and partition.metadata: their key/value pairs. */
  readonly properties: ReadonlyArray<{ readonly key: string; readonly value: string }> | null;
  /** meta.properties as Kafka's BrokerMetadataCheckpoint reads it. */
  readonly brokerMetadata: { readonly brokerId: number; readonly clusterId: string | null } | null;
  /** A sentence on what the file is for. */
  readonly note: LocalizedText | null;
  /** A producer-state `.snapshot`: one row per producer (absent for other files). */
  readonly producerSnapshot?: ReadonlyArray<ProducerSnapshotEntryDto> | null;
  /** A segment's `.txnindex`: one row per aborted transaction (absent for other files). */
  readonly abortedTransactions?: ReadonlyArray<AbortedTxnDto> | null;
}

/** One entry of a `.txnindex` file (Kafka 2.5's `AbortedTxn`, 34 bytes). */
export interface AbortedTxnDto {
  readonly version: number;
  readonly producerId: number;
  readonly firstOffset: number;
  /** The offset of the transaction's ABORT marker. */
  readonly lastOffset: number;
  readonly lastStableOffset: number;
}

/** One producer in a `.snapshot` file (Kafka 2.5's ProducerSnapshotEntrySchema). */
export interface ProducerSnapshotEntryDto {
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly lastSequence: number;
  readonly lastOffset: number;
  readonly offsetDelta: number;
  readonly timestamp: number;
  readonly coordinatorEpoch: number;
  /** −1: no ongoing transaction. */
  readonly currentTxnFirstOffset: number;
}

export interface IndexFileSummaryDto {
  readonly path: string;
  readonly sizeBytes: number;
  /** Entries in use (a pre-allocated index ends in zero slots, which are not entries). */
  readonly entries: number;
  readonly maxEntries: number;
}

export interface SegmentSummaryDto {
  readonly root: LogDirRootDto;
  readonly path: string;
  readonly baseOffset: number;
  readonly sizeBytes: number;
  readonly offsetIndex: IndexFileSummaryDto | null;
  readonly timeIndex: IndexFileSummaryDto | null;
  readonly partition: PartitionDirDto | null;
}

/** One record batch (or legacy v0/v1 log entry), as `kafka-dump-log` prints its batch line. */
export interface SegmentBatchDto {
  readonly position: number;
  readonly sizeInBytes: number;
  /** null for a legacy compressed wrapper whose inner offsets were not read. */
  readonly baseOffset: number | null;
  readonly lastOffset: number;
  readonly magic: number;
  readonly storedCrc: number;
  readonly computedCrc: number;
  readonly crcValid: boolean;
  readonly compression: string;
  readonly timestampType: string;
  readonly firstTimestamp: number;
  readonly maxTimestamp: number;
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly baseSequence: number;
  readonly lastSequence: number;
  readonly partitionLeaderEpoch: number;
  readonly isTransactional: boolean;
  readonly isControl: boolean;
  /** v2: the header's record count; legacy: null. */
  readonly count: number | null;
  /** Kafka's words for what is wrong with it (`Record is corrupt (stored crc = …, computed crc = …)`), else null. */
  readonly problem: string | null;
}

/** How a page ends when it is not simply the end of the file or the page's budget. */
export interface SegmentStopDto {
  /** `torn`: the last batch is cut short; `zeros`: zero bytes (pre-allocated space); `corrupt`: a header that cannot be right. */
  readonly kind: 'torn' | 'zeros' | 'corrupt';
  readonly position: number;
  /** Bytes from `position` to the end of the file. */
  readonly bytes: number;
  readonly message: LocalizedText;
  /** Where reading can go on past it (the next offset-index entry after it), else null. */
  readonly resumePosition: number | null;
}

export interface SegmentBatchPageDto {
  readonly path: string;
  readonly sizeBytes: number;
  readonly startPosition: number;
  readonly batches: readonly SegmentBatchDto[];
  /** Where the next page starts; null at the end of the file (or at a stop). */
  readonly nextPosition: number | null;
  readonly stop: SegmentStopDto | null;
  /** Bytes read from the file for this page. */
  readonly bytesRead: number;
}

export interface SegmentHeaderDto {
  readonly key: string;
  readonly value: SegmentBytesDto | null;
}

export interface SegmentRecordDto {
  readonly offset: number;
  readonly timestamp: number;
  readonly timestampType: string;
  readonly key: SegmentBytesDto | null;
  readonly value: SegmentBytesDto | null;
  readonly headers: readonly SegmentHeaderDto[];
  readonly sizeInBytes: number;
  readonly sequence: number;
  /** A control record's type (`COMMIT`, `ABORT`), else null. */
  readonly controlType: string | null;
}

export interface SegmentRecordsDto {
  readonly batch: SegmentBatchDto;
  readonly records: readonly SegmentRecordDto[];
  readonly offset: number;
  /** Records in the batch (decoded), or null when they could not be decoded. */
  readonly total: number | null;
  /** Why the records could not be decoded, in Kafka's words. */
  readonly error: string | null;
}

export type SegmentSeekDto =
  | { readonly kind: 'offset'; readonly offset: number }
  | { readonly kind: 'timestamp'; readonly timestamp: number }
  | { readonly kind: 'position'; readonly position: number };

export interface SegmentFindDto {
  readonly target: SegmentSeekDto;
  /** The offset-index entry the scan started from (slot −1: none, the segment's start). */
  readonly offsetIndexEntry: { readonly slot: number; readonly offset: number; readonly position: number };
  /** For a timestamp: the time-index entry used (slot −1: none). */
  readonly timeIndexEntry: { readonly slot: number; readonly timestamp: number; readonly offset: number } | null;
  /** The batch holding the target (or the first one after it), else null. */
  readonly batchPosition: number | null;
  /** For a timestamp: the first record at or after it. */
  readonly foundOffset: number | null;
  readonly foundTimestamp: number | null;
  /** Why nothing was found (past the end …), else null. */
  readonly message: string | null;
  /** Batch headers read while scanning forward from the index entry. */
  readonly batchesScanned: number;
  /** The page starting at the batch found. */
  readonly page: SegmentBatchPageDto | null;
}

export type IndexKindDto = 'offset' | 'time';

export interface IndexEntryDto {
  readonly slot: number;
  readonly offset: number;
  /** Offset index: the batch position; time index: null. */
  readonly position: number | null;
  /** Time index: the timestamp; offset index: null. */
  readonly timestamp: number | null;
}

export interface IndexEntriesPageDto {
  readonly path: string;
  readonly kind: IndexKindDto;
  readonly baseOffset: number;
  readonly sizeBytes: number;
  readonly entries: number;
  readonly maxEntries: number;
  readonly from: number;
  readonly items: readonly IndexEntryDto[];
}

export type IndexProblemKindDto =
  | 'sanity'
  | 'not-increasing'
  | 'below-base-offset'
  | 'position-outside-log'
  | 'not-a-batch-start'
  | 'offset-mismatch'
  | 'offset-not-found'
  | 'timestamp-mismatch'
  | 'timestamp-out-of-order';

export interface IndexProblemDto {
  readonly index: IndexKindDto;
  readonly slot: number;
  readonly kind: IndexProblemKindDto;
  readonly message: string;
}

/** `kafka-dump-log --index-sanity-check` and `--verify-index-only`, on both indexes of a segment. */
export interface IndexCheckDto {
  readonly path: string;
  readonly offsetIndexEntries: number;
  readonly timeIndexEntries: number;
  readonly batchesScanned: number;
  readonly bytesScanned: number;
  readonly passed: boolean;
  /** At most 1000, in slot order per index. */
  readonly problems: readonly IndexProblemDto[];
  readonly totalProblems: number;
  /** Where reading the log stopped early (a corrupt header, a torn tail), else null. */
  readonly logStop: SegmentStopDto | null;
}

/** A replica in one of a broker's log dirs, as DescribeLogDirs reports it. */
export interface LogDirReplicaDto {
  readonly topic: string;
  readonly partition: number;
  readonly sizeBytes: number;
  /** A `-future` log: offsets behind the current log's end; a current log: behind its high watermark; -1: not known. */
  readonly offsetLag: number;
  /** The `-future` log of a move to this dir (AlterReplicaLogDirs), copied from the current log until the swap. */
  readonly isFuture: boolean;
}

export interface BrokerLogDirReplicasDto {
  readonly path: string;
  readonly online: boolean;
  readonly replicas: readonly LogDirReplicaDto[];
}

/** One broker's log dirs with the replicas in each (the log dir browser and the broker page follow moves with it). */
export interface BrokerReplicasDto {
  readonly brokerId: number;
  readonly running: boolean;
  readonly logDirs: readonly BrokerLogDirReplicasDto[];
}

/** A replica to move to another log dir of its broker (`logDir`: an absolute path of its `log.dirs`). */
export interface ReplicaMoveDto {
  readonly brokerId: number;
  readonly topic: string;
  readonly partition: number;
  readonly logDir: string;
}

/** An accepted move: the `-future` log grows in `logDir` until the broker swaps it in (none when already there). */
export interface ReplicaMoveResultDto extends ReplicaMoveDto {
  /** The dir the replica was in when the move was asked, null when the broker held no log of it. */
  readonly sourceDir: string | null;
  readonly sizeBytes: number;
  /** The replica was already in `logDir`: nothing moves. */
  readonly alreadyThere: boolean;
}

export interface LogDirService {
  /** Every broker's log dirs, then the folders opened read-only. */
  roots(): Promise<LogDirRootDto[]>;
  /** Opens a folder from outside the app, read-only (an absolute path typed or pasted by the person). */
  openFolder(path: string): Promise<LogDirRootDto>;
  closeFolder(rootId: string): Promise<void>;
  /** The entries of a directory under a root, sorted by name; a page of at most `limit`. */
  list(rootId: string, path: string, offset?: number, limit?: number): Promise<LogDirListingDto>;
  /** A checkpoint, meta.properties, leader-epoch-checkpoint … parsed as Kafka reads it. */
  readFile(rootId: string, path: string): Promise<LogDirFileDto>;
  /** A segment (`<base>.log`) and its two indexes. */
  segment(rootId: string, path: string): Promise<SegmentSummaryDto>;
  /** The batches from `position` (a batch start), up to about `maxBytes` or `maxBatches`. */
  batches(
    rootId: string,
    path: string,
    position: number,
    options?: { maxBatches?: number; maxBytes?: number },
  ): Promise<SegmentBatchPageDto>;
  /** The records of the batch at `position`, `offset`..`offset + limit`. */
  records(rootId: string, path: string, position: number, offset?: number, limit?: number): Promise<SegmentRecordsDto>;
  /** Finds an offset or a time through the indexes (binary search), then scans forward to its batch. */
  find(rootId: string, path: string, target: SegmentSeekDto): Promise<SegmentFindDto>;
  indexEntries(rootId: string, path: string, kind: IndexKindDto, from: number, limit: number): Promise<IndexEntriesPageDto>;
  checkIndexes(rootId: string, path: string): Promise<IndexCheckDto>;
  /** A broker's log dirs with the replicas each holds: size, offset lag, current or `-future`. */
  replicas(brokerId: number): Promise<BrokerReplicasDto>;
  /** AlterReplicaLogDirs of one replica; the broker's refusal is an ApiError named by Kafka's error. */
  moveReplica(move: ReplicaMoveDto): Promise<ReplicaMoveResultDto>;
}
