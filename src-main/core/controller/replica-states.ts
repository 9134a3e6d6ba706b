/**
 * ReplicaStateMachine's states, with the valid previous states Kafka 2.5 enforces
 * (`kafka.controller.ReplicaState`):
 *
 * | target                    | value | valid previous states                                                   |
 * |---------------------------|-------|-------------------------------------------------------------------------|
 * | NewReplica                | 1     | NonExistentReplica                                                      |
 * | OnlineReplica             | 2     | NewReplica, OnlineReplica, OfflineReplica, ReplicaDeletionIneligible    |
 * | OfflineReplica            | 3     | NewReplica, OnlineReplica, OfflineReplica, ReplicaDeletionIneligible    |
 * | ReplicaDeletionStarted    | 4     | OfflineReplica                                                          |
 * | ReplicaDeletionSuccessful | 5     | ReplicaDeletionStarted                                                  |
 * | ReplicaDeletionIneligible | 6     | OfflineReplica, ReplicaDeletionStarted                                  |
 * | NonExistentReplica        | 7     | ReplicaDeletionSuccessful                                               |
 */
export type ReplicaState =
  | 'NewReplica'
  | 'OnlineReplica'
  | 'OfflineReplica'
  | 'ReplicaDeletionStarted'
  | 'ReplicaDeletionSuccessful'
  | 'ReplicaDeletionIneligible'
  | 'NonExistentReplica';

export const REPLICA_STATE_VALUE: Record<ReplicaState, number> = {
  NewReplica: 1,
  OnlineReplica: 2,
  OfflineReplica: 3,
  ReplicaDeletionStarted: 4,
  ReplicaDeletionSuccessful: 5,
  ReplicaDeletionIneligible: 6,
  NonExistentReplica: 7,
};

const ONLINE_OR_OFFLINE_PREVIOUS: ReadonlySet<ReplicaState> = new Set([
  'NewReplica',
  'OnlineReplica',
  'OfflineReplica',
  'ReplicaDeletionIneligible',
]);

export const VALID_PREVIOUS_REPLICA_STATES: Record<ReplicaState, ReadonlySet<ReplicaState>> = {
  NewReplica: new Set(['NonExistentReplica']),
  OnlineReplica: ONLINE_OR_OFFLINE_PREVIOUS,
  OfflineReplica: ONLINE_OR_OFFLINE_PREVIOUS,
  ReplicaDeletionStarted: new Set(['OfflineReplica']),
  ReplicaDeletionSuccessful: new Set(['ReplicaDeletionStarted']),
  ReplicaDeletionIneligible: new Set(['OfflineReplica', 'ReplicaDeletionStarted']),
  NonExistentReplica: new Set(['ReplicaDeletionSuccessful']),
};

/** Kafka's `PartitionAndReplica`. */
export interface PartitionAndReplica {
  readonly topic: string;
  readonly partition: number;
  readonly replica: number;
}

export function replicaKey(r: PartitionAndReplica): string {
  return `${r.topic}-${r.partition}-${r.replica}`;
}
