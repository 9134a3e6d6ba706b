/**
 * The deletion monitor through the real backend pieces (workspace host, registry, services) over a
 * temp folder, on the app's real clock sped up 20× (so `file.delete.delay.ms` = 60 s takes 3 s):
 * deletions followed from the marker to gone, the reasons a deletion waits (D2, D5, D6), regex
 * deletion, and the history kept in the workspace event log across a restart.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src-main/api/backend';
import { BrokerServiceImpl } from '../../src-main/api/broker-service';
import { ClusterServiceImpl } from '../../src-main/api/cluster-service';
import type { TopicDeletionDto } from '../../src-main/api/deletion/deletion-contract';
import { DeletionServiceImpl } from '../../src-main/api/deletion/deletion-service';
import { TopicServiceImpl } from '../../src-main/api/topic-service';
import { WorkspaceHost } from '../../src-main/app/workspace-host';
import type { WorkspaceEntry } from '../../src-main/api/workspaces/workspace-store';
import { WorkspaceRegistry } from '../../src-main/app/workspace-registry';
import { defaultClusterDefinition, type ClusterDefinition } from '../../src-main/core/cluster/cluster-definition';
import { makeTempDir } from '../support/temp-dir';
import { waitFor as waitForWith } from '../support/wait-for';

const SPEED = 20;
const STAGES = [
  'marked',
  'picked-up',
  'partitions-offline',
  'stop-replica-sent',
  'replicas-deleted',
  'znodes-removed',
  'awaiting-file-delete',
  'gone',
];

/** This suite's backend runs at 20×: 30 s is plenty, polled every 25 ms. */
const waitFor = <T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) =>
  waitForWith(what, probe, timeoutMs, 25);

class Backend {
  readonly host = new WorkspaceHost();
  readonly deletions = new DeletionServiceImpl(this.host);
  readonly topics = new TopicServiceImpl(this.host);
  readonly brokers: BrokerServiceImpl;
  readonly cluster = new ClusterServiceImpl(this.host);

  constructor(readonly registry: WorkspaceRegistry) {
    this.brokers = new BrokerServiceImpl(this.host, registry);
  }

  async open(entry: WorkspaceEntry, definition?: ClusterDefinition): Promise<void> {
    await this.host.open(entry, this.registry.dirOf(entry.id), definition);
    await this.cluster.setClockSpeed(SPEED);
    await waitFor('a controller', async () => (await this.cluster.overview()).controllerId >= 0);
  }

  async createTopic(name: string, assignment: number[][]): Promise<void> {
    const created = await this.topics.create(
      { name, partitions: null, replicationFactor: null, assignment: { kind: 'manual', assignment }, configs: {} },
      { validateOnly: false },
    );
    expect(created.error).toBeNull();
    await waitFor(`${name} online`, async () =>
      (await this.topics.detail(name)).partitions.every((p) => p.state === 'OnlinePartition' && p.isr.length === p.replicas.length),
    );
  }

  /** Polls the deletion (`detail`, with its lists) until `check` holds; the overview must list it too. */
  async deletion(topic: string, check: (d: TopicDeletionDto) => boolean, what: string): Promise<TopicDeletionDto> {
    return waitFor(`${topic}: ${what}`, async () => {
      const listed = (await this.deletions.overview()).deletions.find((d) => d.topic === topic);
      const detail = await this.deletions.detail(topic).catch(() => null);
      return listed && detail && listed.stage === detail.stage && check(detail) ? detail : null;
    });
  }
}

