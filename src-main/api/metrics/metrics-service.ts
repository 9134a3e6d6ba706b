/**
 * The dashboard's series (`MetricsService`): what the open workspace's metrics history holds, read
 * back downsampled for a chart.
 */
import { BROKER_METRICS, GROUP_METRICS, TOPIC_METRICS } from '../../core/metrics-history/sampled-metrics';
import { ApiError } from '../backend';
import type { ClusterHost } from '../cluster-host';
import type { MetricSeriesDto, MetricSeriesQueryDto, MetricsCatalogDto, MetricsService } from './metrics-contract';

export const MAX_SERIES_POINTS = 2000;

const METRICS_OF_SCOPE: Readonly<Record<string, ReadonlySet<string>>> = {
  cluster: new Set(BROKER_METRICS),
  broker: new Set(BROKER_METRICS),
  topic: new Set(TOPIC_METRICS),
  group: new Set(GROUP_METRICS),
};

function scopeKind(scope: string): string {
  if (scope === 'cluster') return 'cluster';
  const colon = scope.indexOf(':');
  const kind = colon > 0 ? scope.slice(0, colon) : '';
  const rest = scope.slice(colon + 1);
  if (kind === 'broker' && /^\d+$/.test(rest)) return kind;
  if ((kind === 'topic' || kind === 'group') && rest.length > 0) return kind;
  throw new ApiError(
    'INVALID_INPUT',
    {
      en: `Unknown scope ${scope}: expected cluster, broker:<id>, topic:<name> or group:<groupId>.`,
      'zh-CN': `未知的范围 ${scope}：应为 cluster、broker:<id>、topic:<name> 或 group:<groupId>。`,
    },
    'scope',
  );
}

export class MetricsServiceImpl implements MetricsService {
  constructor(private readonly host: ClusterHost) {}

  async catalog(): Promise<MetricsCatalogDto> {
    const open = this.host.require();
    const history = open.metricsHistory ?? null;
    const brokers = new Set<number>();
    const topics = new Set<string>();
    const groups = new Set<string>();
    for (const { scope } of history?.seriesKeys() ?? []) {
      if (scope.startsWith('broker:')) brokers.add(Number(scope.slice(7)));
      else if (scope.startsWith('topic:')) topics.add(scope.slice(6));
      else if (scope.startsWith('group:')) groups.add(scope.slice(6));
    }
    const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return {
      nowMs: open.clock.nowMs(),
      intervalMs: history?.intervalMs ?? 0,
      brokers: [...brokers].sort((a, b) => a - b),
      topics: [...topics].sort(byName),
      groups: [...groups].sort(byName),
    };
  }

  async series(query: MetricSeriesQueryDto): Promise<MetricSeriesDto> {
    const { metric, scope, fromMs, toMs, maxPoints } = query;
    if (!METRICS_OF_SCOPE[scopeKind(scope)]!.has(metric))
      throw new ApiError(
        'INVALID_INPUT',
        { en: `No series ${metric} is kept for ${scope}.`, 'zh-CN': `${scope} 没有保存指标序列 ${metric}。` },
        'metric',
      );
    if (!(fromMs <= toMs))
      throw new ApiError(
        'INVALID_INPUT',
        { en: `fromMs (${fromMs}) must not be after toMs (${toMs}).`, 'zh-CN': `fromMs（${fromMs}）不能晚于 toMs（${toMs}）。` },
        'fromMs',
      );
    if (!(maxPoints >= 1 && maxPoints <= MAX_SERIES_POINTS))
      throw new ApiError(
        'INVALID_INPUT',
        {
          en: `maxPoints must be between 1 and ${MAX_SERIES_POINTS}, got ${maxPoints}.`,
          'zh-CN': `maxPoints 必须介于 1 和 ${MAX_SERIES_POINTS} 之间，实际为 ${maxPoints}。`,
        },
        'maxPoints',
      );
    const history = this.host.require().metricsHistory ?? null;
    const points = history?.points({ metric, scope }, fromMs, toMs, maxPoints) ?? [];
    return { metric, scope, points: points.map((p) => [p.timeMs, p.value] as const) };
  }
}
