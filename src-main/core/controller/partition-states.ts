/**
 * PartitionStateMachine's states, with the exact valid previous states of Kafka 2.5
 * (`kafka.controller.PartitionState`):
 *
 * | target               | value | valid previous states                                |
 * |----------------------|-------|------------------------------------------------------|
 * | NewPartition         | 0     | NonExistentPartition                                  |
 * | OnlinePartition      | 1     | NewPartition, OnlinePartition, OfflinePartition      |
 * | OfflinePartition     | 2     | NewPartition, OnlinePartition, OfflinePartition      |
 * | NonExistentPartition | 3     | OfflinePartition                                      |
 *
 * A partition with no recorded state counts as NonExistentPartition.
 */
export type PartitionState = 'NewPartition' | 'OnlinePartition' | 'OfflinePartition' | 'NonExistentPartition';

export const PARTITION_STATE_VALUE: Record<PartitionState, number> = {
  NewPartition: 0,
  OnlinePartition: 1,
  OfflinePartition: 2,
  NonExistentPartition: 3,
};

export const VALID_PREVIOUS_PARTITION_STATES: Record<PartitionState, ReadonlySet<PartitionState>> = {
  NewPartition: new Set(['NonExistentPartition']),
  OnlinePartition: new Set(['NewPartition', 'OnlinePartition', 'OfflinePartition']),
  OfflinePartition: new Set(['NewPartition', 'OnlinePartition', 'OfflinePartition']),
  NonExistentPartition: new Set(['OfflinePartition']),
};
