/** kafka-topics' option parsing (joptsimple's rules) and `checkArgs` (Kafka 2.5's refusals, in its order). */
import { describe, expect, it } from 'vitest';
import { OptionException, parseOptions } from '../../src-main/cli/kafka-topics/option-parser';
import { TOPIC_COMMAND_SPECS, TopicCommandOptions } from '../../src-main/cli/kafka-topics/topic-command-options';
import { topicFilterRegex } from '../../src-main/cli/kafka-topics/topic-service';
import { describeTopicsAllOrder } from '../../src-main/cli/kafka-topics/topic-describe';
import { formatHelp } from '../../src-main/cli/kafka-topics/help';

const B = ['--bootstrap-server', '127.0.0.1:9092'];
const check = (...args: string[]) => new TopicCommandOptions(args).checkArgs();

describe('option parsing', () => {
  it('reads --name value, --name=value and a single hyphen; keeps non-options aside', () => {
    const o = parseOptions(TOPIC_COMMAND_SPECS, [
      '-bootstrap-server',
      'localhost:9092',
      '--topic=orders',
      '--config',
      'a=1',
      '--config',
      'b=2',
      '--list',
      '–delete',
    ]);
    expect(o.valueOf('bootstrap-server')).toBe('localhost:9092');
    expect(o.valueOf('topic')).toBe('orders');
    expect(o.valuesOf('config')).toEqual(['a=1', 'b=2']);
    expect(o.has('list')).toBe(true);
    expect(o.nonOptionArguments).toEqual(['–delete']);
  });

  it("refuses unknown and ambiguous options, and a missing argument, with joptsimple's exceptions", () => {
    expect(() => parseOptions(TOPIC_COMMAND_SPECS, ['--nope'])).toThrow(
      new OptionException('joptsimple.UnrecognizedOptionException', 'nope is not a recognized option'),
    );
    expect(() => parseOptions(TOPIC_COMMAND_SPECS, ['--under'])).toThrow('under is not a recognized option');
    expect(() => parseOptions(TOPIC_COMMAND_SPECS, ['--top', 'x'])).toThrow('top is not a recognized option');
    expect(() => parseOptions(TOPIC_COMMAND_SPECS, ['--topic'])).toThrow('Option topic requires an argument');
  });

  it('takes no abbreviations: CommandDefaultOptions makes its OptionParser with allowAbbreviations = false', () => {
    expect(() => parseOptions(TOPIC_COMMAND_SPECS, ['--bootstrap', 'x:9092', '--list'])).toThrow(
      new OptionException('joptsimple.UnrecognizedOptionException', 'bootstrap is not a recognized option'),
    );
    expect(() => parseOptions(TOPIC_COMMAND_SPECS, ['-bootstrap', 'x:9092'])).toThrow('b is not a recognized option');
    expect(() => parseOptions(TOPIC_COMMAND_SPECS, ['--replication', '2'])).toThrow('replication is not a recognized option');
  });

  it('converts Integer options when read, as joptsimple does', () => {
    const o = new TopicCommandOptions([...B, '--create', '--topic', 't', '--partitions', 'three']);
    expect(o.checkArgs()).toEqual({ kind: 'run' });
    expect(() => o.partitions).toThrow("Cannot parse argument 'three' of option partitions");
    expect(new TopicCommandOptions(['--partitions', '+7']).partitions).toBe(7);
  });
});

