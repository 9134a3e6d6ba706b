import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { createTopic } from '../support/deletion-support';
import { controllerEvents, drive, linesSince } from '../support/scenario';

/**
 * Brokers' ZooKeeper sessions expiring because their pings starved (a fast clock on a busy event
 * loop). Kafka 2.5: the ZooKeeperClient makes a new session and calls its state change handlers; the
 * controller's queues `Expire` (resign) before the new session and `RegisterBrokerAndReelect` after
 * it: `/brokers/ids/<id>` comes back with a new broker epoch, the `/controller` watch is re-armed and
 * the election runs again. Afterwards exactly one controller is active, on a live session, and it
 * still handles broker shutdowns and topic deletions.
 */
describe('session expiry under load', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  const BROKERS = [0, 1, 2];

  async function start(seed: number): Promise<ZnodeReader> {
    h = await ClusterHarness.create({ brokers: 3, seed });
    await createTopic(h, 'orders', [
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ]);
    await createTopic(h, 'audit', [[0, 1, 2]]);
    expect(h.cluster.activeController()?.config.brokerId, `seed ${seed}`).toBe(0);
    return ZnodeReader.open(h);
  }

  const isLive = (sessionId: bigint) => h.zkServer.sessionIds().includes(sessionId);

  /** The session events broker `id`'s controller took since `from`. */
  const sessionEvents = (id: number, from: number) =>
    controllerEvents(h, id, from).filter((e) => e === 'Expire' || e === 'RegisterBrokerAndReelect');

  /** Moves the clock until none of `sessions` is alive on the server (each expires within its 18 s timeout + tick). */
  async function untilExpired(sessions: bigint[]): Promise<void> {
    for (let waited = 0; sessions.some(isLive); waited += 1000) {
      if (waited > 60_000) throw new Error(`sessions still alive after 60 s of cluster time (seed ${h.seed})`);
      await h.advance(1000);
    }
    await h.advance(1000);
  }

  /** The server's session-expired events since `from`, as broker ids in the order they happened. */
  function expiredBrokers(from: number, sessionsByBroker: Map<bigint, number>): Array<{ brokerId: number; timeMs: number }> {
    return h.events
      .slice(from)
      .flatMap((e) =>
        e.kind === 'zookeeper' && e.event.kind === 'session-expired' && sessionsByBroker.has(e.event.sessionId)
          ? [{ brokerId: sessionsByBroker.get(e.event.sessionId) as number, timeMs: e.timeMs }]
          : [],
      );
  }

  /** Exactly one active controller, owning /controller through its live session; every broker agrees on it. */
  async function expectOneLiveController(zk: ZnodeReader, expired: bigint[]): Promise<number> {
    const why = `seed ${h.seed}`;
    const active = BROKERS.filter((id) => h.cluster.broker(id).controller?.isActive());
    expect(active, why).toHaveLength(1);
    const [cid] = active;
    const stat = await zk.zk.exists('/controller');
    expect(stat, why).not.toBeNull();
    expect(await zk.controllerId(), why).toBe(cid);
    const session = h.cluster.broker(cid).sessionId as bigint;
    expect(stat?.ephemeralOwner, why).toBe(session);
    expect(isLive(session), why).toBe(true);
    for (const id of BROKERS) {
      const sid = h.cluster.broker(id).sessionId as bigint;
      expect(expired, why).not.toContain(sid);
      expect(h.cluster.broker(id).controller?.activeController, why).toBe(cid);
      // Every broker watches /controller again on its new session.
      expect(h.zkServer.watchesOf(sid).data, why).toContain('/controller');
    }
    const controller = h.cluster.broker(cid).controller!;
    expect(controller.isIdle, why).toBe(true);
    expect(h.zkServer.watchesOf(session).child, why).toEqual(
      expect.arrayContaining([
        '/admin/delete_topics',
        '/brokers/ids',
        '/brokers/topics',
        '/isr_change_notification',
        '/log_dir_event_notification',
      ]),
    );
    // Every broker is registered by its live session, and the controller knows its new broker epoch.
    expect((await zk.children('/brokers/ids')).sort(), why).toEqual(['0', '1', '2']);
    for (const id of BROKERS) {
      const node = await zk.zk.exists(`/brokers/ids/${id}`);
      expect(node?.ephemeralOwner, why).toBe(h.cluster.broker(id).sessionId);
      expect(h.cluster.broker(id).brokerEpoch, why).toBe(node?.czxid);
      expect(controller.context.liveBrokerEpoch(id), why).toBe(node?.czxid);
    }
    return cid;
  }

  /** A new `/admin/delete_topics/<t>` marker is handled, then a broker's controlled shutdown. */
  async function expectClusterStillManaged(zk: ZnodeReader, cid: number): Promise<void> {
    const why = `seed ${h.seed}`;
    await zk.zk.create('/admin/delete_topics/audit', null);
    for (let waited = 0; await zk.exists('/brokers/topics/audit'); waited += 100) {
      if (waited > 30_000) throw new Error(`topic audit still there 30 s after its deletion marker (seed ${h.seed})`);
      await h.advance(100);
    }
    expect(await zk.exists('/admin/delete_topics/audit'), why).toBe(false);
    expect(await zk.exists('/config/topics/audit'), why).toBe(false);
    expect(h.cluster.broker(cid).controller?.context.allTopics.has('audit'), why).toBe(false);

    const target = cid === 2 ? 1 : 2;
    const result = await drive(h, h.cluster.shutdownBroker(target));
    expect(result, why).toEqual({ controlledShutdownSucceeded: true });
    expect((await zk.children('/brokers/ids')).sort(), why).toEqual(BROKERS.filter((id) => id !== target).map(String));
    expect([...h.cluster.broker(cid).controller!.context.liveOrShuttingDownBrokerIds].sort(), why).toEqual(
      BROKERS.filter((id) => id !== target),
    );
    for (const partition of [0, 1, 2]) {
      const state = await zk.state('orders', partition);
      expect(state.leader, `${why} orders-${partition}`).toBeGreaterThanOrEqual(0);
      expect(state.leader, `${why} orders-${partition}`).not.toBe(target);
      expect(state.isr, `${why} orders-${partition}`).not.toContain(target);
    }
  }

  it("the controller's own session expires: it resigns on Expire, another broker takes over, and it rejoins as a broker", async () => {
    const zk = await start(501);
    const epochBefore = Number(await zk.text('/controller_epoch'));
    const mark = h.events.length;
    const expired = h.starvePings([0]);
    await untilExpired(expired);

    expect(sessionEvents(0, mark), `seed ${h.seed}`).toEqual(['Expire', 'RegisterBrokerAndReelect']);
    expect(linesSince(h, mark, 'controller.log', 0), `seed ${h.seed}`).toEqual(expect.arrayContaining(['[Controller id=0] Resigned']));
    expect(
      linesSince(h, mark, 'server.log', 0).filter((l) => l.startsWith('[ZooKeeperClient Kafka server]')),
      `seed ${h.seed}`,
    ).toEqual([
      '[ZooKeeperClient Kafka server] Session expired.',
      '[ZooKeeperClient Kafka server] Initializing a new session to 127.0.0.1:2181.',
    ]);
    const cid = await expectOneLiveController(zk, expired);
    expect(cid, `seed ${h.seed}`).not.toBe(0);
    expect(Number(await zk.text('/controller_epoch')), `seed ${h.seed}`).toBe(epochBefore + 1);
    await expectClusterStillManaged(zk, cid);
  });

  it("a broker's session expires alone: its znode goes and comes back with a new epoch, the controller stays and handles both", async () => {
    const zk = await start(502);
    const mark = h.events.length;
    const epochBefore = h.cluster.broker(2).brokerEpoch;
    const expired = h.starvePings([2]);
    await untilExpired(expired);

    expect(sessionEvents(2, mark), `seed ${h.seed}`).toEqual(['Expire', 'RegisterBrokerAndReelect']);
    expect(controllerEvents(h, 0, mark).filter((e) => e === 'BrokerChange').length, `seed ${h.seed}`).toBeGreaterThanOrEqual(1);
    expect(h.cluster.broker(2).brokerEpoch, `seed ${h.seed}`).toBeGreaterThan(epochBefore);
    expect(await expectOneLiveController(zk, expired), `seed ${h.seed}`).toBe(0);
    await expectClusterStillManaged(zk, 0);
  });

  it('every session expires in the same tick: nobody is left believing it is active, one broker is elected on a new session', async () => {
    const zk = await start(503);
    const sessionsByBroker = new Map(BROKERS.map((id) => [h.cluster.broker(id).sessionId as bigint, id]));
    const mark = h.events.length;
    const expired = h.starvePings(BROKERS);
    await untilExpired(expired);

    const order = expiredBrokers(mark, sessionsByBroker);
    expect(order.map((e) => e.brokerId).sort(), `seed ${h.seed}`).toEqual(BROKERS);
    // The brokers started together, so their pings (and their expiries) are in step.
    expect(new Set(order.map((e) => e.timeMs)).size, `seed ${h.seed}`).toBe(1);
    for (const id of BROKERS)
      expect(sessionEvents(id, mark), `seed ${h.seed} broker ${id}`).toEqual(['Expire', 'RegisterBrokerAndReelect']);
    const cid = await expectOneLiveController(zk, expired);
    await expectClusterStillManaged(zk, cid);
  });

  it('pings starve for two minutes: sessions expire again and again, then the cluster converges on one live controller that does its work', async () => {
    const zk = await start(507);
    const mark = h.events.length;
    const expired: bigint[] = [];
    for (let t = 0; t < 120_000; t += 1000) {
      // Each new session starves as well, as long as the load lasts.
      for (const id of BROKERS) {
        const sid = h.cluster.broker(id).sessionId as bigint;
        if (!expired.includes(sid)) expired.push(...h.starvePings([id]));
      }
      await h.advance(1000);
    }
    await untilExpired(expired);
    await h.advance(10_000);

    const expiries = h.events.slice(mark).filter((e) => e.kind === 'zookeeper' && e.event.kind === 'session-expired');
    expect(expiries.length, `seed ${h.seed}`).toBeGreaterThanOrEqual(2 * BROKERS.length);
    for (const id of BROKERS) {
      const events = sessionEvents(id, mark);
      expect(events.length, `seed ${h.seed} broker ${id}`).toBeGreaterThanOrEqual(4);
      expect(events, `seed ${h.seed} broker ${id}`).toEqual(events.map((_, i) => (i % 2 === 0 ? 'Expire' : 'RegisterBrokerAndReelect')));
    }
    await expectClusterStillManaged(zk, await expectOneLiveController(zk, expired));
  });

  for (const [seed, order] of [
    [504, [0, 1, 2]],
    [505, [2, 1, 0]],
    [506, [1, 0, 2]],
  ] as const) {
    it(`sessions expire one after another (brokers ${order.join(', ')}): one live controller after each, and it still does its work`, async () => {
      const zk = await start(seed);
      const sessionsByBroker = new Map(BROKERS.map((id) => [h.cluster.broker(id).sessionId as bigint, id]));
      const mark = h.events.length;
      const expired: bigint[] = [];
      for (const id of order) {
        const starved = h.starvePings([id]);
        expired.push(...starved);
        await untilExpired(starved);
        await expectOneLiveController(zk, expired);
      }
      expect(
        expiredBrokers(mark, sessionsByBroker).map((e) => e.brokerId),
        `seed ${h.seed}`,
      ).toEqual([...order]);
      await expectClusterStillManaged(zk, await expectOneLiveController(zk, expired));
    });
  }
});
