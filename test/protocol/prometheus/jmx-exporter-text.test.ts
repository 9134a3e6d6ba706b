/**
 * The /metrics text: Kafka's MBeans named by the JMX exporter's kafka-2_0_0 rules, written in the
 * Prometheus text format and read back by an independent parser (parse-prometheus-text-format).
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from '../../../src-main/core/metrics/metrics-registry';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { KAFKA_2_0_0_RULES, matchSample } from '../../../src-main/protocol/prometheus/jmx-exporter-rules';
import { prometheusText } from '../../../src-main/protocol/prometheus/prometheus-text';

function brokerRegistry(time: ManualTime, seed: number): MetricsRegistry {
  const registry = new MetricsRegistry(time, new SeededRandom(seed));
  registry.newMeter('kafka.server', 'BrokerTopicMetrics', 'MessagesInPerSec', 'messages').mark(42);
  registry.newMeter('kafka.server', 'BrokerTopicMetrics', 'MessagesInPerSec', 'messages', [['topic', 'orders']]).mark(40);
  registry.newGauge('kafka.server', 'ReplicaManager', 'UnderReplicatedPartitions', () => 3);
  registry.newGauge('kafka.log', 'Log', 'Size', () => 1.5e7, [
    ['topic', 'orders'],
    ['partition', '0'],
  ]);
  const totalTime = registry.newHistogram('kafka.network', 'RequestMetrics', 'TotalTimeMs', [['request', 'Produce']]);
  for (const ms of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) totalTime.update(ms);
  registry.newTimer('kafka.controller', 'ControllerStats', 'LeaderElectionRateAndTimeMs').update(12);
  return registry;
}

describe('Prometheus text with the JMX exporter kafka-2_0_0 rules', () => {
  it('names meters, gauges and histograms as the exporter does', () => {
    expect(matchSample(KAFKA_2_0_0_RULES, 'kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec,topic=a.b', 'Count')).toMatchObject({
      name: 'kafka_server_brokertopicmetrics_bytesin_total',
      type: 'COUNTER',
      labels: [['topic', 'a.b']],
    });
    expect(matchSample(KAFKA_2_0_0_RULES, 'kafka.controller:type=KafkaController,name=ActiveControllerCount', 'Value')?.name).toBe(
      'kafka_controller_kafkacontroller_activecontrollercount',
    );
    // A meter's rates and a histogram's Min/Max/Mean match no rule: not exported.
    expect(matchSample(KAFKA_2_0_0_RULES, 'kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec', 'OneMinuteRate')).toBeNull();
    expect(matchSample(KAFKA_2_0_0_RULES, 'kafka.network:type=RequestMetrics,name=TotalTimeMs,request=Fetch', 'Mean')).toBeNull();
  });

  it('writes families with HELP and TYPE, a broker label per source, and Java-formatted values', () => {
    const time = new ManualTime();
    const text = prometheusText([
      { labels: [['broker', '1']], registry: brokerRegistry(time, 1) },
      { labels: [['broker', '2']], registry: brokerRegistry(time, 2) },
    ]);
    const lines = text.split('\n');
    expect(lines).toContain('# TYPE kafka_server_brokertopicmetrics_messagesin_total counter');
    expect(lines).toContain('kafka_server_brokertopicmetrics_messagesin_total{broker="1"} 42.0');
    expect(lines).toContain('kafka_server_brokertopicmetrics_messagesin_total{topic="orders",broker="2"} 40.0');
    expect(lines).toContain('kafka_server_replicamanager_underreplicatedpartitions{broker="1"} 3.0');
    expect(lines).toContain('kafka_log_log_size{topic="orders",partition="0",broker="1"} 1.5E7');
    expect(lines).toContain('kafka_network_requestmetrics_totaltimems{request="Produce",quantile="0.50",broker="1"} 5.5');
    expect(lines).toContain('kafka_network_requestmetrics_totaltimems{request="Produce",quantile="0.999",broker="1"} 10.0');
    expect(lines).toContain('kafka_network_requestmetrics_totaltimems_count{request="Produce",broker="2"} 10.0');
    expect(lines).toContain('kafka_controller_controllerstats_leaderelectionrateandtimems_count{broker="1"} 1.0');
    expect(lines).toContain(
      '# HELP kafka_server_replicamanager_underreplicatedpartitions Attribute exposed for management ' +
        '(kafka.server<type=ReplicaManager, name=UnderReplicatedPartitions><>Value)',
    );
    // One HELP/TYPE per family, whatever the number of brokers.
    expect(lines.filter((l) => l === '# TYPE kafka_log_log_size gauge')).toHaveLength(1);

    const families = parsePrometheusTextFormat(text);
    const byName = new Map(families.map((f) => [f.name, f]));
    expect(byName.get('kafka_server_brokertopicmetrics_messagesin_total')?.type).toBe('COUNTER');
    expect(byName.get('kafka_server_brokertopicmetrics_messagesin_total')?.metrics).toEqual([
      { value: '42.0', labels: { broker: '1' } },
      { value: '40.0', labels: { topic: 'orders', broker: '1' } },
      { value: '42.0', labels: { broker: '2' } },
      { value: '40.0', labels: { topic: 'orders', broker: '2' } },
    ]);
    expect(byName.get('kafka_log_log_size')?.metrics.map((s) => Number(s.value))).toEqual([1.5e7, 1.5e7]);
    // Every sample line belongs to a family the parser read.
    const sampleLines = lines.filter((l) => l !== '' && !l.startsWith('#'));
    expect(families.reduce((n, f) => n + f.metrics.length, 0)).toBe(sampleLines.length);
  });

  it('escapes label values and quotes MBean values JMX cannot hold bare', () => {
    const time = new ManualTime();
    const registry = new MetricsRegistry(time, new SeededRandom(3));
    registry.newGauge('kafka.server', 'FetcherLagMetrics', 'ConsumerLag', () => 7, [
      ['clientId', 'ReplicaFetcherThread-0-1'],
      ['topic', 'orders'],
      ['partition', '0'],
    ]);
    registry.newMeter('kafka.server', 'BrokerTopicMetrics', 'BytesOutPerSec', 'bytes', [['topic', 'a:b']]).mark(5);
    expect(registry.all()[1].name.mBeanName).toBe('kafka.server:type=BrokerTopicMetrics,name=BytesOutPerSec,topic="a:b"');
    const text = prometheusText([{ labels: [], registry }]);
    expect(text).toContain(
      'kafka_server_fetcherlagmetrics_consumerlag{clientId="ReplicaFetcherThread-0-1",topic="orders",partition="0"} 7.0',
    );
    expect(text).toContain('kafka_server_brokertopicmetrics_bytesout_total{topic="\\"a:b\\""} 5.0');
    const parsed = parsePrometheusTextFormat(text);
    expect(parsed.find((f) => f.name === 'kafka_server_brokertopicmetrics_bytesout_total')?.metrics[0].labels).toEqual({ topic: '"a:b"' });
  });
});