describe('checkArgs', () => {
  const usage = (message: string) => ({ kind: 'usage', message });

  it('needs exactly one action and one of --bootstrap-server / --zookeeper', () => {
    expect(check()).toEqual(usage('Create, delete, describe, or change a topic.'));
    expect(check('--help')).toEqual(usage('This tool helps to create, delete, describe, or change a topic.'));
    expect(check('--version')).toEqual({ kind: 'version' });
    expect(check(...B, '--list', '--describe')).toEqual(
      usage('Command must include exactly one action: --list, --describe, --create, --alter or --delete'),
    );
    expect(check('--list')).toEqual({
      kind: 'uncaught',
      exceptionClass: 'java.lang.IllegalArgumentException',
      message: 'Only one of --bootstrap-server or --zookeeper must be specified',
    });
  });

  it('required arguments', () => {
    expect(check(...B, '--delete')).toEqual(usage('Missing required argument "[topic]"'));
    expect(check(...B, '--describe', '--if-exists')).toEqual(usage('Missing required argument "[topic]"'));
    expect(check(...B, '--alter', '--topic', 't')).toEqual(usage('Missing required argument "[partitions]"'));
    expect(check(...B, '--create', '--topic', 't')).toEqual({ kind: 'run' });
    expect(check('--zookeeper', 'localhost:2181', '--create', '--topic', 't')).toEqual(usage('Missing required argument "[partitions]"'));
  });

  it('invalid combinations', () => {
    expect(check(...B, '--describe', '--partitions', '3')).toEqual(usage('Option "[partitions]" can\'t be used with option "[describe]"'));
    expect(check(...B, '--alter', '--topic', 't', '--partitions', '3', '--replication-factor', '2')).toEqual(
      usage('Option "[replication-factor]" can\'t be used with option "[alter]"'),
    );
    expect(check(...B, '--create', '--topic', 't', '--replica-assignment', '0', '--replication-factor', '1')).toEqual(
      usage('Option "[replica-assignment]" can\'t be used with option "[replication-factor]"'),
    );
    expect(check(...B, '--describe', '--under-replicated-partitions', '--unavailable-partitions')).toEqual(
      usage('Option "[under-replicated-partitions]" can\'t be used with option "[unavailable-partitions]"'),
    );
    expect(check(...B, '--delete', '--topic', 't', '--if-exists')).toEqual(
      usage('Option "[if-exists]" can\'t be used with option "[bootstrap-server]"'),
    );
    expect(check(...B, '--create', '--topic', 't', '--if-not-exists')).toEqual(
      usage('Option "[if-not-exists]" can\'t be used with option "[bootstrap-server]"'),
    );
    expect(check(...B, '--delete', '--topic', 't', '--exclude-internal')).toEqual(
      usage('Option "[exclude-internal]" can\'t be used with option "[delete]"'),
    );
    expect(check('--zookeeper', 'z:2181', '--delete', '--topic', 't', '--if-exists')).toEqual({ kind: 'run' });
  });
});

describe('topic filter and describe order', () => {
  it('cleans the regex as TopicFilter does and matches whole names', () => {
    expect(topicFilterRegex('".*?"').test('anything')).toBe(true);
    expect(topicFilterRegex(" 'a, b' ").source).toBe('^(?:a|b)$');
    expect(topicFilterRegex('ord').test('orders')).toBe(false);
    expect(() => topicFilterRegex('(')).toThrow('( is an invalid regex.');
  });

  it('topics come in Java HashMap order, as describeTopics().all() returns them', () => {
    // Two keys make a 4-bucket table: "c" (hash 99) in bucket 3, "d" (100) in bucket 0.
    expect(describeTopicsAllOrder(['c', 'd'])).toEqual(['d', 'c']);
    expect(describeTopicsAllOrder(['orders'])).toEqual(['orders']);
  });
});

describe('help', () => {
  it("joptsimple's table: padded 39 + 2 + 39 columns, wrapped at spaces, hyphens and periods, indented by two", () => {
    const lines = formatHelp(TOPIC_COMMAND_SPECS).split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Option                                   Description                            ',
      '------                                   -----------                            ',
      '--alter                                  Alter the number of partitions,        ',
      '                                           replica assignment, and/or           ',
      '                                           configuration for the topic.         ',
    ]);
    expect(lines).toContain('--bootstrap-server <String: server to    REQUIRED: The Kafka server to connect  ');
    const throttled = lines.findIndex((l) => l.includes('\tfollower.replication.throttled.'));
    expect(lines[throttled + 1].trim()).toBe('replicas');
    expect(lines.every((l) => l === '' || l.length === 80 || l.length > 80)).toBe(true);
  });
});
