/** The options of Kafka 2.5.1's `ReassignPartitionsCommand` (the `--zookeeper` form). */
import { DEFAULT_OPTION_SPECS } from '../command-line-utils';
import type { OptionSpec } from '../kafka-topics/option-parser';

export const REASSIGN_SPECS: readonly OptionSpec[] = [
  ...DEFAULT_OPTION_SPECS,
  {
    name: 'bootstrap-server',
    description:
      'the server(s) to use for bootstrapping. REQUIRED if an absolute path of the log directory is specified for any replica in the reassignment json file',
    argument: { type: 'String', describedAs: 'Server(s) to use for bootstrapping' },
  },
  {
    name: 'command-config',
    description: 'Property file containing configs to be passed to Admin Client.',
    argument: { type: 'String', describedAs: 'Admin client property file' },
  },
  {
    name: 'zookeeper',
    description:
      'REQUIRED: The connection string for the zookeeper connection in the form host:port. Multiple URLS can be given to allow fail-over.',
    argument: { type: 'String', describedAs: 'urls' },
  },
  {
    name: 'generate',
    description:
      'Generate a candidate partition reassignment configuration. Note that this only generates a candidate assignment, it does not execute it.',
  },
  { name: 'execute', description: 'Kick off the reassignment as specified by the --reassignment-json-file option.' },
  {
    name: 'verify',
    description:
      'Verify if the reassignment completed as specified by the --reassignment-json-file option. If there is a throttle engaged for the replicas specified, and the rebalance has completed, the throttle will be removed',
  },
  {
    name: 'reassignment-json-file',
    description:
      'The JSON file with the partition reassignment configurationThe format to use is - \n{"partitions":\n\t[{"topic": "foo",\n\t  "partition": 1,\n\t  "replicas": [1,2,3],\n\t  "log_dirs": ["dir1","dir2","dir3"] }],\n"version":1\n}\nNote that "log_dirs" is optional. When it is specified, its length must equal the length of the replicas list. The value in this list can be either "any" or the absolution path of the log directory on the broker. If absolute log directory path is specified, the replica will be moved to the specified log directory on the broker.',
    argument: { type: 'String', describedAs: 'manual assignment json file path' },
  },
  {
    name: 'topics-to-move-json-file',
    description:
      'Generate a reassignment configuration to move the partitions of the specified topics to the list of brokers specified by the --broker-list option. The format to use is - \n{"topics":\n\t[{"topic": "foo"},{"topic": "foo1"}],\n"version":1\n}',
    argument: { type: 'String', describedAs: 'topics to reassign json file path' },
  },
  {
    name: 'broker-list',
    description:
      'The list of brokers to which the partitions need to be reassigned in the form "0,1,2". This is required if --topics-to-move-json-file is used to generate reassignment configuration',
    argument: { type: 'String', describedAs: 'brokerlist' },
  },
  { name: 'disable-rack-aware', description: 'Disable rack aware replica assignment' },
  {
    name: 'throttle',
    description:
      'The movement of partitions between brokers will be throttled to this value (bytes/sec). Rerunning with this option, whilst a rebalance is in progress, will alter the throttle value. The throttle rate should be at least 1 KB/s.',
    argument: { type: 'Long', describedAs: 'throttle', defaultValue: '-1' },
  },
  {
    name: 'replica-alter-log-dirs-throttle',
    description:
      'The movement of replicas between log directories on the same broker will be throttled to this value (bytes/sec). Rerunning with this option, whilst a rebalance is in progress, will alter the throttle value. The throttle rate should be at least 1 KB/s.',
    argument: { type: 'Long', describedAs: 'replicaAlterLogDirsThrottle', defaultValue: '-1' },
  },
  {
    name: 'timeout',
    description: 'The maximum time in ms allowed to wait for partition reassignment execution to be successfully initiated',
    argument: { type: 'Long', describedAs: 'timeout', defaultValue: '10000' },
  },
];
