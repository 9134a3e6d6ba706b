import { describe, expect, it } from 'vitest';
import { eventDto } from '../../src-main/api/event-summary';

describe('the timeline line of a connection the ZooKeeper server closed', () => {
  it('is a WARN with the server message', () => {
    const message =
      'Close of session 0x1 java.io.IOException: Len error. A message from /127.0.0.1 with advertised length of 1048576 is either a malformed message or too large to process (length is greater than jute.maxbuffer=1048575)';
    const json = JSON.stringify({ kind: 'zookeeper', event: { kind: 'connection-closed', sessionId: '1', message } });
    expect(eventDto({ seq: 1, timeMs: 0, kind: 'zookeeper', brokerId: null, json })).toMatchObject({ level: 'WARN', summary: message });
  });
});

describe('the timeline line of a znode problem', () => {
  it('names the znode once (the message already opens with its path)', () => {
    const path = '/brokers/topics/broken';
    const message = `${path}: Partition 0 has replicas "zero", not a list of broker ids`;
    const json = JSON.stringify({ kind: 'znode-problem', brokerId: 0, path, message, kafkaReading: 'throws' });
    const { level, summary } = eventDto({ seq: 1, timeMs: 0, kind: 'znode-problem', brokerId: 0, json });
    expect(level).toBe('WARN');
    expect(summary).toBe(message);
    expect(summary.split(path)).toHaveLength(2);
  });
});
