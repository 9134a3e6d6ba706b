/**
 * `kafka-dojo kafka-leader-election --bootstrap-server … --election-type preferred|unclean
 * (--topic t --partition p | --all-topic-partitions | --path-to-json-file f)`: Kafka 2.5.1's
 * `LeaderElectionCommand`, ElectLeaders to the controller over the wire. Its lines on stdout, its
 * exceptions escaping `main` (`Exception in thread "main" …`, exit 1) — including 2.5.1's slip of
 * listing the elected partitions after "Valid replica already elected for partitions".
 */
import { readFileSync } from 'node:fs';
import { readElectionPartitions } from './election-partitions';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { RUNTIME_EXCEPTION, stackTraceLines } from '../../core/common/throwable';
import type { TopicPartition } from '../../core/common/topic-partition';
import { tpKey } from '../../core/common/topic-partition';
import { AdminClient } from '../../protocol/kafka/client/admin-client';
import { printHelpAndExitIfNeeded, ToolExit } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { OptionException, parseOptions } from '../kafka-topics/option-parser';
import { tpString } from '../kafka-reassign-partitions/reassignment-json';
import { electAndClassify, ElectionFailures, ElectionRequestError } from './election-outcome';
import { LEADER_ELECTION_HELP, LEADER_ELECTION_SPECS, validateLeaderElectionOptions } from './leader-election-options';

const TIMEOUT_MS = 30_000;

type ElectionType = 'PREFERRED' | 'UNCLEAN';

/** A joptsimple conversion failure with its cause, as the JVM prints both. */
class ConversionFailure extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines[0]);
  }
}

/** `ElectionTypeConverter` (joptsimple's EnumConverter): any case of an enum name. */
function electionTypeOf(raw: string): ElectionType {
  const upper = raw.toUpperCase();
  if (upper === 'PREFERRED' || upper === 'UNCLEAN') return upper;
  throw new ConversionFailure([
    `joptsimple.OptionArgumentConversionException: Cannot parse argument '${raw}' of option election-type`,
    `Caused by: joptsimple.ValueConversionException: Value [${raw}] is not one of [[PREFERRED,UNCLEAN]]`,
  ]);
}

/** `Utils.readFileAsString`. */
function readFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    const cause = new AdminJavaException(code === 'ENOENT' ? 'java.nio.file.NoSuchFileException' : 'java.io.IOException', path);
    throw new AdminJavaException('java.io.IOException', `Unable to read file ${path}`, cause);
  }
}

/** `parseReplicaElectionData`. */
function parseElectionData(json: string): TopicPartition[] {
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch {
    throw AdminJavaException.adminOperation('Replica election data is empty');
  }
  const partitions = root !== null && typeof root === 'object' ? (root as { partitions?: unknown }).partitions : undefined;
  if (partitions === undefined) throw AdminJavaException.adminOperation('Replica election data is missing "partitions" field');
  if (!Array.isArray(partitions))
    throw new AdminJavaException(
      'com.fasterxml.jackson.databind.JsonMappingException',
      `Expected JSON array, received ${JSON.stringify(partitions)}`,
    );
  const list = readElectionPartitions(partitions, 'Replica election data');
  return [...new Map(list.map((p) => [tpKey(p), p])).values()];
}

async function electLeaders(
  client: AdminClient,
  electionType: ElectionType,
  partitions: TopicPartition[] | null,
  println: (line: string) => void,
): Promise<void> {
  let outcome;
  try {
    outcome = await electAndClassify(client, electionType, partitions, println);
  } catch (e) {
    if (!(e instanceof ElectionRequestError)) throw e;
    println('Error while making request');
    throw e.original;
  }
  const succeeded = outcome.succeeded.map(tpString).join(', ');
  if (outcome.succeeded.length > 0) println(`Successfully completed leader election (${electionType}) for partitions ${succeeded}`);
  // 2.5.1 prints the elected partitions here, not the ones that needed no election.
  if (outcome.noop.length > 0) println(`Valid replica already elected for partitions ${succeeded}`);
  if (outcome.failed.length > 0) {
    for (const f of outcome.failed)
      println(`Error completing leader election (${electionType}) for partition: ${tpString(f.partition)}: ${f.exception}`);
    throw new ElectionFailures(
      `${outcome.failed.length} replica(s) could not be elected`,
      outcome.failed.map((f) => f.exception),
    );
  }
}

export async function runKafkaLeaderElection(args: readonly string[], io: CommandIo): Promise<number> {
  const println = (line: string) => io.stdout(`${line}\n`);
  const uncaught = (e: unknown): number => {
    let lines: readonly string[];
    if (e instanceof OptionException) lines = [`${e.exceptionClass}: ${e.message}`];
    else if (e instanceof ConversionFailure) lines = e.lines;
    else if (e instanceof ElectionFailures) lines = e.traceLines();
    else lines = stackTraceLines(e, RUNTIME_EXCEPTION);
    io.stderr(`Exception in thread "main" ${lines.join('\n')}\n`);
    return 1;
  };
  let client: AdminClient | null = null;
  try {
    const options = parseOptions(LEADER_ELECTION_SPECS, args);
    printHelpAndExitIfNeeded(io, LEADER_ELECTION_SPECS, args, options, LEADER_ELECTION_HELP);
    validateLeaderElectionOptions(options);
    const electionType = electionTypeOf(options.valueOf('election-type')!);
    const jsonFile = options.valueOf('path-to-json-file');
    const fromJson = jsonFile === undefined ? null : parseElectionData(readFile(jsonFile));
    const topic = options.valueOf('topic');
    const partition = options.intValueOf('partition');
    const single = topic !== undefined && partition !== undefined ? [{ topic, partition }] : null;
    const adminConfig = options.valueOf('admin.config');
    if (adminConfig !== undefined) readFile(adminConfig);
    client = new AdminClient({
      bootstrapServers: options.valueOf('bootstrap-server')!,
      defaultApiTimeoutMs: TIMEOUT_MS,
      requestTimeoutMs: TIMEOUT_MS / 2,
    });
    await electLeaders(client, electionType, fromJson ?? single, println);
    return 0;
  } catch (e) {
    if (e instanceof ToolExit) return e.code;
    return uncaught(e);
  } finally {
    client?.close();
  }
}
