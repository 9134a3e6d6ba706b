/**
 * The metrics sampler's cost per round with 10,000 partitions: three brokers' registries filled as
 * the brokers fill them for 100 topics of 100 partitions at RF 3 — the `kafka.log` Log and
 * `kafka.cluster` Partition gauge families registered by the LogManager's and ReplicaManager's own
 * code over stand-ins of their logs and partitions (a cluster of 10,000 partitions takes minutes to
 * build), the BrokerTopicMetrics meters per topic and of all topics, ReplicaManager,
 * KafkaController, ControllerStats and RequestMetrics. The meters carry traffic marked between rounds.
 *
 * Figures: one round into the in-memory rings, one round into `metadata.db` (durable, as the app
 * opens it), the CPU that is per second of cluster time (a round every 15 s), and the longest slice
 * of a round — the values are read in one synchronous go, then written in slices, each its own
 * scheduler task: the longest of those is the event loop's longest block. The same again with the
 * 10,000 partitions in 2,500 topics (10,000 topic series: a round written in several slices), and
 * the event loop's delay measured (`monitorEventLoopDelay`) while the app's SystemTime runs rounds
 * at 100×. Baseline: a walk over every registered metric (what any reader of all the MBeans, such
 * as the Prometheus endpoint, does). Then issue 16's dashboard data: the overview's series over
 * 24 h through `MetricsService.series` against a plain SQLite read of the same rows.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { MetricsRegistry } from '../src-main/core/metrics/metrics-registry';
import type { Partition } from '../src-main/core/broker/partition';
import { ReplicaManagerMetrics } from '../src-main/core/broker/replica-manager/replica-manager-metrics';
import type { TopicPartition } from '../src-main/core/common/topic-partition';
import type { Log } from '../src-main/core/log/log';
import { registerLogMetrics } from '../src-main/core/log/log-manager/log-metrics';
import { InMemoryMetricsHistory } from '../src-main/core/metrics-history/in-memory-metrics-history';
import type { MetricsHistoryStore, SeriesKey, SeriesPoint, SeriesSample } from '../src-main/core/metrics-history/metrics-history-store';
import type { Clock } from '../src-main/core/platform/clock';
import { SystemTime } from '../src-main/infra/system-time';
import { METRICS_SAMPLE_INTERVAL_MS, MetricsSampler, type BrokerRegistry } from '../src-main/core/metrics-history/metrics-sampler';
import { ManualTime } from '../src-main/core/platform/manual-time';
import { SeededRandom } from '../src-main/core/platform/random';
import { openSqliteDatabase, type SqliteDatabase } from '../src-main/infra/sqlite-database';
import type { ClusterHost } from '../src-main/api/cluster-host';
import { MAX_SERIES_POINTS, MetricsServiceImpl } from '../src-main/api/metrics/metrics-service';
import { SqliteMetricsHistory } from '../src-main/infra/sqlite-metrics-history';
import { measured, tempDir, type Figure, type LoopDelay } from './bench-support';

/** 10,000 partitions as 100 topics of 100, or as 2,500 topics of 4 (more series per round). */
interface Layout {
  readonly topics: number;
  readonly partitionsPerTopic: number;
}
const FEW_TOPICS: Layout = { topics: 100, partitionsPerTopic: 100 };
const MANY_TOPICS: Layout = { topics: 2_500, partitionsPerTopic: 4 };
const BROKERS = 3;
const ROUNDS = Number(process.env.METRICS_BENCH_ROUNDS ?? 40);
/** Rounds run on the SystemTime at 100× (0.15 s of wall time each). */
const LOOP_ROUNDS = 20;

/** A log as the `kafka.log:type=Log` family reads it (its gauges read fields). */
function fakeLog(topic: string, partition: number): Log {
  const size = 1_000_000 + partition;
  return {
    topicPartition: { topic, partition },
    isFuture: false,
    numberOfSegments: 1,
    logStartOffset: 0,
    logEndOffset: size,
    size,
  } as unknown as Log;
}

