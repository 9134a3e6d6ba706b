import type { EndPoint } from '../kafka-zk/broker-znodes';

/**
 * A live broker as the controller and the metadata caches know it: Kafka's `cluster.Broker`
 * (id, endpoints, rack) read from `/brokers/ids/<id>`, with its broker epoch (the znode's czxid).
 */
export interface LiveBroker {
  readonly id: number;
  readonly rack: string | null;
  readonly endpoints: readonly EndPoint[];
  readonly epoch: number;
}
