import { describe, expect, it } from 'vitest';
import { KafkaException } from '../../../src-main/core/log/errors';
import {
  DELETE_DIR_PATTERN,
  filenamePrefixFromOffset,
  isIndexFileName,
  isLogFileName,
  logDeleteDirName,
  logDirName,
  logFileName,
  logFutureDirName,
  newUniqueId,
  notAPartitionDirMessage,
  offsetFromFileName,
  offsetIndexFileName,
  parsePartitionDirName,
  parseTopicPartitionName,
  producerSnapshotFileName,
  timeIndexFileName,
  transactionIndexFileName,
} from '../../../src-main/core/log/log-manager/log-dir-names';
import { SeededRandom } from '../../../src-main/core/platform/random';

const UUID = '0123456789abcdef0123456789abcdef';

describe('partition directory names', () => {
  it('formats <topic>-<partition>, -delete and -future names', () => {
    expect(logDirName({ topic: 'orders', partition: 3 })).toBe('orders-3');
    expect(logDeleteDirName({ topic: 'orders', partition: 3 }, UUID)).toBe(`orders-3.${UUID}-delete`);
    expect(logFutureDirName({ topic: 'orders', partition: 3 }, UUID)).toBe(`orders-3.${UUID}-future`);
  });

  it('makes unique ids as 32 lowercase hex digits of a type-4 UUID, reproducibly from the seed', () => {
    const a = newUniqueId(new SeededRandom(7));
    expect(a).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    expect(newUniqueId(new SeededRandom(7))).toBe(a);
    expect(newUniqueId(new SeededRandom(8))).not.toBe(a);
  });

  it('truncates the topic part of a -delete name so the name is exactly 255 characters', () => {
    const topic = 't'.repeat(249);
    const name = logDeleteDirName({ topic, partition: 12 }, UUID);
    expect(name).toHaveLength(255);
    const suffix = `-12.${UUID}-delete`;
    expect(name).toBe(`${'t'.repeat(255 - suffix.length)}${suffix}`);
    // At the limit nothing is cut; one character longer and the topic loses one.
    const fits = 'x'.repeat(255 - `-0.${UUID}-delete`.length);
    expect(logDeleteDirName({ topic: fits, partition: 0 }, UUID)).toBe(`${fits}-0.${UUID}-delete`);
    expect(logDeleteDirName({ topic: `${fits}y`, partition: 0 }, UUID)).toBe(`${fits}-0.${UUID}-delete`);
    // A -future name is never truncated.
    expect(logFutureDirName({ topic, partition: 12 }, UUID)).toHaveLength(249 + 3 + 1 + 32 + 7);
  });

  it('parses the three kinds of partition directories back', () => {
    expect(parsePartitionDirName('/kafka-logs/orders-3')).toEqual({
      topicPartition: { topic: 'orders', partition: 3 },
      kind: 'current',
    });
    expect(parsePartitionDirName(`/kafka-logs/my-topic-10.${UUID}-delete`)).toEqual({
      topicPartition: { topic: 'my-topic', partition: 10 },
      kind: 'delete',
    });
    expect(parsePartitionDirName(`/kafka-logs/foo.bar-testtopic-42.${UUID}-future`)).toEqual({
      topicPartition: { topic: 'foo.bar-testtopic', partition: 42 },
      kind: 'future',
    });
    // Period in the topic of a -delete dir (KAFKA-5232).
    expect(parseTopicPartitionName(`/d/${logDeleteDirName({ topic: 'foo.bar-testtopic', partition: 42 }, UUID)}`)).toEqual({
      topic: 'foo.bar-testtopic',
      partition: 42,
    });
    // A truncated -delete name parses to the truncated topic.
    const truncated = logDeleteDirName({ topic: 't'.repeat(249), partition: 1 }, UUID);
    expect(parseTopicPartitionName(`/d/${truncated}`).topic).toBe(truncated.slice(0, truncated.indexOf(`-1.${UUID}`)));
    // Integer.parseInt accepts a leading '+'.
    expect(parseTopicPartitionName('/d/orders-+7')).toEqual({ topic: 'orders', partition: 7 });
  });

  it.each([
    ['lost+found', 'no dash'],
    ['orders-', 'empty partition'],
    ['-3', 'empty topic'],
    ['orders-x', 'partition not a number'],
    ['orders-99999999999', 'partition out of int range'],
    ['orders-3-delete', 'ends in -delete without .<id>'],
    ['orders 1-3.abc-delete', 'whitespace in a -delete name'],
    ['orders-3.-future', 'empty id in a -future name'],
    ['orders-3.1 0', 'not a number after the last dash'],
  ])("rejects %s (%s) with Kafka's message naming the directory", (name) => {
    const path = `/var/lib/kafka/${name}`;
    let err: unknown;
    try {
      parseTopicPartitionName(path);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KafkaException);
    expect((err as Error).message).toBe(notAPartitionDirMessage(path));
    expect((err as Error).message).toBe(
      `Found directory ${path}, '${name}' is not in the form of topic-partition or topic-partition.uniqueId-delete ` +
        "(if marked for deletion).\nKafka's log directories (and children) should only contain Kafka topic data.",
    );
    expect(String(err)).toMatch(/^org\.apache\.kafka\.common\.KafkaException: Found directory/);
  });

  it("matches Kafka's -delete pattern on the whole name, with Java's notion of whitespace", () => {
    expect(DELETE_DIR_PATTERN.test(`a-1.${UUID}-delete`)).toBe(true);
    expect(DELETE_DIR_PATTERN.test(`a-1.${UUID}-deletex`)).toBe(false);
    // A no-break space is not whitespace for Java's \S.
    expect(DELETE_DIR_PATTERN.test(`a\u00a0b-1.${UUID}-delete`)).toBe(true);
  });
});

describe('segment file names', () => {
  it('pads base offsets to 20 digits and appends the suffixes', () => {
    expect(filenamePrefixFromOffset(0)).toBe('00000000000000000000');
    expect(filenamePrefixFromOffset(42)).toBe('00000000000000000042');
    expect(filenamePrefixFromOffset(9007199254740991)).toBe('00009007199254740991');
    expect(logFileName(0)).toBe('00000000000000000000.log');
    expect(offsetIndexFileName(42)).toBe('00000000000000000042.index');
    expect(timeIndexFileName(42)).toBe('00000000000000000042.timeindex');
    expect(transactionIndexFileName(42)).toBe('00000000000000000042.txnindex');
    expect(producerSnapshotFileName(51)).toBe('00000000000000000051.snapshot');
    expect(logFileName(0, '.deleted')).toBe('00000000000000000000.log.deleted');
    expect(offsetIndexFileName(7, '.cleaned')).toBe('00000000000000000007.index.cleaned');
    expect(timeIndexFileName(7, '.swap')).toBe('00000000000000000007.timeindex.swap');
  });

  it('reads the base offset back from a file name and classifies files', () => {
    expect(offsetFromFileName('00000000000000000042.log')).toBe(42);
    expect(offsetFromFileName('00000000000000000042.index.deleted')).toBe(42);
    expect(() => offsetFromFileName('leader-epoch-checkpoint')).toThrow(/For input string/);
    expect(isLogFileName('00000000000000000000.log')).toBe(true);
    expect(isLogFileName('00000000000000000000.log.deleted')).toBe(false);
    expect(isIndexFileName('00000000000000000000.index')).toBe(true);
    expect(isIndexFileName('00000000000000000000.timeindex')).toBe(true);
    expect(isIndexFileName('00000000000000000000.txnindex')).toBe(true);
    expect(isIndexFileName('00000000000000000000.log')).toBe(false);
  });
});
