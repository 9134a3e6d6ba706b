/**
 * The composition root of the real backend over a data folder: the workspace registry, the host
 * of the open workspace (infra, listeners and core wired in workspace-host.ts), and every service
 * of the contract over it. At start it opens the most recently created workspace, or — on first
 * run — creates the default 3-broker cluster.
 */
import { readDefaultClusterDefinition } from '../infra/default-cluster-file';
import { ConfinedRoot } from '../infra/log-dir-access';
import type { BackendOptions, DojoBackend } from '../api/backend';
import { BrokerServiceImpl } from '../api/broker-service';
import { ClusterServiceImpl } from '../api/cluster-service';
import type { DojoApi } from '../api/contract';
import { DeletionServiceImpl } from '../api/deletion/deletion-service';
import { ElectionServiceImpl } from '../api/elections/election-service';
import { GroupServiceImpl } from '../api/groups/group-service';
import { QuotaServiceImpl } from '../api/quotas/quota-service';
import { TransactionServiceImpl } from '../api/transactions/transaction-service';
import { MetricsServiceImpl } from '../api/metrics/metrics-service';
import { ReassignmentServiceImpl } from '../api/reassignments/reassignment-service';
import { SeededRandom } from '../core/platform/random';
import { clusterScrapeText } from '../protocol/prometheus/cluster-scrape';
import { LogDirServiceImpl } from '../api/log-dirs/log-dir-service';
import { ZooKeeperServiceImpl } from '../api/zookeeper/zookeeper-service';
import { clusterMessageClient, MessageServiceImpl } from '../api/message-service';
import { TopicServiceImpl } from '../api/topic-service';
import { WorkspaceRegistry } from './workspace-registry';
import { WorkspaceServiceImpl } from '../api/workspaces/workspace-service';
import { WorkspaceHost } from './workspace-host';

export const DEFAULT_WORKSPACE_NAME = 'dojo';

export async function createBackend(options: BackendOptions): Promise<DojoBackend> {
  const registry = new WorkspaceRegistry(options.dataDir);
  const host = new WorkspaceHost({ kafkaListeners: options.kafkaListeners });
  const api: DojoApi = {
    workspaces: new WorkspaceServiceImpl(registry, host),
    cluster: new ClusterServiceImpl(host),
    brokers: new BrokerServiceImpl(host, registry),
    topics: new TopicServiceImpl(host),
    messages: new MessageServiceImpl(() => clusterMessageClient(host.require().cluster)),
    deletions: new DeletionServiceImpl(host),
    zookeeper: new ZooKeeperServiceImpl(host),
    logDirs: new LogDirServiceImpl(host, (path) => ConfinedRoot.open(path)),
    groups: new GroupServiceImpl(host),
    elections: new ElectionServiceImpl(host),
    quotas: new QuotaServiceImpl(host),
    transactions: new TransactionServiceImpl(host),
    metrics: new MetricsServiceImpl(host),
    // --generate's random start broker, as AdminUtils draws it: a fresh seed per run of the app.
    reassignments: new ReassignmentServiceImpl(host, new SeededRandom(Date.now() >>> 0)),
  };
  if (options.openDefault ?? true) {
    const existing = registry.list();
    const last = existing[existing.length - 1];
    if (last) {
      await host.open(last, registry.dirOf(last.id));
    } else {
      const definition = readDefaultClusterDefinition();
      const entry = registry.create(DEFAULT_WORKSPACE_NAME, Date.now(), definition.brokers.length);
      await host.open(entry, registry.dirOf(entry.id), definition);
    }
  }
  return {
    api,
    onPush: (listener) => host.onPush(listener),
    close: () => host.close(),
    prometheusMetrics: () => {
      const opened = host.current;
      if (opened === null) return '';
      const { cluster } = opened.workspace;
      return clusterScrapeText(
        cluster.brokerIds().map((id) => cluster.broker(id)),
        opened.zookeeper?.statsView ?? null,
      );
    },
  };
}
