/**
 * Dynamic broker configs seen by a real client: Debian's confluent-kafka-python 1.7.0 (librdkafka
 * 2.0.2) alters broker 0 over a cluster default set beforehand (AlterConfigs), has a static config refused in
 * Kafka 2.5.1's words, and describes broker 0 with the four sources and their synonyms.
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runClient } from '../../support/external-client';
import { PYTHON } from '../../support/kafka-python';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf } from '../../support/scenario';
import { describeBrokerConfig } from '../../../src-main/core/admin/broker-config-entries';

const SCRIPT = resolve(import.meta.dirname, '../../fixtures/confluent_kafka_client.py');

async function confluentMissing(): Promise<string | null> {
  const probe = await runClient(PYTHON, ['-c', 'import confluent_kafka']).catch((e: Error) => ({ code: 1, stderr: e.message }));
  return probe.code === 0
    ? null
    : `confluent_kafka is not importable by ${PYTHON}: install Debian's python3-confluent-kafka (.ci/run does)`;
}
const missing = await confluentMissing();
// Outside CI without the package: skip, saying why. In CI (which installs it) this fails instead.
const skip = missing !== null && !process.env.CI;
if (skip) console.warn(`confluent-kafka broker config tests skipped: ${missing}`);

interface Entry {
  value: string | null;
  source: string;
  read_only: boolean;
  sensitive: boolean;
  synonyms: Array<[string, string | null, string]>;
}

describe.skipIf(skip)('confluent-kafka-python: dynamic broker configs', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('alter_configs on broker 0, a static key refused; describe_configs shows DYNAMIC_BROKER_CONFIG, DYNAMIC_DEFAULT_BROKER_CONFIG, STATIC_BROKER_CONFIG and DEFAULT_CONFIG with synonyms', async () => {
    wire = await wireCluster({ seed: 1410, brokers: 2, brokerConfig: { 'log.retention.hours': '100', 'num.io.threads': '4' } });
    // librdkafka refuses a broker resource named "": the cluster default is set in-process first.
    expect((await adminOf(wire.h).alterBrokerConfig('', { 'log.retention.ms': '3600000' }, false)).errorName).toBe('NONE');
    const run = await runClient(PYTHON, [SCRIPT, 'broker-configs', wire.bootstrap]);
    expect(run.code, `${run.stderr} (seed ${wire.h.seed})`).toBe(0);
    const out = JSON.parse(run.stdout) as {
      alter_0: Record<string, [string, string] | null>;
      alter_static: Record<string, [string, string] | null>;
      broker0: Record<string, Entry>;
    };
    expect(out.alter_0).toEqual({ '0': null });
    expect(out.alter_static).toEqual({
      '0': [
        'INVALID_REQUEST',
        "Invalid config value for resource ConfigResource(type=BROKER, name='0'): Cannot update these configs dynamically: Set(log.dirs)",
      ],
    });
    const b = out.broker0;
    expect(b['log.retention.ms']).toEqual({
      value: '120000',
      source: 'DYNAMIC_BROKER_CONFIG',
      read_only: false,
      sensitive: false,
      // confluent-kafka keeps the synonyms in a dict by name: the last of each name stays, in first-seen order.
      synonyms: [
        ['log.retention.ms', '3600000', 'DYNAMIC_DEFAULT_BROKER_CONFIG'],
        ['log.retention.hours', '168', 'DEFAULT_CONFIG'],
      ],
    });
    // What the broker sent, in AdminManager.configSynonyms' order.
    const sent = describeBrokerConfig(wire.h.cluster.broker(0).dynamicConfig).find((e) => e.name === 'log.retention.ms');
    expect(sent?.synonyms).toEqual([
      { name: 'log.retention.ms', value: '120000', source: 'DYNAMIC_BROKER_CONFIG' },
      { name: 'log.retention.ms', value: '3600000', source: 'DYNAMIC_DEFAULT_BROKER_CONFIG' },
      { name: 'log.retention.hours', value: '100', source: 'STATIC_BROKER_CONFIG' },
      { name: 'log.retention.hours', value: '168', source: 'DEFAULT_CONFIG' },
    ]);
    // Synonyms before the key's own name are dropped: log.retention.hours lists only its own. Only
    // log.retention.ms is dynamic (DynamicLogConfig takes each topic config's first broker synonym).
    expect(b['log.retention.hours']).toEqual({
      value: '100',
      source: 'STATIC_BROKER_CONFIG',
      read_only: true,
      sensitive: false,
      synonyms: [['log.retention.hours', '168', 'DEFAULT_CONFIG']],
    });
    expect(b['num.io.threads']).toMatchObject({ value: '4', source: 'STATIC_BROKER_CONFIG', read_only: false });
    expect(b['broker.id']).toMatchObject({ value: '0', source: 'STATIC_BROKER_CONFIG', read_only: true });
    expect(b['log.segment.bytes']).toEqual({
      value: '1073741824',
      source: 'DEFAULT_CONFIG',
      read_only: false,
      sensitive: false,
      synonyms: [['log.segment.bytes', '1073741824', 'DEFAULT_CONFIG']],
    });
    // Broker 1 took the default, not broker 0's own value.
    expect(wire.h.cluster.broker(1).dynamicConfig.currentConfig.value('log.retention.ms')).toBe(3600000n);
  });
});
