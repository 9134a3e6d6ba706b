/**
 * Kafka 2.5's `kafka.utils.CommandLineUtils` and `CommandDefaultOptions` as the tools use them:
 * `printUsageAndDie` (the message, then joptsimple's option table, on stderr; exit 1),
 * `checkRequiredArgs` / `checkInvalidArgs` in Kafka's words, and the `--help` / `--version`
 * options every tool has.
 */
import { readFileSync } from 'node:fs';
import { AdminJavaException } from '../core/admin/admin-exceptions';
import { RUNTIME_EXCEPTION, stackTraceLines } from '../core/common/throwable';
import { formatHelp } from './kafka-topics/help';
import type { CommandIo } from './kafka-topics/kafka-topics';
import { KAFKA_VERSION_LINE } from './kafka-topics/kafka-topics';
import { OptionException, type OptionSpec, type ParsedOptions } from './kafka-topics/option-parser';

export const DEFAULT_OPTION_SPECS: readonly OptionSpec[] = [
  { name: 'help', description: 'Print usage information.' },
  { name: 'version', description: 'Display Kafka version.' },
];

/** Thrown to stop a tool as `Exit.exit(code)` does, after its output is written. */
export class ToolExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export function printUsageAndDie(io: CommandIo, specs: readonly OptionSpec[], message: string): never {
  io.stderr(`${message}\n${formatHelp(specs)}`);
  throw new ToolExit(1);
}

/** `printHelpAndExitIfNeeded`: no arguments or `--help` print the usage; `--version` the version. */
export function printHelpAndExitIfNeeded(
  io: CommandIo,
  specs: readonly OptionSpec[],
  args: readonly string[],
  options: ParsedOptions,
  message: string,
): void {
  if (args.length === 0 || options.has('help')) printUsageAndDie(io, specs, message);
  if (options.has('version')) {
    io.stdout(`${KAFKA_VERSION_LINE}\n`);
    throw new ToolExit(0);
  }
}

export function checkRequiredArgs(io: CommandIo, specs: readonly OptionSpec[], options: ParsedOptions, ...required: string[]): void {
  for (const name of required) if (!options.has(name)) printUsageAndDie(io, specs, `Missing required argument "[${name}]"`);
}

export function checkInvalidArgs(
  io: CommandIo,
  specs: readonly OptionSpec[],
  options: ParsedOptions,
  used: string,
  invalid: readonly string[],
): void {
  if (!options.has(used)) return;
  for (const name of invalid)
    if (options.has(name)) printUsageAndDie(io, specs, `Option "[${used}]" can't be used with option "[${name}]"`);
}

/** `Utils.loadProps(path)` of a `--command-config` file: a missing one is a FileNotFoundException escaping main. */
export function checkCommandConfigFile(path: string | undefined): void {
  if (path === undefined) return;
  try {
    readFileSync(path, 'utf8');
  } catch {
    throw new AdminJavaException('java.io.FileNotFoundException', `${path} (No such file or directory)`);
  }
}

/**
 * The exit of a tool whose `main` threw `e`: a `ToolExit`'s code, or the JVM's
 * `Exception in thread "main" …` with the exception's trace on stderr and exit 1.
 */
export function exitOfMain(io: CommandIo, e: unknown): number {
  if (e instanceof ToolExit) return e.code;
  const lines = e instanceof OptionException ? [`${e.exceptionClass}: ${e.message}`] : stackTraceLines(e, RUNTIME_EXCEPTION);
  io.stderr(`Exception in thread "main" ${lines.join('\n')}\n`);
  return 1;
}
