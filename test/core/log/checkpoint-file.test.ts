import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LeaderEpochCheckpointFile,
  OffsetCheckpointFile,
  parseCheckpoint,
  offsetCheckpointFormatter,
  splitOnJavaWhitespace,
} from '../../../src-main/core/log/checkpoints/checkpoint-file';
import { CheckpointFormatException, KafkaStorageException } from '../../../src-main/core/log/errors';
import { FileSystemError } from '../../../src-main/core/platform/file-system';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();

/** Reads `content` as an offset checkpoint and returns the error thrown. */
function readError(path: string, content: string): KafkaStorageException {
  writeFileSync(path, content);
  try {
    new OffsetCheckpointFile(fs, path).read();
  } catch (e) {
    return e as KafkaStorageException;
  }
  throw new Error(`expected ${JSON.stringify(content)} to be rejected`);
}

describe('checkpoint files', () => {
  let dir: string;
  let cleanup: () => void;
  let path: string;

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('kafka-dojo-checkpoint-'));
    path = join(dir, 'recovery-point-offset-checkpoint');
  });
  afterEach(() => cleanup());

  it('creates the file empty (0 bytes) on first open, as Kafka does, and reads it as no entries', () => {
    const cp = new OffsetCheckpointFile(fs, path);
    expect(cp.createIfMissing()).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(cp.read().size).toBe(0);
    expect(cp.createIfMissing()).toBe(false);
  });

  it('writes version, count and sorted "topic partition offset" lines, atomically', () => {
    const cp = new OffsetCheckpointFile(fs, path);
    expect(
      cp.write([
        [{ topic: 'foo', partition: 1 }, 17],
        [{ topic: 'bar', partition: 0 }, 5],
        [{ topic: 'foo', partition: 0 }, 42],
      ]),
    ).toBe(3);
    expect(readFileSync(path, 'utf8')).toBe('0\n3\nbar 0 5\nfoo 0 42\nfoo 1 17\n');
    expect(fs.exists(`${path}.tmp`)).toBe(false);
    const read = cp.read();
    expect(read.get({ topic: 'foo', partition: 0 })).toBe(42);
    expect(read.get({ topic: 'foo', partition: 1 })).toBe(17);
    expect(read.get({ topic: 'bar', partition: 0 })).toBe(5);
    cp.write([]);
    expect(readFileSync(path, 'utf8')).toBe('0\n0\n');
  });

  it('reads lines split on any Java whitespace, CRLF line ends, and a version line alone', () => {
    writeFileSync(path, '0\r\n2\r\nfoo\t0   42\nbar 1 -1 \n');
    const read = new OffsetCheckpointFile(fs, path).read();
    expect(read.get({ topic: 'foo', partition: 0 })).toBe(42);
    expect(read.get({ topic: 'bar', partition: 1 })).toBe(-1);
    writeFileSync(path, '0\n');
    expect(new OffsetCheckpointFile(fs, path).read().size).toBe(0);
  });

  it("rejects another version with Kafka's message (which prints the expected version)", () => {
    const err = readError(path, '1\n0\n');
    expect(err).toBeInstanceOf(KafkaStorageException);
    expect(err.message).toBe(`Error while reading checkpoint file ${path}`);
    expect(err.cause).toBeInstanceOf(CheckpointFormatException);
    const cause = err.cause as CheckpointFormatException;
    expect(cause.message).toBe(`Unrecognized version of the checkpoint file (${path}): 0`);
    expect(cause.lineNumber).toBe(1);
    expect(cause.line).toBe('1');
    expect(String(cause)).toMatch(/^java\.io\.IOException: Unrecognized version/);
  });

  it('rejects a count that does not match the entries, naming the file', () => {
    const cause = readError(path, '0\n3\nfoo 0 1\nfoo 1 2\n').cause as CheckpointFormatException;
    expect(cause.message).toBe(`Expected 3 entries in checkpoint file (${path}), but found only 2`);
    expect(cause.lineNumber).toBe(2);
    const more = readError(path, '0\n1\nfoo 0 1\nfoo 1 2\n').cause as CheckpointFormatException;
    expect(more.message).toBe(`Expected 1 entries in checkpoint file (${path}), but found only 2`);
  });

  it.each([
    ['0\n2\nfoo 0 1\nfoo 1\n', 4, 'foo 1', 'too few fields'],
    ['0\n1\nfoo 0 1 2\n', 3, 'foo 0 1 2', 'too many fields'],
    ['0\n1\n foo 0 1\n', 3, ' foo 0 1', 'leading whitespace (Java keeps an empty first field)'],
    ['0\n1\nfoo x 1\n', 3, 'foo x 1', 'partition not an int'],
    ['0\n1\nfoo 0 1.5\n', 3, 'foo 0 1.5', 'offset not a long'],
    ['0\n1\nfoo 0 99999999999999999999\n', 3, 'foo 0 99999999999999999999', 'offset out of long range'],
    ['0\n1\n\n', 3, '', 'empty line'],
    ['0\nx\n', 2, 'x', 'count not a number'],
    ['zero\n0\n', 1, 'zero', 'version not a number'],
    ['0 \n0\n', 1, '0 ', 'version with a trailing space'],
  ])('rejects %j: line %i is malformed (%s)', (content, lineNumber, line) => {
    const err = readError(path, content);
    expect(err.message).toBe(`Error while reading checkpoint file ${path}`);
    const cause = err.cause as CheckpointFormatException;
    expect(cause).toBeInstanceOf(CheckpointFormatException);
    // Kafka's text, stray closing quote included.
    expect(cause.message).toBe(`Malformed line in checkpoint file (${path}): ${line}'`);
    expect(cause.lineNumber).toBe(lineNumber);
    expect(cause.path).toBe(path);
  });

  it('reports a missing file as a storage error caused by the file system', () => {
    let err: unknown;
    try {
      new OffsetCheckpointFile(fs, join(dir, 'missing')).read();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KafkaStorageException);
    expect((err as Error).cause).toBeInstanceOf(FileSystemError);
    expect((err as KafkaStorageException).javaClass).toBe('org.apache.kafka.common.errors.KafkaStorageException');
  });

  it('reports a failed write as "Error while writing to checkpoint file"', () => {
    const cp = new OffsetCheckpointFile(fs, join(dir, 'no-such-dir', 'recovery-point-offset-checkpoint'));
    expect(() => cp.write([])).toThrow(
      `Error while writing to checkpoint file ${join(dir, 'no-such-dir', 'recovery-point-offset-checkpoint')}`,
    );
  });

  it('writes and reads leader-epoch-checkpoint entries "<epoch> <startOffset>"', () => {
    const lec = new LeaderEpochCheckpointFile(fs, join(dir, 'leader-epoch-checkpoint'));
    expect(lec.createIfMissing()).toBe(true);
    expect(readFileSync(lec.path, 'utf8')).toBe('');
    expect(lec.read()).toEqual([]);
    lec.write([{ epoch: 0, startOffset: 0 }]);
    expect(readFileSync(lec.path, 'utf8')).toBe('0\n1\n0 0\n');
    lec.write([
      { epoch: 0, startOffset: 0 },
      { epoch: 3, startOffset: 120 },
    ]);
    expect(lec.read()).toEqual([
      { epoch: 0, startOffset: 0 },
      { epoch: 3, startOffset: 120 },
    ]);
    lec.write([]);
    expect(readFileSync(lec.path, 'utf8')).toBe('0\n0\n');
    writeFileSync(lec.path, '0\n1\n0 0 0\n');
    expect(() => lec.read()).toThrow(KafkaStorageException);
  });
});

describe('checkpoint parsing helpers', () => {
  it('splits like java.util.regex.Pattern("\\\\s+").split', () => {
    expect(splitOnJavaWhitespace('a b\tc')).toEqual(['a', 'b', 'c']);
    expect(splitOnJavaWhitespace(' a b')).toEqual(['', 'a', 'b']);
    expect(splitOnJavaWhitespace('a b  ')).toEqual(['a', 'b']);
    expect(splitOnJavaWhitespace('')).toEqual(['']);
    expect(splitOnJavaWhitespace('a\u00a0b')).toEqual(['a\u00a0b']);
  });

  it('parses text directly with the same rules', () => {
    expect(parseCheckpoint('', '/x', 0, offsetCheckpointFormatter)).toEqual([]);
    expect(parseCheckpoint('0\n1\nt 2 3', '/x', 0, offsetCheckpointFormatter)).toEqual([
      { topicPartition: { topic: 't', partition: 2 }, offset: 3 },
    ]);
  });
});
