import type { TopicPartition } from '../common/topic-partition';
import type { BrokerRegistration } from '../kafka-zk/broker-znodes';
import type { LeaderAndIsr } from '../controller/leader-and-isr';

/** What a broker (not its controller module) reads and writes in ZooKeeper. */
export interface BrokerZkClient {
  createTopLevelPaths(): Promise<void>;
  /** `/cluster/id`: read, or created with `proposedId` when missing. */
  getOrCreateClusterId(proposedId: string): Promise<string>;
  /** `/brokers/ids/<id>` as Kafka registers it; returns the broker epoch (the znode's czxid). */
  registerBroker(registration: BrokerRegistration, timestampMs: number): Promise<number>;
  /** The topic's overrides from `/config/topics/<t>` (empty when none). */
  getTopicConfig(topic: string): Promise<Record<string, string>>;
  /**
   * A leader's ISR change: conditional on the cached zkVersion (not fenced by the controller epoch).
   * Returns the new zkVersion, or null when the znode changed meanwhile (BADVERSION).
   */
  updateLeaderAndIsrAsLeader(partition: TopicPartition, leaderAndIsr: LeaderAndIsr, controllerEpoch: number): Promise<number | null>;
  /** `/isr_change_notification/isr_change_N` for these partitions. */
  propagateIsrChanges(partitions: TopicPartition[]): Promise<void>;
  /** `/log_dir_event_notification/log_dir_event_N` = `{"version":1,"broker":id,"event":1}`. */
  propagateLogDirEvent(brokerId: number): Promise<void>;
  /** Claims the next producer-id block in `/latest_producer_id_block` (ProducerIdManager at startup). */
  claimProducerIdBlock(brokerId: number): Promise<{ blockStart: bigint; blockEnd: bigint }>;
}
