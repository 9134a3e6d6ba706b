/**
 * The consumer-group calls of Kafka 2.5's `KafkaAdminClient` that kafka-consumer-groups uses, over
 * the wire: each finds the group's coordinator (FindCoordinator, again when the coordinator moved
 * or is loading) and sends it DescribeGroups, OffsetFetch, OffsetCommit (generation −1, no member:
 * `alterConsumerGroupOffsets`), DeleteGroups or OffsetDelete; `listConsumerGroups` asks every
 * broker (ListGroups) and keeps protocol type "consumer" or ""; `listOffsets` asks each partition's
 * leader. Failures are `AdminException`s as the Java client raises them.
 */
import { assignmentPartitions, CONSUMER_PROTOCOL_TYPE } from '../../../core/coordinator/group/consumer-protocol';
import { Errors } from '../../../core/common/kafka-errors';
import { tpKey, type TopicPartition } from '../../../core/common/topic-partition';
import { DELETE_GROUPS } from '../messages/delete-groups';
import { DESCRIBE_GROUPS } from '../messages/describe-groups';
import { FIND_COORDINATOR } from '../messages/find-coordinator';
import { LIST_GROUPS } from '../messages/list-groups';
import { LIST_OFFSETS } from '../messages/list-offsets';
import { OFFSET_COMMIT } from '../messages/offset-commit';
import { OFFSET_DELETE } from '../messages/offset-delete';
import { OFFSET_FETCH } from '../messages/offset-fetch';
import { AdminException, type AdminClient } from './admin-client';

export interface Node {
  readonly id: number;
  readonly host: string;
  readonly port: number;
}

export interface MemberDescription {
  readonly consumerId: string;
  readonly groupInstanceId: string | null;
  readonly clientId: string;
  readonly host: string;
  readonly assignment: readonly TopicPartition[];
}

export interface ConsumerGroupDescription {
  readonly groupId: string;
  readonly members: readonly MemberDescription[];
  readonly partitionAssignor: string;
  readonly state: string;
  readonly coordinator: Node;
}

/** ListOffsets' `OffsetSpec`: earliest (−2), latest (−1) or the first offset at or after a timestamp. */
export type OffsetSpec = 'earliest' | 'latest' | { timestamp: number };

const RETRY_BACKOFF_MS = 100;
const TIMEOUT_EXCEPTION = 'org.apache.kafka.common.errors.TimeoutException';

