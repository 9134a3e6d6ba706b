/**
 * `meta.properties` in every log dir: which broker (and cluster) the dir belongs to
 * (`kafka.server.BrokerMetadataCheckpoint`, and the checks `KafkaServer.startup` makes with it).
 *
 * File (Java `Properties.store(out, "")`, Java 8 `Hashtable` key order, written to
 * `meta.properties.tmp`, fsync, then renamed over the file):
 *
 *   #
 *   #Sun Nov 29 12:00:00 UTC 2026
 *   cluster.id=Q3Vyc2VkIGlzIHRoZSBrZXk     (only if the cluster id is known)
 *   version=0
 *   broker.id=1
 *
 * Reading (a leftover `meta.properties.tmp` is deleted first): no file → no metadata; `version`
 * must be an int in [0, 2^31−1] and equal 0 (another version → IOException); `broker.id` must be an
 * int in [0, 2^31−1]; `cluster.id` is optional. Values are trimmed. A missing or out-of-range value
 * is an IllegalArgumentException and a non-number a NumberFormatException: both are fatal for the
 * broker's startup, while an IOException only takes that log dir offline.
 */
import { errorMessage } from '../../common/throwable';
import { IllegalArgumentException, INT_MAX, parseJavaInt } from '../../common/java-lang';
import type { Clock } from '../../platform/clock';
import type { FileSystem } from '../../platform/file-system';
import { isFileSystemError, joinPath } from '../../platform/file-system';
import { InconsistentBrokerIdException, InconsistentBrokerMetadataException, InconsistentClusterIdException, IOException } from '../errors';
import { loadJavaProperties, storeJavaProperties } from '../java-properties';
import { META_PROPERTIES_FILE } from '../log-manager/log-dir-names';

export interface BrokerMetadata {
  readonly brokerId: number;
  /** null when the cluster id is not known (Scala `None`). */
  readonly clusterId: string | null;
}

/** As Kafka prints it: `BrokerMetadata(brokerId=1, clusterId=abc)` (`clusterId=None` when unknown). */
export function formatBrokerMetadata(m: BrokerMetadata): string {
  return `BrokerMetadata(brokerId=${m.brokerId}, clusterId=${m.clusterId ?? 'None'})`;
}

const encoder = new TextEncoder();

/** `VerifiableProperties.getIntInRange(name, (0, Int.MaxValue))`. */
function getIntInRange(props: Map<string, string>, name: string): number {
  const raw = props.get(name);
  if (raw === undefined) {
    throw new IllegalArgumentException(`requirement failed: Missing required property '${name}'`);
  }
  const v = parseJavaInt(raw.trim());
  if (v < 0 || v > INT_MAX) {
    throw new IllegalArgumentException(`requirement failed: ${name} has value ${v} which is not in the range (0,${INT_MAX}).`);
  }
  return v;
}

/** `<logDir>/meta.properties`. */
export class BrokerMetadataCheckpoint {
  readonly path: string;

  /** `clock` stamps the date comment line when writing; reading needs none. */
  constructor(
    private readonly fs: FileSystem,
    logDir: string,
    private readonly clock: Clock | null = null,
  ) {
    this.path = joinPath(logDir, META_PROPERTIES_FILE);
  }

  /** The file's text for `metadata`, with the date comment for `nowMs`. */
  format(metadata: BrokerMetadata, nowMs: number): string {
    const entries: [string, string][] = [
      ['version', '0'],
      ['broker.id', String(metadata.brokerId)],
    ];
    if (metadata.clusterId !== null) entries.push(['cluster.id', metadata.clusterId]);
    return storeJavaProperties(entries, '', nowMs);
  }

  /**
   * Writes the file durably, dated by the injected clock (or `nowMs`). Throws `IOException` (with
   * the file-system error as cause) on failure.
   */
  write(metadata: BrokerMetadata, nowMs: number | undefined = this.clock?.nowMs()): void {
    if (nowMs === undefined) throw new IllegalArgumentException('writing meta.properties needs the clock (or nowMs) for its date line');
    if (!Number.isInteger(metadata.brokerId) || metadata.brokerId < 0 || metadata.brokerId > INT_MAX) {
      throw new IllegalArgumentException(`broker.id must be an int in [0, ${INT_MAX}], got ${metadata.brokerId}`);
    }
    try {
      this.fs.writeFileAtomic(this.path, encoder.encode(this.format(metadata, nowMs)));
    } catch (e) {
      throw new IOException(`Failed to write meta.properties due to ${errorMessage(e)}`, {
        cause: e,
      });
    }
  }

