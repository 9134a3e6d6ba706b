/**
 * What the deletion monitor remembers of one topic deletion, read from the workspace event log:
 * when each stage was reached, every replica's state transitions, the `-delete` dirs, and the
 * deletion's own timeline. `applyDeletionEvent` folds one stored event into a record.
 */
import type { StoredEvent } from '../../core/cluster/event-log';
import { errorForCode } from '../../core/common/kafka-errors';
import type { DeletionEventDto, DeletionOutcomeDto, DeletionStageDto } from './deletion-contract';
import { eventDto } from '../event-summary';

export interface ReplicaRow {
  readonly partition: number;
  readonly brokerId: number;
  state: string;
  readonly enteredMs: Record<string, number>;
}

export interface DirRow {
  readonly brokerId: number;
  readonly partition: number;
  readonly logDir: string;
  readonly path: string;
  renamedAtMs: number | null;
  deleteAtMs: number;
  removedAtMs: number | null;
}

export interface DeletionRecord {
  /** Sequence number of the marker's creation (0: created before the log's oldest event). */
  readonly id: number;
  readonly topic: string;
  readonly markedAtMs: number;
  outcome: DeletionOutcomeDto;
  readonly stageTimes: Partial<Record<DeletionStageDto, number>>;
  readonly replicas: Map<string, ReplicaRow>;
  readonly dirs: Map<string, DirRow>;
  /** Broker id → partitions whose StopReplica (delete=true) failed, and the error. */
  readonly stopReplicaErrors: Map<number, { partitions: Set<number>; error: string | null }>;
  timeline: DeletionEventDto[];
  timelineDropped: number;
  /** Emulated time the deletion ended (gone, or marker removed); null while it runs. */
  finishedAtMs: number | null;
}

/** Timeline lines always kept (then only INFO and above, up to the hard cap). */
const TIMELINE_SOFT_CAP = 400;
const TIMELINE_HARD_CAP = 2000;

export const MARKER_PREFIX = '/admin/delete_topics/';

export function newRecord(id: number, topic: string, markedAtMs: number): DeletionRecord {
  return {
    id,
    topic,
    markedAtMs,
    outcome: 'in-progress',
    stageTimes: { marked: markedAtMs },
    replicas: new Map(),
    dirs: new Map(),
    stopReplicaErrors: new Map(),
    timeline: [],
    timelineDropped: 0,
    finishedAtMs: null,
  };
}

/** The topic's name of a marker created by this event (`create /admin/delete_topics/<t>` that succeeded), or null. */
export function markerCreated(e: StoredEvent): string | null {
  if (e.kind !== 'zookeeper' || !e.json.includes(`"path":"${MARKER_PREFIX}`)) return null;
  const body = parse(e.json) as { event?: { kind?: string; op?: string; path?: string; err?: number } } | null;
  const z = body?.event;
  if (z?.kind !== 'txn' || z.op !== 'create' || z.err !== 0 || !z.path?.startsWith(MARKER_PREFIX)) return null;
  const topic = z.path.slice(MARKER_PREFIX.length);
  return topic.length > 0 && !topic.includes('/') ? topic : null;
}