/** A hosted partition as the `kafka.cluster:type=Partition` family reads it, led by broker `partition % BROKERS`. */
function fakePartition(topic: string, partition: number, brokerId: number): Partition {
  const replicas = Array.from({ length: BROKERS }, (_, i) => (partition + i) % BROKERS);
  return {
    topicPartition: { topic, partition },
    isLeader: partition % BROKERS === brokerId,
    isr: replicas,
    replicas,
    addingReplicas: [],
    removingReplicas: [],
    log: { config: { minInSyncReplicas: 2 }, lastStableOffsetLag: 0 },
  } as unknown as Partition;
}

/** Lookups by topic-partition over a list, as the LogManager's and ReplicaManager's maps answer them. */
function byTopicPartition<T extends { topicPartition: TopicPartition }>(items: readonly T[]) {
  const index = new Map(items.map((item) => [`${item.topicPartition.topic}-${item.topicPartition.partition}`, item]));
  return {
    get: (tp: TopicPartition) => index.get(`${tp.topic}-${tp.partition}`),
    values: () => index.values(),
    size: index.size,
  };
}

/**
 * Each broker's registry as a broker of this cluster fills it: the per-log and per-partition gauge
 * families registered by the LogManager's and ReplicaManager's own code (`registerLogMetrics`,
 * `ReplicaManagerMetrics`, over stand-ins of their logs and partitions), the per-topic
 * BrokerTopicMetrics meters made by their first mark, and the controller's and request metrics.
 */
function filledRegistries(time: Clock, { topics, partitionsPerTopic }: Layout): BrokerRegistry[] {
  const out: BrokerRegistry[] = [];
  for (let b = 0; b < BROKERS; b++) {
    const r = new MetricsRegistry(time, new SeededRandom(b));
    const logs: Log[] = [];
    const partitions: Partition[] = [];
    for (let t = 0; t < topics; t++) {
      for (let p = 0; p < partitionsPerTopic; p++) {
        logs.push(fakeLog(`topic-${t}`, p));
        partitions.push(fakePartition(`topic-${t}`, p, b));
      }
    }
    const current = byTopicPartition(logs);
    registerLogMetrics(r, { currentLogs: current, futureLogs: byTopicPartition<Log>([]) }, ['/kafka-logs'], () => false);
    const replicaManager = new ReplicaManagerMetrics(r, { partitions: byTopicPartition(partitions) });
    for (let t = 0; t < topics; t++) {
      for (const name of [
        'MessagesInPerSec',
        'BytesInPerSec',
        'BytesOutPerSec',
        'TotalProduceRequestsPerSec',
        'TotalFetchRequestsPerSec',
      ] as const)
        replicaManager.brokerTopicStats.mark(`topic-${t}`, name, 0);
    }
    for (const name of ['ActiveControllerCount', 'OfflinePartitionsCount', 'GlobalTopicCount', 'GlobalPartitionCount'])
      r.newGauge('kafka.controller', 'KafkaController', name, () => (b === 0 ? 1 : 0));
    r.newTimer('kafka.controller', 'ControllerStats', 'LeaderElectionRateAndTimeMs');
    r.newGauge('kafka.server', 'ReplicaFetcherManager', 'MaxLag', () => 0, [['clientId', 'Replica']]);
    for (const api of ['Produce', 'Fetch', 'Metadata', 'OffsetCommit', 'Heartbeat'])
      r.newMeter('kafka.network', 'RequestMetrics', 'RequestsPerSec', 'requests', [
        ['request', api],
        ['version', '8'],
      ]);
    out.push({ brokerId: b, registry: r });
  }
  return out;
}

function traffic(registries: readonly BrokerRegistry[]): void {
  for (const { registry } of registries) {
    // The meters are all kept (the families hold only gauges).
    for (const { metric } of registry.kept()) if (metric.kind === 'meter') metric.mark(100);
  }
}

/** The store, with each append (one slice of a round) timed. */
class TimedAppends implements MetricsHistoryStore {
  longestAppendMs = 0;
  appends = 0;
  /** Rounds appended (a round's slices share its time). */
  rounds = 0;
  private lastTimeMs: number | null = null;

  constructor(private readonly inner: MetricsHistoryStore) {}

  get intervalMs(): number {
    return this.inner.intervalMs;
  }

  append(timeMs: number, samples: readonly SeriesSample[]): void {
    const start = performance.now();
    this.inner.append(timeMs, samples);
    this.longestAppendMs = Math.max(this.longestAppendMs, performance.now() - start);
    this.appends++;
    if (timeMs !== this.lastTimeMs) this.rounds++;
    this.lastTimeMs = timeMs;
  }

