/**
 * `kafka-dojo kafka-topics …`: Kafka 2.5's kafka-topics.sh (`kafka.admin.TopicCommand`) against
 * Kafka Dojo's brokers through the wire protocol. Exit codes as Kafka's: 0, or 1 for a usage error,
 * a failed command, or an exception out of `main`.
 */
import { readFileSync } from 'node:fs';
import { AdminClient, BootstrapConfigError } from '../../protocol/kafka/client/admin-client';
import { javaFailureOf, log4jLine } from './command-failure';
import { formatHelp } from './help';
import { OptionException } from './option-parser';
import { TOPIC_COMMAND_SPECS, TopicCommandOptions } from './topic-command-options';
import { TopicService } from './topic-service';
import { ZookeeperTopicService } from './zookeeper-topic-service';
import { defaultZkEnvironment, type ZkToolEnvironment } from '../zookeeper/zk-connection';

/** `AppInfoParser`'s version and commit id of the 2.5.0 release. */
export const KAFKA_VERSION_LINE = '2.5.0 (Commit:66563e712b0b9f84)';

export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now?: () => Date;
  /** How the `--zookeeper` variants reach ZooKeeper (default: over the wire, `wireZkConnector`). */
  readonly zookeeper?: ZkToolEnvironment;
}

function uncaught(io: CommandIo, trace: readonly string[]): number {
  io.stderr(
    `Exception in thread "main" ${trace[0]}\n${trace
      .slice(1)
      .map((l) => `${l}\n`)
      .join('')}`,
  );
  return 1;
}

/** Java `Properties` text: `key=value` or `key:value` lines, `#`/`!` comments. */
export function loadProps(path: string): Map<string, string> {
  const props = new Map<string, string>();
  for (const raw of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    const m = /^([^=:\s]+)\s*[=:\s]\s*(.*)$/.exec(line);
    if (m) props.set(m[1], m[2]);
  }
  return props;
}

function intProp(props: Map<string, string>, key: string): number | undefined {
  const v = props.get(key);
  return v === undefined || !/^\d+$/.test(v) ? undefined : Number(v);
}

export async function runKafkaTopics(args: readonly string[], io: CommandIo): Promise<number> {
  const now = io.now ?? (() => new Date());
  let opts: TopicCommandOptions;
  try {
    opts = new TopicCommandOptions(args);
  } catch (e) {
    if (e instanceof OptionException) return uncaught(io, [`${e.exceptionClass}: ${e.message}`]);
    throw e;
  }
  const outcome = opts.checkArgs();
  switch (outcome.kind) {
    case 'usage':
      io.stderr(`${outcome.message}\n${formatHelp(TOPIC_COMMAND_SPECS)}`);
      return 1;
    case 'version':
      io.stdout(`${KAFKA_VERSION_LINE}\n`);
      return 0;
    case 'uncaught':
      return uncaught(io, [`${outcome.exceptionClass}: ${outcome.message}`]);
    case 'run':
      break;
  }
  if (!opts.has('bootstrap-server')) return runWithZookeeper(opts, io, now);
  let props = new Map<string, string>();
  const commandConfig = opts.options.valueOf('command-config');
  if (commandConfig !== undefined) {
    try {
      props = loadProps(commandConfig);
    } catch {
      return uncaught(io, [`java.nio.file.NoSuchFileException: ${commandConfig}`]);
    }
  }
  let admin: AdminClient;
  try {
    admin = new AdminClient({
      bootstrapServers: props.has('bootstrap.servers') && !opts.bootstrapServer ? props.get('bootstrap.servers')! : opts.bootstrapServer!,
      clientId: props.get('client.id'),
      defaultApiTimeoutMs: intProp(props, 'default.api.timeout.ms'),
      requestTimeoutMs: intProp(props, 'request.timeout.ms'),
      onWarn: (message, logger) => io.stderr(log4jLine(now(), 'WARN', message, logger)),
    });
  } catch (e) {
    if (!(e instanceof BootstrapConfigError)) throw e;
    return uncaught(io, [
      'org.apache.kafka.common.KafkaException: Failed to create new KafkaAdminClient',
      `Caused by: ${e.exceptionClass}: ${e.message}`,
    ]);
  }
  const service = new TopicService(admin, opts, (line) => io.stdout(`${line}\n`));
  try {
    await service.run();
    return 0;
  } catch (e) {
    const failure = javaFailureOf(e);
    io.stdout(`Error while executing topic command : ${failure.message}\n`);
    io.stderr(log4jLine(now(), 'ERROR', `${failure.trace.join('\n')}\n`, 'kafka.admin.TopicCommand$'));
    return 1;
  } finally {
    admin.close();
  }
}

/** `TopicCommand.main` with `--zookeeper`: the same failure handling, over a KafkaZkClient. */
async function runWithZookeeper(opts: TopicCommandOptions, io: CommandIo, now: () => Date): Promise<number> {
  const env = io.zookeeper ?? defaultZkEnvironment();
  const fail = (e: unknown): number => {
    const failure = javaFailureOf(e);
    io.stdout(`Error while executing topic command : ${failure.message}\n`);
    io.stderr(log4jLine(now(), 'ERROR', `${failure.trace.join('\n')}\n`, 'kafka.admin.TopicCommand$'));
    return 1;
  };
  let session;
  try {
    session = await env.connect(opts.options.valueOf('zookeeper')!, 'kafka-topics');
  } catch (e) {
    // ZookeeperTopicService is made before TopicCommand's try: a connection failure escapes main.
    return uncaught(io, javaFailureOf(e).trace);
  }
  try {
    await new ZookeeperTopicService(session.zkClient, opts, (line) => io.stdout(`${line}\n`), env.random).run();
    return 0;
  } catch (e) {
    return fail(e);
  } finally {
    await session.close();
  }
}
