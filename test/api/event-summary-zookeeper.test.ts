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