function parse(json: string): Record<string, unknown> | null {
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Characters a topic name may hold: a mention of `t` must not be part of a longer name. */
const NAME = 'A-Za-z0-9._-';
const regexCache = new Map<string, RegExp>();

function mentionRegex(topic: string): RegExp {
  let re = regexCache.get(topic);
  if (!re) {
    re = new RegExp(`(?<![${NAME}])${escapeRegex(topic)}(?:-\\d+(?:\\.[0-9a-f]{32}-delete)?)?(?![${NAME}])`);
    if (regexCache.size > 10_000) regexCache.clear();
    regexCache.set(topic, re);
  }
  return re;
}

function listed(list: string, topic: string): boolean {
  return list.split(/[,\s]+/).some((t) => t === topic);
}

function reach(r: DeletionRecord, stage: DeletionStageDto, timeMs: number): DeletionStageDto[] {
  if (r.stageTimes[stage] !== undefined) return [];
  r.stageTimes[stage] = timeMs;
  return [stage];
}

function topicPaths(topic: string): (path: string) => boolean {
  return (path) =>
    path === `${MARKER_PREFIX}${topic}` ||
    path === `/brokers/topics/${topic}` ||
    path.startsWith(`/brokers/topics/${topic}/`) ||
    path === `/config/topics/${topic}`;
}

/** Marks the record gone when its znodes are removed and every `-delete` dir it saw is removed too. */
export function checkGone(r: DeletionRecord, timeMs: number): DeletionStageDto[] {
  if (r.outcome !== 'deleted' || r.finishedAtMs !== null) return [];
  if ([...r.dirs.values()].some((d) => d.removedAtMs === null)) return [];
  r.finishedAtMs = timeMs;
  return reach(r, 'gone', timeMs);
}

function finishMarkerRemoved(r: DeletionRecord, outcome: DeletionOutcomeDto, timeMs: number): void {
  if (r.outcome !== 'in-progress') return;
  r.outcome = outcome;
  r.finishedAtMs = timeMs;
}

/**
 * Folds one event into the record when it concerns the record's topic; returns whether it did.
 * Cheap for unrelated events: the topic's name must appear in the stored JSON before it is parsed.
 */
export function applyDeletionEvent(r: DeletionRecord, e: StoredEvent): boolean {
  const isBrokerState = e.kind === 'broker-state';
  if (!isBrokerState && !e.json.includes(r.topic)) return false;
  // Broker state changes matter while the deletion may wait for a broker.
  if (isBrokerState && r.stageTimes['znodes-removed'] !== undefined) return false;
  const body = parse(e.json);
  if (!body) return false;
  const stages = isBrokerState ? [] : foldEvent(r, e, body);
  if (stages === undefined) return false;
  addToTimeline(r, e, stages);
  return true;
}

/** The stages the event moved the record to, or undefined when the event is not about the topic. */
function foldEvent(r: DeletionRecord, e: StoredEvent, body: Record<string, unknown>): DeletionStageDto[] | undefined {
  const t = r.topic;
  switch (e.kind) {
    case 'zookeeper': {
      const z = body.event as { kind?: string; op?: string; path?: string; err?: number };
      if (z.path === undefined || !topicPaths(t)(z.path)) return undefined;
      return z.kind === 'txn' && z.op === 'create' && z.err === 0 && z.path === `${MARKER_PREFIX}${t}` && e.seq === r.id ? ['marked'] : [];
    }
    case 'log': {
      const message = (body.line as { message?: string } | undefined)?.message ?? '';
      if (!mentionRegex(t).test(message)) return undefined;
      return foldLogLine(r, message, e.timeMs);
    }
    case 'channel':
      return foldChannel(r, body, e.timeMs);
    case 'log-manager':
      return foldLogManager(r, body.event as LogManagerBody, e.timeMs);
    default:
      return undefined;
  }
}

function foldLogLine(r: DeletionRecord, message: string, timeMs: number): DeletionStageDto[] {
  const t = escapeRegex(r.topic);
  let m: RegExpExecArray | null;
  if ((m = /Handling deletion for topics (.*)$/.exec(message)) && listed(m[1], r.topic)) return reach(r, 'picked-up', timeMs);
  if (new RegExp(`Changed partition ${t}-\\d+ state from OfflinePartition to NonExistentPartition`).test(message))
    return reach(r, 'partitions-offline', timeMs);
  if ((m = new RegExp(`Changed state of replica (\\d+) for partition ${t}-(\\d+) from (\\w+) to (\\w+)$`).exec(message))) {
    const brokerId = Number(m[1]);
    const partition = Number(m[2]);
    const key = `${partition}@${brokerId}`;
    let row = r.replicas.get(key);
    if (!row) r.replicas.set(key, (row = { partition, brokerId, state: m[3], enteredMs: {} }));
    row.state = m[4];
    row.enteredMs[m[4]] = timeMs;
    if (m[4] === 'ReplicaDeletionStarted') return reach(r, 'stop-replica-sent', timeMs);
    if (m[4] === 'NonExistentReplica' && m[3] === 'ReplicaDeletionSuccessful') return reach(r, 'replicas-deleted', timeMs);
    return [];
  }
  if (message.includes(`Deletion of topic ${r.topic} successfully completed`)) {
    r.outcome = 'deleted';
    const stages = reach(r, 'znodes-removed', timeMs);
    if ([...r.dirs.values()].some((d) => d.removedAtMs === null)) stages.push(...reach(r, 'awaiting-file-delete', timeMs));
    return [...stages, ...checkGone(r, timeMs)];
  }
  if ((m = /Removing Set\((.*)\) since delete topic is disabled/.exec(message)) && listed(m[1], r.topic)) {
    finishMarkerRemoved(r, 'marker-removed-disabled', timeMs);
    return [];
  }
  if ((m = /Ignoring request to delete non-existing topics (.*)$/.exec(message)) && listed(m[1], r.topic)) {
    finishMarkerRemoved(r, 'marker-removed-no-topic', timeMs);
    return [];
  }
  return [];
}

interface ChannelBody {
  kind: string;
  brokerId: number;
  request: {
    apiKey?: string;
    deletePartitions?: boolean;
    partitions?: Array<{ topic?: string; topicName?: string; partition?: number; partitionIndex?: number }>;
  };
  response?: { errorCode: number; partitionErrors: Array<{ topicName: string; partitionIndex: number; errorCode: number }> };
}

function foldChannel(r: DeletionRecord, body: Record<string, unknown>, timeMs: number): DeletionStageDto[] | undefined {
  const c = body.event as ChannelBody;
  const mine = (c.request.partitions ?? []).filter((p) => (p.topic ?? p.topicName) === r.topic);
  if (mine.length === 0) return undefined;
  if (c.request.apiKey !== 'StopReplica' || c.request.deletePartitions !== true) return [];
  if (c.kind === 'request-sent') return reach(r, 'stop-replica-sent', timeMs);
  if (c.kind === 'response-received' && c.response) {
    const failed =
      c.response.errorCode !== 0
        ? mine.map((p) => p.partition ?? -1)
        : c.response.partitionErrors.filter((p) => p.topicName === r.topic).map((p) => p.partitionIndex);
    if (failed.length > 0) {
      const entry = r.stopReplicaErrors.get(c.brokerId) ?? { partitions: new Set<number>(), error: null };
      for (const p of failed) entry.partitions.add(p);
      entry.error = errorName(
        c.response.errorCode !== 0
          ? c.response.errorCode
          : (c.response.partitionErrors.find((p) => p.topicName === r.topic)?.errorCode ?? 0),
      );
      r.stopReplicaErrors.set(c.brokerId, entry);
    } else {
      r.stopReplicaErrors.delete(c.brokerId);
    }
  }
  return [];
}

function errorName(code: number): string {
  return errorForCode(code).name;
}

type LogManagerBody = {
  type: string;
  brokerId: number;
  topicPartition?: { topic: string; partition: number };
  dir?: string;
  path?: string;
  to?: string;
  deleteAtMs?: number;
};

function foldLogManager(r: DeletionRecord, ev: LogManagerBody, timeMs: number): DeletionStageDto[] | undefined {
  if (ev.topicPartition?.topic !== r.topic) return undefined;
  const partition = ev.topicPartition.partition;
  switch (ev.type) {
    case 'partition-dir-renamed-for-deletion':
    case 'partition-dir-queued-for-deletion': {
      const path = ev.to ?? ev.path ?? '';
      const existing = r.dirs.get(path);
      const renamedAtMs = ev.type === 'partition-dir-renamed-for-deletion' ? timeMs : (existing?.renamedAtMs ?? null);
      r.dirs.set(path, {
        brokerId: ev.brokerId,
        partition,
        logDir: ev.dir ?? '',
        path,
        renamedAtMs,
        deleteAtMs: ev.deleteAtMs ?? timeMs,
        removedAtMs: null,
      });
      return r.stageTimes['znodes-removed'] !== undefined ? reach(r, 'awaiting-file-delete', timeMs) : [];
    }
    case 'partition-dir-removed': {
      const path = ev.path ?? '';
      const row = r.dirs.get(path);
      if (row) row.removedAtMs = timeMs;
      return checkGone(r, timeMs);
    }
    default:
      return [];
  }
}

function addToTimeline(r: DeletionRecord, e: StoredEvent, stages: DeletionStageDto[]): void {
  const dto = eventDto(e);
  const important = stages.length > 0 || (dto.level !== 'TRACE' && dto.level !== 'DEBUG');
  if (r.timeline.length >= TIMELINE_HARD_CAP || (r.timeline.length >= TIMELINE_SOFT_CAP && !important)) {
    r.timelineDropped++;
    return;
  }
  r.timeline.push({ ...dto, stages });
}
