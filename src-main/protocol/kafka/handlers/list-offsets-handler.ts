/**
 * ListOffsets, as `KafkaApis.handleListOffsetRequest`: −1 latest (the high watermark for a
 * consumer, the log end for a replica), −2 earliest, else the first offset whose timestamp is at
 * least the target — through the same `fetchOffsetForTimestamp` as the UI. v0 answers
 * `legacyFetchOffsetsBefore`'s list: for latest, the high watermark then the segments' base
 * offsets, newest first, at most MaxNumOffsets.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { Errors } from '../../../core/common/kafka-errors';
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from '../../../core/log/log';
import type { ApiHandler } from '../kafka-apis';
import type { ListOffsetsPartitionResponse, ListOffsetsRequest, ListOffsetsResponse } from '../messages/list-offsets';

const CONSUMER_REPLICA_ID = -1;
const DEBUGGING_CONSUMER_ID = -2;

export function listOffsetsHandler(broker: KafkaServer): ApiHandler<ListOffsetsRequest, ListOffsetsResponse> {
  return async (request, context) => {
    const version = context.header.apiVersion;
    const isFromConsumer = request.replicaId === CONSUMER_REPLICA_ID || request.replicaId === DEBUGGING_CONSUMER_ID;
    const isolation = !isFromConsumer ? null : request.isolationLevel === 1 ? 'read_committed' : 'read_uncommitted';
    const response: ListOffsetsResponse = {
      throttleTimeMs: 0,
      topics: request.topics.map((t) => ({
        name: t.name,
        partitions: t.partitions.map((p): ListOffsetsPartitionResponse => {
          const tp = { topic: t.name, partition: p.partitionIndex };
          const timestamp = Number(p.timestamp);
          const found = broker.replicaManager?.fetchOffsetForTimestamp(tp, timestamp, {
            isolation,
            currentLeaderEpoch: p.currentLeaderEpoch >= 0 ? p.currentLeaderEpoch : null,
            fetchOnlyFromLeader: request.replicaId !== DEBUGGING_CONSUMER_ID,
          }) ?? { error: 'NOT_LEADER_FOR_PARTITION' as const, timestamp: -1, offset: -1, leaderEpoch: null };
          const base = {
            partitionIndex: p.partitionIndex,
            errorCode: Errors[found.error].code,
            oldStyleOffsets: [] as bigint[],
            timestamp: -1n,
            offset: -1n,
            leaderEpoch: -1,
          };
          if (found.error !== 'NONE') return base;
          if (version === 0)
            return { ...base, oldStyleOffsets: legacyOffsets(broker, tp, timestamp, found.offset, p.maxNumOffsets).map(BigInt) };
          return { ...base, timestamp: BigInt(found.timestamp), offset: BigInt(found.offset), leaderEpoch: found.leaderEpoch ?? -1 };
        }),
      })),
    };
    return response;
  };
}

function legacyOffsets(
  broker: KafkaServer,
  tp: { topic: string; partition: number },
  timestamp: number,
  offset: number,
  maxNumOffsets: number,
): number[] {
  if (maxNumOffsets <= 0) return [];
  if (timestamp === EARLIEST_TIMESTAMP || offset < 0) return offset < 0 ? [] : [offset];
  if (timestamp !== LATEST_TIMESTAMP) return [offset];
  const log = broker.logManager?.getLog(tp);
  const bases = (log?.segments ?? []).map((s) => Math.max(s.baseOffset, log?.logStartOffset ?? 0)).filter((b) => b < offset);
  return [offset, ...[...new Set(bases)].reverse()].slice(0, maxNumOffsets);
}
