/**
 * `kafka-dojo kafka-broker-api-versions` against a running 3-broker emulated cluster on 127.0.0.1:
 * BrokerApiVersionsCommand 2.5.1's whole output, compared with a text built here from each broker's
 * ApiVersions v0 (read over a raw socket by the small reader below) and a table of the 2.5.1
 * client's API names and latest versions; the unreachable bootstrap and the missing option.
 */
import { createServer, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKafkaBrokerApiVersions } from '../../src-main/cli/kafka-broker-api-versions/kafka-broker-api-versions';
import { wireCluster, type WireCluster } from '../support/kafka-wire';

// ApiKeys of the 2.5.1 client: name and latestVersion(), keys 0–47.
const CLIENT: ReadonlyArray<readonly [string, number]> = [
  ['Produce', 8],
  ['Fetch', 11],
  ['ListOffsets', 5],
  ['Metadata', 9],
  ['LeaderAndIsr', 4],
  ['StopReplica', 2],
  ['UpdateMetadata', 6],
  ['ControlledShutdown', 3],
  ['OffsetCommit', 8],
  ['OffsetFetch', 7],
  ['FindCoordinator', 3],
  ['JoinGroup', 7],
  ['Heartbeat', 4],
  ['LeaveGroup', 4],
  ['SyncGroup', 5],
  ['DescribeGroups', 5],
  ['ListGroups', 3],
  ['SaslHandshake', 1],
  ['ApiVersions', 3],
  ['CreateTopics', 5],
  ['DeleteTopics', 4],
  ['DeleteRecords', 1],
  ['InitProducerId', 3],
  ['OffsetForLeaderEpoch', 3],
  ['AddPartitionsToTxn', 1],
  ['AddOffsetsToTxn', 1],
  ['EndTxn', 1],
  ['WriteTxnMarkers', 0],
  ['TxnOffsetCommit', 3],
  ['DescribeAcls', 2],
  ['CreateAcls', 2],
  ['DeleteAcls', 2],
  ['DescribeConfigs', 2],
  ['AlterConfigs', 1],
  ['AlterReplicaLogDirs', 1],
  ['DescribeLogDirs', 1],
  ['SaslAuthenticate', 2],
  ['CreatePartitions', 2],
  ['CreateDelegationToken', 2],
  ['RenewDelegationToken', 2],
  ['ExpireDelegationToken', 2],
  ['DescribeDelegationToken', 2],
  ['DeleteGroups', 2],
  ['ElectLeaders', 2],
  ['IncrementalAlterConfigs', 1],
  ['AlterPartitionReassignments', 0],
  ['ListPartitionReassignments', 0],
  ['OffsetDelete', 0],
];

type Ranges = Map<number, readonly [number, number]>;

/** ApiVersions v0 on its own connection: size, header (key 18, v0, correlation 7, client id "t"), no body. */
function rawApiVersions(port: number): Promise<Ranges> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const request = Buffer.from([0, 0, 0, 11, 0, 18, 0, 0, 0, 0, 0, 7, 0, 1, 0x74]);
    let data = Buffer.alloc(0);
    socket.on('connect', () => socket.write(request));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.length < 4 || data.length < 4 + data.readInt32BE(0)) return;
      socket.destroy();
      expect(data.readInt32BE(4)).toBe(7);
      expect(data.readInt16BE(8)).toBe(0);
      const count = data.readInt32BE(10);
      const ranges: Ranges = new Map();
      for (let i = 0, at = 14; i < count; i++, at += 6)
        ranges.set(data.readInt16BE(at), [data.readInt16BE(at + 2), data.readInt16BE(at + 4)]);
      resolve(ranges);
    });
  });
}

function expectedBlock(node: string, ranges: Ranges): string {
  const lines = CLIENT.map(([name, latest], key) => {
    const r = ranges.get(key);
    if (!r) return `${name}(${key}): UNSUPPORTED`;
    const [min, max] = r;
    return `${name}(${key}): ${min === max ? min : `${min} to ${max}`} [usable: ${Math.min(latest, max)}]`;
  });
  return `${node} -> (\n\t${lines.join(',\n\t')}\n)\n`;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], random?: (bound: number) => number): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runKafkaBrokerApiVersions(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, random);
  return { code, stdout, stderr };
}

describe('kafka-dojo kafka-broker-api-versions over the wire', () => {
  let w: WireCluster;
  const blocks = new Map<number, string>();

  beforeAll(async () => {
    w = await wireCluster({ seed: 15, racks: { 1: 'rack-b' } });
    for (const [id, port] of w.ports) {
      const node = `127.0.0.1:${port} (id: ${id} rack: ${id === 1 ? 'rack-b' : 'null'})`;
      blocks.set(id, expectedBlock(node, await rawApiVersions(port)));
    }
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  it('prints every broker in the order Cluster’s shuffle gives (nextInt always 0: brokers 0,1,2 become 1,2,0)', async () => {
    const result = await run(['--bootstrap-server', w.bootstrap], () => 0);
    expect(result).toEqual({ code: 0, stdout: [1, 2, 0].map((id) => blocks.get(id)).join(''), stderr: '' });
    // Rows this cluster's brokers are known to advertise, as a 2.5.1 client prints them.
    expect(result.stdout).toContain('\n\tProduce(0): 0 to 8 [usable: 8],\n\tFetch(1): 0 to 11 [usable: 11],\n');
    expect(result.stdout).toContain('\n\tApiVersions(18): 0 to 3 [usable: 3],\n');
    expect(result.stdout).toContain('\n\tOffsetDelete(47): 0 [usable: 0]\n)\n');
    expect(result.stdout).toContain('\n\tEndTxn(26): 0 to 1 [usable: 1],\n\tWriteTxnMarkers(27): 0 [usable: 0],\n');
    expect(result.stdout).toContain('\n\tAlterReplicaLogDirs(34): 0 to 1 [usable: 1],\n');
  });

  it('with the default random source, each broker once in some order', async () => {
    const result = await run(['--bootstrap-server', `localhost:${w.ports.get(2)},${w.bootstrap}`]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const printed = result.stdout.split(/(?<=\n\)\n)/);
    expect([...printed].sort()).toEqual([...blocks.values()].sort());
  });

  it('an unreachable bootstrap server: the RuntimeException escaping main', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    await new Promise((r) => server.close(r));
    expect(await run(['--bootstrap-server', `127.0.0.1:${port}`])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Exception in thread "main" java.lang.RuntimeException: Request METADATA failed on brokers List(127.0.0.1:${port} (id: -1 rack: null))\n`,
    });
  });

  it('without --bootstrap-server: the missing argument and the option table', async () => {
    const result = await run(['--command-config', '/nonexistent']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      [
        'Missing required argument "[bootstrap-server]"',
        'Option                                 Description                          ',
        '------                                 -----------                          ',
        '--bootstrap-server <String: server(s)  REQUIRED: The server to connect to.  ',
        '  to use for bootstrapping>                                                 ',
        '--command-config <String: command      A property file containing configs to',
        '  config property file>                  be passed to Admin Client.         ',
        '--help                                 Print usage information.             ',
        '--version                              Display Kafka version.               ',
        '',
      ].join('\n'),
    );
    expect((await run([])).stderr).toContain('This tool helps to retrieve broker version information.\n');
  });
});
