/** The cluster overview and the event timeline of the open workspace (`ClusterService`). */
import type { ClusterOverviewDto, ClusterService, EventDto, IncidentDto, TimelineFilterDto, TimelinePageDto } from './contract';
import { IncidentCache } from './timeline/incident-cache';
import { brokerDto, isOffline, isUnderReplicated, runningBrokerIds } from './cluster-view';
import { eventDto } from './event-summary';
import type { ClusterHost } from './cluster-host';
import { ApiError } from './backend';
import { ClockSpeedError } from '../core/platform/clock-speed-error';

export class ClusterServiceImpl implements ClusterService {
  private readonly incidentCache = new IncidentCache();

  constructor(private readonly host: ClusterHost) {}

  async overview(): Promise<ClusterOverviewDto> {
    const { entry, cluster, clock } = this.host.require();
    const controller = cluster.controller();
    const topics = cluster.topics();
    const brokers = cluster.brokers();
    const running = runningBrokerIds(brokers);
    let partitions = 0;
    let offline = 0;
    let underReplicated = 0;
    for (const t of topics) {
      for (const p of t.partitions) {
        partitions++;
        if (isOffline(p, running)) offline++;
        if (isUnderReplicated(p)) underReplicated++;
      }
    }
    return {
      workspaceId: entry.id,
      name: entry.name,
      clusterId: cluster.clusterId(),
      controllerId: controller?.brokerId ?? -1,
      controllerEpoch: controller?.epoch ?? -1,
      brokers: brokers.map(brokerDto),
      zookeeperConnect: cluster.zookeeperConnect(),
      topics: topics.length,
      partitions,
      offlinePartitions: offline,
      underReplicatedPartitions: underReplicated,
      nowMs: clock.nowMs(),
      clockSpeed: clock.speed,
    };
  }

  async events(limit: number, beforeSeq?: number): Promise<EventDto[]> {
    const { cluster } = this.host.require();
    const n = Math.max(1, Math.min(1000, Math.floor(limit)));
    return cluster.recentEvents(n, beforeSeq).reverse().map(eventDto);
  }

  /** Grouped as facts arrive, from the hour before the first range asked for on (`timeline/incident-cache.ts`). */
  async incidents(fromMs: number, toMs: number): Promise<IncidentDto[]> {
    const { cluster, clock } = this.host.require();
    return this.incidentCache.incidents(cluster, clock.nowMs(), fromMs, toMs);
  }

  async timeline(filter: TimelineFilterDto): Promise<TimelinePageDto> {
    const { cluster } = this.host.require();
    const limit = Math.max(1, Math.min(1000, Math.floor(filter.limit ?? 200)));
    const rows = cluster.queryEvents({
      limit: limit + 1,
      beforeSeq: filter.beforeSeq,
      categories: filter.categories,
      brokerId: filter.brokerId,
      topic: filter.topic === undefined || filter.topic.trim() === '' ? undefined : filter.topic.trim(),
      levels: filter.levels,
      includeRoutine: filter.includeRoutine ?? false,
    });
    return { events: rows.slice(0, limit).map(eventDto), hasMore: rows.length > limit };
  }

  async setClockSpeed(speed: number): Promise<void> {
    const { clock } = this.host.require();
    try {
      clock.setSpeed(speed);
    } catch (e) {
      if (!(e instanceof ClockSpeedError)) throw e;
      throw new ApiError(
        'INVALID_INPUT',
        { en: e.message, 'zh-CN': `时钟速度必须在 ${e.minSpeed}× 到 ${e.maxSpeed}× 之间，而给出的是 ${e.speed}。` },
        'speed',
      );
    }
  }
}
