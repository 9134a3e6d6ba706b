/**
 * kafka-consumer-groups' command line as Kafka 2.5.1's ConsumerGroupCommandOptions checks it (no
 * cluster needed: each case stops before connecting), and its date and duration parsing
 * (`convertTimestamp`, `java.time.Duration.parse`).
 */
import { describe, expect, it } from 'vitest';
import { convertTimestamp, parseDurationMs } from '../../src-main/cli/kafka-consumer-groups/consumer-group-reset';
import { consumerGroups } from './kafka-consumer-groups-support';

const BS = ['--bootstrap-server', '127.0.0.1:9'];

async function usage(...args: string[]): Promise<{ code: number; first: string; stderr: string }> {
  const r = await consumerGroups(...args);
  return { code: r.code, first: r.stderr.split('\n')[0], stderr: r.stderr };
}

describe('kafka-consumer-groups options', () => {
  it('prints the help with no arguments, and the option table after each usage error', async () => {
    const help = await usage();
    expect(help.code).toBe(1);
    expect(help.first).toBe(
      'This tool helps to list all consumer groups, describe a consumer group, delete consumer group info, or reset consumer group offsets.',
    );
    expect(help.stderr).toContain('--bootstrap-server <String: server to   REQUIRED: The server(s) to connect to.');
    expect(help.stderr).toContain('--timeout <Long: timeout (ms)>          The timeout that can be set for some');
    expect(help.stderr).toContain('(default: 5000)');
  });

  it.each([
    [[...BS], 'Command must include exactly one action: --list, --describe, --delete, --reset-offsets, --delete-offsets'],
    [
      [...BS, '--list', '--describe', '--group', 'g'],
      'Command must include exactly one action: --list, --describe, --delete, --reset-offsets, --delete-offsets',
    ],
    [['--list'], 'Missing required argument "[bootstrap-server]"'],
    [[...BS, '--describe'], 'Option [describe] takes one of these options: [group], [all-groups]'],
    [[...BS, '--delete'], 'Option [delete] takes one of these options: [group], [all-groups]'],
    [
      [...BS, '--delete', '--group', 'g', '--topic', 't'],
      'The consumer does not support topic-specific offset deletion from a consumer group.',
    ],
    [[...BS, '--delete-offsets', '--group', 'g'], 'Option [delete-offsets] takes the following options: [group], [topic]'],
    [
      [...BS, '--reset-offsets', '--group', 'g', '--dry-run', '--execute'],
      'Option [reset-offsets] only accepts one of [execute] and [dry-run]',
    ],
    [
      [...BS, '--reset-offsets', '--group', 'g', '--to-earliest', '--to-latest', '--dry-run'],
      'Option "[to-earliest]" can\'t be used with option "[to-latest]"',
    ],
    [
      [...BS, '--reset-offsets', '--group', 'g', '--all-groups', '--to-earliest', '--dry-run'],
      'Option "[group]" can\'t be used with option "[all-groups]"',
    ],
    [[...BS, '--list', '--group', 'g'], 'Option "[group]" can\'t be used with option "[list]"'],
    [[...BS, '--describe', '--all-groups', '--topic', 't'], 'Option "[topic]" can\'t be used with option "[describe]"'],
  ])('%j: %s', async (args, message) => {
    const r = await usage(...args);
    expect(r.code).toBe(1);
    expect(r.first).toBe(message);
    expect(r.stderr).toContain('Option                                  Description');
  });

  it('--members, --verbose, --offsets and --state only with --describe, and one of --members/--offsets/--state', async () => {
    for (const args of [
      ['--list', '--members'],
      ['--list', '--verbose'],
      ['--delete', '--group', 'g', '--state'],
    ]) {
      expect(await consumerGroups(...BS, ...args)).toEqual({
        code: 1,
        stdout: '',
        stderr: `Exception in thread "main" joptsimple.UnavailableOptionException: Option(s) [${args[args.length - 1].slice(2)}] are unavailable given other options on the command line\n`,
      });
    }
    expect((await consumerGroups(...BS, '--describe', '--group', 'g', '--members', '--state')).stderr).toBe(
      'Exception in thread "main" joptsimple.UnavailableOptionException: Option(s) [state] are unavailable given other options on the command line\n',
    );
  });

  it('--reset-offsets without --execute or --dry-run warns that nothing will be done', async () => {
    const r = await usage(...BS, '--reset-offsets', '--to-earliest');
    expect(r.first).toBe(
      'WARN: No action will be performed as the --execute option is missing.In a future major release, the default behavior of this command will be to prompt the user before executing the reset rather than doing a dry run. You should add the --dry-run option explicitly if you are scripting this command and want to keep the current default behavior without prompting.',
    );
    expect(r.stderr.split('\n')[1]).toBe('Option [reset-offsets] takes one of these options: [group], [all-groups]');
  });

  it('a --timeout that is not a Long fails the command as ConsumerGroupCommand reports it', async () => {
    expect(await consumerGroups(...BS, '--list', '--timeout', 'soon')).toEqual({
      code: 0,
      stdout: "\nError: Executing consumer group command failed due to Cannot parse argument 'soon' of option timeout\n",
      stderr: "joptsimple.OptionArgumentConversionException: Cannot parse argument 'soon' of option timeout\n",
    });
  });

  it('--to-datetime: yyyy-MM-ddTHH:mm:ss.SSS with an optional zone, UTC without one', () => {
    expect(convertTimestamp('2020-03-01T12:30:00.250')).toBe(Date.UTC(2020, 2, 1, 12, 30, 0, 250));
    expect(convertTimestamp('2020-03-01T12:30:00.250Z')).toBe(Date.UTC(2020, 2, 1, 12, 30, 0, 250));
    expect(convertTimestamp('2020-03-01T12:30:00.250+01:00')).toBe(Date.UTC(2020, 2, 1, 11, 30, 0, 250));
    expect(convertTimestamp('2020-03-01T12:30:00.250-0230')).toBe(Date.UTC(2020, 2, 1, 15, 0, 0, 250));
    expect(() => convertTimestamp('2020-03-01T12:30')).toThrow('Unparseable date: "2020-03-01T12:30Z"');
    expect(() => convertTimestamp('2020-03-01')).toThrow('1');
  });

  it('--by-duration: ISO-8601 PnDTnHnMn.nS', () => {
    expect(parseDurationMs('PT1H30M')).toBe(5_400_000);
    expect(parseDurationMs('P1DT1S')).toBe(86_401_000);
    expect(parseDurationMs('PT0.5S')).toBe(500);
    expect(parseDurationMs('-PT1S')).toBe(-1000);
    for (const bad of ['P1Y', 'PT', '1H', 'P']) expect(() => parseDurationMs(bad)).toThrow('Text cannot be parsed to a Duration');
  });
});
