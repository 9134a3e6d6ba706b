/**
 * `kafka-dojo kafka-log-dirs --bootstrap-server … --describe [--topic-list t1,t2] [--broker-list 0,1]`:
 * Kafka 2.5.1's `LogDirsCommand`, the Admin client's `describeLogDirs` over DescribeLogDirs (API
 * 35, one request per broker). It prints two lines and one JSON document whose orders are the Java
 * client's: brokers as the Scala `Map` built from a `HashMap<Integer, …>`, each broker's dirs and
 * replicas as the response's `HashMap`s. A dir the broker reports offline carries the exception
 * name of its error (`org.apache.kafka.common.errors.KafkaStorageException`) and no partitions.
 */
import { parseJavaInt } from '../../core/common/java-lang';
import {
  DEFAULT_KAFKA_BUILD,
  javaNewHashMapOrder,
  javaNewHashMapOrderBy,
  scalaImmutableMapOrderBy,
} from '../../core/common/jvm-hash-order';
import { errorForCode } from '../../core/common/kafka-errors';
import { javaHashMapOrderOfPartitions } from '../../core/admin/consumer-group-reset-plan';
import { AdminClient } from '../../protocol/kafka/client/admin-client';
import { futureGet } from '../admin-future';
import { DESCRIBE_LOG_DIRS } from '../../protocol/kafka/messages/describe-log-dirs';
import { checkCommandConfigFile, checkRequiredArgs, exitOfMain, printHelpAndExitIfNeeded } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { parseOptions } from '../kafka-topics/option-parser';
import { LOG_DIRS_HELP, LOG_DIRS_SPECS } from './log-dirs-options';

const REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_API_TIMEOUT_MS = 60_000;

interface ReplicaJson {
  partition: string;
  size: number;
  offsetLag: number;
  isFuture: boolean;
}

interface LogDirJson {
  logDir: string;
  error: string | null;
  partitions: ReplicaJson[];
}

/** `Errors.exceptionName()`: the exception class of the error, null for NONE. */
function exceptionName(errorCode: number): string | null {
  return errorForCode(errorCode).exceptionClass;
}

async function describeBroker(client: AdminClient, brokerId: number, topics: ReadonlySet<string>): Promise<LogDirJson[]> {
  const response = await client.send(DESCRIBE_LOG_DIRS, brokerId, { topics: null });
  const dirs = new Map<string, LogDirJson>();
  for (const result of response.results) {
    const replicas = result.topics.flatMap((t) =>
      t.partitions.map((p) => ({
        tp: { topic: t.name, partition: p.partitionIndex },
        json: {
          partition: `${t.name}-${p.partitionIndex}`,
          size: Number(p.partitionSize),
          offsetLag: Number(p.offsetLag),
          isFuture: p.isFutureKey,
        },
      })),
    );
    dirs.set(result.logDir, {
      logDir: result.logDir,
      error: exceptionName(result.errorCode),
      partitions: javaHashMapOrderOfPartitions(replicas)
        .filter((r) => topics.size === 0 || topics.has(r.tp.topic))
        .map((r) => r.json),
    });
  }
  return javaNewHashMapOrder([...dirs.keys()]).map((dir) => dirs.get(dir)!);
}

/** `describeLogDirsResult.all.get()`: the first failed broker fails the whole call. */
async function describeAll(client: AdminClient, brokerIds: readonly number[], topics: ReadonlySet<string>) {
  const distinct = [...new Set(brokerIds)];
  return futureGet(Promise.all(distinct.map(async (id) => ({ id, logDirs: await describeBroker(client, id, topics) }))));
}

/** The broker order of `all()`'s `new HashMap<Integer, …>(brokers)`, then `.toMap`'s Scala `Map`. */
function brokerOrder<T extends { id: number }>(brokers: readonly T[]): T[] {
  const javaOrder = javaNewHashMapOrderBy(brokers, (b) => b.id, brokers.length);
  return scalaImmutableMapOrderBy(javaOrder, (b) => b.id, DEFAULT_KAFKA_BUILD);
}

export async function runKafkaLogDirs(args: readonly string[], io: CommandIo): Promise<number> {
  const println = (line: string) => io.stdout(`${line}\n`);
  let client: AdminClient | null = null;
  try {
    const options = parseOptions(LOG_DIRS_SPECS, args);
    printHelpAndExitIfNeeded(io, LOG_DIRS_SPECS, args, options, LOG_DIRS_HELP);
    checkRequiredArgs(io, LOG_DIRS_SPECS, options, 'bootstrap-server', 'describe');
    const commandConfig = options.valueOf('command-config');
    checkCommandConfigFile(commandConfig);
    client = new AdminClient({
      bootstrapServers: options.valueOf('bootstrap-server')!,
      clientId: 'log-dirs-tool',
      defaultApiTimeoutMs: DEFAULT_API_TIMEOUT_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    });
    const topics = new Set((options.valueOf('topic-list') ?? '').split(',').filter((t) => t !== ''));
    const brokerListOption = options.valueOf('broker-list');
    const brokerIds =
      brokerListOption === undefined
        ? await client.describeCluster()
        : brokerListOption
            .split(',')
            .filter((b) => b !== '')
            .map(parseJavaInt);

    println('Querying brokers for log directories information');
    const described = await describeAll(client, brokerIds, topics);
    println(`Received log directory information from brokers ${brokerIds.join(',')}`);
    const json = { version: 1, brokers: brokerOrder(described).map((b) => ({ broker: b.id, logDirs: b.logDirs })) };
    println(JSON.stringify(json));
    return 0;
  } catch (e) {
    return exitOfMain(io, e);
  } finally {
    client?.close();
  }
}
