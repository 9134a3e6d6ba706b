/**
 * Kafka 2.5.1's `ConsumerGroupCommandOptions`: the options of kafka-consumer-groups.sh with their
 * help texts, the parse-time rules (`--members`, `--verbose`, `--offsets`, `--state` only with
 * `--describe`, and `--members` / `--offsets` / `--state` exclusive), and `checkArgs` in Kafka's
 * order and words. Where 2.5.1 prints a Scala `Set` of more than four options (the reset scenarios)
 * its order follows object identity hashes; here it is the order the options are declared in.
 */
import { DEFAULT_OPTION_SPECS, checkInvalidArgs, checkRequiredArgs, printUsageAndDie } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { OptionException, parseOptions, type OptionSpec, type ParsedOptions } from '../kafka-topics/option-parser';

const NL = '\n';

export const CONSUMER_GROUP_COMMAND_SPECS: readonly OptionSpec[] = [
  { name: 'all-groups', description: 'Apply to all consumer groups.' },
  { name: 'all-topics', description: 'Consider all topics assigned to a group in the `reset-offsets` process.' },
  {
    name: 'bootstrap-server',
    description: 'REQUIRED: The server(s) to connect to.',
    argument: { type: 'String', describedAs: 'server to connect to' },
  },
  {
    name: 'by-duration',
    description: "Reset offsets to offset by duration from current timestamp. Format: 'PnDTnHnMnS'",
    argument: { type: 'String', describedAs: 'duration' },
  },
  {
    name: 'command-config',
    description: 'Property file containing configs to be passed to Admin Client and Consumer.',
    argument: { type: 'String', describedAs: 'command config property file' },
  },
  {
    name: 'delete',
    description:
      'Pass in groups to delete topic partition offsets and ownership information over the entire consumer group. For instance --group g1 --group g2',
  },
  {
    name: 'delete-offsets',
    description: 'Delete offsets of consumer group. Supports one consumer group at the time, and multiple topics.',
  },
  {
    name: 'describe',
    description: 'Describe consumer group and list offset lag (number of messages not yet processed) related to given group.',
  },
  { name: 'dry-run', description: 'Only show results without executing changes on Consumer Groups. Supported operations: reset-offsets.' },
  { name: 'execute', description: 'Execute operation. Supported operations: reset-offsets.' },
  { name: 'export', description: 'Export operation execution to a CSV file. Supported operations: reset-offsets.' },
  {
    name: 'from-file',
    description: 'Reset offsets to values defined in CSV file.',
    argument: { type: 'String', describedAs: 'path to CSV file' },
  },
  { name: 'group', description: 'The consumer group we wish to act on.', argument: { type: 'String', describedAs: 'consumer group' } },
  DEFAULT_OPTION_SPECS[0],
  { name: 'list', description: 'List all consumer groups.' },
  {
    name: 'members',
    description: `Describe members of the group. This option may be used with '--describe' and '--bootstrap-server' options only.${NL}Example: --bootstrap-server localhost:9092 --describe --group group1 --members`,
  },
  {
    name: 'offsets',
    description: `Describe the group and list all topic partitions in the group along with their offset lag. This is the default sub-action of and may be used with '--describe' and '--bootstrap-server' options only.${NL}Example: --bootstrap-server localhost:9092 --describe --group group1 --offsets`,
  },
  {
    name: 'reset-offsets',
    description: `Reset offsets of consumer group. Supports one consumer group at the time, and instances should be inactive${NL}Has 2 execution options: --dry-run (the default) to plan which offsets to reset, and --execute to update the offsets. Additionally, the --export option is used to export the results to a CSV format.${NL}You must choose one of the following reset specifications: --to-datetime, --by-period, --to-earliest, --to-latest, --shift-by, --from-file, --to-current.${NL}To define the scope use --all-topics or --topic. One scope must be specified unless you use '--from-file'.`,
  },
  {
    name: 'shift-by',
    description: "Reset offsets shifting current offset by 'n', where 'n' can be positive or negative.",
    argument: { type: 'Long', describedAs: 'number-of-offsets' },
  },
  {
    name: 'state',
    description: `Describe the group state. This option may be used with '--describe' and '--bootstrap-server' options only.${NL}Example: --bootstrap-server localhost:9092 --describe --group group1 --state`,
  },
  {
    name: 'timeout',
    description:
      'The timeout that can be set for some use cases. For example, it can be used when describing the group to specify the maximum amount of time in milliseconds to wait before the group stabilizes (when the group is just created, or is going through some changes).',
    argument: { type: 'Long', describedAs: 'timeout (ms)', defaultValue: '5000' },
  },
  { name: 'to-current', description: 'Reset offsets to current offset.' },
  {
    name: 'to-datetime',
    description: "Reset offsets to offset from datetime. Format: 'YYYY-MM-DDTHH:mm:SS.sss'",
    argument: { type: 'String', describedAs: 'datetime' },
  },
  { name: 'to-earliest', description: 'Reset offsets to earliest offset.' },
  { name: 'to-latest', description: 'Reset offsets to latest offset.' },
  { name: 'to-offset', description: 'Reset offsets to a specific offset.', argument: { type: 'Long', describedAs: 'offset' } },
  {
    name: 'topic',
    description:
      'The topic whose consumer group information should be deleted or topic whose should be included in the reset offset process. In `reset-offsets` case, partitions can be specified using this format: `topic1:0,1,2`, where 0,1,2 are the partition to be included in the process. Reset-offsets also supports multiple topic inputs.',
    argument: { type: 'String', describedAs: 'topic' },
  },
  {
    name: 'verbose',
    description: `Provide additional information, if any, when describing the group. This option may be used with '--offsets'/'--members'/'--state' and '--bootstrap-server' options only.${NL}Example: --bootstrap-server localhost:9092 --describe --group group1 --members --verbose`,
  },
  DEFAULT_OPTION_SPECS[1],
];

