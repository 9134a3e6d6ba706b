import type { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';

/** What the listener and the handlers read and write in ZooKeeper. */
export type DynamicConfigZkClient = Pick<
  KafkaZkClient,
  | 'getChildren'
  | 'getDataAndStat'
  | 'deletePath'
  | 'getEntityConfigs'
  | 'registerZNodeChildChangeHandler'
  | 'unregisterZNodeChildChangeHandler'
  | 'registerStateChangeHandler'
  | 'unregisterStateChangeHandler'
>;
