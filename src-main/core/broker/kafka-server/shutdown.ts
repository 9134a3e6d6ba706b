import type { BrokerComponents } from './running-broker';

/** What stopping the components needs from the `KafkaServer` beyond them. */
export interface StoppingServer {
  /** `SocketServer.stopProcessingRequests`. */
  stopProcessingRequests(): void;
  /** Controller requests being handled (Kafka's request handler threads at work). */
  readonly inFlightRequests: ReadonlySet<Promise<unknown>>;
}

/**
 * The components' part of `KafkaServer.shutdown`, in Kafka's order: the dynamic config manager,
 * the socket server and the request handlers, the group coordinator, the ReplicaManager, the
 * LogManager (high watermarks checkpointed), the controller, the ZooKeeper session. A kill while
 * this runs ends the process: nothing after it runs, and the result is false.
 */
export async function shutdownComponents(s: StoppingServer, parts: BrokerComponents, killed: () => boolean): Promise<boolean> {
  await parts.dynamicConfigManager?.shutdown();
  if (killed()) return false;
  s.stopProcessingRequests();
  // The request handler pool's shutdown: what the handlers are doing completes (a LeaderAndIsr
  // may still add fetchers), before the ReplicaManager stops them all.
  while (s.inFlightRequests.size > 0) await Promise.all([...s.inFlightRequests]);
  if (killed()) return false;
  parts.groupCoordinator?.shutdown();
  parts.transactionCoordinator?.shutdown();
  parts.replicaManager?.shutdown();
  await parts.logManager?.shutdown({ checkpointHighWatermarks: true });
  if (killed()) return false;
  await parts.controller?.shutdown();
  if (killed()) return false;
  await parts.zkClient?.close();
  return !killed();
}
