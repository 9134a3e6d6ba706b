import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logLineOf } from '../../src-main/core/cluster/cluster-events';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, dec, enc } from '../support/scenario';

/** Brokers added and removed at runtime, and a failed log dir (issue: the emulated cluster). */
describe('broker lifecycle: add, remove, failed log dir', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('a broker added and started at runtime is seen by the controller (BrokerChange) and gets the full metadata; a stopped broker can be removed', async () => {
    const seed = 301;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const zk = await h.session();
    await zk.create('/brokers/topics/t', enc('{"version":2,"partitions":{"0":[0,1]},"adding_replicas":{},"removing_replicas":{}}'));
    await h.settle();

    h.cluster.addBroker(h.definition(3));
    await h.cluster.startBroker(3);
    await h.settle();
    expect((await zk.getChildren('/brokers/ids')).children, `seed ${seed}`).toEqual(['0', '1', '2', '3']);
    const registration = JSON.parse(dec((await zk.getData('/brokers/ids/3')).data) as string) as { endpoints: string[]; version: number };
    expect(registration).toMatchObject({ endpoints: ['PLAINTEXT://localhost:9095'], version: 4 });
    expect(h.logLines('controller.log', 0)).toContain(
      '[Controller id=0] Newly added brokers: 3, deleted brokers: , bounced brokers: , all live brokers: 0,1,2,3',
    );
    expect(h.logLines('controller.log', 0)).toContain('[Controller id=0] New broker startup callback for 3');
    // The new broker's metadata cache holds every partition and every live broker.
    expect(h.cluster.broker(3).metadataCache.getPartitionInfo('t', 0)).toMatchObject({ leader: 0, isr: [0, 1] });
    expect(
      h.cluster
        .broker(3)
        .metadataCache.getAliveBrokers()
        .map((b) => b.id)
        .sort(),
    ).toEqual([0, 1, 2, 3]);
    // It writes meta.properties with the cluster id, as a real broker does on first start.
    const meta = new TextDecoder().decode(h.fs.readFile(join(h.logDir(3), 'meta.properties')));
    expect(meta).toMatch(new RegExp(`cluster.id=${h.cluster.broker(0).clusterId}\\nversion=0\\nbroker.id=3\\n`));

    expect(() => h.cluster.removeBroker(3)).toThrow(/running/);
    await h.cluster.shutdownBroker(3);
    await h.settle();
    h.cluster.removeBroker(3);
    expect(h.cluster.brokerIds()).toEqual([0, 1, 2]);
    expect((await zk.getChildren('/brokers/ids')).children).toEqual(['0', '1', '2']);
    // Its log dir stays on disk, as a decommissioned broker's disk would.
    expect(existsSync(join(h.logDir(3), 'meta.properties'))).toBe(true);
  });

  it('a broker whose meta.properties holds another broker.id fails its start as KafkaServer.startup does: the fatal line, then InconsistentBrokerIdException under it', async () => {
    const seed = 303;
    h = await ClusterHarness.create({ brokers: 2, seed });
    await h.cluster.shutdownBroker(1);
    await h.settle();
    const metaPath = join(h.logDir(1), 'meta.properties');
    const meta = new TextDecoder().decode(h.fs.readFile(metaPath));
    h.fs.writeFile(metaPath, new TextEncoder().encode(meta.replace('broker.id=1', 'broker.id=7')));

    await expect(h.cluster.startBroker(1), `seed ${seed}`).rejects.toThrow(/doesn't match stored broker.id 7/);
    const fatal = h.events
      .map(logLineOf)
      .find((e) => e?.brokerId === 1 && e.line.level === 'ERROR' && e.line.logger === 'kafka.server.KafkaServer');
    expect(fatal?.line.message).toBe('[KafkaServer id=1] Fatal error during KafkaServer startup. Prepare to shutdown');
    expect(fatal?.line.throwable).toBe(
      "kafka.common.InconsistentBrokerIdException: Configured broker.id 1 doesn't match stored broker.id 7 in meta.properties. If you moved your data, make sure your configured broker.id matches. If you intend to create a new broker, you should remove all data in your data directories (log.dirs).",
    );
    expect(h.cluster.broker(1).state).toBe('Failed');
  });

  it('a starting broker names the ZooKeeper it connects to as KafkaServer.startup does: its zookeeper.connect', async () => {
    const seed = 304;
    h = await ClusterHarness.create({ brokers: 1, seed, brokerConfig: { 'zookeeper.connect': '127.0.0.1:21810' } });
    expect(h.logLines('server.log', 0), `seed ${seed}`).toContain('[KafkaServer id=0] Connecting to zookeeper on 127.0.0.1:21810');
  });

  it('a failed log dir: its partitions go offline on that broker, the controller hears of it through /log_dir_event_notification and elects new leaders', async () => {
    const seed = 302;
    h = await ClusterHarness.create({ brokers: 3, seed, logDirsPerBroker: 2 });
    const admin = adminOf(h);
    const assignments = [
      { partitionIndex: 0, brokerIds: [1, 2] },
      { partitionIndex: 1, brokerIds: [1, 0] },
    ];
    const created = admin.createTopics([{ name: 'disk', numPartitions: -1, replicationFactor: -1, assignments, configs: {} }], {
      timeoutMs: 5000,
      validateOnly: false,
    });
    await h.settle();
    expect((await created)[0].errorName, `seed ${seed}`).toBe('NONE');
    // Broker 1 placed its two partitions in its two dirs (the one with fewest partitions first).
    const dirOf = (p: number) => h.cluster.broker(1).logManager!.getLog({ topic: 'disk', partition: p })!.parentDir;
    const failed = dirOf(0);
    expect(dirOf(1)).not.toBe(failed);

    const zk = await h.session();
    const mark = h.events.length;
    await h.cluster.failLogDir(1, failed);
    await h.settle();

    // The broker wrote the notification; the controller processed and deleted it.
    const notified = h
      .eventsOf('zookeeper')
      .filter(
        (e) => e.event.kind === 'txn' && e.event.op === 'create' && e.event.path?.startsWith('/log_dir_event_notification/log_dir_event_'),
      );
    expect(notified.length).toBe(1);
    expect((await zk.getChildren('/log_dir_event_notification')).children).toEqual([]);
    expect(h.logLines('controller.log', 0)).toContain('[Controller id=0] Handling log directory failure for brokers 1');
    // disk-0 (on the failed dir) answered KAFKA_STORAGE_ERROR: replica 1 is offline, broker 2 leads.
    const ctrl = h.cluster.activeController()!;
    expect(ctrl.context.isReplicaOnline(1, { topic: 'disk', partition: 0 })).toBe(false);
    expect(ctrl.context.isReplicaOnline(1, { topic: 'disk', partition: 1 })).toBe(true);
    const state0 = JSON.parse(dec((await zk.getData('/brokers/topics/disk/partitions/0/state')).data) as string) as {
      leader: number;
      isr: number[];
    };
    expect(state0.leader).toBe(2);
    expect(state0.isr).toEqual([2]);
    const state1 = JSON.parse(dec((await zk.getData('/brokers/topics/disk/partitions/1/state')).data) as string) as { leader: number };
    expect(state1.leader).toBe(1);
    expect(h.logLines('state-change.log', 0).some((l) => l.includes('Mark replicas disk-0 on broker 1 as offline'))).toBe(true);
    expect(h.cluster.broker(1).logManager!.offlineLogDirs).toEqual([failed]);
    expect(
      h.events
        .slice(mark)
        .some(
          (e) => e.kind === 'log' && e.brokerId === 1 && e.line.message.includes(`because they are in the failed log directory ${failed}`),
        ),
    ).toBe(true);

    // A new partition for broker 1 goes to the dir that is still online.
    const added = admin.createPartitions([{ topic: 'disk', count: 3, assignments: [[1, 0]] }], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    expect((await added)[0].errorName).toBe('NONE');
    expect(dirOf(2)).not.toBe(failed);
  });
});
