/**
 * What the API gives the views a new user found misleading, over the real backend: Kafka's own
 * refusals of 0 partitions, of a replication factor of 0 and of a '.'/'_' collision (never a count
 * silently made 1); a hand-written topic znode Kafka cannot read, with its complaint; and a killed
 * broker whose ZooKeeper session lives on, with what a countdown to the expiry needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import type { CreateTopicRequestDto } from '../../src-main/api/contract';
import { createBackend } from '../../src-main/app/create-backend';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const automatic = (name: string, partitions: number, replicationFactor: number): CreateTopicRequestDto => ({
  name,
  partitions,
  replicationFactor,
  assignment: { kind: 'automatic', rackAware: true },
  configs: {},
});

describe('the API behind the rough edges', () => {
  const tmp = makeTempDir('kafka-dojo-rough-edges-');
  let backend: DojoBackend;

  beforeAll(async () => {
    backend = await createBackend({ dataDir: tmp.dir, kafkaListeners: false });
    await backend.api.workspaces.create({ name: 'edges', brokers: 3, racks: null, logDirsPerBroker: 1, brokerConfig: {} });
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  it("refuses 0 partitions and a replication factor of 0 in Kafka's words, next to their fields", async () => {
    expect((await backend.api.topics.previewCreate(automatic('zero', 0, 1))).error).toEqual({
      name: 'INVALID_PARTITIONS',
      message: 'Number of partitions must be larger than 0.',
      // Kafka's own message: English in both languages.
      text: { en: 'Number of partitions must be larger than 0.', 'zh-CN': 'Number of partitions must be larger than 0.' },
      field: 'partitions',
    });
    expect((await backend.api.topics.previewCreate(automatic('zero', 1, 0))).error).toEqual({
      name: 'INVALID_REPLICATION_FACTOR',
      message: 'Replication factor must be larger than 0.',
      // Kafka's own message: English in both languages.
      text: { en: 'Replication factor must be larger than 0.', 'zh-CN': 'Replication factor must be larger than 0.' },
      field: 'replicationFactor',
    });
    expect((await backend.api.topics.create(automatic('zero', 0, 1), { validateOnly: false })).error?.name).toBe('INVALID_PARTITIONS');
    await expect(backend.api.topics.detail('zero')).rejects.toThrow('Topic zero does not exist.');
  });

  it("refuses a topic whose name collides with an existing one through '.' and '_', as Kafka does", async () => {
    expect((await backend.api.topics.create(automatic('a.b', 1, 1), { validateOnly: false })).error).toBeNull();
    expect((await backend.api.topics.previewCreate(automatic('a_b', 1, 1))).error).toEqual({
      name: 'INVALID_TOPIC_EXCEPTION',
      message: "Topic 'a_b' collides with existing topics: a.b",
      // Kafka's own message: English in both languages.
      text: { en: "Topic 'a_b' collides with existing topics: a.b", 'zh-CN': "Topic 'a_b' collides with existing topics: a.b" },
      field: 'name',
    });
  });

  it('a hand-written topic znode Kafka cannot read is listed with its complaint, not as a healthy topic', async () => {
    await backend.api.zookeeper.create({ path: '/brokers/topics/handmade', data: '{"version":1,"partitions":', mode: 'persistent' });
    const row = await waitFor('the topic listed', async () => (await backend.api.topics.list({ search: 'handmade' })).topics[0]);
    expect(row.partitions).toBe(0);
    expect(row.znodeProblem).toMatch(/^.*Not valid JSON.*Kafka reads it as a topic without partitions/);
    expect((await backend.api.topics.detail('handmade')).znodeProblem).toBe(row.znodeProblem);
    const fine = (await backend.api.topics.list({ search: 'a.b' })).topics[0];
    expect(fine.znodeProblem).toBeNull();
    expect((await backend.api.topics.detail('a.b')).znodeProblem).toBeNull();
  });

  it('a killed broker carries its kill time, session timeout and expiry until ZooKeeper expires its session', async () => {
    const before = (await backend.api.cluster.overview()).nowMs;
    const alive = (await backend.api.cluster.overview()).brokers.find((b) => b.id === 2)!;
    expect(alive.sessionExpiry).toBeNull();
    await backend.api.brokers.kill(2);
    const killed = (await backend.api.cluster.overview()).brokers.find((b) => b.id === 2)!;
    const expiry = killed.sessionExpiry!;
    expect(expiry.sessionTimeoutMs).toBe(18000);
    expect(expiry.killedAtMs).toBeGreaterThanOrEqual(before);
    // The last heartbeat came at most a tick before the kill; the tracker expires on tick boundaries.
    expect(expiry.expiresAtMs).toBeGreaterThan(expiry.killedAtMs);
    expect(expiry.expiresAtMs).toBeLessThanOrEqual(expiry.killedAtMs + expiry.sessionTimeoutMs + 2000);
    expect(expiry.expiresAtMs).toBeGreaterThanOrEqual(expiry.killedAtMs + expiry.sessionTimeoutMs - 2000);
    // Sped up, the session expires; then nothing is pending any more.
    await backend.api.cluster.setClockSpeed(100);
    await waitFor('the session expired', async () => {
      const b = (await backend.api.cluster.overview()).brokers.find((x) => x.id === 2)!;
      return b.sessionExpiry === null;
    });
    await backend.api.cluster.setClockSpeed(1);
  }, 60_000);
});
