/**
 * The cluster-wide default broker config (`/config/brokers/<default>`) through BrokerService over
 * the real backend: AlterConfigs of the default (brokerId null) written to the znode, described
 * as Kafka 2.5.1 describes the BROKER resource "" (only the keys it sets), and every broker then
 * reporting the value with source DYNAMIC_DEFAULT_BROKER_CONFIG unless it has its own
 * (DYNAMIC_BROKER_CONFIG wins); per-broker and static keys refused with AdminManager's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import type { BrokerConfigEntryDto } from '../../src-main/api/contract';
import { createBackend } from '../../src-main/app/create-backend';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const RETENTION = 'log.retention.ms';

describe('the cluster-wide default broker config over the backend', () => {
  const tmp = makeTempDir('kafka-dojo-default-config-');
  let backend: DojoBackend;

  beforeAll(async () => {
    backend = await createBackend({ dataDir: tmp.dir, kafkaListeners: false });
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  const entry = async (brokerId: number | null, name = RETENTION): Promise<BrokerConfigEntryDto | undefined> =>
    (await backend.api.brokers.configs(brokerId)).find((c) => c.name === name);
  const znode = async (entity: string): Promise<unknown> => {
    const text = (await backend.api.zookeeper.get(`/config/brokers/${entity}`))?.data?.text;
    return text ? JSON.parse(text) : null;
  };

  it('sets log.retention.ms as the default: the znode, the default’s describe, and every broker’s source', async () => {
    expect(await backend.api.brokers.configs(null)).toEqual([]);
    expect((await entry(1))?.source).toBe('DEFAULT_CONFIG');

    await backend.api.brokers.alterConfigs(null, { [RETENTION]: '3600000' }, { validateOnly: false });
    expect(await znode('<default>')).toEqual({ version: 1, config: { [RETENTION]: '3600000' } });
    const described = await waitFor('the default described', async () => {
      const all = await backend.api.brokers.configs(null);
      return all.length === 1 ? all : null;
    });
    expect(described[0]).toMatchObject({
      name: RETENTION,
      value: '3600000',
      source: 'DYNAMIC_DEFAULT_BROKER_CONFIG',
      readOnly: false,
      scope: 'cluster-wide',
      type: 'LONG',
    });
    expect(described[0].synonyms?.[0]).toEqual({ name: RETENTION, value: '3600000', source: 'DYNAMIC_DEFAULT_BROKER_CONFIG' });
    for (const id of [0, 1, 2]) {
      const applied = await waitFor(`broker ${id} applied the default`, async () => {
        const e = await entry(id);
        return e?.source === 'DYNAMIC_DEFAULT_BROKER_CONFIG' ? e : null;
      });
      expect(applied).toMatchObject({ value: '3600000' });
      expect(applied.synonyms?.map((s) => [s.name, s.value, s.source])).toEqual([
        [RETENTION, '3600000', 'DYNAMIC_DEFAULT_BROKER_CONFIG'],
        ['log.retention.hours', '168', 'DEFAULT_CONFIG'],
      ]);
    }
  });

  it('a broker’s own value wins over the default; the others keep the default', async () => {
    await backend.api.brokers.alterConfigs(0, { [RETENTION]: '120000' }, { validateOnly: false });
    const own = await waitFor('broker 0 applied its own value', async () => {
      const e = await entry(0);
      return e?.source === 'DYNAMIC_BROKER_CONFIG' ? e : null;
    });
    expect(own.value).toBe('120000');
    expect(own.synonyms?.map((s) => [s.value, s.source])).toEqual([
      ['120000', 'DYNAMIC_BROKER_CONFIG'],
      ['3600000', 'DYNAMIC_DEFAULT_BROKER_CONFIG'],
      ['168', 'DEFAULT_CONFIG'],
    ]);
    expect(await entry(1)).toMatchObject({ value: '3600000', source: 'DYNAMIC_DEFAULT_BROKER_CONFIG' });
    // The default's describe leaves the broker's own value out.
    expect(await entry(null)).toMatchObject({ value: '3600000', source: 'DYNAMIC_DEFAULT_BROKER_CONFIG' });
  });

  it('refuses a per-broker key and a static key at the default level in Kafka 2.5.1’s words, writing nothing', async () => {
    await expect(
      backend.api.brokers.alterConfigs(null, { 'advertised.listeners': 'PLAINTEXT://127.0.0.1:9092' }, { validateOnly: false }),
    ).rejects.toMatchObject({
      errorName: 'INVALID_REQUEST',
      message:
        "Invalid config value for resource ConfigResource(type=BROKER, name=''): Cannot update these configs at default cluster level, broker id must be specified: Set(advertised.listeners)",
    });
    await expect(backend.api.brokers.alterConfigs(null, { 'log.dirs': '/elsewhere' }, { validateOnly: false })).rejects.toMatchObject({
      errorName: 'INVALID_REQUEST',
      message:
        "Invalid config value for resource ConfigResource(type=BROKER, name=''): Cannot update these configs dynamically: Set(log.dirs)",
    });
    // The same per-broker key is accepted for one broker (validated only here).
    await backend.api.brokers.alterConfigs(1, { 'advertised.listeners': 'PLAINTEXT://127.0.0.1:9092' }, { validateOnly: true });
    expect(await znode('<default>')).toEqual({ version: 1, config: { [RETENTION]: '3600000' } });
  });

  it('clearing the default puts a broker without its own value back on DEFAULT_CONFIG', async () => {
    await backend.api.brokers.alterConfigs(null, {}, { validateOnly: false });
    expect(await znode('<default>')).toEqual({ version: 1, config: {} });
    await waitFor('broker 1 back on DEFAULT_CONFIG', async () => (await entry(1))?.source === 'DEFAULT_CONFIG');
    await waitFor('the default describes nothing', async () => (await backend.api.brokers.configs(null)).length === 0);
    expect(await entry(0)).toMatchObject({ value: '120000', source: 'DYNAMIC_BROKER_CONFIG' });
  });

  it('the default is described by a running broker, and refused when none runs', async () => {
    const { brokers } = await backend.api.cluster.overview();
    for (const b of brokers) await backend.api.brokers.kill(b.id);
    await expect(backend.api.brokers.configs(null)).rejects.toMatchObject({ errorName: 'BROKER_NOT_AVAILABLE' });
  });
});
