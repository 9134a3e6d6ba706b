/**
 * AlterReplicaLogDirs (34) v0 and v1 over a real socket to an emulated cluster on 127.0.0.1, frames
 * written and read byte by byte (not through the grammar): ApiVersions advertises 34 v0–1, a move to
 * the other dir answers NONE (0) and starts the `-future` copy, an unknown dir LOG_DIR_NOT_FOUND
 * (57), an unknown topic UNKNOWN_TOPIC_OR_PARTITION (3); v1 has v0's layout.
 */
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { ByteWriter } from '../../../src-main/protocol/kafka/wire/byte-writer';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { RawClient, callApi, request } from '../../support/raw-kafka-client';
import { adminOf, topic, tp } from '../../support/scenario';
import { waitFor } from '../../support/wait-for';

type Dirs = Array<{ path: string; topics: Array<{ name: string; partitions: number[] }> }>;

/** AlterReplicaLogDirsRequest v0/v1: [Path string, [Name string, [int32]]]. */
function body(dirs: Dirs): Buffer {
  const w = new ByteWriter();
  w.int32(dirs.length);
  for (const d of dirs) {
    w.nullableString(d.path).int32(d.topics.length);
    for (const t of d.topics) {
      w.nullableString(t.name).int32(t.partitions.length);
      for (const p of t.partitions) w.int32(p);
    }
  }
  return w.toBuffer();
}

interface Decoded {
  correlationId: number;
  throttleTimeMs: number;
  results: Array<[string, Array<[number, number]>]>;
  rest: number;
}

/** Response header v0 (correlation id), then ThrottleTimeMs int32, [TopicName string, [PartitionIndex int32, ErrorCode int16]]. */
function decode(frame: Buffer): Decoded {
  let at = 0;
  const int32 = () => ((at += 4), frame.readInt32BE(at - 4));
  const int16 = () => ((at += 2), frame.readInt16BE(at - 2));
  const string = () => {
    const n = int16();
    at += n;
    return frame.toString('utf8', at - n, at);
  };
  const correlationId = int32();
  const throttleTimeMs = int32();
  const results: Decoded['results'] = [];
  for (let i = 0, n = int32(); i < n; i++) {
    const name = string();
    const partitions: Array<[number, number]> = [];
    for (let j = 0, m = int32(); j < m; j++) partitions.push([int32(), int16()]);
    results.push([name, partitions]);
  }
  return { correlationId, throttleTimeMs, results, rest: frame.length - at };
}

async function send(port: number, version: number, dirs: Dirs): Promise<Decoded> {
  const client = await RawClient.open(port);
  try {
    client.socket.write(request(34, version, 3400 + version, body(dirs)));
    await client.until(() => client.frames.length === 1 || client.closed);
    if (client.frames.length === 0) throw new Error(`the broker on port ${port} closed the connection`);
    return decode(client.frames[0]);
  } finally {
    client.socket.destroy();
  }
}

describe('AlterReplicaLogDirs over the wire', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('advertises 34 v0–1 and answers v0 and v1 per partition in the same layout', async () => {
    wire = await wireCluster({ seed: 341, brokers: 1, logDirsPerBroker: 2 });
    const { h } = wire;
    await adminOf(h).createTopics([topic('wired', { assignment: [[0], [0]] })], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    const port = wire.ports.get(0) ?? -1;

    const keys = (await callApi(port, API_VERSIONS, 2, {})).response.apiKeys as Array<{ apiKey: number }>;
    expect(keys.filter((k) => k.apiKey === 34)).toEqual([{ apiKey: 34, minVersion: 0, maxVersion: 1 }]);

    const rm = h.cluster.broker(0).replicaManager!;
    const logOf = (p: number) => {
      const partition = rm.getPartition(tp('wired', p));
      if (!partition || partition === 'offline') throw new Error(`no wired-${p} (seed ${h.seed})`);
      return partition;
    };
    const other = (p: number) => [h.logDir(0, 0), h.logDir(0, 1)].find((d) => d !== logOf(p).log!.parentDir)!;

    const destination = other(0);
    const v0 = await send(port, 0, [
      {
        path: destination,
        topics: [
          { name: 'wired', partitions: [0] },
          { name: 'nope', partitions: [0] },
        ],
      },
      { path: '/no/such/dir', topics: [{ name: 'wired', partitions: [1] }] },
    ]);
    expect(v0).toEqual({
      correlationId: 3400,
      throttleTimeMs: 0,
      results: [
        [
          'wired',
          [
            [0, 0],
            [1, 57],
          ],
        ],
        ['nope', [[0, 3]]],
      ],
      rest: 0,
    });
    // The copy runs on the cluster's clock; the move completes with the swap.
    await waitFor('the swap of wired-0', async () => logOf(0).futureLog === null && logOf(0).log!.parentDir === destination, 10_000);
    expect(readdirSync(destination)).toContain('wired-0');

    // v1: the partition already in that dir is NONE and nothing moves; wired-1 moves.
    const v1 = await send(port, 1, [
      { path: destination, topics: [{ name: 'wired', partitions: [0] }] },
      { path: other(1), topics: [{ name: 'wired', partitions: [1] }] },
    ]);
    expect(v1).toEqual({
      correlationId: 3401,
      throttleTimeMs: 0,
      results: [
        [
          'wired',
          [
            [0, 0],
            [1, 0],
          ],
        ],
      ],
      rest: 0,
    });
    expect(logOf(0).futureLog).toBeNull();
  }, 30_000);
});
