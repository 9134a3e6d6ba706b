import { describe, expect, it } from 'vitest';
import { formatBytes, formatJson, prettyJson, shortPath } from '../../../src-renderer/src/lib/format';

describe('format', () => {
  it('keeps replica lists on one line in pretty JSON', () => {
    expect(formatJson({ version: 2, partitions: { '0': [2, 0, 1], '1': [-1] }, adding_replicas: {} })).toBe(
      '{\n  "version": 2,\n  "partitions": {\n    "0": [2, 0, 1],\n    "1": [-1]\n  },\n  "adding_replicas": {}\n}',
    );
    expect(prettyJson('{"a":[1,2],"b":["x","y"]}')).toBe('{\n  "a": [1, 2],\n  "b": [\n    "x",\n    "y"\n  ]\n}');
    expect(prettyJson('not json')).toBe('not json');
    expect(prettyJson(null)).toBe('null');
  });

  it('prints sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatBytes(-1)).toBe('-');
  });

  it('shortens a log dir path to its last two parts', () => {
    expect(shortPath('/data/workspaces/abc/brokers/broker-1/kafka-logs')).toBe('…/broker-1/kafka-logs');
    expect(shortPath('C:\\dojo\\broker-0\\logs-1')).toBe('…/broker-0/logs-1');
    expect(shortPath('kafka-logs')).toBe('kafka-logs');
  });
});
