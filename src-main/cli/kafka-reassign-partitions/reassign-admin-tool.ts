/**
 * `ReassignPartitionsCommand.main` of Kafka 2.6.0 with --bootstrap-server: an Admin client
 * (`client.id` reassign-partitions-tool unless --command-config names one), the action, and its
 * failures on stdout — a `TerseReassignmentFailureException` as its message alone, anything else as
 * `Error: <message>` and its stack trace — with exit code 1.
 */
import { RUNTIME_EXCEPTION, stackTraceLines } from '../../core/common/throwable';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { AdminClient, BootstrapConfigError } from '../../protocol/kafka/client/admin-client';
import type { Random } from '../../core/platform/random';
import { loadProps, type CommandIo } from '../kafka-topics/kafka-topics';
import { OptionException, type ParsedOptions } from '../kafka-topics/option-parser';
import { ReassignAdminCommand, readFileAsString, TerseReassignmentFailure } from './reassign-admin-command';
import type { ReassignAction } from './reassign-options';

const CLIENT_ID = 'reassign-partitions-tool';

function longValueOf(options: ParsedOptions, name: string, defaultValue: number): number {
  const raw = options.valueOf(name);
  if (raw === undefined) return defaultValue;
  if (!/^[+-]?\d+$/.test(raw))
    throw new OptionException('joptsimple.OptionArgumentConversionException', `Cannot parse argument '${raw}' of option ${name}`);
  return Number(raw);
}

function intProp(props: Map<string, string>, key: string): number | undefined {
  const v = props.get(key);
  return v === undefined || !/^\d+$/.test(v) ? undefined : Number(v);
}

function adminClientOf(options: ParsedOptions): AdminClient {
  const commandConfig = options.valueOf('command-config');
  let props = new Map<string, string>();
  if (commandConfig !== undefined) {
    try {
      props = loadProps(commandConfig);
    } catch {
      throw new AdminJavaException('java.nio.file.NoSuchFileException', commandConfig);
    }
  }
  try {
    return new AdminClient({
      bootstrapServers: options.valueOf('bootstrap-server')!,
      clientId: props.get('client.id') ?? CLIENT_ID,
      defaultApiTimeoutMs: intProp(props, 'default.api.timeout.ms'),
      requestTimeoutMs: intProp(props, 'request.timeout.ms'),
    });
  } catch (e) {
    if (!(e instanceof BootstrapConfigError)) throw e;
    throw new AdminJavaException(
      'org.apache.kafka.common.KafkaException',
      'Failed to create new KafkaAdminClient',
      new AdminJavaException(e.exceptionClass, e.message),
    );
  }
}

export async function runReassignWithAdmin(options: ParsedOptions, action: ReassignAction, io: CommandIo, random: Random): Promise<number> {
  const println = (line: string) => io.stdout(`${line}\n`);
  let admin: AdminClient | null = null;
  try {
    if (options.has('zookeeper'))
      println(
        'Warning: ignoring deprecated --zookeeper option because --bootstrap-server was specified.  The --zookeeper option will be removed in a future version of Kafka.',
      );
    admin = adminClientOf(options);
    const command = new ReassignAdminCommand(admin, println);
    const file = (name: string) => readFileAsString(options.valueOf(name)!);
    // handleAction reads every argument of the action before it starts.
    switch (action) {
      case 'verify':
        await command.verify(file('reassignment-json-file'), options.has('preserve-throttles'));
        break;
      case 'generate':
        await command.generate(
          file('topics-to-move-json-file'),
          options.valueOf('broker-list')!,
          !options.has('disable-rack-aware'),
          random,
        );
        break;
      case 'execute': {
        const additional = options.has('additional');
        const json = file('reassignment-json-file');
        const interBrokerThrottle = longValueOf(options, 'throttle', -1);
        const logDirThrottle = longValueOf(options, 'replica-alter-log-dirs-throttle', -1);
        // --timeout bounds only the AlterReplicaLogDirs retries.
        const timeoutMs = longValueOf(options, 'timeout', 10000);
        await command.execute(additional, json, interBrokerThrottle, logDirThrottle, timeoutMs);
        break;
      }
      case 'cancel': {
        const json = file('reassignment-json-file');
        const timeoutMs = longValueOf(options, 'timeout', 10000);
        await command.cancel(json, options.has('preserve-throttles'), timeoutMs);
        break;
      }
      case 'list':
        await command.list();
        break;
    }
    return 0;
  } catch (e) {
    if (e instanceof TerseReassignmentFailure) {
      println(e.message);
    } else {
      println(`Error: ${e instanceof Error ? e.message : String(e)}`);
      println(e instanceof OptionException ? `${e.exceptionClass}: ${e.message}` : stackTraceLines(e, RUNTIME_EXCEPTION).join('\n'));
    }
    return 1;
  } finally {
    admin?.close();
  }
}
