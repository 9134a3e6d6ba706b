/**
 * The metrics sampler's cost per round with 10,000 partitions: three brokers' registries filled as
 * Kafka 2.5 fills them for 100 topics of 100 partitions at RF 3 (each replica's four `kafka.log`
 * Log gauges, each broker's per-topic and all-topics BrokerTopicMetrics meters, ReplicaManager,
 * KafkaController, ControllerStats and RequestMetrics) — a registry filled by hand, not a cluster
 * of 10,000 partitions, which takes minutes to build. The gauges read a number, as a log's size is
 * a field; the meters carry traffic marked between rounds.
 *
 * Figures: one round into the in-memory rings, one round into `metadata.db` (durable, as the app
 * opens it), and the CPU that is per second of cluster time (a round every 15 s). Baseline: the
 * floor of any reader of the registries — a walk over every registered metric.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { MetricsRegistry } from '../src-main/core/metrics/metrics-registry';
import { InMemoryMetricsHistory } from '../src-main/core/metrics-history/in-memory-metrics-history';
import type { MetricsHistoryStore } from '../src-main/core/metrics-history/metrics-history-store';
import { METRICS_SAMPLE_INTERVAL_MS, MetricsSampler, type BrokerRegistry } from '../src-main/core/metrics-history/metrics-sampler';
import { ManualTime } from '../src-main/core/platform/manual-time';
import { SeededRandom } from '../src-main/core/platform/random';
import { openSqliteDatabase } from '../src-main/infra/sqlite-database';
import { SqliteMetricsHistory } from '../src-main/infra/sqlite-metrics-history';
import { tempDir, type Figure } from './bench-support';

const TOPICS = 100;
const PARTITIONS_PER_TOPIC = 100;
const BROKERS = 3;
const ROUNDS = Number(process.env.METRICS_BENCH_ROUNDS ?? 40);

function filledRegistries(time: ManualTime): BrokerRegistry[] {
  const out: BrokerRegistry[] = [];
  for (let b = 0; b < BROKERS; b++) {
    const r = new MetricsRegistry(time, new SeededRandom(b));
    for (const name of ['MessagesInPerSec', 'BytesInPerSec', 'BytesOutPerSec', 'TotalProduceRequestsPerSec', 'TotalFetchRequestsPerSec'])
      r.newMeter('kafka.server', 'BrokerTopicMetrics', name, 'events');
    for (const name of ['UnderReplicatedPartitions', 'PartitionCount', 'LeaderCount', 'OfflineReplicaCount'])
      r.newGauge('kafka.server', 'ReplicaManager', name, () => 1);
    r.newMeter('kafka.server', 'ReplicaManager', 'IsrShrinksPerSec', 'shrinks');
    r.newMeter('kafka.server', 'ReplicaManager', 'IsrExpandsPerSec', 'expands');
    for (const name of ['ActiveControllerCount', 'OfflinePartitionsCount', 'GlobalTopicCount', 'GlobalPartitionCount'])
      r.newGauge('kafka.controller', 'KafkaController', name, () => (b === 0 ? 1 : 0));
    r.newTimer('kafka.controller', 'ControllerStats', 'LeaderElectionRateAndTimeMs');
    r.newGauge('kafka.server', 'ReplicaFetcherManager', 'MaxLag', () => 0, [['clientId', 'Replica']]);
    for (const api of ['Produce', 'Fetch', 'Metadata', 'OffsetCommit', 'Heartbeat'])
      r.newMeter('kafka.network', 'RequestMetrics', 'RequestsPerSec', 'requests', [
        ['request', api],
        ['version', '8'],
      ]);
    for (let t = 0; t < TOPICS; t++) {
      const topic = `topic-${t}`;
      for (const name of ['MessagesInPerSec', 'BytesInPerSec', 'BytesOutPerSec', 'TotalProduceRequestsPerSec', 'TotalFetchRequestsPerSec'])
        r.newMeter('kafka.server', 'BrokerTopicMetrics', name, 'events', [['topic', topic]]);
      for (let p = 0; p < PARTITIONS_PER_TOPIC; p++) {
        const tags: Array<[string, string]> = [
          ['topic', topic],
          ['partition', String(p)],
        ];
        const size = 1_000_000 + p;
        for (const name of ['NumLogSegments', 'LogStartOffset', 'LogEndOffset', 'Size'])
          r.newGauge('kafka.log', 'Log', name, () => size, tags);
      }
    }
    out.push({ brokerId: b, registry: r });
  }
  return out;
}

function traffic(registries: readonly BrokerRegistry[]): void {
  for (const { registry } of registries) {
    for (const { name, metric } of registry.all()) if (metric.kind === 'meter' && name.type !== 'Log') metric.mark(100);
  }
}

/** Milliseconds (wall and CPU) per round, over ROUNDS rounds after a warm-up. */
function perRound(store: MetricsHistoryStore): { wallMs: number; cpuMs: number; samples: number; metrics: number } {
  const time = new ManualTime(1_700_000_000_000);
  const registries = filledRegistries(time);
  const sampler = new MetricsSampler(time, { registries: () => registries, groupLags: () => [] }, store);
  sampler.sampleRound();
  let samples = 0;
  for (let i = 0; i < 5; i++) {
    time.advance(METRICS_SAMPLE_INTERVAL_MS);
    sampler.sampleRound();
  }
  let wallMs = 0;
  let cpuUs = 0;
  for (let i = 0; i < ROUNDS; i++) {
    traffic(registries);
    time.advance(METRICS_SAMPLE_INTERVAL_MS);
    const cpu = process.cpuUsage();
    const start = performance.now();
    samples = sampler.sampleRound().length;
    wallMs += performance.now() - start;
    const used = process.cpuUsage(cpu);
    cpuUs += used.user + used.system;
  }
  const metrics = registries.reduce((n, r) => n + r.registry.all().length, 0);
  return { wallMs: wallMs / ROUNDS, cpuMs: cpuUs / 1000 / ROUNDS, samples, metrics };
}

