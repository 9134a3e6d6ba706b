/**
 * How a `--zookeeper` tool reaches ZooKeeper: Kafka's tools open a `KafkaZkClient` on the connect
 * string (`KafkaZkClient(zkConnect, …, sessionTimeoutMs = 30000, connectionTimeoutMs = 30000)`).
 * Here the connection is injected, so that the same tool code runs over any transport: in-process
 * against the emulated ZooKeeper (the in-process tests) or over the ZooKeeper wire protocol (the
 * `kafka-dojo` command) — a `ZooKeeperClient` whose server side is a socket.
 */
import type { Random } from '../../core/platform/random';
import type { ScheduledTask, Time } from '../../core/platform/scheduler';
import { KafkaZkClient } from '../../core/kafka-zk/kafka-zk-client';
import { KafkaZooKeeperClient } from '../../core/kafka-zk/kafka-zookeeper-client';
import type { ZooKeeperServerEndpoint } from '../../core/zookeeper';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { createAppRandom } from '../../infra/crypto-random';
import { SystemTime } from '../../infra/system-time';
import { RemoteZooKeeperEndpoint } from '../../protocol/zookeeper/client/remote-zookeeper-endpoint';
import { parseZkConnectString } from '../../protocol/zookeeper/client/zk-connect-string';

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
 * emulated ZooKeeper, or any other `ZooKeeperServerEndpoint` (the socket-backed one of `wireZkConnector`).
 */
export function endpointZkConnector(server: () => ZooKeeperServerEndpoint, time: Time): ZkConnector {
  return async (_zkConnect, toolName) => {
    const client = new KafkaZooKeeperClient(
      server,
      time,
      { sessionTimeoutMs: TOOL_ZK_SESSION_TIMEOUT_MS, name: toolName },
      () => undefined,
    );
    await client.connect();
    // A tool reads znodes as Kafka does; it has no one to report hand-written ones to.
    const zkClient = new KafkaZkClient(
      client,
      () => undefined,
      () => false,
    );
    return { zkClient, close: () => client.close() };
  };
}

/** `zookeeper.connection.timeout.ms` as Kafka's tools pass it to their `KafkaZkClient`. */
export const TOOL_ZK_CONNECTION_TIMEOUT_MS = 30000;

/**
 * The connector of the `kafka-dojo` command: a session over the ZooKeeper wire protocol at the
 * connect string (`host:port[,host:port][/chroot]`), on the system clock. When no server answers
 * within the connection timeout the tool fails as Kafka's ZooKeeperClient does.
 */
export function wireZkConnector(time: Time, random: Random, connectionTimeoutMs = TOOL_ZK_CONNECTION_TIMEOUT_MS): ZkConnector {
  return async (zkConnect, toolName) => {
    const endpoint = new RemoteZooKeeperEndpoint(parseZkConnectString(zkConnect), { time, random });
    // SystemTime's timers do not hold the process: while the tool waits for ZooKeeper (connecting,
    // or reconnecting between attempts) this does, as the Java client's threads do, until close.
    const keepAlive = setInterval(() => undefined, 1 << 30);
    let timer: ScheduledTask | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = time.schedule('zookeeper-connection-timeout', connectionTimeoutMs, () =>
        reject(
          new AdminJavaException(
            'kafka.zookeeper.ZooKeeperClientTimeoutException',
            'Timed out waiting for connection while in state: CONNECTING',
          ),
        ),
      );
    });
    try {
      const session = await Promise.race([endpointZkConnector(() => endpoint, time)(zkConnect, toolName), timedOut]);
      return {
        zkClient: session.zkClient,
        async close() {
          try {
            await session.close();
          } finally {
            endpoint.close();
            clearInterval(keepAlive);
          }
        },
      };
    } catch (e) {
      endpoint.close();
      clearInterval(keepAlive);
      throw e;
    } finally {
      if (timer) time.cancel(timer);
    }
  };
}

/** The environment of the `kafka-dojo` command: the wire connector and a randomly seeded source, as `new Random`. */
export function defaultZkEnvironment(): ZkToolEnvironment {
  const random = createAppRandom();
  return { connect: wireZkConnector(new SystemTime(), random), random };
}