  seriesKeys(): SeriesKey[] {
    return this.inner.seriesKeys();
  }

  points(key: SeriesKey, fromMs: number, toMs: number, maxPoints?: number): SeriesPoint[] {
    return this.inner.points(key, fromMs, toMs, maxPoints);
  }
}

interface RoundCost {
  /** A whole round: its read and all its slices, wall ms. */
  readonly wallMs: number;
  /** The longest synchronous part of any round: its read, or one slice of its write. */
  readonly longestSliceMs: number;
  readonly slicesPerRound: number;
  readonly cpuMs: number;
  readonly samples: number;
  readonly metrics: number;
}

/** Milliseconds (wall and CPU) per round, over ROUNDS rounds after a warm-up; every slice run before the next round. */
function perRound(inner: MetricsHistoryStore, layout: Layout): RoundCost {
  const time = new ManualTime(1_700_000_000_000);
  const registries = filledRegistries(time, layout);
  const store = new TimedAppends(inner);
  const sampler = new MetricsSampler(time, { registries: () => registries, groupLags: () => [] }, store);
  sampler.sampleRound();
  let samples = 0;
  for (let i = 0; i < 5; i++) {
    time.advance(METRICS_SAMPLE_INTERVAL_MS);
    sampler.sampleRound();
    time.runDue();
  }
  store.longestAppendMs = 0;
  store.appends = 0;
  let wallMs = 0;
  let longestReadMs = 0;
  let cpuUs = 0;
  for (let i = 0; i < ROUNDS; i++) {
    traffic(registries);
    time.advance(METRICS_SAMPLE_INTERVAL_MS);
    const cpu = process.cpuUsage();
    const start = performance.now();
    samples = sampler.sampleRound().length;
    longestReadMs = Math.max(longestReadMs, performance.now() - start);
    time.runDue();
    wallMs += performance.now() - start;
    const used = process.cpuUsage(cpu);
    cpuUs += used.user + used.system;
    if (sampler.pendingSamples !== 0) throw new Error(`${sampler.pendingSamples} samples of the round not written`);
  }
  const metrics = registries.reduce((n, r) => n + r.registry.all().length, 0);
  return {
    wallMs: wallMs / ROUNDS,
    longestSliceMs: Math.max(longestReadMs, store.longestAppendMs),
    slicesPerRound: store.appends / ROUNDS,
    cpuMs: cpuUs / 1000 / ROUNDS,
    samples,
    metrics,
  };
}

/** Rounds on the app's own time line at its fastest, the event loop's delay measured meanwhile. */
async function loopDelayAtFullSpeed(history: MetricsHistoryStore, layout: Layout): Promise<LoopDelay & { rounds: number }> {
  const time = new SystemTime(SystemTime.MAX_SPEED);
  try {
    const registries = filledRegistries(time, layout);
    const store = new TimedAppends(history);
    const sampler = new MetricsSampler(time, { registries: () => registries, groupLags: () => [] }, store);
    const wallMs = (LOOP_ROUNDS * METRICS_SAMPLE_INTERVAL_MS) / SystemTime.MAX_SPEED;
    // No traffic marked meanwhile (a round's work does not depend on the counts): only the sampler's tasks run.
    const delay = await measured(async () => {
      sampler.start();
      await new Promise((resolve) => setTimeout(resolve, wallMs));
      sampler.stop();
    });
    if (store.rounds === 0) throw new Error('no round written');
    return { ...delay, rounds: store.rounds };
  } finally {
    time.shutdown();
  }
}

function baselineWalk(): number {
  const time = new ManualTime(1_700_000_000_000);
  const registries = filledRegistries(time, FEW_TOPICS);
  let kinds = 0;
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    for (const { registry } of registries) for (const { metric } of registry.all()) if (metric.kind === 'gauge') kinds++;
  }
  if (kinds === 0) throw new Error('no gauges walked');
  return (performance.now() - start) / ROUNDS;
}