function baselineWalk(): number {
  const time = new ManualTime(1_700_000_000_000);
  const registries = filledRegistries(time);
  let kinds = 0;
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    for (const { registry } of registries) for (const { metric } of registry.all()) if (metric.kind === 'gauge') kinds++;
  }
  if (kinds === 0) throw new Error('no gauges walked');
  return (performance.now() - start) / ROUNDS;
}

export async function metricsSamplingBench(report: (f: Figure) => void): Promise<void> {
  const baseline = baselineWalk();
  const base = { baseline, baselineName: 'a walk over every registered metric' };
  const memory = perRound(new InMemoryMetricsHistory(METRICS_SAMPLE_INTERVAL_MS, 5_760));
  const tmp = tempDir('kafka-dojo-metrics-bench-');
  const db = openSqliteDatabase(join(tmp.dir, 'metadata.db'), { durable: true });
  let sqlite: ReturnType<typeof perRound>;
  let readMs: number;
  let oneSampleMs: number;
  try {
    const history = new SqliteMetricsHistory(db, METRICS_SAMPLE_INTERVAL_MS);
    sqlite = perRound(history);
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
  } finally {
    db.close();
    tmp.cleanup();
  }
  const what = `${TOPICS * PARTITIONS_PER_TOPIC} partitions, RF ${BROKERS}, ${memory.metrics} MBeans, ${memory.samples} samples/round`;
  report({ name: `sample round, in-memory rings (${what})`, value: memory.wallMs, unit: 'ms/round', ...base });
  report({ name: 'sample round into metadata.db (one transaction, no own fsync)', value: sqlite.wallMs, unit: 'ms/round', ...base });
  const perClusterSecond = sqlite.cpuMs / (METRICS_SAMPLE_INTERVAL_MS / 1000);
  report({ name: 'sampling CPU per second of cluster time', value: perClusterSecond, unit: 'CPU ms/s' });
  report({ name: 'sampling CPU at 60× (share of one core)', value: (perClusterSecond * 60) / 10, unit: '%' });
  report({ name: 'metadata.db append of a one-sample round', value: oneSampleMs, unit: 'ms/round' });
  report({ name: 'a 24 h series (5,760 samples) read as 360 chart points', value: readMs, unit: 'ms/read' });
}
