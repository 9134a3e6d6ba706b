/**
 * The options of Kafka 2.6.0's `ReassignPartitionsCommand` and its `validateAndParseArgs`: exactly
 * one action of --generate, --execute, --verify, --cancel, --list; --bootstrap-server (or the
 * deprecated --zookeeper); each action's required options, then every option given checked against
 * the ones its action permits, in command-line order. The `--zookeeper` form without
 * --bootstrap-server stays the 2.5.1 tool (kafka-reassign-partitions.ts).
 */
import { checkRequiredArgs, DEFAULT_OPTION_SPECS, printHelpAndExitIfNeeded, printUsageAndDie } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import type { OptionSpec, ParsedOptions } from '../kafka-topics/option-parser';
import { REASSIGN_SPECS } from './reassign-option-specs';

export const REASSIGN_HELP_26 = 'This tool helps to move topic partitions between replicas.';

const legacy = (name: string) => REASSIGN_SPECS.find((s) => s.name === name)!;

export const REASSIGN_SPECS_26: readonly OptionSpec[] = [
  ...DEFAULT_OPTION_SPECS,
  legacy('verify'),
  legacy('generate'),
  legacy('execute'),
  { name: 'cancel', description: 'Cancel an active reassignment.' },
  { name: 'list', description: 'List all active partition reassignments.' },
  {
    ...legacy('bootstrap-server'),
    description:
      'the server(s) to use for bootstrapping. REQUIRED if an absolute path of the log directory is specified for any replica in the reassignment json file, or if --zookeeper is not given.',
  },
  legacy('command-config'),
  {
    ...legacy('zookeeper'),
    description:
      'DEPRECATED: The connection string for the zookeeper connection in the form host:port. Multiple URLS can be given to allow fail-over.  Please use --bootstrap-server instead.',
  },
  legacy('reassignment-json-file'),
  legacy('topics-to-move-json-file'),
  legacy('broker-list'),
  legacy('disable-rack-aware'),
  legacy('throttle'),
  legacy('replica-alter-log-dirs-throttle'),
  { ...legacy('timeout'), description: 'The maximum time in ms to wait for log directory replica assignment to begin.' },
  { name: 'additional', description: 'Execute this reassignment in addition to any other ongoing ones.' },
  { name: 'preserve-throttles', description: 'Do not modify broker or topic throttles.' },
];

export type ReassignAction = 'generate' | 'execute' | 'verify' | 'cancel' | 'list';
const ACTIONS: readonly ReassignAction[] = ['generate', 'execute', 'verify', 'cancel', 'list'];

const REQUIRED: Record<ReassignAction, readonly string[]> = {
  verify: ['reassignment-json-file'],
  generate: ['topics-to-move-json-file', 'broker-list'],
  execute: ['reassignment-json-file'],
  cancel: ['reassignment-json-file'],
  list: [],
};

const PERMITTED: Record<ReassignAction, readonly string[]> = {
  verify: ['bootstrap-server', 'command-config', 'preserve-throttles', 'zookeeper'],
  generate: ['bootstrap-server', 'broker-list', 'command-config', 'disable-rack-aware', 'zookeeper'],
  execute: ['additional', 'bootstrap-server', 'command-config', 'throttle', 'replica-alter-log-dirs-throttle', 'timeout', 'zookeeper'],
  cancel: ['bootstrap-server', 'command-config', 'preserve-throttles', 'timeout'],
  list: ['bootstrap-server', 'command-config'],
};

/** `validateAndParseArgs` of 2.6.0 once the options are parsed; dies with its usage texts. */
export function validateReassignArgs(io: CommandIo, args: readonly string[], options: ParsedOptions): ReassignAction {
  printHelpAndExitIfNeeded(io, REASSIGN_SPECS_26, args, options, REASSIGN_HELP_26);
  const actions = ACTIONS.filter((a) => options.has(a));
  if (actions.length !== 1)
    printUsageAndDie(io, REASSIGN_SPECS_26, `Command must include exactly one action: ${ACTIONS.map((a) => `--${a}`).join(', ')}`);
  const [action] = actions;
  if (!options.has('zookeeper') && !options.has('bootstrap-server'))
    printUsageAndDie(io, REASSIGN_SPECS_26, 'Please specify --bootstrap-server');
  checkRequiredArgs(io, REASSIGN_SPECS_26, options, ...REQUIRED[action]);
  for (const opt of options.detectedSpecs) {
    if (opt !== action && !REQUIRED[action].includes(opt) && !PERMITTED[action].includes(opt))
      printUsageAndDie(io, REASSIGN_SPECS_26, `Option "[${opt}]" can't be used with action "[${action}]"`);
  }
  return action;
}
