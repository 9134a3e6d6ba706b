/**
 * The Log directory browser (`LogDirService`): the brokers' log dirs and folders opened from
 * outside the app, browsed read-only. Every request names a root and a path relative to it; the
 * infra layer (log-dir-access.ts) refuses anything that leaves the root. Files are read in bounded
 * async slices; the segment viewer reads only what a page needs.
 */
import { parsePartitionDirName } from '../../core/log/log-manager/log-dir-names';
import {
  LogDirAccessError,
  withFile,
  type ConfinedFolder,
  type OpenConfinedFolder,
  type ReadOnlyFile,
} from '../../core/platform/read-only-folder';
import { ApiError } from '../backend';
import type {
  BrokerReplicasDto,
  IndexCheckDto,
  IndexEntriesPageDto,
  IndexFileSummaryDto,
  IndexKindDto,
  LogDirEntryDto,
  LogDirFileDto,
  LogDirListingDto,
  LogDirRootDto,
  LogDirService,
  PartitionDirDto,
  ReplicaMoveDto,
  ReplicaMoveResultDto,
  SegmentBatchPageDto,
  SegmentFindDto,
  SegmentRecordsDto,
  SegmentSeekDto,
  SegmentSummaryDto,
} from './log-dir-contract';
import { baseOffsetOf, fileKind, parseLogDirFile, segmentPaths } from './log-dir-files';
import { findInSegment } from './log-dir-find';
import { cleanedUpTo, markCleaned, readCleanerCheckpoint } from './log-dir-cleaner';
import { IndexFileReader } from './log-dir-index';
import { checkIndexes } from './log-dir-index-check';
import { batchPage, describeBatch, kafkaErrorText, MAX_DECODED_BATCH_BYTES, recordDto, walkBatches, wholeBatch } from './log-dir-segment';
import type { ClusterHost } from '../cluster-host';
import { brokerReplicas, moveReplica } from './replica-moves';
import { logDirAccessText } from './log-dir-access-text';
import { kafkaText } from '../localized-text';

/** Small files (checkpoints, meta.properties) are parsed from at most this many bytes. */
const MAX_PARSED_FILE_BYTES = 1024 * 1024;
const DEFAULT_LIST_LIMIT = 500;

interface Root {
  readonly dto: LogDirRootDto;
  readonly confined: () => Promise<ConfinedFolder>;
}

function partitionOf(name: string, topics: ReadonlySet<string> | null): Omit<PartitionDirDto, 'segments'> | null {
  try {
    const parsed = parsePartitionDirName(`/${name}`);
    return {
      topic: parsed.topicPartition.topic,
      partition: parsed.topicPartition.partition,
      dirKind: parsed.kind,
      orphaned: topics === null ? null : !topics.has(parsed.topicPartition.topic),
    };
  } catch {
    return null;
  }
}

function accessError(e: unknown): never {
  if (e instanceof LogDirAccessError) {
    throw new ApiError(e.code === 'IO_ERROR' ? 'KAFKA_STORAGE_ERROR' : 'INVALID_INPUT', logDirAccessText(e), 'path');
  }
  throw e;
}

export class LogDirServiceImpl implements LogDirService {
  private readonly external = new Map<string, ConfinedFolder>();
  private nextExternalId = 1;

  constructor(
    private readonly host: ClusterHost | null,
    /** Opens a folder read-only, confined to it (infra/log-dir-access.ts on the local disk). */
    private readonly openFolderAt: OpenConfinedFolder,
  ) {}

  private brokerRoots(): Root[] {
    const cluster = this.host?.current?.cluster;
    if (!cluster) return [];
    const out: Root[] = [];
    for (const broker of cluster.brokers()) {
      const id = broker.id;
      for (const { path: dir, online } of broker.logDirs) {
        const name = dir.slice(Math.max(dir.lastIndexOf('/'), dir.lastIndexOf('\\')) + 1);
        const dto: LogDirRootDto = { id: `broker-${id}/${name}`, kind: 'broker', brokerId: id, path: dir, online, exists: true };
        out.push({ dto, confined: () => this.openFolderAt(dir) });
      }
    }
    return out;
  }

