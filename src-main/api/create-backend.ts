/**
 * The real backend over a data folder: the workspace registry, the host of the open workspace, and
 * every service of the contract. At start it opens the most recently created workspace, or — on
 * first run — creates the default 3-broker cluster.
 */
import { readDefaultClusterDefinition } from '../infra/default-cluster-file';
import type { BackendOptions, DojoBackend } from './backend';
import { BrokerServiceImpl } from './broker-service';
import { ClusterServiceImpl } from './cluster-service';
import type { DojoApi } from './contract';
import { DeletionServiceImpl } from './deletion-service';
import { LogDirServiceImpl } from './log-dir-service';
import { ZooKeeperServiceImpl } from './zookeeper-service';
import { MessageServiceImpl } from './message-service';
import { TopicServiceImpl } from './topic-service';
import { WorkspaceHost } from './workspace-host';
import { WorkspaceRegistry } from './workspace-registry';
import { WorkspaceServiceImpl } from './workspace-service';

export const DEFAULT_WORKSPACE_NAME = 'dojo';

export async function createBackend(options: BackendOptions): Promise<DojoBackend> {
  const registry = new WorkspaceRegistry(options.dataDir);
  const host = new WorkspaceHost({ kafkaListeners: options.kafkaListeners });
  const api: DojoApi = {
    workspaces: new WorkspaceServiceImpl(registry, host),
    cluster: new ClusterServiceImpl(host),
    brokers: new BrokerServiceImpl(host, registry),
    topics: new TopicServiceImpl(host),
    messages: new MessageServiceImpl(() => host.require().workspace.client),
    deletions: new DeletionServiceImpl(host),
    zookeeper: new ZooKeeperServiceImpl(host),
    logDirs: new LogDirServiceImpl(host),
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
  };
}
