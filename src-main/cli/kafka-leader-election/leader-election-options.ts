/** `LeaderElectionCommandOptions` of Kafka 2.5.1: the options, their help texts and the checks of `validate`. */
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { DEFAULT_OPTION_SPECS } from '../command-line-utils';
import type { OptionSpec, ParsedOptions } from '../kafka-topics/option-parser';

export const LEADER_ELECTION_SPECS: readonly OptionSpec[] = [
  ...DEFAULT_OPTION_SPECS,
  {
    name: 'bootstrap-server',
    description:
      'A hostname and port for the broker to connect to, in the form host:port. Multiple comma separated URLs can be given. REQUIRED.',
    argument: { type: 'String', describedAs: 'host:port' },
  },
  {
    name: 'admin.config',
    description: 'Configuration properties files to pass to the admin client',
    argument: { type: 'String', describedAs: 'config file' },
  },
  {
    name: 'path-to-json-file',
    description:
      'The JSON file with the list  of partition for which leader elections should be performed. This is an example format. \n{"partitions":\n\t[{"topic": "foo", "partition": 1},\n\t {"topic": "foobar", "partition": 2}]\n}\nNot allowed if --all-topic-partitions or --topic flags are specified.',
    argument: { type: 'String', describedAs: 'Path to JSON file' },
  },
  {
    name: 'topic',
    description:
      'Name of topic for which to perform an election. Not allowed if --path-to-json-file or --all-topic-partitions is specified.',
    argument: { type: 'String', describedAs: 'topic name' },
  },
  {
    name: 'partition',
    description: 'Partition id for which to perform an election. REQUIRED if --topic is specified.',
    argument: { type: 'Integer', describedAs: 'partition id' },
  },
  {
    name: 'all-topic-partitions',
    description:
      'Perform election on all of the eligible topic partitions based on the type of election (see the --election-type flag). Not allowed if --topic or --path-to-json-file is specified.',
  },
  {
    name: 'election-type',
    description:
      'Type of election to attempt. Possible values are "preferred" for preferred leader election or "unclean" for unclean leader election. If preferred election is selection, the election is only performed if the current leader is not the preferred leader for the topic partition. If unclean election is selected, the election is only performed if there are no leader for the topic partition. REQUIRED.',
    // `withValuesConvertedBy(ElectionTypeConverter)`: the help shows the converter's value pattern.
    argument: { type: '[PREFERRED,UNCLEAN]', describedAs: 'election type' },
  },
];

export const LEADER_ELECTION_HELP =
  'This tool attempts to elect a new leader for a set of topic partitions. The type of elections supported are preferred replicas and unclean replicas.';

/** `validate`: joptsimple's `options().get(0)` names an option without its dashes. */
export function validateLeaderElectionOptions(options: ParsedOptions): void {
  let missing: string[] = [];
  if (!options.has('bootstrap-server')) missing = ['bootstrap-server', ...missing];
  if (!options.has('election-type')) missing = ['election-type', ...missing];
  if (missing.length > 0) throw AdminJavaException.adminCommandFailed(`Missing required option(s): ${missing.join(', ')}`);
  const exclusive = ['topic', 'all-topic-partitions', 'path-to-json-file'];
  if (exclusive.filter((o) => options.has(o)).length !== 1)
    throw AdminJavaException.adminCommandFailed(`One and only one of the following options is required: ${exclusive.join(', ')}`);
  if (options.has('topic') && !options.has('partition'))
    throw AdminJavaException.adminCommandFailed('Missing required option(s): partition');
  if (!options.has('topic') && options.has('partition'))
    throw AdminJavaException.adminCommandFailed('Option partition is only allowed if topic is used');
}
