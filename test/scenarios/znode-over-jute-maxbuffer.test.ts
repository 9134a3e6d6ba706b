import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import { KafkaZkClient } from '../../src-main/core/kafka-zk/kafka-zk-client';
import { KafkaZooKeeperClient } from '../../src-main/core/kafka-zk/kafka-zookeeper-client';
import { adminOf, CREATE, dec, mark, topic } from '../support/scenario';

/**
 * The classic incident: a znode whose write is longer than jute.maxbuffer. ZooKeeper closes the
 * connection at the length prefix; the Java client reports CONNECTIONLOSS and reconnects to the
 * same session; Kafka's KafkaZkClient waits until connected and sends the same request again —
 * for ever. The rest of the cluster goes on.
 */
/**
 * Moves the clock in 100 ms steps, letting the work each step causes run. Not `h.advance`: that
 * settles to quiescence after each task, and a controller or config manager whose request is
 * caught by a dropped connection is busy until the reconnect, which only the clock brings.
 */
async function run(h: ClusterHarness, ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 100) {
    h.time.advance(100);
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await h.zkServer.whenIdle();
    }
  }
}

function closedConnections(h: ClusterHarness) {
  return h.eventsOf('zookeeper').flatMap((e) => (e.event.kind === 'connection-closed' ? [e.event] : []));
}

describe('a znode write longer than jute.maxbuffer', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('makes the controller broker (which CreateTopics goes to in Kafka 2.5) retry the write for ever, its session never expiring', async () => {
    const seed = 311;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const zk = await h.session();
    const controllerSession = h.cluster.broker(0).sessionId;
    const start = mark(h);

    // 100,000 single-replica partitions: about 1.2 MB of assignment JSON.
    let outcome = 'pending';
    void adminOf(h)
      .createTopics([topic('huge', { partitions: 100_000, rf: 1 })], CREATE)
      .then(
        (r) => (outcome = `answered ${JSON.stringify(r)}`),
        (e: unknown) => (outcome = `failed ${String(e)}`),
      );
    await run(h, 20_000);

    const closed = closedConnections(h).slice();
    // One refused packet a reconnect (1 s on the manual clock) for as long as the clock runs.
    expect(closed.length, m).toBeGreaterThanOrEqual(15);
    expect(new Set(closed.map((e) => e.sessionId)), m).toEqual(new Set([controllerSession]));
    expect(closed[0].message, m).toMatch(
      /^Close of session 0x[0-9a-f]+ java\.io\.IOException: Len error\. A message from \/127\.0\.0\.1 with advertised length of \d{7} is either a malformed message or too large to process \(length is greater than jute\.maxbuffer=1048575\)$/,
    );
    const waits = h.logLines('server.log', 0).filter((l) => l === '[ZooKeeperClient Kafka server] Waiting until connected.');
    expect(waits.length, m).toBeGreaterThanOrEqual(closed.length);
    expect(
      h
        .eventsOf('zookeeper')
        .slice(start)
        .some((e) => e.event.kind === 'session-expired'),
      m,
    ).toBe(false);
    expect(h.cluster.broker(0).sessionId, m).toBe(controllerSession);
    expect((await zk.getChildren('/brokers/ids')).children, m).toEqual(['0', '1', '2']);
    expect(outcome, m).toBe('pending');
    expect(await zk.exists('/brokers/topics/huge'), m).toBeNull();
    // The topic's config was written first (it is small); the assignment never is.
    expect(dec((await zk.getData('/config/topics/huge')).data), m).toBe('{"version":1,"config":{}}');

    await run(h, 10_000);
    expect(closedConnections(h).length, m).toBeGreaterThanOrEqual(closed.length + 8);
    expect(outcome, m).toBe('pending');
  }, 120_000);

  it('hangs a tool writing a reassignment JSON over the limit from its own session, while the cluster keeps working', async () => {
    const seed = 312;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const toolLog: string[] = [];
    // kafka-reassign-partitions.sh --zookeeper: a KafkaZkClient of its own.
    const toolClient = new KafkaZooKeeperClient(
      () => h.zkServer,
      h.time,
      { sessionTimeoutMs: 30_000, name: 'reassign-tool' },
      (l) => toolLog.push(`ERROR ${l}`),
      (l) => toolLog.push(l),
    );
    await toolClient.connect();
    const tool = new KafkaZkClient(
      toolClient,
      () => undefined,
      () => false,
    );
    const toolSession = toolClient.sessionId;
    // About 1.3 MB of {"topic":"orders","partition":N,"replicas":[1,2]} entries.
    const plan = Array.from({ length: 25_000 }, (_, partition) => ({ partition: { topic: 'orders', partition }, replicas: [1, 2] }));
    let outcome = 'pending';
    void tool.setOrDeletePartitionReassignment(plan, -1).then(
      () => (outcome = 'written'),
      (e: unknown) => (outcome = `failed ${String(e)}`),
    );
    await h.advance(10_000);
    expect(outcome, m).toBe('pending');
    expect(toolLog.filter((l) => l === 'Waiting until connected.').length, m).toBeGreaterThanOrEqual(8);
    expect(
      closedConnections(h).every((e) => e.sessionId === toolSession),
      m,
    ).toBe(true);

    // The brokers and the controller are not touched: a topic is created as usual.
    const created = adminOf(h).createTopics([topic('orders', { partitions: 2, rf: 2 })], CREATE);
    await h.advance(1_000);
    expect(
      (await created).map((r) => r.errorName),
      m,
    ).toEqual(['NONE']);
    const zk = await h.session();
    expect(await zk.exists('/admin/reassign_partitions'), m).toBeNull();
    expect(h.zkServer.sessionIds(), m).toContain(toolSession);
    await h.advance(10_000);
    expect(outcome, m).toBe('pending');
    await toolClient.close();
  }, 120_000);
});
