/**
 * Incidents told from a workspace's real event log on a manual clock: a broker killed (its session
 * expires after zookeeper.session.timeout.ms, the controller moves its leaders), the controller
 * killed (the controller moves), a topic deleted (its partitions counted, the time it took).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIncidents } from '../../../src-main/api/timeline/incident-grouping';
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

const turn = () => new Promise<void>((r) => setImmediate(r));
const time = new ManualTime(1_700_000_000_000);

async function advance(ms: number): Promise<void> {
  const target = time.nowMs() + ms;
  for (let next = time.nextDueMs(); next !== null && next <= target; next = time.nextDueMs()) {
    time.advanceTo(Math.max(next, time.nowMs()));
    for (let i = 0; i < 5; i++) await turn();
  }
  time.advanceTo(target);
  for (let i = 0; i < 5; i++) await turn();
}

describe('incidents of a workspace', () => {
  const tmp = makeTempDir('kafka-dojo-incidents-');
  let ws: Workspace;
  const incidents = () => groupIncidents(ws.eventFacts(0), time.nowMs());
  const eventAt = (seq: number) => ws.recentEvents(1, seq + 1)[0];

  beforeAll(async () => {
    const dir = join(tmp.dir, 'w');
    mkdirSync(dir, { recursive: true });
    const db = openSqliteDatabase(join(dir, 'metadata.db'), { durable: false });
    ws = await Workspace.open({
      dir,
      fs: new NodeFileSystem(),
      time,
      random: new SeededRandom(3),
      executor: microtaskExecutor,
      zkPersistence: new SqliteZkPersistence(db, true),
      definitions: new SqliteClusterDefinitionStore(db),
      events: new SqliteEventLog(db),
    });
    await ws.startAll();
    await advance(1000);
    const created = ws.admin.createTopics([{ name: 'orders', numPartitions: 6, replicationFactor: 3, assignments: [], configs: {} }], {
      timeoutMs: 5000,
      validateOnly: false,
    });
    await advance(1000);
    expect((await created)[0].errorName).toBe('NONE');
    await advance(10_000);
  }, 60_000);
  afterAll(async () => {
    await ws.close().catch(() => undefined);
    tmp.cleanup();
  });

  it('broker killed: unfolding until its session expires after zookeeper.session.timeout.ms, then the controller moves its leaders', async () => {
    const controller = ws.cluster.activeController()!;
    const victim = ws.cluster.brokerIds().find((id) => ws.cluster.broker(id).controller !== controller)!;
    const ledBefore = ws.cluster.broker(victim).replicaManager!;
    expect(ledBefore).not.toBeNull();
    const killedAt = time.nowMs();
    ws.cluster.killBroker(victim);
    await advance(5000);
    const early = incidents().filter((i) => i.kind === 'broker-killed');
    expect(early).toHaveLength(1);
    expect(early[0]).toMatchObject({ brokerId: victim, startMs: killedAt, endMs: null, title: { en: `Broker ${victim} killed` } });

    await advance(40_000);
    const [incident] = incidents().filter((i) => i.kind === 'broker-killed');
    const texts = incident.steps.map((s) => s.text.en);
    const expiry = incident.steps.find((s) => s.text.en.startsWith('ZooKeeper session'))!;
    const expiredAfterMs = expiry.timeMs - killedAt;
    // ZooKeeper expires sessions on its tick after the timeout (18 s is Kafka 2.5's default).
    expect(expiredAfterMs).toBeGreaterThanOrEqual(18_000);
    expect(expiredAfterMs).toBeLessThanOrEqual(18_000 + 2_000);
    expect(expiry.text.en).toContain(`after ${expiredAfterMs / 1000} s`);
    expect(expiry.text['zh-CN']).toContain(`${expiredAfterMs / 1000} 秒后过期`);
    expect(JSON.parse(eventAt(expiry.seq).json)).toMatchObject({ kind: 'zookeeper', event: { kind: 'session-expired' } });
    expect(texts).toContain(`The controller (broker ${controller.config.brokerId}) handled the failure of broker ${victim}`);
    // Every partition the victim led now has a new leader, and the story names them all.
    const leaders = texts.find((s) => s.startsWith('New leaders: '))!;
    const moved = ws.cluster
      .servingController()!
      .context.partitionsForTopic('orders')
      .filter((tp) => ws.cluster.servingController()!.context.partitionFullReplicaAssignment(tp).replicas[0] === victim)
      .map(
        (tp) => `orders-${tp.partition} → ${ws.cluster.servingController()!.context.partitionLeadershipInfo.get(tp)!.leaderAndIsr.leader}`,
      );
    expect(moved.length).toBeGreaterThan(0);
    for (const m of moved) expect(leaders).toContain(m);
    expect(texts.some((s) => s.startsWith(`ISR shrank: replica ${victim} removed from `))).toBe(true);
    expect(incident.endMs).toBe(incident.steps[incident.steps.length - 1].timeMs);
    // Steps in seq order, each pointing at an event of its time.
    for (const s of incident.steps) expect(eventAt(s.seq).timeMs).toBe(s.timeMs);
    expect(incidents()).toEqual(incidents());
    await ws.cluster.startBroker(victim);
    await advance(40_000);
  }, 60_000);

  it('controller killed: the controller moves to another broker, as its own incident and a step of the kill', async () => {
    const oldId = ws.cluster.activeController()!.config.brokerId;
    ws.cluster.killBroker(oldId);
    await advance(40_000);
    const newId = ws.cluster.activeController()!.config.brokerId;
    expect(newId).not.toBe(oldId);
    const moved = incidents().filter((i) => i.kind === 'controller-moved');
    expect(moved.at(-1)).toMatchObject({
      brokerId: newId,
      title: { en: `Controller moved from broker ${oldId} to broker ${newId}`, 'zh-CN': `控制器从 broker ${oldId} 迁移到 broker ${newId}` },
    });
    const kill = incidents().findLast((i) => i.kind === 'broker-killed')!;
    expect(kill.title.en).toBe(`Broker ${oldId} (the controller) killed`);
    // No failure callback follows a controller's death: its session's expiry is told before the new controller.
    const expiry = kill.steps.findIndex((st) => st.text.en.startsWith('ZooKeeper session 0x'));
    expect(kill.steps[expiry].text.en).toContain(`expired after ${(kill.steps[expiry].timeMs - kill.startMs) / 1000} s`);
    expect(kill.steps[expiry + 1].text.en).toBe(
      `Broker ${newId} elected as the controller, epoch ${ws.cluster.activeController()!.context.epoch}`,
    );
    expect(kill.endMs).not.toBeNull();
    expect(kill.steps.map((s) => s.text.en)).toContain(
      `Broker ${newId} elected as the controller, epoch ${ws.cluster.activeController()!.context.epoch}`,
    );
    await ws.cluster.startBroker(oldId);
    await advance(40_000);
  }, 60_000);

  it('topic deleted: requested, started, completed, with its partitions counted and the time it took', async () => {
    const requestedAt = time.nowMs();
    void ws.admin.deleteTopics(['orders'], 30_000);
    await advance(90_000);
    const [deleted] = incidents().filter((i) => i.kind === 'topic-deleted');
    // The admin client's request reaches ZooKeeper a moment after it is sent.
    expect(deleted.startMs).toBeGreaterThanOrEqual(requestedAt);
    expect(deleted.startMs - requestedAt).toBeLessThan(1000);
    const took = deleted.steps.at(-1)!.timeMs - deleted.startMs;
    expect(deleted.title.en).toMatch(/^Topic orders deleted \(6 partitions, took /);
    expect(deleted.steps.map((s) => s.text.en)).toEqual([
      'Deletion of orders requested (/admin/delete_topics/orders created)',
      'The controller started deleting orders',
      expect.stringMatching(/^Deletion of orders completed after /),
    ]);
    expect(deleted.endMs).toBe(deleted.startMs + took);
    expect(deleted.title.en).toContain(`took ${took < 1000 ? `${took} ms` : `${took / 1000} s`}`);
  }, 60_000);
});