describe('the deletion monitor over a real workspace (real clock at 20×, real files)', () => {
  const tmp = makeTempDir('kafka-dojo-deletions-');
  const registry = new WorkspaceRegistry(tmp.dir);
  let b: Backend;
  let main: WorkspaceEntry;
  let ordersDurationMs = 0;

  beforeAll(async () => {
    b = new Backend(registry);
    main = registry.create('dojo', Date.now(), 3);
    await b.open(main, defaultClusterDefinition('dojo'));
  }, 60_000);
  afterAll(async () => {
    await b?.host.close();
    tmp.cleanup();
  });

  it('D4 follows a deletion through every stage to gone: timeline, replica × state grid, the -delete dir countdown, a history entry with its duration', async () => {
    await b.createTopic('orders', [
      [0, 1],
      [1, 2],
    ]);
    await expect(b.deletions.delete({ topic: 'orders', confirmation: 'order' })).rejects.toMatchObject({
      errorName: 'INVALID_INPUT',
      field: 'confirmation',
    });
    expect(await b.deletions.delete({ topic: 'orders', confirmation: 'orders' })).toEqual([
      { topic: 'orders', error: 'NONE', message: 'Topic orders is marked for deletion.' },
    ]);

    const waiting = await b.deletion('orders', (d) => d.stage === 'awaiting-file-delete', 'the -delete dirs waiting');
    expect(waiting.blockers).toEqual([]);
    const listed = (await b.deletions.overview()).deletions.find((d) => d.topic === 'orders');
    expect(listed).toMatchObject({ replicas: [], deleteDirs: [], timeline: [], replicaStateCounts: { NonExistentReplica: 4 } });
    expect((listed?.deleteDirsPending ?? 0) + (listed?.deleteDirsRemoved ?? 0)).toBe(4);
    expect(waiting.deleteDirs.map((d) => [d.brokerId, d.partition])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 1],
    ]);
    for (const dir of waiting.deleteDirs) {
      expect(dir.path).toMatch(new RegExp(`/brokers/broker-${dir.brokerId}/kafka-logs/orders-${dir.partition}\\.[0-9a-f]{32}-delete$`));
      // Queued when renamed: removable file.delete.delay.ms (60 s) later (the rename's event is stamped a moment after).
      expect(dir.deleteAtMs - (dir.renamedAtMs ?? 0)).toBeLessThanOrEqual(60_000);
      expect(dir.deleteAtMs - (dir.renamedAtMs ?? 0)).toBeGreaterThan(50_000);
      expect(dir.brokerRunning).toBe(true);
      if (dir.removedAtMs === null) expect(existsSync(dir.path)).toBe(true);
    }

    const gone = await b.deletion('orders', (d) => d.stage === 'gone', 'gone');
    expect(gone.outcome).toBe('deleted');
    for (const dir of gone.deleteDirs) {
      expect(dir.removedAtMs).toBeGreaterThanOrEqual(dir.deleteAtMs);
      expect(existsSync(dir.path)).toBe(false);
    }
    expect(Object.keys(gone.stageTimesMs).sort()).toEqual([...STAGES].sort());
    const times = STAGES.map((s) => gone.stageTimesMs[s as keyof typeof gone.stageTimesMs] ?? -1);
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    const detail = await b.deletions.detail('orders');
    expect(detail.timeline.flatMap((e) => e.stages)).toEqual(STAGES);
    expect(detail.timeline.some((e) => e.summary.includes('Deletion of topic orders successfully completed'))).toBe(true);
    expect(detail.replicas.map((r) => `${r.partition}@${r.brokerId}`)).toEqual(['0@0', '0@1', '1@1', '1@2']);
    for (const r of detail.replicas) {
      expect(r.state).toBe('NonExistentReplica');
      expect(Object.keys(r.enteredMs)).toEqual(
        expect.arrayContaining(['OfflineReplica', 'ReplicaDeletionStarted', 'ReplicaDeletionSuccessful', 'NonExistentReplica']),
      );
      expect(r.enteredMs.ReplicaDeletionIneligible).toBeUndefined();
    }

    const [entry] = await b.deletions.history();
    expect(entry).toMatchObject({
      topic: 'orders',
      outcome: 'deleted',
      partitions: 2,
      replicas: 4,
      markedAtMs: gone.markedAtMs,
      goneAtMs: gone.stageTimesMs.gone,
    });
    expect(entry.durationMs).toBe((entry.goneAtMs ?? 0) - entry.markedAtMs);
    expect(entry.durationMs).toBeGreaterThanOrEqual(60_000);
    ordersDurationMs = entry.durationMs;
  });

  it('D5 a replica on a stopped broker: blocked, that broker named, ReplicaDeletionIneligible in the grid; starting the broker completes the deletion', async () => {
    await b.createTopic('events', [
      [1, 2],
      [2, 0],
    ]);
    await b.brokers.shutdown(2);
    await waitFor('broker 2 stopped', async () => (await b.cluster.overview()).brokers.find((x) => x.id === 2)?.state === 'NotRunning');
    await b.deletions.delete({ topic: 'events', confirmation: 'events' });

    // Kafka 2.5 marks broker 2's replicas ReplicaDeletionIneligible, then its retry (resumeDeletions) puts them
    // back to OfflineReplica; the wait covers both, since the monitor may be read between the two.
    const retriedOnTwo = (d: TopicDeletionDto) =>
      d.replicas
        .filter((r) => r.brokerId === 2)
        .every((r) => r.state === 'OfflineReplica' && (r.enteredMs.ReplicaDeletionIneligible ?? 0) > 0);
    const blocked = await b.deletion(
      'events',
      (d) =>
        d.ineligible && d.replicas.filter((r) => r.brokerId !== 2).every((r) => r.state === 'ReplicaDeletionSuccessful') && retriedOnTwo(d),
      'blocked by broker 2',
    );
    expect(blocked.blockers).toEqual([{ kind: 'broker-offline', brokerId: 2, brokerState: 'NotRunning', partitions: [0, 1] }]);
    expect(blocked.queued && blocked.started).toBe(true);
    expect(blocked.stage).toBe('stop-replica-sent');
    const onTwo = blocked.replicas.filter((r) => r.brokerId === 2);
    expect(onTwo.map((r) => r.partition)).toEqual([0, 1]);
    for (const r of onTwo) {
      expect(r.enteredMs.ReplicaDeletionIneligible).toBeGreaterThan(0);
      expect(r.state).toBe('OfflineReplica');
    }
    expect(blocked.deleteDirs.map((d) => d.brokerId)).toEqual([0, 1]);

    await b.brokers.start(2);
    const done = await b.deletion(
      'events',
      (d) => d.stage === 'awaiting-file-delete' || d.stage === 'gone',
      'deleted after broker 2 returned',
    );
    expect(done.blockers).toEqual([]);
    expect(done.outcome).toBe('deleted');
    const gone = await b.deletion('events', (d) => d.stage === 'gone', 'gone');
    expect(gone.deleteDirs.map((d) => d.brokerId)).toEqual([0, 1, 2, 2]);
    const entry = (await b.deletions.history()).find((h) => h.topic === 'events');
    expect(entry?.durationMs).toBe((entry?.goneAtMs ?? 0) - (entry?.markedAtMs ?? 0));
  });

  it('deletes every topic a pattern matches (TopicFilter: , → |), showing the matches first', async () => {
    await b.createTopic('rx-a', [[0]]);
    await b.createTopic('rx-b', [[1]]);
    await b.createTopic('rxother', [[2]]);
    expect(await b.deletions.match(' "rx-a,rx-b" ')).toEqual({
      regex: 'rx-a|rx-b',
      topics: ['rx-a', 'rx-b'],
      alreadyMarked: [],
      error: null,
    });
    const matched = await b.deletions.match('rx-.*');
    expect(matched.topics).toEqual(['rx-a', 'rx-b']);
    expect((await b.deletions.match('rx-(')).error?.name).toBe('INVALID_INPUT');
    await expect(b.deletions.delete({ pattern: 'nothing-.*', confirmation: 'nothing-.*' })).rejects.toThrow(
      "Topic 'nothing-.*' does not exist as expected",
    );
    await expect(b.deletions.delete({ pattern: 'rx-.*', confirmation: 'rx-' })).rejects.toBeInstanceOf(ApiError);
    const results = await b.deletions.delete({ pattern: 'rx-.*', confirmation: 'rx-.*' });
    expect(results.map((r) => [r.topic, r.error])).toEqual([
      ['rx-a', 'NONE'],
      ['rx-b', 'NONE'],
    ]);
    for (const t of ['rx-a', 'rx-b']) await b.deletion(t, (d) => d.stage === 'gone', 'gone');
    expect((await b.topics.list({ search: 'rx' })).topics.map((t) => t.name)).toEqual(['rxother']);
  });

  it('D6 a reassignment in progress holds the deletion, the reassignment named with its adding and removing replicas', async () => {
    await b.createTopic('moving', [[0, 1]]);
    await b.brokers.shutdown(2);
    await waitFor('broker 2 stopped', async () => (await b.cluster.overview()).brokers.find((x) => x.id === 2)?.state === 'NotRunning');
    // A reassignment written by hand to a broker that is down: it cannot complete.
    const zk = await b.host.zk();
    await zk.create(
      '/admin/reassign_partitions',
      new TextEncoder().encode('{"version":1,"partitions":[{"topic":"moving","partition":0,"replicas":[0,2]}]}'),
    );
    await waitFor('moving-0 being reassigned', async () => (await b.topics.detail('moving')).partitions[0].addingReplicas.length === 1);
    await b.deletions.delete({ topic: 'moving', confirmation: 'moving' });

    const held = await b.deletion(
      'moving',
      (d) => d.blockers.some((x) => x.kind === 'reassignment-in-progress'),
      'held by the reassignment',
    );
    expect(held.ineligible).toBe(true);
    expect(held.blockers).toEqual(
      expect.arrayContaining([
        { kind: 'reassignment-in-progress', partitions: [{ partition: 0, adding: [2], removing: [1] }] },
        { kind: 'broker-offline', brokerId: 2, brokerState: 'NotRunning', partitions: [0] },
      ]),
    );
    await b.brokers.start(2);
    await b.deletion('moving', (d) => d.stage === 'awaiting-file-delete' || d.stage === 'gone', 'deleted once broker 2 returned');
  });

  it('keeps the history in the workspace event log: a restart shows the same finished deletions', async () => {
    const before = await b.deletions.history();
    expect(before.map((h) => h.topic)).toEqual(expect.arrayContaining(['orders', 'events', 'rx-a', 'rx-b']));
    await b.host.close();
    b = new Backend(registry);
    await b.open(main);
    const after = await b.deletions.history();
    const orders = after.find((h) => h.topic === 'orders');
    expect(orders?.durationMs).toBe(ordersDurationMs);
    expect(after.find((h) => h.topic === 'events')).toEqual(before.find((h) => h.topic === 'events'));
  });

  it('a replica in a failed log dir of a live broker: blocked, the broker and its failed dir named', async () => {
    const entry = registry.create('two-dirs', Date.now(), 3);
    const definition = defaultClusterDefinition('two-dirs');
    await b.open(entry, { ...definition, brokers: definition.brokers.map((x) => ({ ...x, logDirs: ['kafka-logs-0', 'kafka-logs-1'] })) });
    await b.createTopic('disk', [[0, 1]]);
    const broker1 = (await b.cluster.overview()).brokers.find((x) => x.id === 1);
    const dir = broker1?.logDirs.find((d) => d.partitions > 0)?.path ?? '';
    await b.brokers.failLogDir(1, dir);
    await waitFor(
      'the failed dir offline',
      async () => (await b.cluster.overview()).brokers.find((x) => x.id === 1)?.logDirs.find((d) => d.path === dir)?.online === false,
    );
    await b.deletions.delete({ topic: 'disk', confirmation: 'disk' });
    const held = await b.deletion('disk', (d) => d.ineligible && d.blockers.length > 0, 'held by the failed dir');
    expect(held.blockers).toEqual([{ kind: 'log-dir-offline', brokerId: 1, partitions: [0], offlineLogDirs: [dir] }]);
    expect(held.replicas.find((r) => r.brokerId === 1)?.enteredMs.ReplicaDeletionIneligible).toBeGreaterThan(0);
  });

  it('D2 delete.topic.enable=false: the request is refused in Kafka’s words, the reason shown, and a hand-written marker is removed without deleting', async () => {
    const entry = registry.create('no-delete', Date.now(), 3);
    await b.open(entry, { ...defaultClusterDefinition('no-delete'), brokerDefaults: { 'delete.topic.enable': 'false' } });
    await b.createTopic('kept', [[0]]);
    await expect(b.deletions.delete({ topic: 'kept', confirmation: 'kept' })).rejects.toMatchObject({
      errorName: 'TOPIC_DELETION_DISABLED',
      message: 'Topic deletion is disabled.',
    });
    const overview = await b.deletions.overview();
    expect(overview.deleteTopicEnable).toBe(false);
    const zk = await b.host.zk();
    await zk.create('/admin/delete_topics/kept', null);
    const entryKept = await waitFor('the marker removed', async () => (await b.deletions.history()).find((h) => h.topic === 'kept'));
    expect(entryKept).toMatchObject({ outcome: 'marker-removed-disabled', goneAtMs: null });
    expect((await b.topics.detail('kept')).partitions).toHaveLength(1);
    const detail = await b.deletions.detail('kept');
    expect(detail.timeline.some((e) => e.summary.includes('Removing Set(kept) since delete topic is disabled'))).toBe(true);
  });
});
