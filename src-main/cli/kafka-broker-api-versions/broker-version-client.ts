/**
 * The small client BrokerApiVersionsCommand 2.5.1 inlines (its private `AdminClient`): Metadata to
 * each bootstrap node in turn until one answers — else `Request METADATA failed on brokers List(…)`
 * —, then ApiVersions to every broker of the answer. Nodes print as `Node.toString`; the
 * bootstrap nodes and the metadata's brokers come in `Cluster`'s shuffled order.
 */
import { JavaThrowable } from '../../core/common/java-lang';
import { type BrokerAddress } from '../../protocol/kafka/client/bootstrap-servers';
import { KafkaConnection, KafkaConnectionError } from '../../protocol/kafka/client/kafka-connection';
import { API_VERSIONS } from '../../protocol/kafka/messages/api-versions';
import { METADATA } from '../../protocol/kafka/messages/metadata';
import type { ApiVersionRange } from './node-api-versions';

/** `AdminClient.DefaultRequestTimeoutMs` of the command (`request.timeout.ms` unless configured). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

export interface Node {
  readonly id: number;
  readonly host: string;
  readonly port: number;
  readonly rack: string | null;
}

/** `Node.toString`. */
export function nodeString(node: Node): string {
  return `${node.host}:${node.port} (id: ${node.id} rack: ${node.rack})`;
}

export class JavaRuntimeException extends JavaThrowable {
  readonly javaClass = 'java.lang.RuntimeException';
}

/** What a request's future fails with when its connection could not be made or broke (no message). */
export class DisconnectException extends JavaThrowable {
  readonly javaClass = 'org.apache.kafka.common.errors.DisconnectException';

  override toString(): string {
    return this.javaClass;
  }
}

/** `Collections.shuffle(list, rnd)`: from the last position down, each swapped with one at or before it. */
export function javaShuffle<T>(items: readonly T[], nextInt: (bound: number) => number): T[] {
  const list = [...items];
  for (let i = list.length; i > 1; i--) {
    const j = nextInt(i);
    [list[i - 1], list[j]] = [list[j], list[i - 1]];
  }
  return list;
}

export class BrokerVersionClient {
  private readonly connections = new Map<number, KafkaConnection>();

  constructor(
    private readonly clientId: string,
    private readonly requestTimeoutMs: number,
  ) {}

  /** `findAllBrokers` with `sendAnyNode`: the first bootstrap node that answers Metadata. */
  async findAllBrokers(bootstrap: readonly Node[]): Promise<Node[]> {
    for (const node of bootstrap) {
      try {
        const connection = await this.connectionTo(node);
        const metadata = await connection.send(
          METADATA,
          METADATA.maxVersion,
          {
            topics: null,
            allowAutoTopicCreation: true,
            includeClusterAuthorizedOperations: false,
            includeTopicAuthorizedOperations: false,
          },
          this.requestTimeoutMs,
        );
        return metadata.brokers.map((b) => ({ id: b.nodeId, host: b.host, port: b.port, rack: b.rack ?? null }));
      } catch (e) {
        if (!(e instanceof KafkaConnectionError)) throw e;
      }
    }
    throw new JavaRuntimeException(`Request METADATA failed on brokers List(${bootstrap.map(nodeString).join(', ')})`);
  }

  /** `getApiVersions`: the broker's ranges, or what the request failed with. */
  async apiVersions(node: Node): Promise<ApiVersionRange[] | DisconnectException> {
    try {
      const connection = await this.connectionTo(node);
      const response = await connection.send(API_VERSIONS, API_VERSIONS.maxVersion, SOFTWARE, this.requestTimeoutMs);
      return response.apiKeys.map((k) => ({ apiKey: k.apiKey, minVersion: k.minVersion, maxVersion: k.maxVersion }));
    } catch (e) {
      if (!(e instanceof KafkaConnectionError)) throw e;
      this.connections.get(node.id)?.close();
      this.connections.delete(node.id);
      return new DisconnectException();
    }
  }

  close(): void {
    for (const c of this.connections.values()) c.close();
    this.connections.clear();
  }

  /** NetworkClient's connection to a node: opened once, introduced by its own ApiVersions. */
  private async connectionTo(node: Node): Promise<KafkaConnection> {
    const open = this.connections.get(node.id);
    if (open) return open;
    const connection = await KafkaConnection.open(node.host, node.port, { clientId: this.clientId, timeoutMs: this.requestTimeoutMs });
    try {
      await connection.send(API_VERSIONS, API_VERSIONS.maxVersion, SOFTWARE, this.requestTimeoutMs);
    } catch (e) {
      connection.close();
      throw e;
    }
    this.connections.set(node.id, connection);
    return connection;
  }
}

const SOFTWARE = { clientSoftwareName: 'apache-kafka-java', clientSoftwareVersion: '2.5.1' };

/** `Cluster.bootstrap`: the addresses as nodes -1, -2, … */
export function bootstrapNodes(addresses: readonly BrokerAddress[]): Node[] {
  return addresses.map((a, i) => ({ id: -(i + 1), host: a.host, port: a.port, rack: null }));
}
