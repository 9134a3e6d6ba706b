/** `LogDirsCommandOptions` of Kafka 2.5.1: the options and their help texts. */
import { DEFAULT_OPTION_SPECS } from '../command-line-utils';
import type { OptionSpec } from '../kafka-topics/option-parser';

export const LOG_DIRS_SPECS: readonly OptionSpec[] = [
  ...DEFAULT_OPTION_SPECS,
  {
    name: 'bootstrap-server',
    description: 'REQUIRED: the server(s) to use for bootstrapping',
    argument: { type: 'String', describedAs: 'The server(s) to use for bootstrapping' },
  },
  {
    name: 'command-config',
    description: 'Property file containing configs to be passed to Admin Client.',
    argument: { type: 'String', describedAs: 'Admin client property file' },
  },
  { name: 'describe', description: 'Describe the specified log directories on the specified brokers.' },
  {
    name: 'topic-list',
    description:
      'The list of topics to be queried in the form "topic1,topic2,topic3". All topics will be queried if no topic list is specified',
    argument: { type: 'String', describedAs: 'Topic list', defaultValue: '' },
  },
  {
    name: 'broker-list',
    description:
      'The list of brokers to be queried in the form "0,1,2". All brokers in the cluster will be queried if no broker list is specified',
    argument: { type: 'String', describedAs: 'Broker list' },
  },
];

export const LOG_DIRS_HELP = 'This tool helps to query log directory usage on the specified brokers.';
