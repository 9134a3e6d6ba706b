import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE_NAME } from '../../src-main/app/create-backend';
import { defaultClusterDefinition } from '../../src-main/core/cluster/cluster-definition';
import { DEFAULT_CLUSTER_FILE, readDefaultClusterDefinition } from '../../src-main/infra/default-cluster-file';
import { NodeFileSystem } from '../../src-main/infra/node-file-system';
import { makeTempDir } from '../support/temp-dir';

describe('resources/default-cluster.json (the first run cluster)', () => {
  let dir: string;
  let cleanup: () => void;
  const fs = new NodeFileSystem();

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('kafka-dojo-default-cluster-'));
  });
  afterEach(() => cleanup());

  const withFile = (text: string): string => {
    const file = join(dir, 'default-cluster.json');
    writeFileSync(file, text);
    return file;
  };

  it('holds the cluster the code built before: "dojo", brokers 0, 1, 2 without racks, one kafka-logs dir each, Kafka\'s defaults', () => {
    expect(DEFAULT_CLUSTER_FILE.endsWith(join('resources', 'default-cluster.json'))).toBe(true);
    expect(readDefaultClusterDefinition()).toStrictEqual(defaultClusterDefinition(DEFAULT_WORKSPACE_NAME));
  });

  it('reads any valid definition, racks and configs included', () => {
    const def = {
      name: 'racks',
      brokers: [
        { id: 1, rack: 'r1', logDirs: ['a', 'b'], config: { 'num.io.threads': '4' } },
        { id: 2, rack: 'r2', logDirs: ['a'], config: {} },
      ],
      brokerDefaults: { 'delete.topic.enable': 'false' },
      zookeeper: { clientPort: 2182 },
    };
    expect(readDefaultClusterDefinition(fs, withFile(JSON.stringify(def)))).toStrictEqual(def);
  });

  it('refuses a file that is not JSON, naming the file', () => {
    const file = withFile('{ "name": "dojo", ');
    expect(() => readDefaultClusterDefinition(fs, file)).toThrow(`${file} is not valid JSON`);
  });

  it('refuses a missing file as the file system port reports it (ENOENT)', () => {
    const file = join(dir, 'nope.json');
    expect(() => readDefaultClusterDefinition(fs, file)).toThrow(`Cannot read file ${file}: no such file or directory (ENOENT)`);
  });

  it('says what is wrong with a damaged definition and where', () => {
    const file = withFile(
      JSON.stringify({ name: 'x', brokers: [{ id: 0, rack: 3, logDirs: ['kafka-logs'], config: {} }], brokerDefaults: {} }),
    );
    expect(() => readDefaultClusterDefinition(fs, file)).toThrow(
      `${file} is not a cluster definition: brokers[0].rack must be a string or null`,
    );
    const noBrokers = withFile(JSON.stringify({ name: 'x', brokers: [], brokerDefaults: { a: 1 } }));
    expect(() => readDefaultClusterDefinition(fs, noBrokers)).toThrow(
      'brokers must list at least one broker; brokerDefaults must map config names to strings',
    );
  });

  it('applies the workspace rules of definitionProblems (duplicate ids, log dir names)', () => {
    const broker = { id: 0, rack: null, logDirs: ['kafka logs'], config: {} };
    const file = withFile(JSON.stringify({ name: 'x', brokers: [broker, { ...broker, logDirs: ['ok'] }], brokerDefaults: {} }));
    expect(() => readDefaultClusterDefinition(fs, file)).toThrow(
      `Log dir name "kafka logs" of broker 0 may only use letters, digits, '.', '_' and '-'; Broker id 0 is defined twice`,
    );
  });
});
