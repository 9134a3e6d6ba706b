import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrokerMetadataCheckpoint,
  checkClusterId,
  formatBrokerMetadata,
  readBrokerMetadataFromLogDirs,
  resolveBrokerId,
} from '../../../src-main/core/log/checkpoints/broker-metadata-checkpoint';
import { IllegalArgumentException, javaDateToString, NumberFormatException } from '../../../src-main/core/common/java-lang';
import { javaHashtableOrder } from '../../../src-main/core/common/jvm-hash-order';
import {
  InconsistentBrokerIdException,
  InconsistentBrokerMetadataException,
  InconsistentClusterIdException,
  IOException,
} from '../../../src-main/core/log/errors';
import { loadJavaProperties, storeJavaProperties } from '../../../src-main/core/log/java-properties';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();
const NOW = Date.UTC(2026, 10, 29, 12, 0, 0); // a Sunday
const CLUSTER = 'Q3Vyc2VkIGlzIHRoZSBrZXk';

describe('meta.properties', () => {
  let dir: string;
  let cleanup: () => void;

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('kafka-dojo-meta-'));
  });
  afterEach(() => cleanup());

  it('is written as Java Properties: empty comment, the date, keys in Java 8 Hashtable order', () => {
    const cp = new BrokerMetadataCheckpoint(fs, dir, new ManualTime(NOW));
    cp.write({ brokerId: 1, clusterId: CLUSTER });
    expect(readFileSync(join(dir, 'meta.properties'), 'utf8')).toBe(
      `#\n#Sun Nov 29 12:00:00 UTC 2026\ncluster.id=${CLUSTER}\nversion=0\nbroker.id=1\n`,
    );
    expect(existsSync(join(dir, 'meta.properties.tmp'))).toBe(false);
    expect(cp.read()).toEqual({ brokerId: 1, clusterId: CLUSTER });
    expect(() => new BrokerMetadataCheckpoint(fs, dir).write({ brokerId: 1, clusterId: null })).toThrow(/needs the clock/);
  });

  it('omits cluster.id when it is not known', () => {
    const cp = new BrokerMetadataCheckpoint(fs, dir);
    cp.write({ brokerId: 1001, clusterId: null }, NOW);
    expect(readFileSync(cp.path, 'utf8')).toBe('#\n#Sun Nov 29 12:00:00 UTC 2026\nversion=0\nbroker.id=1001\n');
    expect(cp.read()).toEqual({ brokerId: 1001, clusterId: null });
  });

  it('reads nothing when there is no file, and deletes a leftover meta.properties.tmp', () => {
    writeFileSync(join(dir, 'meta.properties.tmp'), 'half-written');
    expect(new BrokerMetadataCheckpoint(fs, dir).read()).toBeNull();
    expect(existsSync(join(dir, 'meta.properties.tmp'))).toBe(false);
  });

  it('accepts any Properties syntax: spaces, colons, comments, escapes; values are trimmed', () => {
    writeFileSync(join(dir, 'meta.properties'), '! comment\n  version : 0\nbroker.id   7  \ncluster.id=a\\u0062c\n');
    expect(new BrokerMetadataCheckpoint(fs, dir).read()).toEqual({ brokerId: 7, clusterId: 'abc' });
  });

  it.each([
    ['version=1\nbroker.id=1\n', IOException, 'Unrecognized version of the server meta.properties file: 1'],
    ['broker.id=1\n', IllegalArgumentException, "requirement failed: Missing required property 'version'"],
    ['version=0\n', IllegalArgumentException, "requirement failed: Missing required property 'broker.id'"],
    [
      'version=0\nbroker.id=-1\n',
      IllegalArgumentException,
      'requirement failed: broker.id has value -1 which is not in the range (0,2147483647).',
    ],
    ['version=0\nbroker.id=one\n', NumberFormatException, 'For input string: "one"'],
    [
      'version=-2\nbroker.id=1\n',
      IllegalArgumentException,
      'requirement failed: version has value -2 which is not in the range (0,2147483647).',
    ],
  ])('rejects %j as Kafka does', (content, errorClass, message) => {
    writeFileSync(join(dir, 'meta.properties'), content);
    let err: unknown;
    try {
      new BrokerMetadataCheckpoint(fs, dir).read();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(errorClass);
    expect((err as Error).message).toBe(message);
  });

  it('collects metadata across log dirs: agreement, missing files, unreadable dirs', () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    const c = join(dir, 'c');
    mkdirSync(a);
    mkdirSync(b);
    mkdirSync(c);
    new BrokerMetadataCheckpoint(fs, a).write({ brokerId: 2, clusterId: CLUSTER }, NOW);
    new BrokerMetadataCheckpoint(fs, b).write({ brokerId: 2, clusterId: CLUSTER }, NOW);
    writeFileSync(join(c, 'meta.properties'), 'version=3\nbroker.id=2\n');
    const result = readBrokerMetadataFromLogDirs(fs, [a, b, c, join(dir, 'new')]);
    expect(result.brokerMetadata).toEqual({ brokerId: 2, clusterId: CLUSTER });
    expect(result.offlineDirs).toEqual([c]);
    expect(result.logLines).toContainEqual({
      level: 'WARN',
      message: `No meta.properties file under dir ${join(dir, 'new', 'meta.properties')}`,
    });
    expect(result.logLines).toContainEqual({
      level: 'ERROR',
      message: `Failed to read meta.properties file under dir ${join(c, 'meta.properties')} due to Unrecognized version of the server meta.properties file: 3`,
    });
    expect(readBrokerMetadataFromLogDirs(fs, [join(dir, 'new')]).brokerMetadata).toEqual({ brokerId: -1, clusterId: null });
  });

  it('refuses log dirs that belong to different brokers', () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    mkdirSync(a);
    mkdirSync(b);
    new BrokerMetadataCheckpoint(fs, a).write({ brokerId: 1, clusterId: CLUSTER }, NOW);
    new BrokerMetadataCheckpoint(fs, b).write({ brokerId: 2, clusterId: CLUSTER }, NOW);
    expect(() => readBrokerMetadataFromLogDirs(fs, [a, b])).toThrow(InconsistentBrokerMetadataException);
    expect(() => readBrokerMetadataFromLogDirs(fs, [a, b])).toThrow(
      'BrokerMetadata is not consistent across log.dirs. This could happen if multiple brokers shared a log directory (log.dirs) ' +
        `or partial data was manually copied from another broker. Found:\n- ${a} -> BrokerMetadata(brokerId=1, clusterId=${CLUSTER})\n` +
        `- ${b} -> BrokerMetadata(brokerId=2, clusterId=${CLUSTER})\n`,
    );
  });
});

