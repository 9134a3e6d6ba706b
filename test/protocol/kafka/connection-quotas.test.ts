/**
 * Kafka 2.5.1's ConnectionQuotas on a broker's listener: `max.connections.per.ip` (and its
 * overrides) refusing the connection after accept, `max.connections` holding it unaccepted until a
 * slot frees, both changed live through `/config/brokers/<id>`, with the Acceptor's and the
 * SocketServer's log lines.
 */
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BrokerConfig } from '../../../src-main/core/config/kafka-config';
import { ConnectionQuotas, TooManyConnectionsException } from '../../../src-main/protocol/kafka/connection-quotas';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { RawClient, request } from '../../support/raw-kafka-client';
import { adminOf } from '../../support/scenario';

function config(props: Record<string, string> = {}): BrokerConfig {
  return new BrokerConfig({ 'zookeeper.connect': 'localhost:2181', ...props });
}

describe('ConnectionQuotas (counting)', () => {
  it('refuses the connection over its address limit after counting it, an override taking precedence for its host', () => {
    const lines: string[] = [];
    const q = new ConnectionQuotas(
      config({ 'max.connections.per.ip': '2', 'max.connections.per.ip.overrides': 'localhost:3, 10.0.0.7:1' }),
      'PLAINTEXT',
      (l) => lines.push(l),
    );
    q.inc('127.0.0.1');
    q.inc('::ffff:127.0.0.1');
    q.inc('127.0.0.1'); // localhost's override: 3
    expect(() => q.inc('127.0.0.1')).toThrow(new TooManyConnectionsException('/127.0.0.1', 3));
    expect(q.get('127.0.0.1')).toBe(4); // counted, as inc does before throwing; the Acceptor's close takes it back
    q.dec('127.0.0.1');
    q.inc('10.0.0.7');
    let refused: unknown = null;
    try {
      q.inc('10.0.0.7');
    } catch (e) {
      refused = e;
    }
    expect(String(refused)).toBe('kafka.network.TooManyConnectionsException: Too many connections from /10.0.0.7 (maximum = 1)');
    q.dec('10.0.0.7');
    q.inc('10.0.0.8');
    q.inc('10.0.0.8');
    expect(() => q.inc('10.0.0.8')).toThrow('Too many connections from /10.0.0.8 (maximum = 2)');
    expect(lines).toEqual([]);
  });

  it('has a slot while under both max.connections and the listener’s own, counts excess after a lowered limit, and logs each change as SocketServer.reconfigure', () => {
    const lines: string[] = [];
    let notified = 0;
    const q = new ConnectionQuotas(
      config({ 'max.connections': '3' }),
      'PLAINTEXT',
      (l) => lines.push(l),
      () => notified++,
    );
    for (const a of ['127.0.0.1', '127.0.0.1', '127.0.0.2']) q.inc(a);
    expect(q.slotAvailable()).toBe(false);
    q.dec('127.0.0.2');
    expect([q.total, q.slotAvailable()]).toEqual([2, true]);
    // The listener's own limit (its prefixed key) binds below the broker-wide one.
    q.reconfigure(config({ 'max.connections': '3' }), config({ 'max.connections': '3', 'listener.name.plaintext.max.connections': '2' }));
    expect(q.slotAvailable()).toBe(false);
    q.reconfigure(
      config(),
      config({ 'max.connections': '1', 'max.connections.per.ip': '5', 'max.connections.per.ip.overrides': 'localhost:7' }),
    );
    expect(q.excess()).toBe(1);
    expect(lines).toEqual([
      'Updating maxConnectionsPerIp: 5',
      'Updating maxConnectionsPerIpOverrides: localhost=7',
      'Updating broker-wide maxConnections: 1',
    ]);
    expect(notified).toBe(2);
  });

  it('refuses a listener limit of 0 with 2.5.1’s literal message, and the broker config refuses per-ip 0 without overrides and bad hosts', () => {
    const q = new ConnectionQuotas(config(), 'PLAINTEXT', () => {});
    expect(() => q.validateReconfiguration(config({ 'max.connections': '0' }))).toThrow('Invalid max.connections $listenerMax');
    expect(() => q.validateReconfiguration(config({ 'max.connections': '5' }))).not.toThrow();
    expect(BrokerConfig.validate({ 'zookeeper.connect': 'x:1', 'max.connections.per.ip': '0' }).map(String)).toEqual([
      'java.lang.IllegalArgumentException: requirement failed: max.connections.per.ip can be set to zero only if max.connections.per.ip.overrides property is set.',
    ]);
    expect(BrokerConfig.validate({ 'zookeeper.connect': 'x:1', 'max.connections.per.ip.overrides': 'bad host!:3' }).map(String)).toEqual([
      'java.lang.IllegalArgumentException: max.connections.per.ip.overrides contains invalid addresses : bad host!',
    ]);
    expect(BrokerConfig.validate({ 'zookeeper.connect': 'x:1', 'max.connections.per.ip.overrides': 'localhost:x' }).map(String)).toEqual([
      'java.lang.NumberFormatException: For input string: "x"',
    ]);
  });
});

