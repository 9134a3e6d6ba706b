/** What the four-letter words read of a running listener and its connections. */
import type { ZooKeeperServer } from '../../core/zookeeper';

/** What a four-letter word reads of one connection (`ServerCnxn.dumpConnectionInfo`). */
export interface ConnectionInfo {
  readonly remoteSocketAddress: string;
  readonly interestOps: number;
  readonly outstanding: number;
  readonly packetsReceived: number;
  readonly packetsSent: number;
  readonly sessionId: bigint;
  readonly lastOp: string;
  readonly establishedAtMs: number;
  readonly sessionTimeoutMs: number;
  readonly lastCxid: number;
  readonly lastZxid: number;
  readonly lastResponseTimeMs: number;
  readonly lastLatencyMs: number;
  readonly minLatencyMs: number;
  readonly avgLatencyMs: number;
  readonly maxLatencyMs: number;
  resetStats(): void;
}

export interface ServerStatsView {
  readonly server: ZooKeeperServer;
  readonly clientPort: number;
  readonly dataDir: string;
  readonly startedAtMs: number;
  connections(): readonly ConnectionInfo[];
  readonly packetsReceived: number;
  readonly packetsSent: number;
  readonly minLatencyMs: number;
  readonly avgLatencyMs: number;
  readonly maxLatencyMs: number;
  resetStats(): void;
}
