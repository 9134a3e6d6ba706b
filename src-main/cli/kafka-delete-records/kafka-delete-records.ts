/**
 * `kafka-dojo kafka-delete-records --bootstrap-server … --offset-json-file f [--command-config p]`:
 * Kafka 2.5.1's `DeleteRecordsCommand`, the Admin client's `deleteRecords` over the wire (each
 * partition to its leader). Its lines on stdout — each partition's low watermark or the exception
 * its future failed with, in the order of the result's `HashMap` — and its exceptions escaping
 * `main` (`Exception in thread "main" …`, exit 1).
 */
import { readFileSync } from 'node:fs';
import { javaHashMapOrderOfPartitions } from '../../core/admin/consumer-group-reset-plan';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { tpKey } from '../../core/common/topic-partition';
import { AdminClient } from '../../protocol/kafka/client/admin-client';
import { checkCommandConfigFile, checkRequiredArgs, exitOfMain, printHelpAndExitIfNeeded } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { parseOptions } from '../kafka-topics/option-parser';
import { DELETE_RECORDS_HELP, DELETE_RECORDS_SPECS } from './delete-records-options';
import { parseOffsetJson } from './offset-json';

const REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_API_TIMEOUT_MS = 60_000;

/** `Utils.readFileAsString` / `Utils.loadProps`: a missing file is a NoSuchFileException / FileNotFoundException. */
function readFile(path: string, missingClass: string, missingMessage: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new AdminJavaException(missingClass, missingMessage);
  }
}

export async function runKafkaDeleteRecords(args: readonly string[], io: CommandIo): Promise<number> {
  const println = (line: string) => io.stdout(`${line}\n`);
  let client: AdminClient | null = null;
  try {
    const options = parseOptions(DELETE_RECORDS_SPECS, args);
    printHelpAndExitIfNeeded(io, DELETE_RECORDS_SPECS, args, options, DELETE_RECORDS_HELP);
    checkRequiredArgs(io, DELETE_RECORDS_SPECS, options, 'bootstrap-server', 'offset-json-file');
    const commandConfig = options.valueOf('command-config');
    checkCommandConfigFile(commandConfig);
    client = new AdminClient({
      bootstrapServers: options.valueOf('bootstrap-server')!,
      defaultApiTimeoutMs: DEFAULT_API_TIMEOUT_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    });
    const file = options.valueOf('offset-json-file')!;
    const offsets = parseOffsetJson(readFile(file, 'java.nio.file.NoSuchFileException', file));
    const seen = new Set<string>();
    const duplicates = new Map<string, string>();
    for (const o of offsets) {
      const key = tpKey(o);
      if (seen.has(key)) duplicates.set(key, key);
      seen.add(key);
    }
    if (duplicates.size > 0)
      throw AdminJavaException.adminCommandFailed(
        `Offset json file contains duplicate topic partitions: ${[...duplicates.values()].join(',')}`,
      );

    println('Executing records delete operation');
    const results = await client.deleteRecords(offsets);
    println('Records delete operation completed:');
    for (const r of javaHashMapOrderOfPartitions(
      results.map((result) => ({ tp: { topic: result.topic, partition: result.partition }, result })),
    )) {
      const { result } = r;
      // `KafkaFuture.get`'s ExecutionException: its message is the cause's `toString`.
      if ('error' in result) println(`partition: ${tpKey(r.tp)}\terror: ${result.error.exceptionClass}: ${result.error.message}`);
      else println(`partition: ${tpKey(r.tp)}\tlow_watermark: ${result.lowWatermark}`);
    }
    return 0;
  } catch (e) {
    return exitOfMain(io, e);
  } finally {
    client?.close();
  }
}
