/**
 * The JSON of Kafka 2.5.1's reassignment tool: the topics-to-move file (`{"topics":[{"topic":"foo"}],"version":1}`),
 * the reassignment file (`{"partitions":[{"topic":"foo","partition":1,"replicas":[1,2],"log_dirs":["any","any"]}],"version":1}`)
 * as `parseTopicsData` / `parsePartitionReassignmentData` read them, and `formatAsReassignmentJson`,
 * whose partitions come in the iteration order of the Scala map Kafka formats.
 */
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { topicPartitionHashCode } from '../../core/admin/consumer-group-reset-plan';
import { duplicates } from '../../core/admin/reassignment-plan';
import { tpKey } from '../../core/common/topic-partition';
import type { TopicPartition } from '../../core/common/topic-partition';

export const ANY_LOG_DIR = 'any';

export { topicPartitionHashCode };

export const tpString = (tp: TopicPartition) => `${tp.topic}-${tp.partition}`;

function parse(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw AdminJavaException.adminOperation('The input string is not a valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw AdminJavaException.adminOperation('The input string is not a valid JSON');
  const obj = value as Record<string, unknown>;
  const version = obj.version === undefined ? 1 : obj.version;
  if (version !== 1) throw AdminJavaException.adminOperation(`Not supported version field value ${String(version)}`);
  return obj;
}

function field<T>(o: unknown, name: string, check: (v: unknown) => v is T, what: string): T {
  const v = (o as Record<string, unknown>)[name];
  if (v === undefined) throw new AdminJavaException('java.util.NoSuchElementException', `key not found: ${name}`);
  if (!check(v))
    throw new AdminJavaException(
      'com.fasterxml.jackson.databind.JsonMappingException',
      `Expected ${what} value, received ${JSON.stringify(v)}`,
    );
  return v;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every(isInt);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** `parseTopicsData`. */
export function parseTopicsData(json: string): string[] {
  const topics = parse(json).topics;
  if (topics === undefined) return [];
  if (!Array.isArray(topics)) throw new AdminJavaException('com.fasterxml.jackson.databind.JsonMappingException', 'Expected JSON array');
  return topics.map((t) => field(t, 'topic', isString, 'String'));
}

export interface ParsedReassignment {
  readonly partitions: Array<readonly [TopicPartition, number[]]>;
  /** Replicas with a log dir other than "any". */
  readonly replicaLogDirs: Array<{ readonly partition: TopicPartition; readonly brokerId: number; readonly logDir: string }>;
}

/** `parsePartitionReassignmentData`: kept in file order, duplicates included (they are checked later). */
export function parsePartitionReassignmentData(json: string): ParsedReassignment {
  const partitions = parse(json).partitions;
  const out: ParsedReassignment = { partitions: [], replicaLogDirs: [] };
  if (partitions === undefined) return out;
  if (!Array.isArray(partitions))
    throw new AdminJavaException('com.fasterxml.jackson.databind.JsonMappingException', 'Expected JSON array');
  for (const p of partitions) {
    const tp = { topic: field(p, 'topic', isString, 'String'), partition: field(p, 'partition', isInt, 'Int') };
    const replicas = field(p, 'replicas', isIntArray, 'Seq[Int]');
    const logDirs =
      (p as Record<string, unknown>).log_dirs === undefined
        ? replicas.map(() => ANY_LOG_DIR)
        : field(p, 'log_dirs', isStringArray, 'Seq[String]');
    if (replicas.length !== logDirs.length) {
      throw AdminJavaException.adminCommandFailed(
        `Size of replicas list List(${replicas.join(', ')}) is different from size of log dirs list List(${logDirs.join(', ')}) for partition ${tpString(tp)}`,
      );
    }
    out.partitions.push([tp, replicas]);
    replicas.forEach((brokerId, i) => {
      if (logDirs[i] !== ANY_LOG_DIR) out.replicaLogDirs.push({ partition: tp, brokerId, logDir: logDirs[i] });
    });
  }
  return out;
}

/** `formatAsReassignmentJson` (no log dirs given: every replica "any"). Entries in the order given. */
export function formatAsReassignmentJson(assignment: Iterable<readonly [TopicPartition, readonly number[]]>): string {
  const partitions = [...assignment].map(([tp, replicas]) => ({
    topic: tp.topic,
    partition: tp.partition,
    replicas: [...replicas],
    log_dirs: replicas.map(() => ANY_LOG_DIR),
  }));
  return JSON.stringify({ version: 1, partitions });
}

/** The checks 2.5.1's `parseAndValidate` and 2.6's `parseExecuteAssignmentArgs` share (after the empty-list one). */
export function checkReassignmentEntries(partitions: ParsedReassignment['partitions']): void {
  if (partitions.some(([, r]) => r.length === 0)) throw AdminJavaException.adminCommandFailed('Partition replica list cannot be empty');
  const dupPartitions = duplicates(
    partitions.map(([tp]) => tp),
    tpKey,
  );
  if (dupPartitions.length > 0)
    throw AdminJavaException.adminCommandFailed(
      `Partition reassignment contains duplicate topic partitions: ${dupPartitions.map(tpString).join(',')}`,
    );
  const dupEntries = partitions.map(([tp, r]) => [tp, duplicates(r)] as const).filter(([, d]) => d.length > 0);
  if (dupEntries.length > 0) {
    throw AdminJavaException.adminCommandFailed(
      `Partition replica lists may not contain duplicate entries: ${dupEntries.map(([tp, d]) => `${tpString(tp)} contains multiple entries for ${d.join(',')}`).join('. ')}`,
    );
  }
}