describe('broker identity checks', () => {
  it('resolves the broker id as KafkaServer.getOrGenerateBrokerId', () => {
    expect(resolveBrokerId(1, { brokerId: 1, clusterId: null }, true)).toBe(1);
    expect(resolveBrokerId(-1, { brokerId: 3, clusterId: null }, true)).toBe(3);
    expect(resolveBrokerId(5, { brokerId: -1, clusterId: null }, true)).toBe(5);
    expect(resolveBrokerId(-1, { brokerId: -1, clusterId: null }, true)).toBe('generate');
    expect(resolveBrokerId(-1, { brokerId: -1, clusterId: null }, false)).toBe(-1);
    expect(() => resolveBrokerId(1, { brokerId: 2, clusterId: null }, true)).toThrow(InconsistentBrokerIdException);
    expect(() => resolveBrokerId(1, { brokerId: 2, clusterId: null }, true)).toThrow(
      "Configured broker.id 1 doesn't match stored broker.id 2 in meta.properties.",
    );
  });

  it("refuses a stored cluster id that differs from ZooKeeper's", () => {
    expect(() => checkClusterId({ brokerId: 1, clusterId: null }, 'x')).not.toThrow();
    expect(() => checkClusterId({ brokerId: 1, clusterId: 'x' }, 'x')).not.toThrow();
    expect(() => checkClusterId({ brokerId: 1, clusterId: 'old' }, 'new')).toThrow(InconsistentClusterIdException);
    expect(() => checkClusterId({ brokerId: 1, clusterId: 'old' }, 'new')).toThrow(
      "The Cluster ID new doesn't match stored clusterId Some(old) in meta.properties. The broker is trying to join the wrong cluster.",
    );
    expect(formatBrokerMetadata({ brokerId: 1, clusterId: null })).toBe('BrokerMetadata(brokerId=1, clusterId=None)');
  });
});

describe('Java text helpers', () => {
  it('formats dates like java.util.Date.toString in UTC', () => {
    expect(javaDateToString(NOW)).toBe('Sun Nov 29 12:00:00 UTC 2026');
    expect(javaDateToString(Date.UTC(2020, 0, 5, 3, 4, 5))).toBe('Sun Jan 05 03:04:05 UTC 2020');
    expect(javaDateToString(0)).toBe('Thu Jan 01 00:00:00 UTC 1970');
  });

  it('enumerates keys in Java 8 Hashtable order, including after a rehash', () => {
    expect(javaHashtableOrder(['version', 'broker.id', 'cluster.id'])).toEqual(['cluster.id', 'version', 'broker.id']);
    expect(javaHashtableOrder(['version', 'broker.id'])).toEqual(['version', 'broker.id']);
    // Checked against a JVM: 20 keys force two rehashes (11 → 23 → 47 buckets).
    const many = Array.from({ length: 20 }, (_, i) => `key${i}`);
    expect(javaHashtableOrder(many)).toEqual([...many].reverse());
  });

  it('escapes and unescapes Properties keys and values', () => {
    const text = storeJavaProperties([['a key', 'x=y:z #!\\ é']], null, NOW);
    expect(text).toBe('#Sun Nov 29 12:00:00 UTC 2026\na\\ key=x\\=y\\:z \\#\\!\\\\ \\u00E9\n');
    expect(loadJavaProperties(new TextEncoder().encode(text)).get('a key')).toBe('x=y:z #!\\ é');
    const continued = loadJavaProperties(new TextEncoder().encode('k = one \\\n    two\n'));
    expect(continued.get('k')).toBe('one two');
  });
});
