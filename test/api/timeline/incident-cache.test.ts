/**
 * Incidents told incrementally give the answers of a grouping from scratch: over a seeded run of
 * random operator actions on a real workspace (the cluster service's cache, called at random
 * moments with random ranges), and over days of that run's facts replayed (the grouper fed in random
 * batches, forgetting what is older than it keeps).
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { StoredEvent } from '../../../src-main/core/cluster/event-log';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { groupIncidents, IncidentGrouper } from '../../../src-main/api/timeline/incident-grouping';
import { openIncidentWorkspace, type IncidentWorkspace } from './incident-workspace';

const SEED = 1616;
const ACTIONS = 18;
const HOUR_MS = 60 * 60_000;

describe('incidents told incrementally equal a grouping from scratch', () => {
  const random = new SeededRandom(SEED);
  let w: IncidentWorkspace;
  let facts: StoredEvent[] = [];
  let checks = 0;

  beforeAll(async () => {
    w = await openIncidentWorkspace(SEED);
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  const pick = <T>(items: readonly T[]): T => items[random.nextInt(items.length)];
  const expectCacheEqualsScratch = async (): Promise<void> => {
    const now = w.time.nowMs();
    const fromMs = random.nextInt(3) === 0 ? 0 : now - random.nextInt(10 * 60_000);
    const toMs = random.nextInt(2) === 0 ? now : fromMs + random.nextInt(5 * 60_000);
    const scratch = groupIncidents(w.ws.eventFacts(0), now).filter((i) => i.startMs >= fromMs && i.startMs <= toMs);
    expect(await w.cluster.incidents(fromMs, toMs)).toEqual(scratch);
    checks++;
  };

  it(`a seeded run of ${ACTIONS} random operator actions: the service's answers at random moments`, async () => {
    onTestFailed(() => console.error(`seed ${SEED}`));
    // The first call starts the cache from the beginning of the log, as later ones are compared.
    await expectCacheEqualsScratch();
    await w.settle(
      w.ws.admin.createTopics([{ name: 'orders', numPartitions: 6, replicationFactor: 3, assignments: [], configs: {} }], {
        timeoutMs: 5000,
        validateOnly: false,
      }),
    );
    const running = () =>
      w.facade
        .brokers()
        .filter((b) => b.state === 'RunningAsBroker')
        .map((b) => b.id);
    const stopped = () =>
      w.facade
        .brokers()
        .filter((b) => b.state === 'NotRunning')
        .map((b) => b.id);
    const actions: Array<() => Promise<unknown>> = [
      async () => running().length > 2 && w.brokers.kill(pick(running())),
      async () => running().length > 2 && w.settle(w.brokers.shutdown(pick(running()))),
      async () => stopped().length > 0 && w.settle(w.brokers.start(pick(stopped()))),
      async () => w.settle(w.elections.elect({ electionType: 'PREFERRED', scope: { kind: 'all' } })),
      async () => {
        const live = running();
        const replicas = live.filter(() => random.nextInt(3) > 0);
        if (replicas.length > 0)
          await w.settle(
            w.reassignments.execute(
              { partitions: [{ topic: 'orders', partition: random.nextInt(6), replicas }] },
              { throttleBytesPerSec: null },
            ),
          );
      },
      async () =>
        w.settle(
          w.ws.admin.createTopics(
            [{ name: `t${random.nextInt(4)}`, numPartitions: 2, replicationFactor: 1, assignments: [], configs: {} }],
            {
              timeoutMs: 5000,
              validateOnly: false,
            },
          ),
        ),
      async () => w.settle(w.ws.admin.deleteTopics([`t${random.nextInt(4)}`], 5000)),
      async () =>
        w.settle(
          w.brokers.alterConfigs(
            pick(running()),
            { 'leader.replication.throttled.rate': String(1000 * (1 + random.nextInt(9))) },
            { validateOnly: false },
          ),
        ),
    ];
    for (let i = 0; i < ACTIONS; i++) {
      await pick(actions)().catch(() => undefined);
      await w.advance(random.nextInt(25_000));
      if (random.nextInt(2) === 0) await expectCacheEqualsScratch();
    }
    await w.advance(30_000);
    await expectCacheEqualsScratch();
    facts = w.ws.eventFacts(0);
    const kinds = new Set(groupIncidents(facts, w.time.nowMs()).map((i) => i.kind));
    // The run told stories of several kinds (a run of nothing would prove nothing).
    expect(kinds.size).toBeGreaterThanOrEqual(5);
    expect(checks).toBeGreaterThan(5);
  }, 120_000);

  it('days of facts fed in random batches, old incidents forgotten: every range the grouper still holds is answered as from scratch', () => {
    onTestFailed(() => console.error(`seed ${SEED}`));
    expect(facts.length).toBeGreaterThan(100);
    // The run's facts again and again, hours apart, renumbered: three days of log.
    const spanMs = facts.at(-1)!.timeMs - facts[0].timeMs;
    const log: StoredEvent[] = [];
    let shiftMs = 0;
    while (log.length === 0 || log.at(-1)!.timeMs - log[0].timeMs < 72 * HOUR_MS) {
      for (const e of facts) log.push({ ...e, seq: log.length + 1, timeMs: e.timeMs + shiftMs });
      shiftMs += spanMs + random.nextInt(3 * HOUR_MS);
    }
    const grouper = new IncidentGrouper({ retainMs: 25 * HOUR_MS });
    let fed = 0;
    let compared = 0;
    while (fed < log.length) {
      const n = 1 + random.nextInt(150);
      grouper.add(log.slice(fed, fed + n));
      fed = Math.min(log.length, fed + n);
      if (random.nextInt(3) !== 0 && fed < log.length) continue;
      const now = log[fed - 1].timeMs + random.nextInt(20_000);
      const fromMs = Math.max(grouper.completeFromMs, now - random.nextInt(24 * HOUR_MS));
      const scratch = groupIncidents(log.slice(0, fed), now).filter((i) => i.startMs >= fromMs && i.startMs <= now);
      expect(grouper.snapshot(now, fromMs, now)).toEqual(scratch);
      compared++;
    }
    // It did forget (it is bounded) and was compared across the whole run.
    expect(grouper.completeFromMs).toBeGreaterThan(log[0].timeMs + 24 * HOUR_MS);
    expect(grouper.snapshot(log.at(-1)!.timeMs).length).toBeLessThan(groupIncidents(log, log.at(-1)!.timeMs).length);
    expect(compared).toBeGreaterThan(10);
  });
});