  /**
   * The metadata, or null if there is no file. Throws `IOException` (unrecognized version, I/O
   * error), `IllegalArgumentException` (missing or out-of-range value) or `NumberFormatException`.
   */
  read(): BrokerMetadata | null {
    try {
      this.fs.rm(`${this.path}.tmp`, { force: true });
      if (!this.fs.exists(this.path)) return null;
      const props = loadJavaProperties(this.fs.readFile(this.path));
      const version = getIntInRange(props, 'version');
      if (version !== 0) throw new IOException(`Unrecognized version of the server meta.properties file: ${version}`);
      const brokerId = getIntInRange(props, 'broker.id');
      const clusterId = props.get('cluster.id');
      return { brokerId, clusterId: clusterId === undefined ? null : clusterId.trim() };
    } catch (e) {
      if (isFileSystemError(e)) throw new IOException(e.message, { cause: e });
      throw e;
    }
  }
}

/** What `KafkaServer.getBrokerMetadataAndOfflineDirs` finds in the log dirs. */
export interface LogDirsBrokerMetadata {
  /** The one metadata all readable dirs agree on; `brokerId = -1, clusterId = null` if no dir has any. */
  readonly brokerMetadata: BrokerMetadata;
  /** Dirs whose meta.properties could not be read (IOException): they start offline. */
  readonly offlineDirs: string[];
  /** What the broker logs on the way (`level`, Kafka's text). */
  readonly logLines: { level: 'WARN' | 'ERROR'; message: string }[];
}

/**
 * Reads meta.properties in every log dir, as a broker does before starting its LogManager. Throws
 * `InconsistentBrokerMetadataException` when two dirs disagree; IllegalArgument/NumberFormat
 * errors propagate (fatal).
 */
export function readBrokerMetadataFromLogDirs(fs: FileSystem, logDirs: readonly string[]): LogDirsBrokerMetadata {
  const found = new Map<string, BrokerMetadata>();
  const offlineDirs: string[] = [];
  const logLines: { level: 'WARN' | 'ERROR'; message: string }[] = [];
  for (const logDir of logDirs) {
    const checkpoint = new BrokerMetadataCheckpoint(fs, logDir);
    try {
      const metadata = checkpoint.read();
      if (metadata === null) {
        logLines.push({ level: 'WARN', message: `No meta.properties file under dir ${checkpoint.path}` });
      } else {
        found.set(logDir, metadata);
      }
    } catch (e) {
      const reason = errorMessage(e);
      logLines.push({
        level: 'ERROR',
        message: `Failed to read meta.properties file under dir ${checkpoint.path} due to ${reason}`,
      });
      if (!(e instanceof IOException)) throw e;
      offlineDirs.push(logDir);
      logLines.push({ level: 'ERROR', message: `Fail to read ${META_PROPERTIES_FILE} under log directory ${logDir}` });
    }
  }
  const distinct = new Map<string, BrokerMetadata>();
  for (const m of found.values()) distinct.set(formatBrokerMetadata(m), m);
  if (distinct.size > 1) {
    let listing = '';
    for (const [logDir, m] of found) listing += `- ${logDir} -> ${formatBrokerMetadata(m)}\n`;
    throw new InconsistentBrokerMetadataException(
      'BrokerMetadata is not consistent across log.dirs. This could happen if multiple brokers shared a log directory (log.dirs) ' +
        `or partial data was manually copied from another broker. Found:\n${listing}`,
    );
  }
  const [only] = distinct.values();
  return { brokerMetadata: only ?? { brokerId: -1, clusterId: null }, offlineDirs, logLines };
}

/** `KafkaServer.startup`'s cluster id check. */
export function checkClusterId(stored: BrokerMetadata, clusterId: string): void {
  if (stored.clusterId !== null && stored.clusterId !== clusterId) {
    throw new InconsistentClusterIdException(
      // Kafka prints the stored id as a Scala Option.
      `The Cluster ID ${clusterId} doesn't match stored clusterId Some(${stored.clusterId}) in meta.properties. ` +
        'The broker is trying to join the wrong cluster. Configured zookeeper.connect may be wrong.',
    );
  }
}

/**
 * `KafkaServer.getOrGenerateBrokerId`: the broker id to use, or `'generate'` when neither the config
 * nor meta.properties has one and `broker.id.generation.enable` is true (the broker then takes one
 * from ZooKeeper's `/brokers/seqid`).
 */
export function resolveBrokerId(
  configuredBrokerId: number,
  stored: BrokerMetadata,
  brokerIdGenerationEnable: boolean,
): number | 'generate' {
  if (configuredBrokerId >= 0 && stored.brokerId >= 0 && stored.brokerId !== configuredBrokerId) {
    throw new InconsistentBrokerIdException(
      `Configured broker.id ${configuredBrokerId} doesn't match stored broker.id ${stored.brokerId} in meta.properties. ` +
        'If you moved your data, make sure your configured broker.id matches. ' +
        'If you intend to create a new broker, you should remove all data in your data directories (log.dirs).',
    );
  }
  if (stored.brokerId < 0 && configuredBrokerId < 0 && brokerIdGenerationEnable) return 'generate';
  if (stored.brokerId >= 0) return stored.brokerId;
  return configuredBrokerId;
}