describe('connection limits on a broker’s listener (real sockets on 127.0.0.1)', () => {
  let w: WireCluster | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await w?.close();
    w = undefined;
  });

  async function open(port: number): Promise<RawClient> {
    const client = await RawClient.open(port);
    sockets.push(client.socket);
    return client;
  }

  /** An ApiVersions v0 round trip: true when answered, false when the broker closed the connection. */
  async function answered(client: RawClient, correlationId: number, waitMs = 1500): Promise<boolean> {
    const before = client.frames.length;
    client.socket.write(request(18, 0, correlationId));
    const timeout = new Promise<void>((r) => setTimeout(r, waitMs));
    await Promise.race([client.until(() => client.frames.length > before || client.closed), timeout]);
    return client.frames.length > before;
  }

  async function alter(configs: Record<string, string>): Promise<void> {
    const result = await adminOf(w!.h).alterBrokerConfig('0', configs, false);
    expect(result, `seed ${w!.h.seed}`).toMatchObject({ errorName: 'NONE' });
    await w!.advance(100);
    await w!.h.settle();
  }

  it('max.connections.per.ip set live: the third connection from 127.0.0.1 is closed at once while two are served; raising it lets a new one in', async () => {
    w = await wireCluster({ seed: 1451, brokers: 1 });
    const port = w.ports.get(0)!;
    await alter({ 'max.connections.per.ip': '2' });
    const a = await open(port);
    const b = await open(port);
    expect([await answered(a, 1), await answered(b, 2)]).toEqual([true, true]);
    const c = await open(port);
    await c.until(() => c.closed);
    expect(c.frames).toEqual([]);
    expect(w.h.logLines('server.log', 0)).toContain(
      'Rejected connection from /127.0.0.1, address already has the configured maximum of 2 connections.',
    );
    expect(w.h.logLines('server.log', 0)).toContain('[SocketServer brokerId=0] Updating maxConnectionsPerIp: 2');
    expect(await answered(a, 3)).toBe(true);

    await alter({ 'max.connections.per.ip': '3' });
    const d = await open(port);
    expect(await answered(d, 4)).toBe(true);
    // A closed connection frees its slot.
    d.socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const e = await open(port);
    expect(await answered(e, 5)).toBe(true);
  });

  it('max.connections: a connection over the limit waits unaccepted (no answer, not closed) until another closes; lowering it closes the least recently used', async () => {
    w = await wireCluster({ seed: 1452, brokers: 1 });
    const port = w.ports.get(0)!;
    await alter({ 'max.connections': '2' });
    const a = await open(port);
    const b = await open(port);
    expect([await answered(a, 1), await answered(b, 2)]).toEqual([true, true]);
    const c = await open(port);
    expect(await answered(c, 3, 500)).toBe(false);
    expect(c.closed).toBe(false);
    a.socket.destroy();
    await c.until(() => c.frames.length > 0 || c.closed);
    expect([c.frames.length, c.closed]).toEqual([1, false]);

    // b was used before c: lowering the limit to 1 closes b, the least recently used.
    await alter({ 'max.connections': '1' });
    await b.until(() => b.closed);
    expect([b.closed, c.closed]).toEqual([true, false]);
    expect(await answered(c, 4)).toBe(true);
    expect(w.h.logLines('server.log', 0)).toContain('[SocketServer brokerId=0] Updating broker-wide maxConnections: 1');
  });
});
