/**
 * Moving a replica between the log dirs of its broker from the UI, over the real backend: the
 * broker's dirs with their replicas (size, offset lag, current or `-future`, as DescribeLogDirs
 * reports them), AlterReplicaLogDirs of one replica held back by
 * `replica.alter.log.dirs.io.max.bytes.per.second` so the `-future` log is seen lagging, the swap
 * once the throttle is lifted (the current log in the target dir, the old one `-delete`), and the
 * refusals in Kafka's words.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import type { BrokerReplicasDto } from '../../src-main/api/contract';
import { createBackend } from '../../src-main/app/create-backend';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const TOPIC = 'moving';

describe('replica moves between log dirs over the backend', () => {
  const tmp = makeTempDir('kafka-dojo-replica-moves-');
  let backend: DojoBackend;

  const replicaOf = (read: BrokerReplicasDto, isFuture: boolean) =>
    read.logDirs.flatMap((d) =>
      d.replicas.filter((r) => r.topic === TOPIC && r.isFuture === isFuture).map((r) => ({ dir: d.path, ...r })),
    )[0];
  const produce = async (from: number, count: number) => {
    for (let i = from; i < from + count; i++)
      await backend.api.messages.produce({ topic: TOPIC, partition: 0, key: null, value: `record-${i}-`.padEnd(500, '.'), acks: 1 });
  };

  beforeAll(async () => {
    backend = await createBackend({ dataDir: tmp.dir, kafkaListeners: false });
    await backend.api.workspaces.create({ name: 'moves', brokers: 2, racks: null, logDirsPerBroker: 2, brokerConfig: {} });
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
    await backend.api.topics.create(
      {
        name: TOPIC,
        partitions: null,
        replicationFactor: null,
        assignment: { kind: 'manual', assignment: [[0]] },
        configs: { 'segment.bytes': '4000', 'file.delete.delay.ms': '600000' },
      },
      { validateOnly: false },
    );
    await waitFor('a leader', async () => (await backend.api.topics.detail(TOPIC)).partitions[0]?.leader === 0);
    await produce(0, 40);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  it("lists each of broker 0's log dirs with the replicas it holds, their size and offset lag", async () => {
    const read = await backend.api.logDirs.replicas(0);
    expect(read.brokerId).toBe(0);
    expect(read.running).toBe(true);
    expect(read.logDirs.map((d) => [d.path.replace(/.*\//, ''), d.online])).toEqual([
      ['kafka-logs-0', true],
      ['kafka-logs-1', true],
    ]);
    const current = replicaOf(read, false);
    expect(current).toMatchObject({ topic: TOPIC, partition: 0, offsetLag: 0, isFuture: false });
    expect(current.sizeBytes).toBeGreaterThan(40 * 500);
    expect(replicaOf(read, true)).toBeUndefined();
  });

  it('refuses a dir outside log.dirs, a broker that does not exist and a partition the broker does not know, in Kafka words', async () => {
    const call = (move: { brokerId: number; topic: string; partition: number; logDir: string }) =>
      backend.api.logDirs.moveReplica(move).then(
        () => null,
        (e: { errorName?: string; message: string; field?: string }) => ({ name: e.errorName, message: e.message, field: e.field }),
      );
    expect(await call({ brokerId: 0, topic: TOPIC, partition: 0, logDir: `${tmp.dir}/elsewhere` })).toEqual({
      name: 'LOG_DIR_NOT_FOUND',
      message: `${TOPIC}-0 on broker 0: The user-specified log directory is not found in the broker config.`,
      field: 'logDir',
    });
    expect(await call({ brokerId: 9, topic: TOPIC, partition: 0, logDir: '/x' })).toEqual({
      name: 'INVALID_INPUT',
      message: 'There is no broker 9.',
      field: 'brokerId',
    });
    const dirs = (await backend.api.logDirs.replicas(1)).logDirs.map((d) => d.path);
    const refused = await call({ brokerId: 1, topic: TOPIC, partition: 0, logDir: dirs[1] });
    expect(['REPLICA_NOT_AVAILABLE', 'UNKNOWN_TOPIC_OR_PARTITION']).toContain(refused?.name);
    expect(refused?.field).toBe('partition');
  });

  it('moves the replica under a throttle: the -future log lags in the target dir, then the swap leaves the old dir -delete', async () => {
    const before = replicaOf(await backend.api.logDirs.replicas(0), false);
    const target = (await backend.api.logDirs.replicas(0)).logDirs.map((d) => d.path).find((p) => p !== before.dir)!;
    // 1 byte/s: after its first fetch the copy waits out the quota window, so the lag stays while we produce.
    await backend.api.brokers.alterConfigs(0, { 'replica.alter.log.dirs.io.max.bytes.per.second': '1' }, { validateOnly: false });
    await waitFor('the throttle on broker 0', async () =>
      (await backend.api.brokers.configs(0)).some((c) => c.name === 'replica.alter.log.dirs.io.max.bytes.per.second' && c.value === '1'),
    );

    const result = await backend.api.logDirs.moveReplica({ brokerId: 0, topic: TOPIC, partition: 0, logDir: target });
    expect(result).toEqual({
      brokerId: 0,
      topic: TOPIC,
      partition: 0,
      logDir: target,
      sourceDir: before.dir,
      sizeBytes: before.sizeBytes,
      alreadyThere: false,
    });
    // Records keep arriving after the copy's first fetch, which the quota then holds back.
    let produced = 40;
    await produce(produced, 20);
    produced += 20;
    const lagging = await waitFor('a lagging -future log', async () => {
      const future = replicaOf(await backend.api.logDirs.replicas(0), true);
      if (future && future.offsetLag > 0) return future;
      await produce(produced++, 1);
      return null;
    });
    expect(lagging.dir).toBe(target);
    expect(readdirSync(target).filter((n) => new RegExp(`^${TOPIC}-0\\.[0-9a-f]{32}-future$`).test(n))).toHaveLength(1);
    // Still the current log where it was, serving the producer.
    expect(replicaOf(await backend.api.logDirs.replicas(0), false).dir).toBe(before.dir);

    await backend.api.brokers.alterConfigs(0, {}, { validateOnly: false });
    const after = await waitFor(
      'the swap',
      async () => {
        const read = await backend.api.logDirs.replicas(0);
        return replicaOf(read, true) === undefined && replicaOf(read, false)?.dir === target ? read : null;
      },
      60_000,
    );
    expect(replicaOf(after, false).sizeBytes).toBeGreaterThan(produced * 500);
    expect(readdirSync(target)).toContain(`${TOPIC}-0`);
    expect(readdirSync(before.dir).filter((n) => n.startsWith(`${TOPIC}-0`))).toEqual([
      expect.stringMatching(new RegExp(`^${TOPIC}-0\\.[0-9a-f]{32}-delete$`)),
    ]);
    const read = await backend.api.messages.read({ topic: TOPIC, partition: 0, from: { kind: 'earliest' }, maxRecords: 1000 });
    expect(read.records).toHaveLength(produced);
  }, 90_000);

  it('answers a move to the dir the replica is already in as nothing to move', async () => {
    const current = replicaOf(await backend.api.logDirs.replicas(0), false);
    const result = await backend.api.logDirs.moveReplica({ brokerId: 0, topic: TOPIC, partition: 0, logDir: current.dir });
    expect(result).toMatchObject({ sourceDir: current.dir, logDir: current.dir, alreadyThere: true });
    expect(replicaOf(await backend.api.logDirs.replicas(0), true)).toBeUndefined();
  });
});
