/**
 * `kafka-dojo kafka-broker-api-versions --bootstrap-server …`: Kafka 2.5.1's
 * `BrokerApiVersionsCommand`. For every broker of the cluster's metadata, `<node> -> (` and its
 * ApiVersions as `NodeApiVersions.toString(true)` prints them, or `<node> -> ERROR: <exception>`;
 * brokers in the order of the Scala immutable `Map` the command builds from `Cluster.nodes`
 * (shuffled by `Cluster`, so up to four brokers come in a random order, as on a real cluster).
 * Exceptions escaping `main` print as the JVM does (`Exception in thread "main" …`, exit 1).
 */
import { readFileSync } from 'node:fs';
import { javaStringHashCode } from '../../core/common/java-lang';
import { javaHashIterationOrder } from '../../core/common/java-lang';
import { DEFAULT_KAFKA_BUILD, scalaImmutableMapOrderBy } from '../../core/common/jvm-hash-order';
import { RUNTIME_EXCEPTION, throwableToString } from '../../core/common/throwable';
import { BootstrapConfigError, parseBootstrapServers } from '../../protocol/kafka/client/bootstrap-servers';
import { checkRequiredArgs, printHelpAndExitIfNeeded, ToolExit } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { OptionException, parseOptions } from '../kafka-topics/option-parser';
import { BROKER_API_VERSIONS_HELP, BROKER_API_VERSIONS_SPECS } from './broker-api-versions-options';
import {
  BrokerVersionClient,
  bootstrapNodes,
  DEFAULT_REQUEST_TIMEOUT_MS,
  javaShuffle,
  nodeString,
  type Node,
} from './broker-version-client';
import { nodeApiVersionsText } from './node-api-versions';

/** `Collections.shuffle`'s source of `nextInt(bound)` (a fresh `java.util.Random` in Kafka). */
export type ShuffleRandom = (bound: number) => number;

const MATH_RANDOM: ShuffleRandom = (bound) => Math.floor(Math.random() * bound);

/** `AdminClient.AdminClientIdSequence`: the command's one client. */
const CLIENT_ID = 'admin-1';

/** `Node.hashCode`. */
export function nodeHashCode(node: Node): number {
  let result = (31 + javaStringHashCode(node.host)) | 0;
  result = (Math.imul(31, result) + node.id) | 0;
  result = (Math.imul(31, result) + node.port) | 0;
  return (Math.imul(31, result) + (node.rack === null ? 0 : javaStringHashCode(node.rack))) | 0;
}

/** `Utils.loadProps`: only the file's existence matters here (the brokers speak PLAINTEXT). */
function loadProps(path: string): void {
  try {
    readFileSync(path, 'utf8');
  } catch {
    throw new FileNotFound(`${path} (No such file or directory)`);
  }
}

class FileNotFound extends Error {
  readonly javaClass = 'java.io.FileNotFoundException';
}

function uncaughtText(e: unknown): string {
  if (e instanceof OptionException) return `${e.exceptionClass}: ${e.message}`;
  if (e instanceof BootstrapConfigError) return `${e.exceptionClass}: ${e.message}`;
  if (e instanceof FileNotFound) return `${e.javaClass}: ${e.message}`;
  return throwableToString(e, RUNTIME_EXCEPTION);
}

export async function runKafkaBrokerApiVersions(
  args: readonly string[],
  io: CommandIo,
  random: ShuffleRandom = MATH_RANDOM,
): Promise<number> {
  let client: BrokerVersionClient | null = null;
  try {
    const options = parseOptions(BROKER_API_VERSIONS_SPECS, args);
    printHelpAndExitIfNeeded(io, BROKER_API_VERSIONS_SPECS, args, options, BROKER_API_VERSIONS_HELP);
    checkRequiredArgs(io, BROKER_API_VERSIONS_SPECS, options, 'bootstrap-server');
    const commandConfig = options.valueOf('command-config');
    if (commandConfig !== undefined) loadProps(commandConfig);
    const bootstrap = javaShuffle(bootstrapNodes(parseBootstrapServers(options.valueOf('bootstrap-server')!)), random);
    client = new BrokerVersionClient(CLIENT_ID, DEFAULT_REQUEST_TIMEOUT_MS);
    // `awaitBrokers`, then `listAllBrokerVersionInfo`'s own Metadata.
    while ((await client.findAllBrokers(bootstrap)).length === 0) await new Promise((r) => setTimeout(r, 50));
    const byId = javaHashIterationOrder(await client.findAllBrokers(bootstrap), (n) => n.id);
    const brokers = scalaImmutableMapOrderBy(javaShuffle(byId, random), nodeHashCode, DEFAULT_KAFKA_BUILD);
    const results = new Map<Node, Awaited<ReturnType<BrokerVersionClient['apiVersions']>>>();
    for (const broker of brokers) results.set(broker, await client.apiVersions(broker));
    for (const broker of brokers) {
      const versions = results.get(broker)!;
      io.stdout(
        Array.isArray(versions)
          ? `${nodeString(broker)} -> ${nodeApiVersionsText(versions)}\n`
          : `${nodeString(broker)} -> ERROR: ${versions.toString()}\n`,
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof ToolExit) return e.code;
    io.stderr(`Exception in thread "main" ${uncaughtText(e)}\n`);
    return 1;
  } finally {
    client?.close();
  }
}
