/** The cluster overview and the event timeline of the open workspace (`ClusterService`). */
import type { ClusterOverviewDto, ClusterService, EventDto } from './contract';
import { brokerDto, isOffline, isUnderReplicated, topicViews } from './cluster-view';
import { eventDto } from './event-summary';
import type { WorkspaceHost } from './workspace-host';
import { ApiError } from './backend';

export class ClusterServiceImpl implements ClusterService {
  constructor(private readonly host: WorkspaceHost) {}

  async overview(): Promise<ClusterOverviewDto> {
    const { entry, workspace, time, zookeeper } = this.host.require();
    const cluster = workspace.cluster;
    const controller = cluster.activeController();
    const topics = topicViews(cluster);
    let partitions = 0;
    let offline = 0;
    let underReplicated = 0;
    for (const t of topics) {
      for (const p of t.partitions) {
        partitions++;
        if (isOffline(p, cluster)) offline++;
        if (isUnderReplicated(p)) underReplicated++;
      }
    }
    const brokers = cluster.brokerIds().map((id) => {
      const b = cluster.broker(id);
      return brokerDto(cluster, b, b.definition, this.host.require().listeners.get(id));
    });
    return {
      workspaceId: entry.id,
      name: entry.name,
      clusterId: cluster.runningBrokers()[0]?.clusterId ?? null,
      controllerId: controller?.config.brokerId ?? -1,
      controllerEpoch: controller?.epoch ?? -1,
      brokers,
      zookeeperConnect: zookeeper?.connectString ?? null,
      topics: topics.length,
      partitions,
      offlinePartitions: offline,
      underReplicatedPartitions: underReplicated,
      nowMs: time.nowMs(),
      clockSpeed: time.speed,
    };
  }

  async events(limit: number, beforeSeq?: number): Promise<EventDto[]> {
    const { workspace } = this.host.require();
    const n = Math.max(1, Math.min(1000, Math.floor(limit)));
    return workspace.recentEvents(n, beforeSeq).reverse().map(eventDto);
  }

  async setClockSpeed(speed: number): Promise<void> {
    const { time } = this.host.require();
    try {
      time.setSpeed(speed);
    } catch (e) {
      throw new ApiError('INVALID_INPUT', e instanceof Error ? e.message : String(e), 'speed');
    }
  }
}
