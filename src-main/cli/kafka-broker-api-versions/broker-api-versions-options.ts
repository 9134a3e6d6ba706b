/** `BrokerVersionCommandOptions` of Kafka 2.5.1: its two options, their help texts and its checks. */
import { DEFAULT_OPTION_SPECS } from '../command-line-utils';
import type { OptionSpec } from '../kafka-topics/option-parser';

export const BROKER_API_VERSIONS_SPECS: readonly OptionSpec[] = [
  ...DEFAULT_OPTION_SPECS,
  {
    name: 'command-config',
    description: 'A property file containing configs to be passed to Admin Client.',
    argument: { type: 'String', describedAs: 'command config property file' },
  },
  {
    name: 'bootstrap-server',
    description: 'REQUIRED: The server to connect to.',
    argument: { type: 'String', describedAs: 'server(s) to use for bootstrapping' },
  },
];

export const BROKER_API_VERSIONS_HELP = 'This tool helps to retrieve broker version information.';
