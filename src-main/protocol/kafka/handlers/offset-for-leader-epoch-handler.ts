/**
 * OffsetForLeaderEpoch, as `KafkaApis.handleOffsetForLeaderEpochRequest` and
 * `ReplicaManager.lastOffsetForLeaderEpoch`: where the requested epoch ended in this leader's log
 * (the start of the next larger epoch, or the log end for the current one), fenced by the
 * caller's current leader epoch. Followers used it before KIP-320; consumers since, to detect log
 * truncation after a leader change. Without an authorizer every caller may ask.
 */
import { Errors } from '../../../core/common/kafka-errors';
import type { KafkaServer } from '../../../core/broker/kafka-server';
import type { ApiHandler } from '../kafka-apis';
import type { OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse } from '../messages/offset-for-leader-epoch';

const UNDEFINED_EPOCH = -1;
const UNDEFINED_EPOCH_OFFSET = -1n;

export function offsetForLeaderEpochHandler(broker: KafkaServer): ApiHandler<OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse> {
  return async (request) => ({
    throttleTimeMs: 0,
    topics: request.topics.map((t) => ({
      name: t.name,
      partitions: t.partitions.map((p) => {
        const tp = { topic: t.name, partition: p.partitionIndex };
        // Before v2 there is no current epoch (−1): the leader is not fenced by one.
        const answer = broker.replicaManager?.offsetForLeaderEpoch(
          tp,
          p.currentLeaderEpoch >= 0 ? p.currentLeaderEpoch : null,
          p.leaderEpoch,
        );
        if (!answer)
          return {
            errorCode: Errors.NOT_LEADER_FOR_PARTITION.code,
            partitionIndex: p.partitionIndex,
            leaderEpoch: UNDEFINED_EPOCH,
            endOffset: UNDEFINED_EPOCH_OFFSET,
          };
        return {
          errorCode: Errors[answer.error].code,
          partitionIndex: p.partitionIndex,
          leaderEpoch: answer.leaderEpoch,
          endOffset: BigInt(answer.endOffset),
        };
      }),
    })),
  });
}
