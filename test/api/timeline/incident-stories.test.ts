/**
 * The incident story of each operator action the API offers, on the manual clock (seeded): topic
 * creation, a reassignment through AlterPartitionReassignments, a controlled shutdown, a broker start,
 * a preferred election, a throttle set, a kill and its session expiry, an unclean election, a log dir
 * failure. Each asserts the story's steps and the durations they tell.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { IncidentDto } from '../../../src-main/api/contract';
import { durationText } from '../../../src-main/api/duration-text';
import { openIncidentWorkspace, type IncidentWorkspace } from './incident-workspace';

const SEED = 16;

describe('incident stories of the operator actions', () => {
  let w: IncidentWorkspace;
  /** The one incident of `kind` that started at or after `sinceMs`. */
  const incidentSince = async (kind: string, sinceMs: number): Promise<IncidentDto> => {
    const all = await w.cluster.incidents(sinceMs, w.time.nowMs());
    const found = all.filter((i) => i.kind === kind);
    expect(found.map((i) => i.title.en)).toHaveLength(1);
    return found[0];
  };
  const texts = (i: IncidentDto) => i.steps.map((s) => s.text.en);
  const after = (i: IncidentDto, step: number) => durationText(i.steps[step].timeMs - i.startMs);

  beforeAll(async () => {
    w = await openIncidentWorkspace(SEED);
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });
  const dump = () =>
    onTestFailed(async () => {
      console.error(`seed ${SEED}`);
      for (const i of await w.cluster.incidents(0, w.time.nowMs()))
        console.error([`${i.kind} ${i.startMs} ${i.endMs}: ${i.title.en}`, ...i.steps.map((s) => `  ${s.timeMs} ${s.text.en}`)].join('\n'));
    });

  it('topic created: the znode written, the controller assigns the replicas and elects leaders, every replica gets its log', async () => {
    dump();
    const at = w.time.nowMs();
    const created = w.ws.admin.createTopics(
      [
        { name: 'orders', numPartitions: 6, replicationFactor: 3, assignments: [], configs: {} },
        { name: 'ledger', numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: [1, 2] }], configs: {} },
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.advance(1000);
    expect((await created).map((r) => r.errorName)).toEqual(['NONE', 'NONE']);
    await w.advance(15_000);
    const all = (await w.cluster.incidents(at, w.time.nowMs())).filter((i) => i.kind === 'topic-created');
    expect(all.map((i) => i.title.en)).toEqual([
      'Topic orders created (6 partitions, 18 replicas)',
      'Topic ledger created (1 partition, 2 replicas)',
    ]);
    const [orders, ledger] = all;
    expect(texts(orders)).toEqual([
      'Topic orders created (/brokers/topics/orders written)',
      `The controller (broker 0) saw it after ${after(orders, 1).en}: 6 partitions, 18 replicas assigned`,
      expect.stringMatching(/^Leaders elected: (orders-\d → \d(, )?){6}$/),
      `Logs created for 18 of 18 replicas on brokers 0, 1, 2 (${after(orders, 3).en} after creation)`,
    ]);
    for (const p of w.facade.topics().find((t) => t.name === 'orders')!.partitions)
      expect(texts(orders)[2]).toContain(`orders-${p.topicPartition.partition} → ${p.leader}`);
    expect(texts(ledger)).toEqual([
      'Topic ledger created (/brokers/topics/ledger written)',
      `The controller (broker 0) saw it after ${after(ledger, 1).en}: 1 partition, 2 replicas assigned`,
      'Leaders elected: ledger-0 → 1',
      `Logs created for 2 of 2 replicas on brokers 1, 2 (${after(ledger, 3).en} after creation)`,
    ]);
    expect(ledger.title['zh-CN']).toBe('主题 ledger 已创建（1 个分区，2 个副本）');
    expect(orders.endMs).toBe(orders.steps[3].timeMs);
  });

  it('a reassignment through AlterPartitionReassignments: requested, replicas moving, each partition done, finished', async () => {
    dump();
    const at = w.time.nowMs();
    const result = await w.reassignments.execute(
      {
        partitions: [
          { topic: 'orders', partition: 0, replicas: [2, 0] },
          { topic: 'orders', partition: 1, replicas: [1, 2, 0] },
        ],
      },
      { throttleBytesPerSec: null },
    );
    expect(result.messages).toEqual(['Successfully started partition reassignments for orders-0,orders-1']);
    await w.advance(15_000);
    const r = await incidentSince('reassignment', at);
    const took = r.steps.at(-1)!.timeMs - r.startMs;
    expect(r.title.en).toBe(`Partition reassignment (2 partitions, took ${durationText(took).en})`);
    expect(texts(r)).toEqual([
      'AlterPartitionReassignments request: orders-0 → 2,0, orders-1 → 1,2,0',
      expect.stringMatching(/^Replicas moving: orders-0 [\d,]+ → 2,0, orders-1 [\d,]+ → 1,2,0$/),
      expect.stringMatching(/^ISR shrank: replica \d removed from orders-0 \[2,0\]$/),
      'Reassignment done for orders-0 [2,0], orders-1 [1,2,0]',
      `Reassignment finished after ${durationText(took).en}`,
    ]);
    expect(r.endMs).toBe(r.startMs + took);
  });

  it('a throttle set on broker 1: one incident, applied by every broker that reads the notification', async () => {
    dump();
    const at = w.time.nowMs();
    await w.brokers.alterConfigs(1, { 'leader.replication.throttled.rate': '1000' }, { validateOnly: false });
    await w.advance(15_000);
    const c = await incidentSince('config-changed', at);
    expect(c).toMatchObject({
      brokerId: 1,
      title: { en: 'Replication throttle changed on brokers/1', 'zh-CN': 'brokers/1 的复制限流已更改' },
    });
    expect(texts(c)).toEqual([`Applied by brokers 0, 1, 2 (${after(c, 0).en}): Map(leader.replication.throttled.rate -> 1000)`]);
  });

  let led: string[] = [];
  it('broker 1 stopped (controlled shutdown): leaders moved away first, then stopped, then dropped from the live brokers', async () => {
    dump();
    const at = w.time.nowMs();
    led = w.facade
      .topics()
      .flatMap((t) => t.partitions.filter((p) => p.leader === 1).map((p) => `${t.name}-${p.topicPartition.partition}`));
    expect(await w.settle(w.brokers.shutdown(1))).toEqual({ controlledShutdownSucceeded: true });
    await w.advance(15_000);
    const s = await incidentSince('broker-stopped', at);
    expect(s).toMatchObject({ brokerId: 1, title: { en: 'Broker 1 shut down' } });
    const steps = texts(s);
    expect(steps[0]).toBe('Broker 1 began a controlled shutdown: the controller moves its leaders away');
    expect(steps[1]).toMatch(/^New leaders: /);
    for (const p of led) expect(steps[1]).toContain(`${p} → `);
    const succeeded = steps.findIndex((x) => x.startsWith('Controlled shutdown succeeded'));
    expect(steps[succeeded]).toBe(
      `Controlled shutdown succeeded after ${after(s, succeeded).en}: the controller moved ${led.length} leaders away`,
    );
    expect(steps.slice(succeeded + 1, succeeded + 3)).toEqual([
      `Broker 1 stopped after ${after(s, succeeded + 1).en}`,
      'The controller (broker 0) removed broker 1 from the live brokers (/brokers/ids/1 deleted)',
    ]);
    expect((await w.cluster.incidents(at, w.time.nowMs())).filter((i) => i.kind === 'broker-failed')).toEqual([]);
  });

  it('broker 1 started: running, seen by the controller, its replicas back in the ISR, the recent config notifications replayed', async () => {
    dump();
    const at = w.time.nowMs();
    await w.settle(w.brokers.start(1));
    await w.advance(15_000);
    const s = await incidentSince('broker-started', at);
    const steps = texts(s);
    expect(steps[0]).toBe('Broker 1 starting');
    const running = steps.findIndex((x) => x.startsWith('Broker 1 is running'));
    expect(steps[running]).toBe(`Broker 1 is running (registered in ZooKeeper) after ${after(s, running).en}`);
    expect(steps).toContain('The controller (broker 0) saw broker 1 join');
    expect(steps).toContain(
      'Broker 1 applied the recent dynamic config changes: brokers/1: Map(leader.replication.throttled.rate -> 1000)',
    );
    expect(steps.at(-1)).toMatch(/^Broker 1 caught up and rejoined the ISR: /);
    expect(await w.cluster.incidents(at, w.time.nowMs())).toHaveLength(1);
  });

  it('a preferred election: started for the partitions broker 1 used to lead, each led by broker 1 again', async () => {
    dump();
    const at = w.time.nowMs();
    const results = await w.settle(w.elections.elect({ electionType: 'PREFERRED', scope: { kind: 'all' } }));
    expect(results.map((r) => `${r.topic}-${r.partition}`).sort()).toEqual([...led].sort());
    await w.advance(15_000);
    const e = await incidentSince('leader-election', at);
    expect(e.title).toEqual({
      en: 'Preferred leader election (AdminClientTriggered)',
      'zh-CN': '优先 leader 选举（AdminClientTriggered）',
    });
    expect(texts(e)).toEqual([`Election started for ${led.join(', ')}`, `New leaders: ${led.map((p) => `${p} → 1`).join(', ')}`]);
  });

  it('broker 2 killed: its session expires within zookeeper.session.timeout.ms, then the controller moves its leaders', async () => {
    dump();
    const at = w.time.nowMs();
    await w.brokers.kill(2);
    await w.advance(30_000);
    const k = await incidentSince('broker-killed', at);
    const steps = texts(k);
    const expiry = k.steps.findIndex((x) => x.text.en.startsWith('ZooKeeper session'));
    const expiredAfterMs = k.steps[expiry].timeMs - k.startMs;
    expect(expiredAfterMs).toBeGreaterThan(18_000 - 6_000);
    expect(expiredAfterMs).toBeLessThanOrEqual(18_000 + 2_000);
    expect(steps[expiry]).toMatch(
      new RegExp(`^ZooKeeper session 0x[0-9a-f]+ expired after ${durationText(expiredAfterMs).en} \\(zookeeper.session.timeout.ms\\)$`),
    );
    expect(steps[expiry + 1]).toBe('The controller (broker 0) handled the failure of broker 2');
    expect(steps.slice(expiry + 2).some((x) => x.startsWith('New leaders: '))).toBe(true);
    expect(k.endMs).toBe(k.steps.at(-1)!.timeMs);
  });

  it('an unclean election: ledger-0 offline with only broker 1 in its ISR, broker 2 made its leader out of the ISR', async () => {
    dump();
    await w.brokers.kill(1);
    await w.advance(30_000);
    await w.settle(w.brokers.start(2));
    await w.advance(15_000);
    expect(w.facade.topics().find((t) => t.name === 'ledger')!.partitions[0].leader).toBe(-1);
    const at = w.time.nowMs();
    const [result] = await w.settle(
      w.elections.elect({ electionType: 'UNCLEAN', scope: { kind: 'partition', topic: 'ledger', partition: 0 } }),
    );
    expect(result.error).toBe('NONE');
    await w.advance(15_000);
    const u = await incidentSince('unclean-election', at);
    expect(u.title).toEqual({
      en: 'Unclean leader election (AdminClientTriggered)',
      'zh-CN': '非干净 leader 选举（AdminClientTriggered）',
    });
    expect(texts(u)).toEqual([
      'Election started for ledger-0',
      'Unclean leaders (not from the ISR: records they lack are lost): ledger-0 → 2',
    ]);
    await w.settle(w.brokers.start(1));
    await w.advance(15_000);
  });

  it("a log dir failure on broker 2: its partitions there offline, the controller's handling, new leaders", async () => {
    dump();
    const at = w.time.nowMs();
    const dir = w.facade.broker(2)!.logDirs[1].path;
    const onDir = w.ws.cluster
      .broker(2)
      .logManager!.allLogs()
      .filter((l) => l.parentDir === dir)
      .map((l) => `${l.topicPartition.topic}-${l.topicPartition.partition}`);
    expect(onDir.length).toBeGreaterThan(0);
    await w.settle(w.brokers.failLogDir(2, dir));
    await w.advance(15_000);
    const f = await incidentSince('log-dir-failed', at);
    expect(f).toMatchObject({ brokerId: 2, title: { en: 'Log dir failed on broker 2', 'zh-CN': 'Broker 2 的日志目录故障' } });
    const steps = texts(f);
    expect(steps[0]).toMatch(new RegExp(`^${dir}[^ ]* failed: .* offline on broker 2$`));
    for (const p of onDir) expect(steps[0]).toContain(p);
    expect(steps[1]).toBe(`The controller (broker 0) handled the log dir failure of broker 2 after ${after(f, 1).en}`);
    expect(steps.slice(2).some((x) => x.startsWith('ISR shrank: replica 2 removed from '))).toBe(true);
  });
});
