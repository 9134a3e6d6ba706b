/**
 * `kafka-dojo kafka-leader-election` against a running emulated cluster whose brokers listen on
 * 127.0.0.1, over ElectLeaders: Kafka 2.5.1's LeaderElectionCommand lines on stdout, its exceptions
 * escaping `main` on stderr with exit code 1, and leadership moved as the controller reports.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKafkaLeaderElection } from '../../src-main/cli/kafka-leader-election/kafka-leader-election';
import { runKafkaPreferredReplicaElection } from '../../src-main/cli/kafka-preferred-replica-election/kafka-preferred-replica-election';
import { wireCluster, type WireCluster } from '../support/kafka-wire';
import { adminOf, topic } from '../support/scenario';
import { makeTempDir } from '../support/temp-dir';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const EXCEPTION = 'Exception in thread "main" ';
const FAILED = `${EXCEPTION}kafka.common.AdminCommandFailedException: `;

describe('kafka-dojo kafka-leader-election over the wire', () => {
  let w: WireCluster;
  const tmp = makeTempDir('kafka-dojo-election-cli-');

  async function runTool(tool: typeof runKafkaLeaderElection, args: string[]): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const code = await tool(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout, stderr };
  }
  const run = (...args: string[]) => runTool(runKafkaLeaderElection, args);
  const elect = (...args: string[]) => run('--bootstrap-server', w.bootstrap, ...args);
  const leaders = () => [0, 1, 2, 3, 4, 5].map((p) => w.h.cluster.broker(1).metadataCache.getPartitionInfo('orders', p)?.leader);

  beforeAll(async () => {
    w = await wireCluster({ seed: 71, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    await adminOf(w.h).createTopics(
      [
        topic('orders', {
          assignment: [
            [0, 1],
            [1, 0],
            [0, 1],
            [0, 1],
            [1, 0],
            [0, 1],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.h.settle();
    // Broker 0 goes and comes back: a follower of every partition, its preferred ones led by broker 1.
    await w.h.cluster.shutdownBroker(0);
    await w.advance(1000);
    await w.h.cluster.startBroker(0);
    await w.advance(15_000);
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    tmp.cleanup();
  });

  it('--topic --partition: elects the preferred replica, then says no election is needed (with 2.5.1’s empty list)', async () => {
    expect(leaders()).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await elect('--election-type', 'preferred', '--topic', 'orders', '--partition', '0')).toEqual({
      code: 0,
      stdout: 'Successfully completed leader election (PREFERRED) for partitions orders-0\n',
      stderr: '',
    });
    await w.advance(100);
    expect(leaders()[0]).toBe(0);
    // LeaderElectionCommand lists the elected partitions (none) after this line, not the valid ones.
    expect(await elect('--election-type', 'PREFERRED', '--topic', 'orders', '--partition', '0')).toEqual({
      code: 0,
      stdout: 'Valid replica already elected for partitions \n',
      stderr: '',
    });
    expect(await elect('--election-type', 'unclean', '--topic', 'orders', '--partition', '1')).toEqual({
      code: 0,
      stdout: 'Valid replica already elected for partitions \n',
      stderr: '',
    });
  });

  it('--all-topic-partitions: only the partitions that needed an election are listed', async () => {
    const r = await elect('--election-type', 'preferred', '--all-topic-partitions');
    expect([r.code, r.stderr]).toEqual([0, '']);
    const line = /^Successfully completed leader election \(PREFERRED\) for partitions (.*)\n$/.exec(r.stdout);
    expect(line, r.stdout).not.toBeNull();
    expect(line![1].split(', ').sort()).toEqual(['orders-2', 'orders-3', 'orders-5']);
    await w.advance(100);
    expect(leaders()).toEqual([0, 1, 0, 0, 1, 0]);
    expect(await elect('--election-type', 'preferred', '--all-topic-partitions')).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('--path-to-json-file: a partition that does not exist fails the command, each failure printed and suppressed', async () => {
    const file = join(tmp.dir, 'election.json');
    writeFileSync(
      file,
      JSON.stringify({
        partitions: [
          { topic: 'orders', partition: 1 },
          { topic: 'nope', partition: 0 },
        ],
      }),
    );
    const exception = 'org.apache.kafka.common.errors.UnknownTopicOrPartitionException: The partition does not exist.';
    expect(await elect('--election-type', 'preferred', '--path-to-json-file', file)).toEqual({
      code: 1,
      stdout: `Valid replica already elected for partitions \nError completing leader election (PREFERRED) for partition: nope-0: ${exception}\n`,
      stderr: `${FAILED}1 replica(s) could not be elected\n\tSuppressed: ${exception}\n`,
    });
    writeFileSync(
      file,
      JSON.stringify({
        partitions: [
          { topic: 'orders', partition: 1 },
          { topic: 'orders', partition: 1 },
        ],
      }),
    );
    expect(await elect('--election-type', 'preferred', '--path-to-json-file', file)).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${EXCEPTION}kafka.admin.AdminOperationException: Replica election data contains duplicate partitions: orders-1\n`,
    });
    writeFileSync(file, JSON.stringify({ topics: [] }));
    expect((await elect('--election-type', 'preferred', '--path-to-json-file', file)).stderr).toBe(
      `${EXCEPTION}kafka.admin.AdminOperationException: Replica election data is missing "partitions" field\n`,
    );
    const missing = join(tmp.dir, 'missing.json');
    expect((await elect('--election-type', 'preferred', '--path-to-json-file', missing)).stderr).toBe(
      `${EXCEPTION}java.io.IOException: Unable to read file ${missing}\nCaused by: java.nio.file.NoSuchFileException: ${missing}\n`,
    );
  });

  it('refuses option combinations as validate does, in its words', async () => {
    const stderrOf = async (...args: string[]) => {
      const r = await run(...args);
      expect([r.code, r.stdout]).toEqual([1, '']);
      return r.stderr;
    };
    expect(await stderrOf('--topic', 'orders')).toBe(`${FAILED}Missing required option(s): election-type, bootstrap-server\n`);
    expect(await stderrOf('--bootstrap-server', w.bootstrap, '--topic', 'orders')).toBe(
      `${FAILED}Missing required option(s): election-type\n`,
    );
    expect(await stderrOf('--bootstrap-server', w.bootstrap, '--election-type', 'preferred')).toBe(
      `${FAILED}One and only one of the following options is required: topic, all-topic-partitions, path-to-json-file\n`,
    );
    expect(
      await stderrOf('--bootstrap-server', w.bootstrap, '--election-type', 'preferred', '--topic', 'orders', '--all-topic-partitions'),
    ).toBe(`${FAILED}One and only one of the following options is required: topic, all-topic-partitions, path-to-json-file\n`);
    expect(await stderrOf('--bootstrap-server', w.bootstrap, '--election-type', 'preferred', '--topic', 'orders')).toBe(
      `${FAILED}Missing required option(s): partition\n`,
    );
    expect(
      await stderrOf('--bootstrap-server', w.bootstrap, '--election-type', 'preferred', '--all-topic-partitions', '--partition', '1'),
    ).toBe(`${FAILED}Option partition is only allowed if topic is used\n`);
    expect(await stderrOf('--bootstrap-server', w.bootstrap, '--election-type', 'fastest', '--all-topic-partitions')).toBe(
      `${EXCEPTION}joptsimple.OptionArgumentConversionException: Cannot parse argument 'fastest' of option election-type\nCaused by: joptsimple.ValueConversionException: Value [fastest] is not one of [[PREFERRED,UNCLEAN]]\n`,
    );
    expect(
      await stderrOf('--bootstrap-server', w.bootstrap, '--election-type', 'preferred', '--topic', 'orders', '--partition', 'one'),
    ).toBe(`${EXCEPTION}joptsimple.OptionArgumentConversionException: Cannot parse argument 'one' of option partition\n`);
    expect(await stderrOf('--bootstrap-server', w.bootstrap, '--all')).toBe(
      `${EXCEPTION}joptsimple.UnrecognizedOptionException: all is not a recognized option\n`,
    );
  });

  it('prints the tool’s help with joptsimple’s option table (no arguments, or --help)', async () => {
    const r = await run();
    expect(r.code).toBe(1);
    const [first, header, rule, ...rows] = r.stderr.split('\n');
    expect(first).toBe(
      'This tool attempts to elect a new leader for a set of topic partitions. The type of elections supported are preferred replicas and unclean replicas.',
    );
    expect(header.trim()).toBe('Option                                  Description');
    expect(rule.trim()).toBe('------                                  -----------');
    const options = rows.map((l) => l.slice(0, 40).trim()).filter((o) => o.startsWith('--'));
    expect(options).toEqual([
      '--admin.config <String: config file>',
      '--all-topic-partitions',
      '--bootstrap-server <String: host:port>',
      '--election-type <[PREFERRED,UNCLEAN]:',
      '--help',
      '--partition <Integer: partition id>',
      '--path-to-json-file <String: Path to',
      '--topic <String: topic name>',
      '--version',
    ]);
    expect((await run('--help')).stderr).toBe(r.stderr);
  });

  it('kafka-preferred-replica-election --bootstrap-server: the AdminClientCommand’s lines over ElectLeaders', async () => {
    const DEPRECATED = 'This tool is deprecated. Please use kafka-leader-election tool. Tracking issue: KAFKA-8405\n';
    const preferred = (...args: string[]) => runTool(runKafkaPreferredReplicaElection, ['--bootstrap-server', w.bootstrap, ...args]);
    await w.h.cluster.shutdownBroker(0);
    await w.advance(1000);
    await w.h.cluster.startBroker(0);
    await w.advance(15_000);
    expect(leaders()).toEqual([1, 1, 1, 1, 1, 1]);
    const file = join(tmp.dir, 'preferred.json');
    writeFileSync(file, JSON.stringify({ partitions: [{ topic: 'orders', partition: 0 }] }));
    expect(await preferred('--path-to-json-file', file)).toEqual({
      code: 0,
      stdout: `${DEPRECATED}Successfully completed preferred leader election for partitions orders-0\n`,
      stderr: '',
    });
    expect(await preferred('--path-to-json-file', file)).toEqual({
      code: 0,
      stdout: `${DEPRECATED}Preferred replica already elected for partitions \n`,
      stderr: '',
    });
    const all = await preferred();
    expect([all.code, all.stderr]).toEqual([0, '']);
    const line = /^Successfully completed preferred leader election for partitions (.*)\n$/.exec(all.stdout.slice(DEPRECATED.length));
    expect(line![1].split(', ').sort()).toEqual(['orders-2', 'orders-3', 'orders-5']);
    await w.advance(100);
    expect(leaders()).toEqual([0, 1, 0, 0, 1, 0]);
    writeFileSync(file, JSON.stringify({ partitions: [{ topic: 'nope', partition: 3 }] }));
    const exception = 'org.apache.kafka.common.errors.UnknownTopicOrPartitionException: The partition does not exist.';
    expect(await preferred('--path-to-json-file', file)).toEqual({
      code: 1,
      stdout: `${DEPRECATED}Error completing preferred leader election for partition: nope-3: ${exception}\n`,
      stderr: `${FAILED}1 preferred replica(s) could not be elected\n\tSuppressed: ${exception}\n`,
    });
  }, 60_000);
});
