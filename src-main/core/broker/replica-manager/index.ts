export { ReplicaManager } from './replica-manager';
export type { ReplicaManagerConfig, ReplicaManagerDeps } from './replica-manager-config';
export { DEFAULT_REPLICA_MANAGER_CONFIG } from './replica-manager-config';
export type { AppendOptions, AppendOrigin, ProducePartitionResult } from './append-records';
export type { ConsumerFetchPartition, ConsumerFetchResult } from './fetch-messages';
export type { FetchOffsetOptions, FetchOffsetResult } from './fetch-offsets';
export type { OffsetsTxnCompletion, TxnMarkerEntry, TxnMarkerPartitionResult, TxnMarkerResult } from './write-txn-markers';
