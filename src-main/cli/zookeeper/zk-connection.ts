/**
 * How a `--zookeeper` tool reaches ZooKeeper: Kafka's tools open a `KafkaZkClient` on the connect
 * string (`KafkaZkClient(zkConnect, …, sessionTimeoutMs = 30000, connectionTimeoutMs = 30000)`).
 * Here the connection is injected, so that the same tool code runs over any transport: in-process
 * against the emulated ZooKeeper (the tests, the app) or, once Kafka Dojo's ZooKeeper listens on a
 * port, over the ZooKeeper wire protocol — a `ZooKeeperClient` whose server side is a socket.
 */
import type { Random } from '../../core/platform/random';
import type { Time } from '../../core/platform/scheduler';
import { KafkaZkClient } from '../../core/zk/kafka-zk-client';
import { KafkaZooKeeperClient } from '../../core/zk/kafka-zookeeper-client';
import type { ZooKeeperServerEndpoint } from '../../core/zookeeper';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { createAppRandom } from '../../infra/crypto-random';

/** The tools' session timeout, as Kafka's tools pass it. */
export const TOOL_ZK_SESSION_TIMEOUT_MS = 30000;

export interface ZkToolSession {
  readonly zkClient: KafkaZkClient;
  close(): Promise<void>;
}

/** Opens a session for a connect string (`host:port[,host:port][/chroot]`). */
export type ZkConnector = (zkConnect: string, toolName: string) => Promise<ZkToolSession>;

/** What the `--zookeeper` tools need from their environment. */
export interface ZkToolEnvironment {
  readonly connect: ZkConnector;
  /** `AdminUtils`' `new Random` for automatic replica assignment. */
  readonly random: Random;
}

/**
 * A session on the given server endpoint, whatever the connect string says: the in-process
 * emulated ZooKeeper, or any other `ZooKeeperServerEndpoint` (a socket-backed one when Kafka Dojo's
 * ZooKeeper listens on a port).
 */
export function endpointZkConnector(server: () => ZooKeeperServerEndpoint, time: Time): ZkConnector {
  return async (_zkConnect, toolName) => {
    const client = new KafkaZooKeeperClient(server, time, { sessionTimeoutMs: TOOL_ZK_SESSION_TIMEOUT_MS, name: toolName }, () => undefined);
    await client.connect();
    // A tool reads znodes as Kafka does; it has no one to report hand-written ones to.
    const zkClient = new KafkaZkClient(client, () => undefined, () => false);
    return { zkClient, close: () => client.close() };
  };
}

/**
 * The connector of the `kafka-dojo` command today: Kafka Dojo's ZooKeeper has no network port yet,
 * so the tool fails as Kafka's does when nothing answers at the connect string.
 */
export const unservedZkConnector: ZkConnector = () =>
  Promise.reject(
    new AdminJavaException(
      'kafka.zookeeper.ZooKeeperClientTimeoutException',
      "Timed out waiting for connection while in state: CONNECTING (Kafka Dojo's ZooKeeper has no network port yet; use --bootstrap-server where the tool has it)",
    ),
  );

/** The environment of the `kafka-dojo` command: the connector above and a randomly seeded source, as `new Random`. */
export function defaultZkEnvironment(): ZkToolEnvironment {
  return { connect: unservedZkConnector, random: createAppRandom() };
}