/** The overview tab's chart lines (DASHBOARD_CHARTS.overview of the renderer), all of cluster scope. */
const OVERVIEW_SERIES = [
  'BytesInPerSec',
  'BytesOutPerSec',
  'MessagesInPerSec',
  'RequestsPerSec',
  'UnderReplicatedPartitions',
  'OfflinePartitionsCount',
  'IsrShrinksPerSec',
  'IsrExpandsPerSec',
  'ActiveControllerCount',
];
/** CHART_MAX_POINTS of the renderer's dashboard: the points each chart asks for. */
const CHART_MAX_POINTS = 360;
const DAY_SAMPLES = 5_760;
const READ_ROUNDS = 10;

interface DashboardRead {
  /** Milliseconds for all the overview's series, through `MetricsService.series` (median of READ_ROUNDS). */
  readonly chartMs: number;
  readonly fullMs: number;
  /** The same rows with one prepared SELECT per series, nothing else. */
  readonly sqliteMs: number;
}

/**
 * Issue 16's "dashboard with 24 h of samples", its data side: every overview series filled with a
 * day of samples, read through the API service the dashboard calls, against a plain SELECT of the
 * same rows in the same run.
 */
async function dashboardRead(db: SqliteDatabase, history: SqliteMetricsHistory, dayStart: number, dayEnd: number): Promise<DashboardRead> {
  for (let i = 0; i < DAY_SAMPLES; i++) {
    const samples = OVERVIEW_SERIES.map((metric, m) => ({ metric, scope: 'cluster', value: (i * (m + 1)) % 997 }));
    history.append(dayStart + i * METRICS_SAMPLE_INTERVAL_MS, samples);
  }
  const host = { require: () => ({ metricsHistory: history, clock: { nowMs: () => dayEnd, speed: 1 } }) } as unknown as ClusterHost;
  const service = new MetricsServiceImpl(host);
  const ids = db.prepare("SELECT id FROM metrics_series WHERE scope = 'cluster' AND metric = ?");
  const select = db.prepare(
    'SELECT time_ms, value FROM metrics_sample WHERE series_id = ? AND time_ms >= ? AND time_ms <= ? ORDER BY time_ms',
  );
  const seriesIds = OVERVIEW_SERIES.map((metric) => (ids.get(metric) as { id: number }).id);
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const timed = async (read: () => Promise<number> | number, expected: number): Promise<number> => {
    const runs: number[] = [];
    for (let r = 0; r < READ_ROUNDS; r++) {
      const start = performance.now();
      const n = await read();
      runs.push(performance.now() - start);
      if (n !== expected) throw new Error(`read ${n} points, expected ${expected}`);
    }
    return median(runs);
  };
  const viaApi = (maxPoints: number) => async () => {
    let n = 0;
    for (const metric of OVERVIEW_SERIES)
      n += (await service.series({ metric, scope: 'cluster', fromMs: dayStart, toMs: dayEnd, maxPoints })).points.length;
    return n;
  };
  const plain = () => {
    let n = 0;
    for (const id of seriesIds) n += select.all(id, dayStart, dayEnd).length;
    return n;
  };
  const series = OVERVIEW_SERIES.length;
  // Alternating, so that both see the same machine; each checked for the points it must return.
  const sqliteMs = await timed(plain, series * DAY_SAMPLES);
  const chartMs = await timed(viaApi(CHART_MAX_POINTS), series * CHART_MAX_POINTS);
  const fullMs = await timed(viaApi(MAX_SERIES_POINTS), series * MAX_SERIES_POINTS);
  return { chartMs, fullMs, sqliteMs };
}

