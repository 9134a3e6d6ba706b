import { afterEach, describe, expect, it } from 'vitest';
import { KafkaZooKeeperClient } from '../../../src-main/core/kafka-zk/kafka-zookeeper-client';
import { Code, KeeperException } from '../../../src-main/core/zookeeper';
import { ZkFixture, utf8 } from '../../support/zk-fixture';

/** KafkaZkClient.retryRequestsUntilConnected, as the session's requests see it. */
describe("Kafka's ZooKeeperClient on CONNECTIONLOSS", () => {
  let fx: ZkFixture;
  afterEach(() => fx?.close());

  async function connected(): Promise<{ client: KafkaZooKeeperClient; log: string[] }> {
    fx = new ZkFixture();
    const log: string[] = [];
    const client = new KafkaZooKeeperClient(
      () => fx.server,
      fx.time,
      { sessionTimeoutMs: 18_000, name: 'broker-1' },
      (l) => log.push(`ERROR ${l}`),
      (l) => log.push(l),
    );
    await client.connect();
    return { client, log };
  }

  const turns = async (n = 10) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('waits until connected and sends the request again', async () => {
    const { client, log } = await connected();
    await client.zk.create('/a', utf8('x'));
    const raw = (client as unknown as { session: { disconnect(): void; reconnect(): Promise<void> } }).session;
    raw.disconnect();
    let value: string | null = null;
    void client.zk.getData('/a').then((r) => (value = new TextDecoder().decode(r.data!)));
    await turns();
    expect(value).toBeNull();
    expect(log).toEqual(['Waiting until connected.']);
    await raw.reconnect();
    await turns();
    expect(value).toBe('x');
    expect(log).toEqual(['Waiting until connected.', 'Connected.']);
  });

  it('does not send the request again once the client is closed', async () => {
    const { client } = await connected();
    const raw = (client as unknown as { session: { disconnect(): void } }).session;
    raw.disconnect();
    const pending = client.zk.exists('/');
    await turns();
    await client.close();
    const e = await pending.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(KeeperException);
    expect((e as KeeperException).code).toBe(Code.SESSIONEXPIRED);
  });

  it('waits (and does not spin) when the server is gone', async () => {
    const { client, log } = await connected();
    fx.server.close();
    let settled = false;
    void client.zk.exists('/').finally(() => (settled = true));
    await turns(50);
    fx.time.advance(5000);
    await turns(50);
    expect(settled).toBe(false);
    expect(log).toEqual(['Waiting until connected.']);
  });
});
