import type { KafkaController } from '../../controller/kafka-controller';
import type { GroupCoordinator } from '../../coordinator/group/group-coordinator';
import type { TransactionCoordinator } from '../../coordinator/transaction/transaction-coordinator';
import type { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';
import type { KafkaZooKeeperClient } from '../../kafka-zk/kafka-zookeeper-client';
import type { LogManager } from '../../log/log-manager/log-manager';
import type { DynamicConfigManager } from '../dynamic-config-manager';
import type { ProducerIdManager } from '../producer-id-manager';
import type { ReplicaManager } from '../replica-manager';
import type { QuotaManagers } from '../../server/quota/quota-managers';
import type { MetricsRegistry } from '../../metrics/metrics-registry';

/**
 * The parts of a broker that has started, none of them null: what readers of a running broker
 * (the cluster facade, the UI) take instead of the nullable fields, which exist part by part only
 * while `startup` builds them. Made once startup has built every part; gone at shutdown or kill.
 */
export interface RunningBroker {
  readonly zk: KafkaZkClient;
  readonly sessionId: bigint;
  readonly logManager: LogManager;
  readonly replicaManager: ReplicaManager;
  readonly groupCoordinator: GroupCoordinator;
  readonly transactionCoordinator: TransactionCoordinator;
  readonly controller: KafkaController;
  readonly producerIdManager: ProducerIdManager;
  readonly dynamicConfigManager: DynamicConfigManager;
  readonly quotaManagers: QuotaManagers;
  /** This JVM's Yammer registry (`Metrics.defaultRegistry()`): broker, controller and log metrics. */
  readonly metrics: MetricsRegistry;
  readonly clusterId: string;
  readonly brokerEpoch: number;
  readonly registeredEndpoint: { readonly host: string; readonly port: number };
}

/**
 * The parts of one incarnation of a `KafkaServer` as `startup` builds them, one by one (each null
 * until built, and again after shutdown or a kill), and the `RunningBroker` once all are there.
 */
export class BrokerComponents {
  zkClient: KafkaZooKeeperClient | null = null;
  kafkaZk: KafkaZkClient | null = null;
  logManager: LogManager | null = null;
  replicaManager: ReplicaManager | null = null;
  controller: KafkaController | null = null;
  dynamicConfigManager: DynamicConfigManager | null = null;
  /** The client quotas (`QuotaFactory.QuotaManagers`), from the start of the last startup. */
  quotaManagers: QuotaManagers | null = null;
  groupCoordinator: GroupCoordinator | null = null;
  transactionCoordinator: TransactionCoordinator | null = null;
  producerIdManager: ProducerIdManager | null = null;
  /**
   * The JVM's metrics: made at the start of startup and dropped with the process (a restarted
   * broker counts from zero, as a restarted Kafka does; a stopped one has nothing to scrape).
   */
  metrics: MetricsRegistry | null = null;
  running: RunningBroker | null = null;
  brokerEpoch = -1;
  /** Kept while stopped, as the last registration left them. */
  clusterId: string | null = null;
  registeredEndpoint: { host: string; port: number } | null = null;

  /** A kill or a failed start: each part stops where it is (nothing flushed or checkpointed), then all are dropped. */
  abandon(): void {
    this.dynamicConfigManager?.kill();
    this.controller?.kill();
    this.groupCoordinator?.kill();
    this.transactionCoordinator?.kill();
    this.replicaManager?.shutdown();
    this.logManager?.kill();
    this.zkClient?.abandon();
    this.clear();
  }

  clear(): void {
    this.running = null;
    this.dynamicConfigManager = null;
    this.groupCoordinator = null;
    this.transactionCoordinator = null;
    this.controller = null;
    this.replicaManager = null;
    this.logManager = null;
    this.zkClient = null;
    this.kafkaZk = null;
    this.producerIdManager = null;
    this.metrics = null;
    this.brokerEpoch = -1;
  }
}
