/**
 * `kafka-dojo kafka-configs --bootstrap-server …` against emulated brokers listening on 127.0.0.1:
 * Kafka 2.5.1's ConfigCommand texts for describing and altering broker configs (per broker and the
 * cluster default), topic configs, `--all`, and its failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKafkaConfigs } from '../../src-main/cli/kafka-configs/kafka-configs';
import { wireCluster, type WireCluster } from '../support/kafka-wire';
import { adminOf, topic } from '../support/scenario';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('kafka-dojo kafka-configs --bootstrap-server', () => {
  let w: WireCluster;
  async function run(...args: string[]): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const code = await runKafkaConfigs(['--bootstrap-server', w.bootstrap, ...args], {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
    });
    return { code, stdout, stderr };
  }
  /** An alter reaches the brokers through /config/changes: let them process it. */
  const applied = async () => {
    await w.advance(100);
    await w.h.settle();
  };

  beforeAll(async () => {
    w = await wireCluster({ seed: 1420, brokers: 2, brokerConfig: { 'log.retention.hours': '100' } });
    await adminOf(w.h).createTopics([topic('orders', { assignment: [[0, 1]] })], { timeoutMs: 5000, validateOnly: false });
    await w.h.settle();
  });
  afterAll(async () => w?.close());

  it('--alter --add-config on broker 0, then --describe: the dynamic config with its synonyms by source', async () => {
    expect(await run('--entity-type', 'brokers', '--entity-name', '0', '--alter', '--add-config', 'log.retention.ms=120000')).toEqual({
      code: 0,
      stdout: 'Completed updating config for broker 0.\n',
      stderr: '',
    });
    await applied();
    expect(await run('--entity-type', 'brokers', '--entity-name', '0', '--describe')).toEqual({
      code: 0,
      stdout:
        'Dynamic configs for broker 0 are:\n' +
        '  log.retention.ms=120000 sensitive=false synonyms={DYNAMIC_BROKER_CONFIG:log.retention.ms=120000, STATIC_BROKER_CONFIG:log.retention.hours=100, DEFAULT_CONFIG:log.retention.hours=168}\n',
      stderr: '',
    });
  });

  it('--entity-default: the cluster-wide default altered and described; --describe of all brokers lists each, then the default', async () => {
    expect(await run('--entity-type', 'brokers', '--entity-default', '--alter', '--add-config', 'log.retention.ms=3600000')).toEqual({
      code: 0,
      stdout: 'Completed updating default config for brokers in the cluster.\n',
      stderr: '',
    });
    await applied();
    // createBrokerConfigEntry(perBrokerConfig = false) keeps only DYNAMIC_DEFAULT_BROKER_CONFIG
    // synonyms: the static log.retention.hours=100 of server.properties is not among them.
    const defaultLine = '  log.retention.ms=3600000 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=3600000}\n';
    expect((await run('--entity-type', 'brokers', '--entity-default', '--describe')).stdout).toBe(
      `Default configs for brokers in the cluster are:\n${defaultLine}`,
    );
    expect((await run('--entity-type', 'brokers', '--describe')).stdout).toBe(
      'Dynamic configs for broker 0 are:\n' +
        '  log.retention.ms=120000 sensitive=false synonyms={DYNAMIC_BROKER_CONFIG:log.retention.ms=120000, DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=3600000, STATIC_BROKER_CONFIG:log.retention.hours=100, DEFAULT_CONFIG:log.retention.hours=168}\n' +
        'Dynamic configs for broker 1 are:\n' +
        `Default configs for brokers in the cluster are:\n${defaultLine}`,
    );
    expect(w.h.cluster.broker(1).dynamicConfig.currentConfig.value('log.retention.ms')).toBe(3600000n);
  });

  it('--describe --all: every config of the broker, static and default ones too', async () => {
    const all = await run('--entity-type', 'brokers', '--entity-name', '1', '--describe', '--all');
    const lines = all.stdout.split('\n');
    expect(lines[0]).toBe('All configs for broker 1 are:');
    expect(lines).toContain('  broker.id=1 sensitive=false synonyms={STATIC_BROKER_CONFIG:broker.id=1, DEFAULT_CONFIG:broker.id=-1}');
    expect(lines).toContain(
      '  log.retention.ms=3600000 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=3600000, STATIC_BROKER_CONFIG:log.retention.hours=100, DEFAULT_CONFIG:log.retention.hours=168}',
    );
    expect(lines).toContain('  num.io.threads=8 sensitive=false synonyms={DEFAULT_CONFIG:num.io.threads=8}');
  });

  it('a static config refused by the broker: ExecutionException with its InvalidRequestException, exit 1', async () => {
    const args = ['--entity-type', 'brokers', '--entity-name', '0', '--alter', '--add-config', 'log.dirs=/elsewhere'];
    const refused = await run(...args);
    const cause =
      "org.apache.kafka.common.errors.InvalidRequestException: Invalid config value for resource ConfigResource(type=BROKER, name='0'): Cannot update these configs dynamically: Set(log.dirs)";
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error while executing config command with args '--bootstrap-server ${w.bootstrap} ${args.join(' ')}'\njava.util.concurrent.ExecutionException: ${cause}\nCaused by: ${cause}\n`,
    });
  });

  it('--delete-config of a dynamic broker config removes it; of one not set: Invalid config(s)', async () => {
    expect((await run('--entity-type', 'brokers', '--entity-name', '0', '--alter', '--delete-config', 'log.retention.ms')).stdout).toBe(
      'Completed updating config for broker 0.\n',
    );
    await applied();
    expect((await run('--entity-type', 'brokers', '--entity-name', '0', '--describe')).stdout).toBe('Dynamic configs for broker 0 are:\n');
    expect(await run('--entity-type', 'brokers', '--entity-name', '0', '--alter', '--delete-config', 'num.io.threads')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Invalid config(s): num.io.threads\n',
    });
  });

  /** Requests of one API key every broker's listener has answered so far. */
  const answered = (apiKey: number) => [...w.h.listeners.values()].reduce((n, l) => n + (l.stats().requestsByApiKey.get(apiKey) ?? 0), 0);

  it('topics: --alter --add-config/--delete-config (IncrementalAlterConfigs, as 2.5.1) and --describe with TOPIC overrides as DYNAMIC_TOPIC_CONFIG', async () => {
    const [incrementalBefore, legacyBefore] = [answered(44), answered(33)];
    expect(
      await run(
        '--entity-type',
        'topics',
        '--entity-name',
        'orders',
        '--alter',
        '--add-config',
        'retention.ms=1000,cleanup.policy=compact',
      ),
    ).toEqual({ code: 0, stdout: 'Completed updating config for topic orders.\n', stderr: '' });
    expect((await run('--entity-type', 'topics', '--entity-name', 'orders', '--alter', '--delete-config', 'cleanup.policy')).stdout).toBe(
      'Completed updating config for topic orders.\n',
    );
    expect((await run('--topic', 'orders', '--describe')).stdout).toBe(
      'Dynamic configs for topic orders are:\n' +
        '  retention.ms=1000 sensitive=false synonyms={DYNAMIC_TOPIC_CONFIG:retention.ms=1000, DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=3600000, STATIC_BROKER_CONFIG:log.retention.hours=100, DEFAULT_CONFIG:log.retention.hours=168}\n',
    );
    // Two alters, each one IncrementalAlterConfigs and no AlterConfigs.
    expect([answered(44) - incrementalBefore, answered(33) - legacyBefore]).toEqual([2, 0]);
    // A value the broker refuses comes back from IncrementalAlterConfigs in 2.5.1's words.
    expect(await run('--entity-type', 'topics', '--entity-name', 'orders', '--alter', '--add-config', 'retention.ms=soon')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        "org.apache.kafka.common.errors.InvalidRequestException: Invalid config value for resource ConfigResource(type=TOPIC, name='orders'): Invalid value soon for configuration retention.ms: Not a number of type LONG",
      ),
    });
  });

  it('broker-loggers: --alter names loggers the broker does not list, refused as 2.5.1 refuses them', async () => {
    expect(await run('--entity-type', 'broker-loggers', '--entity-name', '0', '--alter', '--add-config', 'kafka.controller=DEBUG')).toEqual(
      {
        code: 1,
        stdout: '',
        stderr: 'Invalid broker logger(s): kafka.controller\n',
      },
    );
  });

  it('--bootstrap-server takes one entity type and, for --alter, exactly one name', async () => {
    expect(await run('--entity-type', 'brokers', '--alter', '--add-config', 'a=b')).toMatchObject({
      code: 1,
      stderr: 'an entity-name or default entity must be specified with --alter of users, clients or brokers\n',
    });
    expect(await run('--entity-type', 'users', '--describe')).toMatchObject({
      code: 1,
      stderr:
        'Invalid entity type users, the entity type must be one of topics,brokers,broker-loggers with the --bootstrap-server argument\n',
    });
  });
});