export async function metricsSamplingBench(report: (f: Figure) => void): Promise<void> {
  const baseline = baselineWalk();
  const base = { baseline, baselineName: 'a walk over every registered metric' };
  const memory = perRound(new InMemoryMetricsHistory(METRICS_SAMPLE_INTERVAL_MS, 5_760), FEW_TOPICS);
  const tmp = tempDir('kafka-dojo-metrics-bench-');
  const db = openSqliteDatabase(join(tmp.dir, 'metadata.db'), { durable: true });
  let sqlite: RoundCost;
  let manyTopics: RoundCost;
  let loopDelay: Awaited<ReturnType<typeof loopDelayAtFullSpeed>>;
  let readMs: number;
  let oneSampleMs: number;
  let dashboard: DashboardRead;
  try {
    const history = new SqliteMetricsHistory(db, METRICS_SAMPLE_INTERVAL_MS);
    sqlite = perRound(history, FEW_TOPICS);
    manyTopics = perRound(history, MANY_TOPICS);
    loopDelay = await loopDelayAtFullSpeed(history, MANY_TOPICS);
    // A full day's ring of one series, read back as a chart of the 24 h range asks for it.
    const dayStart = 1_800_000_000_000;
    const key = { metric: 'BytesInPerSec', scope: 'cluster' };
    let start = performance.now();
    for (let i = 0; i < 5_760; i++) history.append(dayStart + i * METRICS_SAMPLE_INTERVAL_MS, [{ ...key, value: i }]);
    oneSampleMs = (performance.now() - start) / 5_760;
    const dayEnd = dayStart + 5_760 * METRICS_SAMPLE_INTERVAL_MS;
    start = performance.now();
    for (let i = 0; i < 20; i++) history.points(key, dayStart, dayEnd, 360);
    readMs = (performance.now() - start) / 20;
    dashboard = await dashboardRead(db, history, dayStart, dayEnd);
  } finally {
    db.close();
    tmp.cleanup();
  }
  const partitions = FEW_TOPICS.topics * FEW_TOPICS.partitionsPerTopic;
  const what = `${partitions} partitions in ${FEW_TOPICS.topics} topics, RF ${BROKERS}, ${memory.metrics} MBeans, ${memory.samples} samples/round`;
  report({ name: `sample round, in-memory rings (${what})`, value: memory.wallMs, unit: 'ms/round', ...base });
  report({
    name: 'sample round into metadata.db (a transaction per slice, no own fsync)',
    value: sqlite.wallMs,
    unit: 'ms/round',
    ...base,
  });
  const perClusterSecond = (cost: RoundCost) => cost.cpuMs / (METRICS_SAMPLE_INTERVAL_MS / 1000);
  report({ name: 'sampling CPU per second of cluster time', value: perClusterSecond(sqlite), unit: 'CPU ms/s' });
  report({ name: 'sampling CPU at 60× (share of one core)', value: (perClusterSecond(sqlite) * 60) / 10, unit: '%' });
  report({ name: 'metadata.db append of a one-sample round', value: oneSampleMs, unit: 'ms/round' });
  report({ name: 'a 24 h series (5,760 samples) read as 360 chart points', value: readMs, unit: 'ms/read' });
  report({
    name: `longest event-loop block: the longest slice of a round into metadata.db (its read, or one of its ${sqlite.slicesPerRound} write slices)`,
    value: sqlite.longestSliceMs,
    unit: 'ms',
  });
  const many = `${partitions} partitions in ${MANY_TOPICS.topics} topics, ${manyTopics.samples} samples/round`;
  report({ name: `sample round into metadata.db (${many})`, value: manyTopics.wallMs, unit: 'ms/round', ...base });
  report({
    name: `sampling CPU per second of cluster time (${MANY_TOPICS.topics} topics)`,
    value: perClusterSecond(manyTopics),
    unit: 'CPU ms/s',
  });
  report({
    name: `longest slice of a round (${MANY_TOPICS.topics} topics: its read, or one of its ${manyTopics.slicesPerRound} write slices)`,
    value: manyTopics.longestSliceMs,
    unit: 'ms',
  });
  report({
    name: `event loop during ${loopDelay.rounds} rounds on the SystemTime at 100× (${MANY_TOPICS.topics} topics): p99 delay`,
    value: loopDelay.p99DelayMs,
    unit: 'ms',
  });
  report({ name: 'event loop during the same: longest block (monitorEventLoopDelay)', value: loopDelay.maxBlockMs, unit: 'ms' });
  const rows = `${DAY_SAMPLES} rows each`;
  report({
    name: `metrics.series, the overview's ${OVERVIEW_SERIES.length} series over 24 h at ${CHART_MAX_POINTS} points (the dashboard's)`,
    value: dashboard.chartMs,
    unit: 'ms',
    baseline: dashboard.sqliteMs,
    baselineName: `plain SQLite read of the same rows, ${rows}`,
  });
  report({
    name: `metrics.series, the same at ${MAX_SERIES_POINTS} points (the API's most)`,
    value: dashboard.fullMs,
    unit: 'ms',
    baseline: dashboard.sqliteMs,
    baselineName: 'same',
  });
}
