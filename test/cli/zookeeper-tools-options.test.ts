/**
 * The option handling of the `--zookeeper` tools before any connection (Kafka 2.5.1's
 * CommandLineUtils and joptsimple): usage texts with `(default: …)`, `--version`, the checks of each
 * tool (what they do over a real connection: zookeeper-tools-wire.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src-main/cli/main';
import { lines } from '../support/zk-tool-run';

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('the --zookeeper tools before they connect', () => {
  it("kafka-reassign-partitions: no arguments print 2.6.0's help text and the option table with joptsimple's defaults", async () => {
    const r = await run('kafka-reassign-partitions');
    expect(r.code).toBe(1);
    const out = lines(r.stderr);
    expect(out.slice(0, 3)).toEqual([
      'This tool helps to move topic partitions between replicas.',
      'Option                                  Description                           ',
      '------                                  -----------                           ',
    ]);
    const throttle = out.indexOf('--throttle <Long: throttle>             The movement of partitions between    ');
    expect(throttle).toBeGreaterThan(0);
    expect(out[throttle + 6]).toBe('                                          at least 1 KB/s. (default: -1)      ');
    expect(out).toContain('--zookeeper <String: urls>              DEPRECATED: The connection string for ');
    expect(lines((await run('kafka-reassign-partitions', '--zookeeper', 'z:2181')).stderr)[0]).toBe(
      'Command must include exactly one action: --generate, --execute or --verify',
    );
    expect(lines((await run('kafka-reassign-partitions', '--verify', '--reassignment-json-file', 'x')).stderr)[0]).toBe(
      'Please specify --bootstrap-server',
    );
    expect(
      lines(
        (await run('kafka-reassign-partitions', '--zookeeper', 'z', '--verify', '--reassignment-json-file', 'x', '--throttle', '1')).stderr,
      )[0],
    ).toBe('Option "[verify]" can\'t be used with option "[throttle]"');
    expect(lines((await run('kafka-reassign-partitions', '--zookeeper', 'z', '--execute')).stderr)[0]).toBe(
      'If --execute option is used, command must include --reassignment-json-file that was output during the --generate option',
    );
    const version = await run('kafka-reassign-partitions', '--version');
    expect([version.code, version.stdout]).toEqual([0, '2.5.0 (Commit:66563e712b0b9f84)\n']);
  });

  it("kafka-configs: its argument checks in Kafka's order and words", async () => {
    const noArgs = await run('kafka-configs');
    expect(lines(noArgs.stderr)[0]).toBe('This tool helps to manipulate and describe entity config for a topic, client, user or broker');
    expect(noArgs.stderr).toContain('\n--add-config <String>                  Key Value pairs of configs to add.     \n');
    const err = async (...args: string[]) => (await run('kafka-configs', ...args)).stderr;
    expect(await err('--zookeeper', 'z', '--describe', '--entity-type', 'topics', '--entity-type', 'topics')).toBe(
      'Duplicate entity type(s) specified: topics\n',
    );
    expect(await err('--zookeeper', 'z', '--describe', '--entity-type', 'topics', '--entity-type', 'brokers')).toBe(
      "Only 'users' and 'clients' entity types may be specified together\n",
    );
    expect(await err('--zookeeper', 'z', '--describe')).toBe('At least one entity type must be specified\n');
    expect(await err('--describe', '--entity-type', 'topics')).toBe(
      'One of the required --bootstrap-server or --zookeeper arguments must be specified\n',
    );
    expect(await err('--zookeeper', 'z', '--describe', '--entity-type', 'topics', '--all')).toBe(
      '--bootstrap-server must be specified for --all\n',
    );
    expect(await err('--zookeeper', 'z', '--describe', '--entity-type', 'brokers', '--entity-name', 'b1')).toBe(
      'The entity name for brokers must be a valid integer broker id, but it is: b1\n',
    );
    expect(await err('--zookeeper', 'z', '--alter', '--entity-type', 'users', '--entity-name', 'u')).toBe(
      'At least one of --add-config or --delete-config must be specified with --alter\n',
    );
    expect(await err('--zookeeper', 'z', '--alter', '--entity-type', 'brokers', '--add-config', 'a=b')).toBe(
      'an entity-name or default entity must be specified with --alter of users, clients or brokers\n',
    );
    expect(await err('--zookeeper', 'z', '--describe', '--topic', 't', '--entity-type', 'topics')).toBe(
      'Duplicate entity type(s) specified: topics\n',
    );
    expect(await err('--zookeeper', 'z', '--describe', '--topic', 't', '--entity-name', 'x')).toBe(
      '--entity-{type,name,default} should not be used in conjunction with specific entity flags\n',
    );
    expect(lines(await err('--zookeeper', 'z', '--describe', '--entity-type', 'topics', '--add-config', 'a=b'))[0]).toBe(
      'Option "[describe]" can\'t be used with option "[add-config]"',
    );
    expect(await err('--zookeeper', 'z', '--describe', '--entity-type', 'topics', '--bogus')).toBe('bogus is not a recognized option\n');
  });

  it('kafka-preferred-replica-election: the deprecation line first, exactly one of --zookeeper / --bootstrap-server', async () => {
    const neither = await run('kafka-preferred-replica-election', '--path-to-json-file', 'x.json');
    expect(neither.stdout).toBe('This tool is deprecated. Please use kafka-leader-election tool. Tracking issue: KAFKA-8405\n');
    expect(lines(neither.stderr)[0]).toBe("Exactly one of '[bootstrap-server]' or '[zookeeper]' must be provided");
    const both = await run('kafka-preferred-replica-election', '--zookeeper', 'z', '--bootstrap-server', 'b:9092');
    expect(both.stderr).toBe(
      'Exception in thread "main" joptsimple.UnavailableOptionException: Option(s) [bootstrap-server] are unavailable given other options on the command line\n',
    );
  });
});
