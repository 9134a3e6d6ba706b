/**
 * The consumer groups page (`GroupService`): the facade's group snapshots as DTOs, filtered and
 * sorted by lag, and a group's coordinator lines from the event log (its rebalances).
 */
import type { GroupSnapshot } from '../../core/cluster/cluster-facade';
import type { StoredEvent } from '../../core/cluster/event-log';
import {
  inactiveGroupRequired,
  parseResetPlan,
  partitionsToReset,
  prepareOffsetsToReset,
  ResetPlanException,
  resetPlanTable,
  ResetPlanUsageError,
  type ResetPlanSource,
} from '../../core/admin/consumer-group-reset-plan';
import { GroupAdminError, type GroupAdmin } from '../../core/cluster/group-admin';
import { Errors, type ErrorName } from '../../core/common/kafka-errors';
import { ApiError } from '../backend';
import type { ClusterHost } from '../cluster-host';
import type {
  GroupDetailDto,
  GroupHistoryEntryDto,
  GroupListDto,
  GroupListQueryDto,
  GroupOffsetDeletionDto,
  GroupResetRequestDto,
  GroupResetResultDto,
  GroupService,
  GroupSummaryDto,
} from './group-contract';
import { kafkaText } from '../localized-text';

const DEFAULT_HISTORY_EVENTS = 1000;
const MAX_HISTORY_EVENTS = 10_000;
const COORDINATOR_LOGGER = 'kafka.coordinator.group.GroupCoordinator';

/** A group as the list shows it; `totalLag` is what the metrics history keeps as its `Lag`. */
export function summaryOf(g: GroupSnapshot): GroupSummaryDto {
  let totalLag = 0;
  let maxLag = 0;
  for (const p of g.partitions) {
    if (p.lag === null) continue;
    totalLag += p.lag;
    maxLag = Math.max(maxLag, p.lag);
  }
  return {
    groupId: g.groupId,
    state: g.state,
    protocolType: g.protocolType,
    protocol: g.protocol,
    generationId: g.generationId,
    coordinator: g.coordinator,
    members: g.members.length,
    partitions: g.partitions.length,
    totalLag,
    maxLag,
  };
}

function detailOf(g: GroupSnapshot): GroupDetailDto {
  const members = new Map(g.members.map((m) => [m.memberId, m]));
  return {
    ...summaryOf(g),
    leaderId: g.leaderId,
    offsetsPartition: g.offsetsPartition,
    memberList: g.members.map((m) => ({ ...m, assignment: m.assignment.map((tp) => ({ topic: tp.topic, partition: tp.partition })) })),
    partitionList: g.partitions.map((p) => {
      const member = p.memberId === null ? undefined : members.get(p.memberId);
      return {
        topic: p.topicPartition.topic,
        partition: p.topicPartition.partition,
        committedOffset: p.committedOffset,
        logEndOffset: p.logEndOffset,
        lag: p.lag,
        memberId: p.memberId,
        clientId: member?.clientId ?? null,
        host: member?.host ?? null,
      };
    }),
  };
}

function byGroupId(a: GroupSummaryDto, b: GroupSummaryDto): number {
  return a.groupId < b.groupId ? -1 : a.groupId > b.groupId ? 1 : 0;
}

