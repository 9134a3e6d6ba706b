/** `DeleteRecordsCommandOptions` of Kafka 2.5.1: the options and their help texts. */
import { DEFAULT_OPTION_SPECS } from '../command-line-utils';
import type { OptionSpec } from '../kafka-topics/option-parser';

export const DELETE_RECORDS_SPECS: readonly OptionSpec[] = [
  ...DEFAULT_OPTION_SPECS,
  {
    name: 'bootstrap-server',
    description: 'REQUIRED: The server to connect to.',
    argument: { type: 'String', describedAs: 'server(s) to use for bootstrapping' },
  },
  {
    name: 'offset-json-file',
    description:
      'REQUIRED: The JSON file with offset per partition. The format to use is:\n{"partitions":\n  [{"topic": "foo", "partition": 1, "offset": 1}],\n "version":1\n}',
    argument: { type: 'String', describedAs: 'Offset json file path' },
  },
  {
    name: 'command-config',
    description: 'A property file containing configs to be passed to Admin Client.',
    argument: { type: 'String', describedAs: 'command config property file path' },
  },
];

export const DELETE_RECORDS_HELP = 'This tool helps to delete records of the given partitions down to the specified offset.';
