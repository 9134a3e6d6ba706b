/**
 * What the services are given: the open cluster behind its facade (never its live parts), the
 * clock it runs on, and the workspace it belongs to. The composition root (src-main/app) opens it;
 * the services only ask.
 */
import type { ClusterFacade } from '../core/cluster/cluster-facade';
import type { ClusterDefinition } from '../core/cluster/cluster-definition';
import type { MetricsHistoryReader } from '../core/metrics-history/metrics-history-store';
import type { ZooKeeperClient } from '../core/zookeeper';
import type { PushDto } from './contract';
import type { WorkspaceEntry } from './workspaces/workspace-store';

/** The app's clock (wall time, sped up 1×–100×). */
export interface ClusterClock {
  nowMs(): number;
  readonly speed: number;
  /** Throws a ClockSpeedError (core/platform) for a speed out of range. */
  setSpeed(speed: number): void;
}

export interface OpenCluster {
  readonly entry: WorkspaceEntry;
  readonly cluster: ClusterFacade;
  readonly clock: ClusterClock;
  /** The workspace's sampled metrics (none when the host keeps no history). */
  readonly metricsHistory?: MetricsHistoryReader | null;
}

/** The one open cluster of the app, and the pushes the UI receives. */
export interface ClusterHost {
  readonly current: OpenCluster | null;
  /** The open cluster, or the error the UI shows when there is none. */
  require(): OpenCluster;
  /** The UI's own ZooKeeper session (reads of znodes for the topic and node views), opened on first use. */
  zk(): Promise<ZooKeeperClient>;
  /** Run before the open cluster closes (the node editor closes its own ZooKeeper session). */
  onClose(hook: () => Promise<void>): () => void;
  onPush(listener: (push: PushDto) => void): () => void;
  push(push: PushDto): void;
  /** Opens the workspace in `dir` (closing the previous one cleanly) and starts its brokers. */
  open(entry: WorkspaceEntry, dir: string, initialDefinition?: ClusterDefinition): Promise<OpenCluster>;
  close(): Promise<void>;
  /** Renames the open entry in place (the cluster keeps running). */
  updateEntry(entry: WorkspaceEntry): void;
}