/** The coordinator's line about this group in a stored event, or null. */
export function groupHistoryEntry(event: StoredEvent, groupId: string): GroupHistoryEntryDto | null {
  if (event.kind !== 'log') return null;
  let line: { logger?: string; message?: string } | undefined;
  try {
    line = (JSON.parse(event.json) as { line?: { logger?: string; message?: string } }).line;
  } catch {
    return null;
  }
  const message = line?.message;
  if (line?.logger !== COORDINATOR_LOGGER || typeof message !== 'string') return null;
  // `[GroupCoordinator 1]: Preparing to rebalance group g in state …`: the group id is a whole word.
  const text = message.replace(/^\[GroupCoordinator \d+\]: /, '');
  const mentions = [`group ${groupId} `, `Group ${groupId} `].some((m) => text.includes(m)) || text.endsWith(`group ${groupId}`);
  if (!mentions) return null;
  const base = { seq: event.seq, timeMs: event.timeMs, brokerId: event.brokerId, summary: text };
  const preparing = /^Preparing to rebalance group .* with old generation (\d+) /.exec(text);
  if (preparing && text.startsWith(`Preparing to rebalance group ${groupId} `))
    return { ...base, kind: 'preparing-rebalance', generationId: Number(preparing[1]) };
  const stabilized = /^Stabilized group .* generation (\d+) /.exec(text);
  if (stabilized && text.startsWith(`Stabilized group ${groupId} `))
    return { ...base, kind: 'stabilized', generationId: Number(stabilized[1]) };
  const empty = /^Group .* with generation (\d+) is now empty/.exec(text);
  if (empty && text.startsWith(`Group ${groupId} `)) return { ...base, kind: 'empty', generationId: Number(empty[1]) };
  return { ...base, kind: 'other', generationId: null };
}

/** Kafka's error as the API's: its name and the message the admin client's exception carries. */
function kafkaError(error: ErrorName, field?: string): ApiError {
  // Kafka's text: the error's message.
  return new ApiError(error, kafkaText(Errors[error]?.message ?? error), field);
}

/** A group request's error as the API's; anything else passes. */
function rethrow(e: unknown): never {
  if (e instanceof GroupAdminError) throw kafkaError(e.errorName);
  // Kafka's text: ConsumerGroupCommand's usage error, in its words.
  if (e instanceof ResetPlanUsageError) throw new ApiError('INVALID_REQUEST', kafkaText(e.message));
  // Kafka's text: ConsumerGroupCommand's Java exception, in its words.
  if (e instanceof ResetPlanException) throw new ApiError('INVALID_REQUEST', kafkaText(`${e.exceptionClass}: ${e.message}`));
  throw e;
}

function planSource(admin: GroupAdmin, warnings: string[]): ResetPlanSource {
  return {
    committed: async (groupId) => admin.committed(groupId),
    listOffsets: async (tps, spec) => admin.listOffsets(tps, spec),
    partitionsOf: async (topic) => {
      try {
        return admin.partitionsOf(topic);
      } catch (e) {
        if (e instanceof GroupAdminError)
          throw new ApiError(e.errorName, { en: `Topic ${topic} does not exist.`, 'zh-CN': `主题 ${topic} 不存在。` }, 'scope');
        throw e;
      }
    },
    nowMs: () => admin.nowMs(),
    warn: (m) => warnings.push(m),
  };
}

export class GroupServiceImpl implements GroupService {
  constructor(private readonly host: ClusterHost) {}

  async list(query: GroupListQueryDto): Promise<GroupListDto> {
    const snapshots = this.host.require().cluster.groups();
    const topic = query.topic;
    const consumers =
      topic === undefined
        ? null
        : new Set(
            snapshots
              .filter(
                (g) =>
                  g.partitions.some((p) => p.topicPartition.topic === topic) ||
                  g.members.some((m) => m.assignment.some((tp) => tp.topic === topic)),
              )
              .map((g) => g.groupId),
          );
    const all = snapshots.map(summaryOf);
    const search = query.search?.trim().toLowerCase() ?? '';
    const minLag = query.minLag ?? 0;
    const groups = all.filter(
      (g) =>
        (search === '' || g.groupId.toLowerCase().includes(search)) &&
        (consumers === null || consumers.has(g.groupId)) &&
        (query.state === undefined || g.state === query.state) &&
        g.totalLag >= minLag,
    );
    const sort = query.sort ?? 'group';
    const direction = (query.ascending ?? sort === 'group') ? 1 : -1;
    const key = (g: GroupSummaryDto) => (sort === 'lag' ? g.totalLag : g.members);
    groups.sort((a, b) => (sort === 'group' ? direction * byGroupId(a, b) : direction * (key(a) - key(b)) || byGroupId(a, b)));
    const offset = Math.max(0, query.offset ?? 0);
    const limit = query.limit === undefined ? groups.length : Math.max(0, query.limit);
    return { total: all.length, matched: groups.length, groups: groups.slice(offset, offset + limit) };
  }

