/**
 * Each broker's listener follows the broker's life as Kafka's SocketServer does: bound during
 * startup before the broker registers (the registration carries the bound address), closed by a
 * shutdown or a kill (clients are refused), bound again on the same port at restart.
 */
import { canConnect } from '../../support/can-connect';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BrokerSocketListener } from '../../../src-main/protocol/kafka/broker-socket-listener';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import type { KafkaServer } from '../../../src-main/core/broker/kafka-server';
import { ClusterHarness } from '../../support/cluster-harness';

describe('broker listeners', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('registers the bound address in /brokers/ids, logs the Acceptor line, refuses clients once killed and rebinds the same port on restart', async () => {
    h = await ClusterHarness.create({ brokers: 2, kafkaListeners: true });
    const port = h.listeners.get(1)?.boundPort ?? -1;
    expect(port).toBeGreaterThan(0);
    const zk = await h.session();
    const registration = JSON.parse(new TextDecoder().decode((await zk.getData('/brokers/ids/1')).data ?? new Uint8Array())) as {
      host: string;
      port: number;
      endpoints: string[];
    };
    expect(registration).toMatchObject({ host: '127.0.0.1', port, endpoints: [`PLAINTEXT://127.0.0.1:${port}`] });
    expect(h.logLines('server.log', 1).some((l) => l.includes(`Awaiting socket connections on 127.0.0.1:${port}.`))).toBe(true);
    expect(await canConnect(port)).toBe(true);

    h.cluster.killBroker(1);
    await h.settle();
    expect(await canConnect(port)).toBe(false);

    await h.advance(30_000);
    await h.cluster.startBroker(1);
    await h.settle();
    expect(h.listeners.get(1)?.boundPort).toBe(port);
    expect(await canConnect(port)).toBe(true);
  });

  it('binds its preferred port when that one is free', async () => {
    // A port just freed by the OS stands in for 9092 + id: no test may depend on 9092 itself being free.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const preferred = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const listener = new BrokerSocketListener(
      () => ({ isRunning: false, metrics: null }) as unknown as KafkaServer,
      new ManualTime(0),
      () => {
        throw new Error('no admin needed');
      },
      preferred,
    );
    try {
      expect(await listener.bind()).toEqual({ host: '127.0.0.1', port: preferred });
      expect(listener.boundPort).toBe(preferred);
      expect(await canConnect(preferred)).toBe(true);
    } finally {
      listener.close();
    }
  });

  it('takes a free port when the preferred one is in use, and says which', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const listener = new BrokerSocketListener(
        () => ({ isRunning: false, metrics: null }) as unknown as KafkaServer,
        new ManualTime(0),
        () => {
          throw new Error('no admin needed');
        },
        taken,
      );
      const bound = await listener.bind();
      expect(bound.host).toBe('127.0.0.1');
      expect(bound.port).not.toBe(taken);
      expect(await canConnect(bound.port)).toBe(true);
      listener.close();
    } finally {
      blocker.close();
    }
  });
});
