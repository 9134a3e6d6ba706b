/**
 * What the dashboard draws: the charts of each tab (each a title and the series it plots, by
 * Kafka's metric names), the time ranges, and the ECharts option of one chart — its lines and one
 * vertical marker per incident of the range, labelled with the incident's title.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { formatBytes } from '../../lib/format';
import { INCIDENT_LABEL_ROW_PX, incidentLabelRows } from './incident-label-rows';

export type DashboardTab = 'overview' | 'broker' | 'topic' | 'group';
export type ChartUnit = 'bytes' | 'count';

export interface ChartDefinition {
  /** Also the key of its title under `dashboard.charts` and its test id. */
  readonly id: string;
  readonly unit: ChartUnit;
  /** Each line: a series' metric and, for charts with several lines, its label's key under `dashboard.series`. */
  readonly lines: ReadonlyArray<{ readonly metric: string; readonly label?: string }>;
}

const chart = (id: string, unit: ChartUnit, ...lines: Array<string | [string, string]>): ChartDefinition => ({
  id,
  unit,
  lines: lines.map((l) => (typeof l === 'string' ? { metric: l } : { metric: l[0], label: l[1] })),
});

const BYTES_IN = chart('bytesIn', 'bytes', 'BytesInPerSec');
const BYTES_OUT = chart('bytesOut', 'bytes', 'BytesOutPerSec');
const MESSAGES_IN = chart('messagesIn', 'count', 'MessagesInPerSec');
const REQUESTS = chart('requests', 'count', 'RequestsPerSec');
const URP = chart('underReplicated', 'count', 'UnderReplicatedPartitions');
const ISR = chart('isr', 'count', ['IsrShrinksPerSec', 'shrinks'], ['IsrExpandsPerSec', 'expands']);
const ACTIVE_CONTROLLER = chart('activeController', 'count', 'ActiveControllerCount');

export const DASHBOARD_CHARTS: Readonly<Record<DashboardTab, readonly ChartDefinition[]>> = {
  overview: [BYTES_IN, BYTES_OUT, MESSAGES_IN, REQUESTS, URP, chart('offline', 'count', 'OfflinePartitionsCount'), ISR, ACTIVE_CONTROLLER],
  broker: [
    BYTES_IN,
    BYTES_OUT,
    MESSAGES_IN,
    REQUESTS,
    URP,
    ISR,
    chart('leaders', 'count', ['LeaderCount', 'leaders'], ['PartitionCount', 'partitions']),
    chart('maxLag', 'count', 'MaxLag'),
    chart('elections', 'count', 'LeaderElectionRateAndTimeMs'),
    ACTIVE_CONTROLLER,
  ],
  topic: [BYTES_IN, BYTES_OUT, MESSAGES_IN, chart('size', 'bytes', 'Size')],
  group: [chart('lag', 'count', 'Lag')],
};

export const TIME_RANGES = { '15m': 15 * 60_000, '1h': 3_600_000, '6h': 6 * 3_600_000, '24h': 24 * 3_600_000 } as const;
export type TimeRange = keyof typeof TIME_RANGES;

/** Points per chart: about one per two pixels of a chart's width. */
export const CHART_MAX_POINTS = 360;

/** The plot area's margins inside a chart (the y axis labels on the left). */
export const CHART_GRID_PX = { left: 64, right: 16 } as const;

export interface ChartLine {
  readonly name: string;
  readonly points: ReadonlyArray<readonly [number, number]>;
}

export interface ChartMarker {
  readonly id: string;
  readonly startMs: number;
  readonly title: string;
}

function formatCount(value: number): string {
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (Math.abs(value) >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export function formatValue(unit: ChartUnit, value: number): string {
  return unit === 'bytes' ? formatBytes(Math.max(0, Math.round(value))) : formatCount(value);
}

export function chartOption(
  lines: readonly ChartLine[],
  markers: readonly ChartMarker[],
  range: { readonly fromMs: number; readonly toMs: number },
  unit: ChartUnit,
  widthPx = 600,
): EChartsCoreOption {
  const shown = markers.filter((m) => m.startMs >= range.fromMs && m.startMs <= range.toMs);
  const rows = incidentLabelRows(shown, range, Math.max(1, widthPx - CHART_GRID_PX.left - CHART_GRID_PX.right));
  const usedRows = Math.max(0, ...rows.map((r) => (r.row === null ? 0 : r.row + 1)));
  const valueFormatter = (v: unknown) => (typeof v === 'number' ? formatValue(unit, v) : String(v));
  return {
    animation: false,
    grid: { ...CHART_GRID_PX, top: (lines.length > 1 ? 28 : 16) + usedRows * INCIDENT_LABEL_ROW_PX, bottom: 24 },
    tooltip: { trigger: 'axis', valueFormatter },
    legend: lines.length > 1 ? { top: 0, data: lines.map((l) => l.name) } : { show: false },
    xAxis: { type: 'time', min: range.fromMs, max: range.toMs, axisLabel: { hideOverlap: true } },
    // Whole units on the axis: rates below 1 still show their line, not five ticks labelled 0 B.
    yAxis: { type: 'value', min: 0, minInterval: 1, axisLabel: { formatter: valueFormatter } },
    series: lines.map((line, i) => ({
      type: 'line',
      name: line.name,
      showSymbol: false,
      connectNulls: false,
      data: line.points.map(([t, v]) => [t, v]),
      ...(i === 0 && shown.length > 0
        ? {
            markLine: {
              symbol: 'none',
              animation: false,
              lineStyle: { color: '#e6a23c', type: 'dashed' },
              label: { formatter: '{b}', position: 'end', color: '#b88230' },
              emphasis: { label: { show: true } },
              // Each label in its row above the plot (see incident-label-rows); a hidden one shows on hover.
              data: shown.map((m, i) => {
                const row = rows[i]!.row;
                return {
                  name: m.title,
                  xAxis: m.startMs,
                  incidentId: m.id,
                  label: row === null ? { show: false } : { show: true, distance: 4 + row * INCIDENT_LABEL_ROW_PX },
                };
              }),
            },
          }
        : {}),
    })),
  };
}