export const ACTIONS = ['list', 'describe', 'delete', 'reset-offsets', 'delete-offsets'] as const;
export const RESET_SCENARIOS = [
  'to-offset',
  'shift-by',
  'to-datetime',
  'by-duration',
  'to-earliest',
  'to-latest',
  'to-current',
  'from-file',
] as const;
const GROUP_SELECTION = ['group', 'all-groups'];
const GROUP_LEVEL = ['list', 'describe', 'delete', 'reset-offsets'];

/** joptsimple's `OptionSpec.toString()`: `[name]`. */
const shown = (name: string) => `[${name}]`;

export class ConsumerGroupCommandOptions {
  readonly options: ParsedOptions;

  constructor(args: readonly string[]) {
    this.options = parseOptions(CONSUMER_GROUP_COMMAND_SPECS, args);
    // `availableIf(describeOpt)` and `mutuallyExclusive(members, offsets, state)`: checked as joptsimple parses.
    for (const name of ['members', 'verbose', 'offsets', 'state']) {
      if (this.options.has(name) && !this.options.has('describe')) throw unavailable(name);
    }
    const exclusive = ['members', 'offsets', 'state'].filter((n) => this.options.has(n));
    if (exclusive.length > 1) throw unavailable(exclusive[1]);
  }

  has(name: string): boolean {
    return this.options.has(name);
  }

  /** `valueOf` of a Long option, converted as joptsimple converts it. */
  longValueOf(name: string): number | undefined {
    const raw = this.options.valueOf(name);
    if (raw === undefined) return name === 'timeout' ? 5000 : undefined;
    if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
      throw new OptionException('joptsimple.OptionArgumentConversionException', `Cannot parse argument '${raw}' of option ${name}`);
    return Number(raw);
  }

  checkArgs(io: CommandIo): void {
    const specs = CONSUMER_GROUP_COMMAND_SPECS;
    const o = this.options;
    const die = (message: string): never => printUsageAndDie(io, specs, message);
    checkRequiredArgs(io, specs, o, 'bootstrap-server');
    const selection = GROUP_SELECTION.map(shown).join(', ');
    if (o.has('describe') && !o.has('group') && !o.has('all-groups'))
      die(`Option ${shown('describe')} takes one of these options: ${selection}`);
    if (o.has('delete')) {
      if (!o.has('group') && !o.has('all-groups')) die(`Option ${shown('delete')} takes one of these options: ${selection}`);
      if (o.has('topic')) die('The consumer does not support topic-specific offset deletion from a consumer group.');
    }
    if (o.has('delete-offsets') && (!o.has('group') || !o.has('topic')))
      die(`Option ${shown('delete-offsets')} takes the following options: ${['group', 'topic'].map(shown).join(', ')}`);
    if (o.has('reset-offsets')) {
      if (o.has('dry-run') && o.has('execute'))
        die(`Option ${shown('reset-offsets')} only accepts one of ${shown('execute')} and ${shown('dry-run')}`);
      if (!o.has('dry-run') && !o.has('execute')) {
        io.stderr(
          'WARN: No action will be performed as the --execute option is missing.In a future major release, the default behavior of this command will be to prompt the user before executing the reset rather than doing a dry run. You should add the --dry-run option explicitly if you are scripting this command and want to keep the current default behavior without prompting.\n',
        );
      }
      if (!o.has('group') && !o.has('all-groups')) die(`Option ${shown('reset-offsets')} takes one of these options: ${selection}`);
      for (const scenario of RESET_SCENARIOS)
        checkInvalidArgs(
          io,
          specs,
          o,
          scenario,
          RESET_SCENARIOS.filter((s) => s !== scenario),
        );
    }
    checkInvalidArgs(
      io,
      specs,
      o,
      'group',
      GROUP_SELECTION.filter((s) => s !== 'group'),
    );
    checkInvalidArgs(
      io,
      specs,
      o,
      'group',
      GROUP_LEVEL.filter((s) => s !== 'describe' && s !== 'delete' && s !== 'reset-offsets'),
    );
    checkInvalidArgs(
      io,
      specs,
      o,
      'topic',
      GROUP_LEVEL.filter((s) => s !== 'delete' && s !== 'reset-offsets'),
    );
  }
}

function unavailable(name: string): OptionException {
  return new OptionException(
    'joptsimple.UnavailableOptionException',
    `Option(s) ${shown(name)} are unavailable given other options on the command line`,
  );
}
