/**
 * LeaderAndIsr (4), StopReplica (5), UpdateMetadata (6) and ControlledShutdown (7) sent by a plain
 * client over a real socket to an emulated 3-broker cluster on 127.0.0.1, answered as Kafka 2.5.1's
 * KafkaApis answers them without an authorizer: ApiVersions advertises 0–4, 0–2, 0–6, 0–3; an
 * older broker epoch is STALE_BROKER_EPOCH (77) and changes nothing, an older controller epoch
 * STALE_CONTROLLER_EPOCH (11); ControlledShutdown away from the controller is NOT_CONTROLLER (41),
 * at the controller it really moves the leadership off the named broker. Frames are written and
 * responses read by the small codec below, not the emulator's grammars.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { RawClient } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';
import { waitFor } from '../../support/wait-for';

/** A request body, big-endian; `compact` switches strings and arrays to KIP-482's varint forms. */
class Body {
  private readonly parts: Buffer[] = [];
  constructor(private readonly compact: boolean) {}
  private push(b: Buffer): this {
    this.parts.push(b);
    return this;
  }
  int16(v: number): this {
    const b = Buffer.alloc(2);
    b.writeInt16BE(v);
    return this.push(b);
  }
  int32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    return this.push(b);
  }
  int64(v: number): this {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(BigInt(v));
    return this.push(b);
  }
  bool(v: boolean): this {
    return this.push(Buffer.from([v ? 1 : 0]));
  }
  uvarint(v: number): this {
    const bytes: number[] = [];
    while (v >= 0x80) {
      bytes.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    bytes.push(v);
    return this.push(Buffer.from(bytes));
  }
  string(s: string): this {
    const b = Buffer.from(s, 'utf8');
    return (this.compact ? this.uvarint(b.length + 1) : this.int16(b.length)).push(b);
  }
  array<T>(items: readonly T[], each: (item: T) => void): this {
    if (this.compact) this.uvarint(items.length + 1);
    else this.int32(items.length);
    for (const item of items) each(item);
    return this;
  }
  int32s(values: readonly number[]): this {
    return this.array(values, (v) => this.int32(v));
  }
  /** An empty tagged-field section (flexible versions: after each struct and the message). */
  tags(): this {
    return this.compact ? this.uvarint(0) : this;
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** A response body reader, the same two forms. */
class Reader {
  private at = 0;
  constructor(
    private readonly b: Buffer,
    private readonly compact: boolean,
  ) {}
  int16(): number {
    return this.b.readInt16BE((this.at += 2) - 2);
  }
  int32(): number {
    return this.b.readInt32BE((this.at += 4) - 4);
  }
  uvarint(): number {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = this.b[this.at++];
      v |= (byte & 0x7f) << shift;
      if (byte < 0x80) return v;
    }
  }
  string(): string {
    const n = this.compact ? this.uvarint() - 1 : this.int16();
    return this.b.toString('utf8', this.at, (this.at += n));
  }
  array<T>(each: () => T): T[] {
    const n = this.compact ? this.uvarint() - 1 : this.int32();
    return Array.from({ length: n }, each);
  }
  tags(): void {
    if (this.compact) expect(this.uvarint()).toBe(0);
  }
  end(): void {
    expect(this.at).toBe(this.b.length);
  }
}

/** One request on its own connection: header v1 (v2 when flexible, v0 for ControlledShutdown v0); the response after its header. */
async function call(port: number, apiKey: number, version: number, flexible: boolean, body: Buffer): Promise<Reader> {
  const header = new Body(false).int16(apiKey).int16(version).int32(4242);
  if (!(apiKey === 7 && version === 0)) header.string('inter-broker-test');
  if (flexible) header.uvarint(0);
  const payload = Buffer.concat([header.bytes(), body]);
  const client = await RawClient.open(port);
  try {
    client.socket.write(Buffer.concat([new Body(false).int32(payload.length).bytes(), payload]));
    await client.until(() => client.frames.length === 1 || client.closed);
    expect(client.frames.length, 'the broker closed the connection').toBe(1);
    const r = new Reader(client.frames[0], flexible);
    expect(r.int32()).toBe(4242);
    // Response header v1 for flexible versions.
    r.tags();
    return r;
  } finally {
    client.socket.destroy();
  }
}

interface PartitionError {
  topicName: string;
  partitionIndex: number;
  errorCode: number;
}

function readPartitionErrorResponse(r: Reader): { errorCode: number; partitionErrors: PartitionError[] } {
  const errorCode = r.int16();
  const partitionErrors = r.array(() => {
    const e = { topicName: r.string(), partitionIndex: r.int32(), errorCode: r.int16() };
    r.tags();
    return e;
  });
  r.tags();
  r.end();
  return { errorCode, partitionErrors };
}

describe('the inter-broker APIs from a client, as 2.5.1 KafkaApis answers them', () => {
  let w: WireCluster;
  let controller: number;
  let others: number[];
  const port = (id: number) => w.ports.get(id) ?? -1;
  const epochOf = (id: number) => w.h.cluster.broker(id).brokerEpoch;
  const leaderOf = (id: number, p: number) => w.h.cluster.broker(id).metadataCache.getPartitionInfo('inter', p);

  beforeAll(async () => {
    w = await wireCluster({ seed: 4567, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    controller = w.h.cluster.runningBrokers().find((b) => b.controller?.isActive())!.id;
    others = [0, 1, 2].filter((id) => id !== controller);
    const [a, b] = others;
    await adminOf(w.h).createTopics(
      [
        topic('inter', {
          assignment: [
            [a, b, controller],
            [a, controller, b],
            [b, a, controller],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.advance(1000);
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  it('ApiVersions v0 advertises LeaderAndIsr 0–4, StopReplica 0–2, UpdateMetadata 0–6, ControlledShutdown 0–3', async () => {
    const r = await call(port(others[0]), 18, 0, false, Buffer.alloc(0));
    expect(r.int16()).toBe(0);
    const keys = r.array(() => [r.int16(), r.int16(), r.int16()]);
    expect(keys.filter(([k]) => k >= 4 && k <= 7)).toEqual([
      [4, 0, 4],
      [5, 0, 2],
      [6, 0, 6],
      [7, 0, 3],
    ]);
  });

  it('LeaderAndIsr: v4 with an older broker epoch is STALE_BROKER_EPOCH and moves nothing; v1 with controller epoch 0 is STALE_CONTROLLER_EPOCH', async () => {
    const target = others[0];
    const before = leaderOf(target, 0);
    expect(before?.leader).toBe(target);
    // A LeaderAndIsr making broker `others[1]` leader of inter-0 at a higher leader epoch.
    const state = (b: Body, withTopic: boolean) => {
      if (withTopic) b.string('inter');
      b.int32(0)
        .int32(1)
        .int32(others[1])
        .int32(before!.leaderEpoch + 5);
      b.int32s([others[1], target])
        .int32(before!.zkVersion + 5)
        .int32s([target, others[1], controller]);
    };
    const v4 = new Body(true)
      .int32(controller)
      .int32(1)
      .int64(epochOf(target) - 1);
    v4.array(['inter'], (name) => {
      v4.string(name).array([0], () => {
        state(v4, false);
        v4.int32s([]).int32s([]).bool(false).tags();
      });
      v4.tags();
    });
    v4.array([others[1]], (id) => v4.int32(id).string('127.0.0.1').int32(port(id)).tags()).tags();
    expect(readPartitionErrorResponse(await call(port(target), 4, 4, true, v4.bytes()))).toEqual({ errorCode: 77, partitionErrors: [] });
    expect(w.h.cluster.broker(target).replicaManager?.getPartition({ topic: 'inter', partition: 0 })).toMatchObject({
      leaderEpoch: before!.leaderEpoch,
    });

    const v1 = new Body(false).int32(controller).int32(0);
    v1.array([0], () => {
      state(v1, true);
      v1.bool(false);
    });
    v1.array([others[1]], (id) => v1.int32(id).string('127.0.0.1').int32(port(id)));
    expect(readPartitionErrorResponse(await call(port(target), 4, 1, false, v1.bytes()))).toEqual({ errorCode: 11, partitionErrors: [] });
    expect(leaderOf(target, 0)).toEqual(before);
  });

  it('StopReplica: v2 with an older broker epoch is STALE_BROKER_EPOCH, v0 with controller epoch 0 STALE_CONTROLLER_EPOCH; the log stays', async () => {
    const target = others[1];
    const v2 = new Body(true)
      .int32(controller)
      .int32(1)
      .int64(epochOf(target) - 1)
      .bool(true);
    v2.array(['inter'], (name) => v2.string(name).int32s([0, 1, 2]).tags()).tags();
    expect(readPartitionErrorResponse(await call(port(target), 5, 2, true, v2.bytes()))).toEqual({ errorCode: 77, partitionErrors: [] });

    const v0 = new Body(false).int32(controller).int32(0).bool(true);
    v0.array([0, 1, 2], (p) => v0.string('inter').int32(p));
    expect(readPartitionErrorResponse(await call(port(target), 5, 0, false, v0.bytes()))).toEqual({ errorCode: 11, partitionErrors: [] });
    expect(w.h.cluster.broker(target).logManager?.getLog({ topic: 'inter', partition: 0 })).toBeTruthy();
  });

  it('UpdateMetadata: v6 with an older broker epoch is STALE_BROKER_EPOCH, v5 with controller epoch 0 STALE_CONTROLLER_EPOCH, the cache unchanged', async () => {
    const target = others[0];
    const before = leaderOf(target, 1);
    const partition = (b: Body) => {
      b.int32(1).int32(1).int32(-2).int32(99).int32s([]).int32(99).int32s([]).int32s([]);
    };
    const v6 = new Body(true)
      .int32(controller)
      .int32(1)
      .int64(epochOf(target) - 1);
    v6.array(['inter'], (name) => {
      v6.string(name).array([1], () => {
        partition(v6);
        v6.tags();
      });
      v6.tags();
    });
    v6.array([], () => undefined).tags();
    const stale = await call(port(target), 6, 6, true, v6.bytes());
    expect(stale.int16()).toBe(77);
    stale.tags();
    stale.end();

    const v5 = new Body(false).int32(controller).int32(0).int64(-1);
    v5.array(['inter'], (name) => v5.string(name).array([1], () => partition(v5)));
    v5.array([], () => undefined);
    const old = await call(port(target), 6, 5, false, v5.bytes());
    expect(old.int16()).toBe(11);
    old.end();
    expect(leaderOf(target, 1)).toEqual(before);
  });

  it('with the current epochs they act: UpdateMetadata v6 rewrites the cache, StopReplica v1 stops a follower (delete=false)', async () => {
    const target = others[1];
    const controllerEpoch = w.h.cluster.broker(controller).controller!.context.epoch;
    const before = leaderOf(target, 2)!;
    const v6 = new Body(true).int32(controller).int32(controllerEpoch).int64(epochOf(target));
    v6.array(['inter'], (name) => {
      v6.string(name).array([2], () => {
        v6.int32(2)
          .int32(controllerEpoch)
          .int32(others[0])
          .int32(before.leaderEpoch + 1);
        v6.int32s([others[0], target])
          .int32(before.zkVersion + 1)
          .int32s([...before.replicas])
          .int32s([controller])
          .tags();
      });
      v6.tags();
    });
    v6.array([], () => undefined).tags();
    const answered = await call(port(target), 6, 6, true, v6.bytes());
    expect(answered.int16()).toBe(0);
    answered.tags();
    answered.end();
    expect(leaderOf(target, 2)).toMatchObject({
      leader: others[0],
      leaderEpoch: before.leaderEpoch + 1,
      isr: [others[0], target],
      offlineReplicas: [controller],
    });

    // inter-2 is led by `target` itself; inter-1 it follows: it stops fetching it, the log stays.
    const v1 = new Body(false).int32(controller).int32(controllerEpoch).int64(epochOf(target)).bool(false);
    v1.array(['inter'], (name) => v1.string(name).int32s([1]));
    expect(readPartitionErrorResponse(await call(port(target), 5, 1, false, v1.bytes()))).toEqual({
      errorCode: 0,
      partitionErrors: [{ topicName: 'inter', partitionIndex: 1, errorCode: 0 }],
    });
    expect(w.h.cluster.broker(target).replicaManager?.getPartition({ topic: 'inter', partition: 1 })).toMatchObject({ leader: -1 });
    expect(w.h.cluster.broker(target).logManager?.getLog({ topic: 'inter', partition: 1 })).toBeTruthy();
  });

  it('ControlledShutdown: NOT_CONTROLLER away from the controller (v3, and v0 with its header without client id)', async () => {
    for (const [version, flexible] of [
      [3, true],
      [0, false],
    ] as const) {
      const body = new Body(flexible).int32(others[0]);
      if (version >= 2) body.int64(epochOf(others[0]));
      body.tags();
      const r = await call(port(others[1]), 7, version, flexible, body.bytes());
      expect(r.int16()).toBe(41);
      expect(r.array(() => r.string())).toEqual([]);
      r.tags();
      r.end();
    }
  });

  it('ControlledShutdown at the controller: v2 with an older epoch is STALE_BROKER_EPOCH; v1 moves every leadership off the broker', async () => {
    const target = others[0];
    expect([0, 1, 2].filter((p) => leaderOf(controller, p)?.leader === target)).toEqual([0, 1]);

    const stale = await call(
      port(controller),
      7,
      2,
      false,
      new Body(false)
        .int32(target)
        .int64(epochOf(target) - 1)
        .bytes(),
    );
    expect(stale.int16()).toBe(77);
    expect(stale.array(() => [stale.string(), stale.int32()])).toEqual([]);
    stale.end();
    expect(leaderOf(controller, 0)?.leader).toBe(target);

    const r = await call(port(controller), 7, 1, false, new Body(false).int32(target).bytes());
    expect(r.int16()).toBe(0);
    expect(r.array(() => [r.string(), r.int32()])).toEqual([]);
    r.end();
    // The new leaders reach every broker's cache through the controller's LeaderAndIsr / UpdateMetadata.
    await waitFor('leadership off the broker', async () => [0, 1].every((p) => leaderOf(others[1], p)?.leader !== target));
    expect(leaderOf(others[1], 0)?.leader).toBe(others[1]);
    expect(leaderOf(others[1], 1)?.leader).toBe(controller);
    expect(w.h.cluster.broker(target).isRunning).toBe(true);
  });
});
