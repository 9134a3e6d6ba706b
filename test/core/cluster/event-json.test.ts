import { describe, expect, it } from 'vitest';
import type { ClusterEvent } from '../../../src-main/core/cluster/cluster-events';
import { eventJson } from '../../../src-main/core/cluster/event-log';

/** The stored text as the general replacer writes it (bigints as decimal text, bytes as arrays). */
const viaReplacer = (event: unknown) =>
  JSON.stringify(event, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array ? Array.from(value) : value,
  );

describe('eventJson', () => {
  it('stores every kind of ZooKeeper event as the general replacer does, key order and all', () => {
    const sessionId = 0x1000001234abcdn;
    const events = [
      { kind: 'txn', zxid: 7, timeMs: 12, sessionId, op: 'create', path: '/a', err: 0 },
      { kind: 'txn', zxid: 8, timeMs: 13, sessionId, op: 'createSession', err: 0 },
      { kind: 'txn', zxid: 9, timeMs: 14, sessionId: -5n, op: 'multi', path: undefined, err: -101 },
      { kind: 'watch-fired', zxid: 9, sessionId, type: 3, path: '/a' },
      { kind: 'session-expired', sessionId },
      { kind: 'connection-closed', sessionId, message: 'Close of session 0x1 "quoted" \u2028' },
      { kind: 'store-failed', message: 'disk I/O error' },
    ];
    for (const event of events) {
      const stamped = { kind: 'zookeeper', event, timeMs: 42 } as unknown as ClusterEvent;
      expect(eventJson(stamped)).toBe(viaReplacer(stamped));
    }
    expect(JSON.parse(eventJson({ kind: 'zookeeper', event: events[0], timeMs: 42 } as unknown as ClusterEvent)).event.sessionId).toBe(
      '4503599932812237',
    );
  });

  it('stores a log line (with and without its throwable) as the general replacer does', () => {
    const lines = [
      { file: 'state-change.log', level: 'TRACE', logger: 'state.change.logger', message: '[Controller id=0 epoch=3] Changed "x" \u2028' },
      { file: 'server.log', level: 'ERROR', logger: 'kafka.log.LogManager', message: 'Error', throwable: 'java.io.IOException: boom' },
    ];
    for (const line of lines) {
      const event = { kind: 'log', brokerId: 2, line, timeMs: 42 } as unknown as ClusterEvent;
      expect(eventJson(event)).toBe(viaReplacer(event));
    }
  });
});