/** Errors after which the Java client looks for the coordinator again. */
const COORDINATOR_MOVED = new Set<number>([Errors.NOT_COORDINATOR.code, Errors.COORDINATOR_NOT_AVAILABLE.code]);
const RETRIABLE_GROUP = new Set<number>([Errors.COORDINATOR_LOAD_IN_PROGRESS.code, ...COORDINATOR_MOVED]);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class ConsumerGroupAdmin {
  constructor(
    private readonly admin: AdminClient,
    /** The tool's `--timeout`: each call's deadline. */
    private readonly timeoutMs: number,
  ) {}

  /** Runs `attempt` against the group's coordinator until it gives an answer (null: retry) or the deadline passes. */
  private async withCoordinator<T>(groupId: string, callName: string, attempt: (node: Node) => Promise<T | null>): Promise<T> {
    const deadline = Date.now() + this.timeoutMs;
    let name = 'findCoordinator';
    for (;;) {
      const found = await this.admin.send(FIND_COORDINATOR, 'any', { key: groupId, keyType: 0 });
      if (found.errorCode === 0) {
        name = callName;
        const result = await attempt({ id: found.nodeId, host: found.host, port: found.port });
        if (result !== null) return result;
      } else if (!RETRIABLE_GROUP.has(found.errorCode)) {
        throw AdminException.forCode(found.errorCode, null);
      }
      if (Date.now() + RETRY_BACKOFF_MS >= deadline)
        throw new AdminException(
          TIMEOUT_EXCEPTION,
          `Call(callName=${name}, deadlineMs=${deadline}) timed out at ${Date.now()} after 1 attempt(s)`,
        );
      await sleep(RETRY_BACKOFF_MS);
    }
  }

  /** `handleGroupRequestError`: null to retry, else throws the error (NONE passes). */
  private static groupError(code: number): 'retry' | 'ok' {
    if (code === 0) return 'ok';
    if (RETRIABLE_GROUP.has(code)) return 'retry';
    throw AdminException.forCode(code, null);
  }

  async listConsumerGroups(): Promise<string[]> {
    const metadata = await this.admin.clusterMetadata([]);
    const groups: string[] = [];
    const deadline = Date.now() + this.timeoutMs;
    for (const broker of metadata.brokers) {
      let response = await this.admin.send(LIST_GROUPS, broker.nodeId, {});
      // A broker still loading its groups (or without a coordinator yet) is asked again.
      while (
        (response.errorCode === Errors.COORDINATOR_LOAD_IN_PROGRESS.code || response.errorCode === Errors.COORDINATOR_NOT_AVAILABLE.code) &&
        Date.now() + RETRY_BACKOFF_MS < deadline
      ) {
        await sleep(RETRY_BACKOFF_MS);
        response = await this.admin.send(LIST_GROUPS, broker.nodeId, {});
      }
      if (response.errorCode !== 0) throw AdminException.forCode(response.errorCode, null);
      for (const g of response.groups) if (g.protocolType === CONSUMER_PROTOCOL_TYPE || g.protocolType === '') groups.push(g.groupId);
    }
    return groups;
  }

  async describeConsumerGroup(groupId: string): Promise<ConsumerGroupDescription> {
    return this.withCoordinator(groupId, 'describeConsumerGroups', async (node) => {
      const response = await this.admin.send(DESCRIBE_GROUPS, node.id, { groups: [groupId], includeAuthorizedOperations: false });
      const described = response.groups[0];
      if (ConsumerGroupAdmin.groupError(described.errorCode) === 'retry') return null;
      const consumer = described.protocolType === CONSUMER_PROTOCOL_TYPE || described.protocolType === '';
      return {
        groupId,
        state: described.groupState,
        partitionAssignor: described.protocolData,
        coordinator: node,
        members: described.members.map((m) => ({
          consumerId: m.memberId,
          groupInstanceId: m.groupInstanceId,
          clientId: m.clientId,
          host: m.clientHost,
          assignment: consumer ? assignmentPartitions(m.memberAssignment) : [],
        })),
      };
    });
  }

  /** The group's committed offsets, in the order the coordinator sent them. */
  async listConsumerGroupOffsets(groupId: string): Promise<Array<{ tp: TopicPartition; offset: number }>> {
    return this.withCoordinator(groupId, 'listConsumerGroupOffsets', async (node) => {
      const response = await this.admin.send(OFFSET_FETCH, node.id, { groupId, topics: null, requireStable: false });
      if (ConsumerGroupAdmin.groupError(response.errorCode) === 'retry') return null;
      const offsets: Array<{ tp: TopicPartition; offset: number }> = [];
      for (const t of response.topics) {
        for (const p of t.partitions) {
          // A partition with an error or without a committed offset is left out, as the Java client does.
          if (p.errorCode !== 0 || p.committedOffset < 0n) continue;
          offsets.push({ tp: { topic: t.name, partition: p.partitionIndex }, offset: Number(p.committedOffset) });
        }
      }
      return offsets;
    });
  }

  /** Commits the offsets as a group without members would (generation −1); the first partition error fails the call. */
  async alterConsumerGroupOffsets(groupId: string, offsets: ReadonlyArray<{ tp: TopicPartition; offset: number }>): Promise<void> {
    const topics = new Map<
      string,
      Array<{ partitionIndex: number; committedOffset: bigint; committedLeaderEpoch: number; committedMetadata: string }>
    >();
    for (const { tp, offset } of offsets) {
      const list = topics.get(tp.topic) ?? [];
      topics.set(tp.topic, list);
      list.push({ partitionIndex: tp.partition, committedOffset: BigInt(offset), committedLeaderEpoch: -1, committedMetadata: '' });
    }
    await this.withCoordinator(groupId, 'commitOffsets', async (node) => {
      const response = await this.admin.send(OFFSET_COMMIT, node.id, {
        groupId,
        generationId: -1,
        memberId: '',
        groupInstanceId: null,
        topics: [...topics].map(([name, partitions]) => ({ name, partitions })),
      });
      const codes = response.topics.flatMap((t) => t.partitions.map((p) => p.errorCode));
      if (codes.some((c) => COORDINATOR_MOVED.has(c) || c === Errors.COORDINATOR_LOAD_IN_PROGRESS.code)) return null;
      const failed = codes.find((c) => c !== 0);
      if (failed !== undefined) throw AdminException.forCode(failed, null);
      return true;
    });
  }

  /** Each group's outcome: null when deleted, else the exception. */
  async deleteConsumerGroups(groupIds: readonly string[]): Promise<Map<string, AdminException | null>> {
    const results = new Map<string, AdminException | null>();
    for (const groupId of groupIds) {
      try {
        await this.withCoordinator(groupId, 'deleteConsumerGroups', async (node) => {
          const response = await this.admin.send(DELETE_GROUPS, node.id, { groupsNames: [groupId] });
          const result = response.results.find((r) => r.groupId === groupId);
          if (!result)
            throw new AdminException(
              'org.apache.kafka.common.errors.UnknownServerException',
              `Response for group ${groupId} was not included in the response`,
            );
          return ConsumerGroupAdmin.groupError(result.errorCode) === 'retry' ? null : true;
        });
        results.set(groupId, null);
      } catch (e) {
        if (!(e instanceof AdminException)) throw e;
        results.set(groupId, e);
      }
    }
    return results;
  }

  /** OffsetDelete: a group error fails every partition; else each partition's error (null: deleted). */
  async deleteConsumerGroupOffsets(
    groupId: string,
    partitions: readonly TopicPartition[],
  ): Promise<{ error: AdminException | null; partitions: Map<string, AdminException | null> }> {
    const topics = new Map<string, number[]>();
    for (const tp of partitions) topics.set(tp.topic, [...(topics.get(tp.topic) ?? []), tp.partition]);
    let codes: Map<string, number>;
    try {
      codes = await this.withCoordinator(groupId, 'deleteConsumerGroupOffsets', async (node) => {
        const response = await this.admin.send(OFFSET_DELETE, node.id, {
          groupId,
          topics: [...topics].map(([name, ps]) => ({ name, partitions: ps.map((partitionIndex) => ({ partitionIndex })) })),
        });
        if (ConsumerGroupAdmin.groupError(response.errorCode) === 'retry') return null;
        return new Map(
          response.topics.flatMap((t) =>
            t.partitions.map((p) => [tpKey({ topic: t.name, partition: p.partitionIndex }), p.errorCode] as const),
          ),
        );
      });
    } catch (e) {
      if (!(e instanceof AdminException)) throw e;
      return { error: e, partitions: new Map(partitions.map((tp) => [tpKey(tp), e])) };
    }
    const results = new Map<string, AdminException | null>();
    for (const tp of partitions) {
      const code = codes.get(tpKey(tp));
      if (code === undefined)
        results.set(
          tpKey(tp),
          new AdminException(
            'java.lang.IllegalArgumentException',
            `Offset deletion result for partition "${tpKey(tp)}" was not included in the response`,
          ),
        );
      else results.set(tpKey(tp), code === 0 ? null : AdminException.forCode(code, null));
    }
    return { error: [...results.values()].find((e) => e !== null) ?? null, partitions: results };
  }

  /** ListOffsets to each partition's leader; a partition without a leader or with an error is left out. */
  async listOffsets(partitions: readonly TopicPartition[], spec: OffsetSpec): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (partitions.length === 0) return result;
    const timestamp = spec === 'earliest' ? -2n : spec === 'latest' ? -1n : BigInt(spec.timestamp);
    const metadata = await this.admin.clusterMetadata([...new Set(partitions.map((p) => p.topic))]);
    const byLeader = new Map<number, TopicPartition[]>();
    for (const tp of partitions) {
      const leader =
        metadata.topics.find((t) => t.name === tp.topic)?.partitions.find((p) => p.partitionIndex === tp.partition)?.leaderId ?? -1;
      if (leader < 0) continue;
      byLeader.set(leader, [...(byLeader.get(leader) ?? []), tp]);
    }
    for (const [leader, tps] of byLeader) {
      const topics = new Map<string, number[]>();
      for (const tp of tps) topics.set(tp.topic, [...(topics.get(tp.topic) ?? []), tp.partition]);
      const response = await this.admin.send(LIST_OFFSETS, leader, {
        replicaId: -1,
        isolationLevel: 0,
        topics: [...topics].map(([name, ps]) => ({
          name,
          partitions: ps.map((partitionIndex) => ({ partitionIndex, currentLeaderEpoch: -1, timestamp, maxNumOffsets: 1 })),
        })),
      });
      for (const t of response.topics) {
        for (const p of t.partitions) {
          // The Java client retries a leader that moved; here the partition is left out (its offset "Unknown").
          if (p.errorCode !== 0) continue;
          result.set(tpKey({ topic: t.name, partition: p.partitionIndex }), Number(p.offset));
        }
      }
    }
    return result;
  }
}
