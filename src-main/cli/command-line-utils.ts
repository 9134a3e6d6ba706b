/**
 * Kafka 2.5's `kafka.utils.CommandLineUtils` and `CommandDefaultOptions` as the tools use them:
 * `printUsageAndDie` (the message, then joptsimple's option table, on stderr; exit 1),
 * `checkRequiredArgs` / `checkInvalidArgs` in Kafka's words, and the `--help` / `--version`
 * options every tool has.
 */
import { formatHelp } from './kafka-topics/help';
import type { CommandIo } from './kafka-topics/kafka-topics';
import { KAFKA_VERSION_LINE } from './kafka-topics/kafka-topics';
import type { OptionSpec, ParsedOptions } from './kafka-topics/option-parser';

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