  private externalRoots(): Root[] {
    return [...this.external].map(([id, confined]) => ({
      dto: { id, kind: 'external', brokerId: null, path: confined.path, online: null, exists: true },
      confined: async () => confined,
    }));
  }

  private async root(rootId: string): Promise<{ dto: LogDirRootDto; confined: ConfinedFolder }> {
    const root = [...this.brokerRoots(), ...this.externalRoots()].find((r) => r.dto.id === rootId);
    if (!root)
      throw new ApiError(
        'LOG_DIR_NOT_FOUND',
        {
          en: `There is no log dir ${rootId}: choose a broker's log dir or open a folder.`,
          'zh-CN': `不存在日志目录 ${rootId}：请选择某个 broker 的日志目录，或打开一个文件夹。`,
        },
        'root',
      );
    try {
      return { dto: root.dto, confined: await root.confined() };
    } catch (e) {
      if (e instanceof LogDirAccessError && e.code === 'NOT_FOUND') {
        throw new ApiError(
          'LOG_DIR_NOT_FOUND',
          {
            en: `The log dir ${root.dto.path} does not exist (yet): a broker creates it when it first starts.`,
            'zh-CN': `日志目录 ${root.dto.path}（暂时）还不存在：broker 首次启动时才会创建它。`,
          },
          'root',
        );
      }
      return accessError(e);
    }
  }

  /** Topics of the open cluster (`/brokers/topics`), for broker roots; null for an opened folder. */
  private async topicsFor(dto: LogDirRootDto): Promise<Set<string> | null> {
    if (dto.kind !== 'broker' || !this.host?.current) return null;
    try {
      const zk = await this.host.zk();
      return new Set((await zk.getChildren('/brokers/topics')).children);
    } catch {
      return null;
    }
  }

  async roots(): Promise<LogDirRootDto[]> {
    const out: LogDirRootDto[] = [];
    for (const r of [...this.brokerRoots(), ...this.externalRoots()]) {
      const exists = await r.confined().then(
        () => true,
        () => false,
      );
      out.push({ ...r.dto, exists });
    }
    return out;
  }

  async openFolder(path: string): Promise<LogDirRootDto> {
    const trimmed = path.trim();
    let confined: ConfinedFolder;
    try {
      confined = await this.openFolderAt(trimmed);
    } catch (e) {
      return accessError(e);
    }
    if (confined.realPath === '/' || /^[A-Za-z]:\\?$/.test(confined.realPath)) {
      throw new ApiError(
        'INVALID_INPUT',
        {
          en: 'Open a log dir (or a partition directory), not the root of the file system.',
          'zh-CN': '请打开一个日志目录（或分区目录），而不是文件系统的根目录。',
        },
        'path',
      );
    }
    for (const [id, existing] of this.external) {
      if (existing.realPath === confined.realPath)
        return { id, kind: 'external', brokerId: null, path: existing.path, online: null, exists: true };
    }
    const id = `external-${this.nextExternalId++}`;
    this.external.set(id, confined);
    return { id, kind: 'external', brokerId: null, path: confined.path, online: null, exists: true };
  }

  async closeFolder(rootId: string): Promise<void> {
    if (!this.external.delete(rootId))
      throw new ApiError(
        'LOG_DIR_NOT_FOUND',
        { en: `There is no opened folder ${rootId}.`, 'zh-CN': `没有已打开的文件夹 ${rootId}。` },
        'root',
      );
  }

