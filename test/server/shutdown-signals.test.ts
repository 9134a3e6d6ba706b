import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { handleShutdownSignals, REPEAT_WINDOW_MS, type SignalSource } from '../../src-main/server/shutdown-signals';

function setUp() {
  const emitter = new EventEmitter();
  const source: SignalSource = emitter as unknown as SignalSource;
  let nowMs = 5_000;
  const calls: string[] = [];
  const remove = handleShutdownSignals(
    { shutdown: (signal) => calls.push(`shutdown ${signal}`), force: (signal) => calls.push(`force ${signal}`) },
    source,
    () => nowMs,
  );
  return {
    calls,
    remove,
    emitter,
    signal(signal: NodeJS.Signals, afterMs = 0) {
      nowMs += afterMs;
      emitter.emit(signal, signal);
    },
  };
}

describe('shutdown signals', () => {
  it("takes the copies of one Ctrl+C (the terminal's, npm's relay) as one shutdown", () => {
    const s = setUp();
    s.signal('SIGINT');
    s.signal('SIGINT', 2);
    s.signal('SIGINT', 30);
    s.signal('SIGTERM', 100);
    s.signal('SIGINT', REPEAT_WINDOW_MS - 133);
    expect(s.calls).toEqual(['shutdown SIGINT']);
  });

  it('forces the exit at a signal given after the pause, and at every one after it', () => {
    const s = setUp();
    s.signal('SIGTERM');
    s.signal('SIGINT', REPEAT_WINDOW_MS);
    s.signal('SIGINT', 1);
    expect(s.calls).toEqual(['shutdown SIGTERM', 'force SIGINT', 'force SIGINT']);
  });

  it('removes its listeners', () => {
    const s = setUp();
    expect(s.emitter.listenerCount('SIGINT')).toBe(1);
    expect(s.emitter.listenerCount('SIGTERM')).toBe(1);
    s.remove();
    expect(s.emitter.listenerCount('SIGINT')).toBe(0);
    expect(s.emitter.listenerCount('SIGTERM')).toBe(0);
  });
});
