/**
 * FindCoordinator, as `KafkaApis.handleFindCoordinatorRequest`: a group's coordinator is the leader
 * of its `__consumer_offsets` partition, the topic being created on first use; COORDINATOR_NOT_AVAILABLE
 * until that partition has a live leader. A transactional id's (KeyType 1) is the leader of its
 * `__transaction_state` partition, that topic likewise created on first use.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { Errors, type ErrorName } from '../../../core/common/kafka-errors';
import { NO_NODE, type CoordinatorNode } from '../../../core/coordinator/group/offsets-topic';
import type { ApiHandler } from '../kafka-apis';
import type { FindCoordinatorRequest, FindCoordinatorResponse } from '../messages/find-coordinator';

const GROUP = 0;
const TRANSACTION = 1;

export function findCoordinatorHandler(broker: KafkaServer): ApiHandler<FindCoordinatorRequest, FindCoordinatorResponse> {
  return async (request, context) => {
    const answer = (error: ErrorName, node: CoordinatorNode): FindCoordinatorResponse => ({
      throttleTimeMs: 0,
      errorCode: Errors[error].code,
      // `Errors.message()`: the exception's default message, or the error's name for NONE.
      errorMessage: Errors[error].message,
      nodeId: node.id,
      host: node.host,
      port: node.port,
    });
    const listener = { name: 'PLAINTEXT', host: context.listener.host };
    if (request.keyType === TRANSACTION) {
      const txn = broker.transactionCoordinator;
      if (!txn) return answer('COORDINATOR_NOT_AVAILABLE', NO_NODE);
      const found = await txn.findCoordinator(request.key, listener);
      return answer(found.error, found.node);
    }
    if (request.keyType !== GROUP) return answer('INVALID_REQUEST', NO_NODE);
    const coordinator = broker.groupCoordinator;
    if (!coordinator) return answer('COORDINATOR_NOT_AVAILABLE', NO_NODE);
    const found = await coordinator.findCoordinator(request.key, listener);
    return answer(found.error, found.node);
  };
}
