import type { ControllerRequestHandler } from '../../controller/broker-requests';
import type { ChannelFaults } from '../../controller/channel-faults';
import type { ChannelEvent } from '../../controller/controller-channel-manager';
import type { EventManagerNotice } from '../../controller/controller-event-manager';
import type { KafkaController } from '../../controller/kafka-controller';
import type { LogSink } from '../../common/logging';
import type { LogManagerEvent } from '../../log/log-manager/log-manager-event';
import type { Executor } from '../../platform/executor';
import type { FileSystem } from '../../platform/file-system';
import type { Random } from '../../platform/random';
import type { Time } from '../../platform/scheduler';
import type { ZooKeeperServer } from '../../zookeeper';
import type { ZnodeFormatError } from '../../kafka-zk/znode-format-error';
import type { BrokerListener } from '../broker-listener';
import type { ReplicaManager } from '../replica-manager';

/** One broker of the emulated cluster, as its `server.properties` would describe it. */
export interface BrokerDefinition {
  id: number;
  rack: string | null;
  /** Absolute paths of `log.dirs`. */
  logDirs: string[];
  host: string;
  port: number;
  /** Other `server.properties` entries (Kafka's names and string values). */
  config: Record<string, string>;
}

/** Kafka's `BrokerState`, as the UI shows it. */
export type BrokerStateName =
  'NotRunning' | 'Starting' | 'RunningAsBroker' | 'PendingControlledShutdown' | 'BrokerShuttingDown' | 'Killed' | 'Failed';

/** Another broker as this one reaches it in-process: what replica fetchers, the controller and controlled shutdown use. */
export interface BrokerPeer extends ControllerRequestHandler {
  readonly state: BrokerStateName;
  readonly isRunning: boolean;
  readonly replicaManager: ReplicaManager | null;
  readonly controller: KafkaController | null;
  /** Where WriteTxnMarkers hands the `__consumer_offsets` partitions whose marker it wrote. */
  readonly groupCoordinator: {
    scheduleHandleTxnCompletion(producerId: number, partitions: readonly number[], isCommit: boolean): void;
  } | null;
}

export interface KafkaServerDeps {
  definition: BrokerDefinition;
  time: Time;
  random: Random;
  executor: Executor;
  fs: FileSystem;
  zkServer: () => ZooKeeperServer;
  faults: ChannelFaults;
  /** A running broker by id (the "network" between brokers). */
  peer: (brokerId: number) => BrokerPeer | undefined;
  log: LogSink;
  onLogManagerEvent?: (event: LogManagerEvent) => void;
  onControllerNotice?: (brokerId: number, notice: EventManagerNotice) => void;
  onChannelEvent?: (brokerId: number, event: ChannelEvent) => void;
  onZnodeProblem?: (brokerId: number, error: ZnodeFormatError) => void;
  /** The client listener (the wire protocol), if the app runs one. */
  listener?: BrokerListener;
}