  async list(rootId: string, path: string, offset = 0, limit = DEFAULT_LIST_LIMIT): Promise<LogDirListingDto> {
    const { dto, confined } = await this.root(rootId);
    const entries = await confined.list(path).catch(accessError);
    const topics = await this.topicsFor(dto);
    const page = entries.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(1, Math.min(limit, 5000)));
    const out: LogDirEntryDto[] = [];
    for (const e of page) {
      if (e.outside) {
        out.push({
          name: e.name,
          path: e.path,
          kind: 'outside-link',
          isDirectory: false,
          sizeBytes: 0,
          partition: null,
          baseOffset: null,
          problem: { en: 'A link that leads outside this folder: not followed.', 'zh-CN': '指向此文件夹之外的链接：不会跟随。' },
        });
        continue;
      }
      if (e.isDirectory) {
        const parsed = partitionOf(e.name, topics);
        if (!parsed) {
          out.push({
            name: e.name,
            path: e.path,
            kind: 'directory',
            isDirectory: true,
            sizeBytes: 0,
            partition: null,
            baseOffset: null,
            // Kafka's text: LogManager's words for a directory that is not a partition's.
            problem: kafkaText(
              `'${e.name}' is not in the form of topic-partition or topic-partition.uniqueId-delete (if marked for deletion).`,
            ),
          });
          continue;
        }
        const files = await confined.list(e.path).catch(() => []);
        const sizeBytes = files.reduce((sum, f) => sum + f.sizeBytes, 0);
        const segments = files.filter((f) => fileKind(f.name) === 'log').length;
        out.push({
          name: e.name,
          path: e.path,
          kind: 'partition',
          isDirectory: true,
          sizeBytes,
          partition: { ...parsed, segments },
          baseOffset: null,
          problem: null,
        });
        continue;
      }
      const kind = fileKind(e.name);
      const segmentFile =
        kind === 'log' ||
        kind === 'offset-index' ||
        kind === 'time-index' ||
        kind === 'txn-index' ||
        kind === 'deleted' ||
        kind === 'cleaned' ||
        kind === 'swap';
      out.push({
        name: e.name,
        path: e.path,
        kind,
        isDirectory: false,
        sizeBytes: e.sizeBytes,
        partition: null,
        baseOffset: segmentFile || kind === 'producer-snapshot' ? baseOffsetOf(e.name) : null,
        problem: null,
      });
    }
    const dirName =
      path === ''
        ? dto.path.slice(Math.max(dto.path.lastIndexOf('/'), dto.path.lastIndexOf('\\')) + 1)
        : path.slice(path.lastIndexOf('/') + 1);
    const self = partitionOf(dirName, topics);
    const holdsSegments = entries.some((e) => fileKind(e.name) === 'log');
    const partition =
      self && (path !== '' || holdsSegments) ? { ...self, segments: entries.filter((e) => fileKind(e.name) === 'log').length } : null;
    const dirKind = partition ? 'partition' : path === '' ? 'log-dir' : 'directory';
    const checkpointDir =
      dirKind === 'log-dir' ? '' : dirKind === 'partition' && path !== '' ? path.slice(0, Math.max(0, path.lastIndexOf('/'))) : null;
    const cleanerCheckpoint = checkpointDir === null ? null : await readCleanerCheckpoint(confined, dto.path, checkpointDir);
    const upTo = partition ? cleanedUpTo(cleanerCheckpoint, partition) : null;
    return {
      root: dto,
      path,
      dirKind,
      partition,
      entries:
        upTo === null
          ? out
          : markCleaned(
              out,
              entries.map((e) => e.name),
              upTo,
            ),
      offset,
      total: entries.length,
      cleanerCheckpoint,
      cleanedUpTo: upTo,
    };
  }

  async readFile(rootId: string, path: string): Promise<LogDirFileDto> {
    const { dto, confined } = await this.root(rootId);
    const name = path.slice(path.lastIndexOf('/') + 1);
    return withFile(confined, path, async (file) => {
      const bytes = await file.read(0, MAX_PARSED_FILE_BYTES);
      return parseLogDirFile(`${dto.path}/${path}`, fileKind(name), bytes, file.size);
    }).catch(accessError);
  }

  /** Opens a segment's `.log` and its indexes (missing indexes are null), runs `fn`, closes them. */
  private async withSegment<T>(
    rootId: string,
    path: string,
    fn: (s: {
      dto: LogDirRootDto;
      confined: ConfinedFolder;
      log: ReadOnlyFile;
      baseOffset: number;
      offsetIndex: IndexFileReader | null;
      timeIndex: IndexFileReader | null;
      logPath: string;
    }) => Promise<T>,
  ): Promise<T> {
    const { dto, confined } = await this.root(rootId);
    const paths = segmentPaths(path);
    if (!paths)
      throw new ApiError(
        'INVALID_INPUT',
        {
          en: `${path} is not a segment file (<20-digit base offset>.log).`,
          'zh-CN': `${path} 不是段文件（应为 <20 位基准位移>.log）。`,
        },
        'path',
      );
    const baseOffset = baseOffsetOf(paths.log.slice(paths.log.lastIndexOf('/') + 1)) ?? 0;
    const opened: ReadOnlyFile[] = [];
    const openIndex = async (p: string, kind: IndexKindDto): Promise<IndexFileReader | null> => {
      if ((await confined.sizeOf(p).catch(() => null)) === null) return null;
      const f = await confined.openFile(p);
      opened.push(f);
      return new IndexFileReader(kind, f, baseOffset);
    };
    try {
      const log = await confined.openFile(paths.log);
      opened.push(log);
      const offsetIndex = await openIndex(paths.offsetIndex, 'offset');
      const timeIndex = await openIndex(paths.timeIndex, 'time');
      return await fn({ dto, confined, log, baseOffset, offsetIndex, timeIndex, logPath: paths.log });
    } catch (e) {
      return accessError(e);
    } finally {
      for (const f of opened) await f.close().catch(() => undefined);
    }
  }

  private resumeAfter(index: IndexFileReader | null): (position: number) => Promise<number | null> {
    return async (position) => (index ? ((await index.smallestAbove(position, (e) => e.position ?? 0))?.position ?? null) : null);
  }

  async segment(rootId: string, path: string): Promise<SegmentSummaryDto> {
    return this.withSegment(rootId, path, async ({ dto, confined, log, baseOffset, offsetIndex, timeIndex, logPath }) => {
      const summary = async (index: IndexFileReader | null): Promise<IndexFileSummaryDto | null> =>
        index ? { path: index.file.path, sizeBytes: index.sizeBytes, entries: await index.entries(), maxEntries: index.slots } : null;
      const slash = logPath.lastIndexOf('/');
      const dirName =
        slash < 0 ? dto.path.slice(dto.path.lastIndexOf('/') + 1) : logPath.slice(logPath.lastIndexOf('/', slash - 1) + 1, slash);
      const parsed = partitionOf(dirName, await this.topicsFor(dto));
      const siblings = parsed ? await confined.list(slash < 0 ? '' : logPath.slice(0, slash)).catch(() => []) : [];
      return {
        root: dto,
        path: logPath,
        baseOffset,
        sizeBytes: log.size,
        offsetIndex: await summary(offsetIndex),
        timeIndex: await summary(timeIndex),
        partition: parsed ? { ...parsed, segments: siblings.filter((f) => fileKind(f.name) === 'log').length } : null,
      };
    });
  }

  async batches(
    rootId: string,
    path: string,
    position: number,
    options: { maxBatches?: number; maxBytes?: number } = {},
  ): Promise<SegmentBatchPageDto> {
    if (!Number.isSafeInteger(position) || position < 0)
      throw new ApiError(
        'INVALID_INPUT',
        { en: `Position ${position} is not a byte position.`, 'zh-CN': `${position} 不是有效的字节位置。` },
        'position',
      );
    return this.withSegment(rootId, path, ({ log, offsetIndex }) => batchPage(log, position, options, this.resumeAfter(offsetIndex)));
  }

  async records(rootId: string, path: string, position: number, offset = 0, limit = 100): Promise<SegmentRecordsDto> {
    return this.withSegment(rootId, path, async ({ log }) => {
      const first = await walkBatches(log, position).next();
      if (first.done)
        throw new ApiError(
          'INVALID_INPUT',
          { en: `There is no batch at position ${position}.`, 'zh-CN': `位置 ${position} 处没有批次。` },
          'position',
        );
      if (first.value.kind === 'stop') throw new ApiError('CORRUPT_MESSAGE', first.value.stop.message, 'position');
      const walked = first.value;
      const batch = await describeBatch(log, walked);
      const whole = await wholeBatch(log, walked, MAX_DECODED_BATCH_BYTES);
      if (!whole)
        return { batch, records: [], offset, total: null, error: `This batch of ${walked.sizeInBytes} bytes is too large to decode here.` };
      try {
        const all = whole.records();
        const from = Math.max(0, offset);
        return {
          batch,
          records: all.slice(from, from + Math.max(1, Math.min(limit, 1000))).map((r) => recordDto(whole, r)),
          offset: from,
          total: all.length,
          error: null,
        };
      } catch (e) {
        return { batch, records: [], offset, total: null, error: kafkaErrorText(e) };
      }
    });
  }

  async find(rootId: string, path: string, target: SegmentSeekDto): Promise<SegmentFindDto> {
    const value = target.kind === 'offset' ? target.offset : target.kind === 'timestamp' ? target.timestamp : target.position;
    if (!Number.isSafeInteger(value))
      throw new ApiError('INVALID_INPUT', { en: `${value} is not a whole number.`, 'zh-CN': `${value} 不是整数。` }, target.kind);
    return this.withSegment(rootId, path, async ({ log, baseOffset, offsetIndex, timeIndex }) => {
      const found = await findInSegment(log, baseOffset, offsetIndex, timeIndex, target);
      const page = found.batchPosition === null ? null : await batchPage(log, found.batchPosition, {}, this.resumeAfter(offsetIndex));
      return { target, ...found, page };
    });
  }

  async indexEntries(rootId: string, path: string, kind: IndexKindDto, from: number, limit: number): Promise<IndexEntriesPageDto> {
    return this.withSegment(rootId, path, async ({ offsetIndex, timeIndex, baseOffset }) => {
      const index = kind === 'offset' ? offsetIndex : timeIndex;
      if (!index)
        throw new ApiError(
          'INVALID_INPUT',
          {
            en: `This segment has no ${kind === 'offset' ? '.index' : '.timeindex'} file.`,
            'zh-CN': `此段没有 ${kind === 'offset' ? '.index' : '.timeindex'} 文件。`,
          },
          'kind',
        );
      const items = await index.page(from, Math.max(1, Math.min(limit, 1000)));
      return {
        path: index.file.path,
        kind,
        baseOffset,
        sizeBytes: index.sizeBytes,
        entries: await index.entries(),
        maxEntries: index.slots,
        from,
        items,
      };
    });
  }

  async checkIndexes(rootId: string, path: string): Promise<IndexCheckDto> {
    return this.withSegment(rootId, path, ({ log, offsetIndex, timeIndex }) => checkIndexes(log, offsetIndex, timeIndex));
  }

  async replicas(brokerId: number): Promise<BrokerReplicasDto> {
    return brokerReplicas(this.requireCluster(), brokerId);
  }

  async moveReplica(move: ReplicaMoveDto): Promise<ReplicaMoveResultDto> {
    return moveReplica(this.requireCluster(), move);
  }

  private requireCluster() {
    if (!this.host)
      throw new ApiError('INVALID_INPUT', {
        en: 'No cluster is open: open a workspace first.',
        'zh-CN': '没有打开的集群：请先打开一个工作区。',
      });
    return this.host.require().cluster;
  }
}