  async detail(groupId: string): Promise<GroupDetailDto> {
    // This group's snapshot alone: the page asks for it on every poll beside the list.
    const group = this.host.require().cluster.group(groupId);
    // Kafka's text: ConsumerGroupCommand's words.
    if (!group) throw new ApiError('GROUP_ID_NOT_FOUND', kafkaText(`Consumer group '${groupId}' does not exist.`), 'groupId');
    return detailOf(group);
  }

  async history(groupId: string, limit = DEFAULT_HISTORY_EVENTS): Promise<GroupHistoryEntryDto[]> {
    const n = Math.max(1, Math.min(MAX_HISTORY_EVENTS, Math.floor(limit)));
    const events = this.host.require().cluster.recentEvents(n);
    const out: GroupHistoryEntryDto[] = [];
    for (const e of events) {
      const entry = groupHistoryEntry(e, groupId);
      if (entry) out.push(entry);
    }
    return out.reverse();
  }

  async resetOffsets(request: GroupResetRequestDto): Promise<GroupResetResultDto> {
    const admin = this.host.require().cluster.groupAdmin;
    const { groupId, spec } = request;
    try {
      const refused = inactiveGroupRequired(groupId, admin.state(groupId));
      // Kafka's text: ConsumerGroupCommand's words.
      if (refused) throw new ApiError('GROUP_NOT_INACTIVE', kafkaText(refused), 'groupId');
      const warnings: string[] = [];
      const source = planSource(admin, warnings);
      const scope = spec.kind === 'from-file' ? null : request.scope;
      const partitions = await partitionsToReset(source, groupId, scope);
      const fromFile = spec.kind === 'from-file' ? parseResetPlan(spec.csv, [groupId]) : null;
      const prepared = await prepareOffsetsToReset(source, groupId, partitions, spec, fromFile);
      // Kafka's text: ConsumerGroupCommand's words.
      if (prepared === null) throw new ApiError('INVALID_REQUEST', kafkaText(`No reset plan for group ${groupId} found`), 'spec');
      if (request.execute) {
        const failed = (await admin.commit(groupId, prepared)).find((p) => p.error !== 'NONE');
        if (failed) throw kafkaError(failed.error);
      }
      return {
        executed: request.execute,
        rows: prepared.map(({ tp, offset }) => ({ topic: tp.topic, partition: tp.partition, newOffset: offset })),
        table: resetPlanTable(new Map([[groupId, prepared]])),
        warnings,
      };
    } catch (e) {
      return rethrow(e);
    }
  }

  async deleteGroup(groupId: string): Promise<void> {
    const admin = this.host.require().cluster.groupAdmin;
    let error: ErrorName;
    try {
      error = await admin.deleteGroup(groupId);
    } catch (e) {
      return rethrow(e);
    }
    if (error !== 'NONE') throw kafkaError(error, 'groupId');
  }

  async deleteOffsets(groupId: string, topic: string): Promise<GroupOffsetDeletionDto[]> {
    const admin = this.host.require().cluster.groupAdmin;
    try {
      let partitions: number[];
      try {
        partitions = admin.partitionsOf(topic);
      } catch (e) {
        if (!(e instanceof GroupAdminError)) throw e;
        // Kafka's text: the error's message.
        throw new ApiError(e.errorName, kafkaText(Errors[e.errorName].message), 'topic');
      }
      const outcome = await admin.deleteOffsets(
        groupId,
        partitions.map((partition) => ({ topic, partition })),
      );
      if (outcome.error !== 'NONE') throw kafkaError(outcome.error, 'groupId');
      return outcome.partitions.map(({ tp, error }) => ({
        topic: tp.topic,
        partition: tp.partition,
        error,
        message: error === 'NONE' ? null : (Errors[error]?.message ?? null),
      }));
    } catch (e) {
      return rethrow(e);
    }
  }
}
