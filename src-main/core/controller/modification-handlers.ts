import type { ControllerEvent } from './controller-events';
import type { ControllerZkClient } from './controller-zk-client';

/**
 * The controller's watches on single topics and brokers (KafkaController's
 * `registerPartitionModificationsHandlers` and `registerBrokerModificationsHandler`, with their
 * unregistering): each fires an event into the controller's queue, and all go at resignation.
 */
export class ModificationHandlers {
  private readonly partitionModificationsPaths = new Set<string>();
  private readonly brokerModificationsPaths = new Map<number, string>();

  constructor(
    private readonly zk: ControllerZkClient,
    private readonly put: (event: ControllerEvent) => void,
  ) {}

  registerPartitionModificationsHandlers(topics: Iterable<string>): void {
    for (const topic of topics) {
      const path = `/brokers/topics/${topic}`;
      this.zk.registerZNodeChangeHandler({ path, handleDataChange: () => this.put({ type: 'PartitionModifications', topic }) });
      this.partitionModificationsPaths.add(path);
    }
  }

  unregisterPartitionModificationsHandlers(topics: Iterable<string>): void {
    for (const topic of topics) {
      const path = `/brokers/topics/${topic}`;
      this.zk.unregisterZNodeChangeHandler(path);
      this.partitionModificationsPaths.delete(path);
    }
  }

  /** Every topic's handler goes (resignation). */
  unregisterAllPartitionModificationsHandlers(): void {
    for (const path of [...this.partitionModificationsPaths]) this.zk.unregisterZNodeChangeHandler(path);
    this.partitionModificationsPaths.clear();
  }

  registerBrokerModificationsHandlers(brokerIds: Iterable<number>): void {
    for (const brokerId of brokerIds) {
      const path = `/brokers/ids/${brokerId}`;
      this.zk.registerZNodeChangeHandler({ path, handleDataChange: () => this.put({ type: 'BrokerModifications', brokerId }) });
      this.brokerModificationsPaths.set(brokerId, path);
      // The watch is armed by reading the node, as Kafka's getBroker does with a handler registered.
      void this.zk.getBroker(brokerId).catch(() => undefined);
    }
  }

  unregisterBrokerModificationsHandlers(brokerIds: Iterable<number>): void {
    for (const brokerId of brokerIds) {
      const path = this.brokerModificationsPaths.get(brokerId);
      if (path) this.zk.unregisterZNodeChangeHandler(path);
      this.brokerModificationsPaths.delete(brokerId);
    }
  }

  /** Every broker's handler goes (resignation). */
  unregisterAllBrokerModificationsHandlers(): void {
    this.unregisterBrokerModificationsHandlers([...this.brokerModificationsPaths.keys()]);
  }
}
