/**
 * The cluster facade over a workspace on the manual clock: snapshots are copies (changing one
 * changes nothing in the cluster, and the next read shows the cluster as it is), the controller's
 * view of topics and states, the broker actions as commands, and a started broker's parts as one
 * RunningBroker that exists exactly while the broker runs.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessCluster } from '../../../src-main/core/cluster/in-process-cluster';
import { Workspace } from '../../../src-main/core/cluster/workspace';
import { microtaskExecutor } from '../../../src-main/core/platform/executor';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { SqliteClusterDefinitionStore } from '../../../src-main/infra/sqlite-cluster-definition';
import { openSqliteDatabase } from '../../../src-main/infra/sqlite-database';
import { SqliteEventLog } from '../../../src-main/infra/sqlite-event-log';
import { SqliteZkPersistence } from '../../../src-main/infra/sqlite-zk-persistence';
import { makeTempDir } from '../../support/temp-dir';

const SEED = 1313;
const turn = () => new Promise<void>((r) => setImmediate(r));
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await turn();
};

async function openCluster(dir: string, time: ManualTime): Promise<{ workspace: Workspace; facade: InProcessCluster }> {
  mkdirSync(dir, { recursive: true });
  const db = openSqliteDatabase(join(dir, 'metadata.db'), { durable: false });
  const workspace = await Workspace.open({
    dir,
    fs: new NodeFileSystem(),
    time,
    random: new SeededRandom(SEED),
    executor: microtaskExecutor,
    zkPersistence: new SqliteZkPersistence(db, true),
    definitions: new SqliteClusterDefinitionStore(db),
    events: new SqliteEventLog(db),
  });
  await workspace.startAll();
  await turns(3);
  return {
    workspace,
    facade: new InProcessCluster(workspace, {
      time,
      clientsOf: (id) => ({ connections: id, requestsByApi: { Metadata: 1 }, connectionsByClient: [] }),
    }),
  };
}

describe(`InProcessCluster (seed ${SEED})`, () => {
  const tmp = makeTempDir('kafka-dojo-facade-');
  const opened: Workspace[] = [];
  afterEach(async () => {
    for (const w of opened.splice(0)) await w.close().catch(() => undefined);
  });

  it('answers with snapshots of the brokers and topics as the controller holds them, copies that changing does not touch the cluster', async () => {
    const time = new ManualTime(1_700_000_000_000);
    const { workspace, facade } = await openCluster(join(tmp.dir, 'snapshots'), time);
    opened.push(workspace);
    const created = facade.admin.createTopics([{ name: 'orders', numPartitions: 2, replicationFactor: 3, assignments: [], configs: {} }], {
      timeoutMs: 5000,
      validateOnly: false,
    });
    await turns(5);
    expect((await created)[0].errorName).toBe('NONE');

    const controller = facade.controller();
    expect(controller).not.toBeNull();
    const brokers = facade.brokers();
    expect(brokers.map((b) => [b.id, b.state, b.isRunning, b.isController])).toEqual(
      [0, 1, 2].map((id) => [id, 'RunningAsBroker', true, id === controller!.brokerId]),
    );
    expect(brokers.map((b) => b.hostedPartitions)).toEqual([2, 2, 2]);
    expect(brokers.reduce((n, b) => n + b.leaderPartitions, 0)).toBe(2);
    expect(brokers[1].clients).toEqual({ connections: 1, requestsByApi: { Metadata: 1 }, connectionsByClient: [] });
    expect(facade.broker(7)).toBeNull();

    const [orders] = facade.topics();
    expect(orders.name).toBe('orders');
    expect(orders.partitions.map((p) => [p.topicPartition.partition, p.replicas.length, p.isr.length])).toEqual([
      [0, 3, 3],
      [1, 3, 3],
    ]);
    const details = facade.partitionDetails(orders.partitions);
    expect(details.map((d) => d.state)).toEqual(['OnlinePartition', 'OnlinePartition']);
    expect(Object.values(details[0].replicaStates)).toEqual(['OnlineReplica', 'OnlineReplica', 'OnlineReplica']);
    expect(details[0].logEndOffset).toBe(0);

    // A snapshot is data: emptying its lists leaves the controller's assignment and the next read as they were.
    (orders.partitions[0].replicas as number[]).length = 0;
    (orders.partitions[0].isr as number[]).length = 0;
    const assignment = workspace.cluster.activeController()!.context.partitionFullReplicaAssignment({ topic: 'orders', partition: 0 });
    expect(assignment.replicas).toHaveLength(3);
    expect(facade.topics()[0].partitions[0].replicas).toHaveLength(3);
    expect(facade.topics()[0].partitions[0].isr).toHaveLength(3);
  });

  it('gives a started broker one RunningBroker, none of its parts null, and takes it away at a kill and a shutdown', async () => {
    const time = new ManualTime(1_700_000_000_000);
    const { workspace, facade } = await openCluster(join(tmp.dir, 'running'), time);
    opened.push(workspace);
    const broker = workspace.cluster.broker(1);
    const running = broker.running;
    expect(running).not.toBeNull();
    expect(running!.replicaManager).toBe(broker.replicaManager);
    expect(running!.logManager).toBe(broker.logManager);
    expect(running!.controller).toBe(broker.controller);
    expect(running!.groupCoordinator).toBe(broker.groupCoordinator);
    expect(running!.zk).toBe(broker.zk);
    expect(running!.sessionId).toBe(broker.sessionId);
    expect(running!.brokerEpoch).toBe(broker.brokerEpoch);
    expect(running!.clusterId).toBe(broker.clusterId);

    facade.killBroker(1);
    expect(broker.state).toBe('Killed');
    expect(broker.running).toBeNull();
    expect(facade.broker(1)).toMatchObject({ state: 'Killed', isRunning: false, hostedPartitions: 0, logManagerRunning: false });

    // A clean shutdown ends the session at once, so the broker can start again without waiting for its expiry.
    const stopping = facade.shutdownBroker(2, { controlled: false });
    await turns(10);
    expect(await stopping).toEqual({ controlledShutdownSucceeded: null });
    const stopped = workspace.cluster.broker(2);
    expect(stopped.running).toBeNull();
    expect(facade.broker(2)).toMatchObject({ state: 'NotRunning', isRunning: false });

    const before = facade.broker(2)!;
    const starting = facade.startBroker(2);
    await turns(10);
    await starting;
    expect(stopped.running).not.toBeNull();
    expect(stopped.running!.replicaManager).toBe(stopped.replicaManager);
    expect(facade.broker(2)).toMatchObject({ state: 'RunningAsBroker', isRunning: true, logManagerRunning: true });
    // The snapshot taken while it was stopped stays as it was.
    expect(before).toMatchObject({ state: 'NotRunning', isRunning: false });
  });
});
