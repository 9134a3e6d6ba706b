/**
 * The quotas page's service over the real backend: a client quota set and removed through
 * /config/clients/<c> (as kafka-configs --zookeeper --entity-type clients does), the entity listed
 * with its configs, and the refusals — no entity, an empty name, a value that is not a number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import { createBackend } from '../../src-main/app/create-backend';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

describe('QuotaService over the backend', () => {
  const tmp = makeTempDir('kafka-dojo-quotas-');
  let backend: DojoBackend;

  beforeAll(async () => {
    backend = await createBackend({ dataDir: tmp.dir, kafkaListeners: false });
    await backend.api.workspaces.create({ name: 'quotas', brokers: 1, racks: null, logDirsPerBroker: 1, brokerConfig: {} });
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
  }, 60_000);

  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  it('sets a producer quota on a client id, lists it under /config/clients, and removes it', async () => {
    expect((await backend.api.quotas.overview()).entities).toEqual([]);
    await backend.api.quotas.set({ user: null, clientId: 'billing' }, { producer_byte_rate: '1048576' });
    const entities = (await backend.api.quotas.overview()).entities;
    expect(entities).toHaveLength(1);
    expect(entities[0]).toMatchObject({ user: null, clientId: 'billing', configs: { producer_byte_rate: '1048576' } });
    expect(entities[0].path).toBe('clients/billing');
    await backend.api.quotas.remove({ user: null, clientId: 'billing' }, ['producer_byte_rate']);
    const after = (await backend.api.quotas.overview()).entities;
    expect(after.every((e) => e.configs.producer_byte_rate === undefined)).toBe(true);
  });

  it('alters in one write, as one kafka-configs --alter: a value added and another removed; refused whole when one is not set', async () => {
    const user = { user: 'alice', clientId: '<default>' };
    await backend.api.quotas.set(user, { producer_byte_rate: '1024', consumer_byte_rate: '2048' });
    await backend.api.quotas.alter(user, { request_percentage: '50.5' }, ['consumer_byte_rate']);
    const znode = await backend.api.zookeeper.get('/config/users/alice/clients/<default>');
    expect(JSON.parse(znode!.data!.text!)).toEqual({ version: 1, config: { producer_byte_rate: '1024', request_percentage: '50.5' } });
    await expect(backend.api.quotas.alter(user, { producer_byte_rate: '1' }, ['consumer_byte_rate'])).rejects.toMatchObject({
      errorName: 'INVALID_CONFIG',
      message: 'Invalid config(s): consumer_byte_rate',
    });
    const entity = (await backend.api.quotas.overview()).entities.find((e) => e.path === 'users/alice/clients/<default>');
    expect(entity?.configs).toEqual({ producer_byte_rate: '1024', request_percentage: '50.5' });
  });

  it('refuses an unnamed entity, an empty name and a rate that is not a number', async () => {
    await expect(backend.api.quotas.set({ user: null, clientId: null }, { producer_byte_rate: '1' })).rejects.toMatchObject({
      errorName: 'INVALID_REQUEST',
    });
    await expect(backend.api.quotas.set({ user: ' ', clientId: null }, { producer_byte_rate: '1' })).rejects.toMatchObject({
      errorName: 'INVALID_REQUEST',
    });
    await expect(backend.api.quotas.set({ user: null, clientId: 'billing' }, { producer_byte_rate: 'fast' })).rejects.toMatchObject({
      errorName: 'INVALID_CONFIG',
    });
    expect((await backend.api.quotas.overview()).entities.some((e) => e.configs.producer_byte_rate === 'fast')).toBe(false);
  });
});
