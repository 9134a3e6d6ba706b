/**
 * Kafka 2.5.1's ClientQuotaManager on a manual clock: throttle times from Kafka's formula
 * `(observed − quota) / quota × window` (worked out by hand here, with the window as `Rate` measures
 * it), the Request quota's cap at one window, the channel muted for the throttle time, and the
 * eight precedence levels of the quota lookup with their defaults.
 */
import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../../../src-main/core/common/logging';
import { ManualTime } from '../../../../src-main/core/platform/manual-time';
import {
  ClientQuotaManager,
  DEFAULT_CLIENT_QUOTA_MANAGER_CONFIG,
  UNLIMITED_QUOTA,
  type ThrottledChannelCallback,
} from '../../../../src-main/core/server/quota/client-quota-manager';
import { ClientRequestQuotaManager } from '../../../../src-main/core/server/quota/client-request-quota-manager';

const T0 = 1_700_000_000_000;
const anonymous = (clientId: string) => ({ sanitizedUser: 'ANONYMOUS', clientId });

function produceManager(quotaBytesPerSecondDefault = UNLIMITED_QUOTA) {
  const time = new ManualTime(T0);
  const lines: LogLine[] = [];
  const manager = new ClientQuotaManager({ ...DEFAULT_CLIENT_QUOTA_MANAGER_CONFIG, quotaBytesPerSecondDefault }, 'Produce', time, (l) =>
    lines.push(l),
  );
  return { time, manager, lines };
}

describe('throttle time = (observed − quota) / quota × window', () => {
  it('22 000 bytes at once against 1000 B/s: 2200 B/s over the 10 s window, (2200 − 1000) / 1000 × 10 000 = 12 000 ms', () => {
    const { manager } = produceManager();
    manager.updateQuota(null, 'app', 'app', 1000);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 22_000, T0)).toBe(12_000);
  });

  it('exactly at the quota is not throttled; 1 byte over is (0.1 B/s over: 0.1 / 1000 × 10 000 = 1 ms)', () => {
    const { manager, time } = produceManager();
    manager.updateQuota(null, 'app', 'app', 1000);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 10_000, time.nowMs())).toBe(0);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 1, time.nowMs())).toBe(1);
  });

  it('the window is the one just measured: 11 000 bytes over 10.5 s against 1000 B/s gives 11 000 − 10 500 = 500 ms', () => {
    const { manager, time } = produceManager();
    manager.updateQuota(null, 'app', 'app', 1000);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 5000, time.nowMs())).toBe(0);
    time.advance(5500);
    // (11000 / 10.5 − 1000) / 1000 × 10500 = (11000 − 10500) / 1000 × 1000
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 6000, time.nowMs())).toBe(500);
  });

  it('no quota ever set: nothing is recorded and nothing throttled', () => {
    const { manager, time } = produceManager();
    expect(manager.quotasEnabled).toBe(false);
    expect(manager.maybeRecordAndGetThrottleTimeMs(anonymous('app'), 1e12, time.nowMs())).toBe(0);
    expect(manager.usage()).toEqual([]);
  });

  it('a quota of 0: the throttle time is Long.MaxValue, which Scala’s toInt wraps to −1 (so Kafka never mutes the channel)', () => {
    const { manager, time } = produceManager();
    manager.updateQuota(null, 'app', 'app', 0);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 1, time.nowMs())).toBe(-1);
  });

  it('a fetch taken back (unrecordQuotaSensor) no longer counts', () => {
    const { manager, time } = produceManager();
    manager.updateQuota(null, 'app', 'app', 1000);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 22_000, time.nowMs())).toBe(12_000);
    manager.unrecordQuotaSensor(anonymous('app'), 22_000, time.nowMs());
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 10_000, time.nowMs())).toBe(0);
  });

  it('getMaxValueInQuotaWindow: quota × (samples − 1) × window seconds = 1000 × 10 × 1', () => {
    const { manager } = produceManager();
    expect(manager.getMaxValueInQuotaWindow(anonymous('app'))).toBe(Number.MAX_VALUE);
    manager.updateQuota(null, 'app', 'app', 1000);
    expect(manager.getMaxValueInQuotaWindow(anonymous('app'))).toBe(10_000);
  });

  it('a changed quota applies to the sensor that exists, and is logged as Kafka logs it', () => {
    const { manager, time, lines } = produceManager();
    manager.updateQuota(null, 'app', 'app', 1000);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 15_000, time.nowMs())).toBe(5000);
    manager.updateQuota(null, 'app', 'app', 2000);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('app'), 0, time.nowMs())).toBe(0);
    manager.updateQuota(null, 'app', 'app', null);
    expect(manager.quota(anonymous('app'))).toBe(UNLIMITED_QUOTA);
    expect(lines.map((l) => `${l.level} ${l.message} (${l.logger})`)).toEqual([
      'INFO Changing Produce quota for client-id app to 1000.0 (kafka.server.ClientQuotaManager)',
      'INFO Changing Produce quota for client-id app to 2000.0 (kafka.server.ClientQuotaManager)',
      'INFO Sensor for quota-id {user=, client-id=app} already exists. Setting quota to 2000.0 in MetricConfig (kafka.server.ClientQuotaManager)',
      'INFO Removing Produce quota for client-id app (kafka.server.ClientQuotaManager)',
      'INFO Sensor for quota-id {user=, client-id=app} already exists. Setting quota to 9.223372036854776E18 in MetricConfig (kafka.server.ClientQuotaManager)',
    ]);
  });
});

describe('throttling mutes the channel for the throttle time, on the broker clock', () => {
  it('starts at once and ends when the throttle time has passed; the throttle-time Avg and the usage show it', () => {
    const { manager, time } = produceManager();
    manager.updateQuota(null, 'app', 'app', 1000);
    const events: string[] = [];
    const channel: ThrottledChannelCallback = {
      startThrottling: () => events.push(`start@${time.nowMs() - T0}`),
      endThrottling: () => events.push(`end@${time.nowMs() - T0}`),
    };
    const throttleTimeMs = manager.recordAndGetThrottleTimeMs(anonymous('app'), 22_000, time.nowMs());
    manager.throttle(anonymous('app'), throttleTimeMs, channel);
    expect(events).toEqual(['start@0']);
    expect(manager.throttledChannels).toBe(1);
    expect(manager.usage()).toEqual([{ user: '', clientId: 'app', quota: 1000, observedRate: 2200, throttleTimeAvgMs: 12_000 }]);
    time.advance(11_999);
    expect(events).toEqual(['start@0']);
    time.advance(1);
    expect(events).toEqual(['start@0', 'end@12000']);
    expect(manager.throttledChannels).toBe(0);
    // 12 s on, the sample of T0 is older than 11 windows: the rate is back to 0; the throttle-time Avg keeps 30 s windows.
    expect(manager.usage()).toEqual([{ user: '', clientId: 'app', quota: 1000, observedRate: 0, throttleTimeAvgMs: 12_000 }]);
  });

  it('a throttle time of 0 mutes nothing', () => {
    const { manager } = produceManager();
    const events: string[] = [];
    manager.throttle(anonymous('app'), 0, { startThrottling: () => events.push('start'), endThrottling: () => events.push('end') });
    expect(events).toEqual([]);
  });
});

describe('sensor expiry (InactiveSensorExpirationTimeSeconds = 3600)', () => {
  it('a client idle for more than an hour loses its sensors; one exactly an hour idle keeps them', () => {
    const { manager, time } = produceManager();
    manager.updateQuota(null, 'app', 'app', 1000);
    manager.recordAndGetThrottleTimeMs(anonymous('app'), 500, time.nowMs());
    time.advance(3_600_000);
    expect(manager.usage().map((u) => u.clientId)).toEqual(['app']);
    time.advance(1);
    expect(manager.usage()).toEqual([]);
  });
});

describe('the Request quota (request_percentage)', () => {
  function requestManager() {
    const time = new ManualTime(T0);
    return { time, manager: new ClientRequestQuotaManager(DEFAULT_CLIENT_QUOTA_MANAGER_CONFIG, time, () => {}) };
  }

  it('handling time in percent of a second: 5.25 s of handling against 50 % is 52.5 %/s over 10 s, (52.5 − 50) / 50 × 10 000 = 500 ms', () => {
    const { manager } = requestManager();
    manager.updateQuota(null, 'app', 'app', 50);
    expect(manager.maybeRecordRequestAndGetThrottleTimeMs(anonymous('app'), 5.25e9)).toBe(500);
  });

  it('capped at one quota window (1000 ms): 6 s against 50 % would be 2000 ms', () => {
    const { manager } = requestManager();
    manager.updateQuota(null, 'app', 'app', 50);
    expect(manager.maybeRecordRequestAndGetThrottleTimeMs(anonymous('app'), 6e9)).toBe(1000);
  });

  it('has no static default: without a dynamic quota nothing is recorded', () => {
    const { manager } = requestManager();
    expect(manager.quotasEnabled).toBe(false);
    expect(manager.maybeRecordRequestAndGetThrottleTimeMs(anonymous('app'), 60e9)).toBe(0);
  });
});

describe('quota precedence (DefaultQuotaCallback.quotaLimit), for user ANONYMOUS and client app', () => {
  // [sanitizedUser, sanitizedClientId] of each level, most specific first, with its quota.
  const levels: Array<[string | null, string | null, number, string]> = [
    ['ANONYMOUS', 'app', 1001, '/config/users/ANONYMOUS/clients/app'],
    ['ANONYMOUS', '<default>', 1002, '/config/users/ANONYMOUS/clients/<default>'],
    ['ANONYMOUS', null, 1003, '/config/users/ANONYMOUS'],
    ['<default>', 'app', 1004, '/config/users/<default>/clients/app'],
    ['<default>', '<default>', 1005, '/config/users/<default>/clients/<default>'],
    ['<default>', null, 1006, '/config/users/<default>'],
    [null, 'app', 1007, '/config/clients/app'],
    [null, '<default>', 1008, '/config/clients/<default>'],
  ];

  it('with all eight levels set, each one applies once every level above it is removed', () => {
    const { manager } = produceManager();
    for (const [user, client, quota] of levels) manager.updateQuota(user, client, client, quota);
    for (const [user, client, quota, path] of levels) {
      expect({ path, quota: manager.quota(anonymous('app')) }).toEqual({ path, quota });
      manager.updateQuota(user, client, client, null);
    }
    expect(manager.quota(anonymous('app'))).toBe(UNLIMITED_QUOTA);
  });

  for (const [i, [user, client, quota, path]] of levels.entries()) {
    it(`level ${i + 1} alone (${path}) applies to ANONYMOUS/app${client === 'app' ? '' : ' and to any other client id'}`, () => {
      const { manager } = produceManager();
      manager.updateQuota(user, client, client, quota);
      expect(manager.quota(anonymous('app'))).toBe(quota);
      // A level naming the client id does not reach another client; a default or user-only level does.
      expect(manager.quota(anonymous('other'))).toBe(client === 'app' ? UNLIMITED_QUOTA : quota);
    });
  }

  it('a user-level quota is shared by every client id of the user: one sensor, one rate', () => {
    const { manager, time } = produceManager();
    manager.updateQuota('ANONYMOUS', null, null, 1000);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('a'), 6000, time.nowMs())).toBe(0);
    // 12 000 bytes over 10 s against 1000 B/s: (1200 − 1000) / 1000 × 10 000.
    expect(manager.recordAndGetThrottleTimeMs(anonymous('b'), 6000, time.nowMs())).toBe(2000);
    expect(manager.usage().map((u) => [u.user, u.clientId])).toEqual([['ANONYMOUS', '']]);
  });

  it('a client-id quota is per client id: two clients each get their own rate', () => {
    const { manager, time } = produceManager();
    manager.updateQuota(null, '<default>', '<default>', 1000);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('a'), 6000, time.nowMs())).toBe(0);
    expect(manager.recordAndGetThrottleTimeMs(anonymous('b'), 6000, time.nowMs())).toBe(0);
  });

  it('the static quota.producer.default is the last resort of the client-id level, below /config/clients/<default>', () => {
    const { manager } = produceManager(500);
    expect(manager.quotasEnabled).toBe(true);
    expect(manager.quota(anonymous('app'))).toBe(500);
    manager.updateQuota(null, '<default>', '<default>', 800);
    expect(manager.quota(anonymous('app'))).toBe(800);
    // Once a user level is in use the lookup keys on the user, where the static default does not apply.
    manager.updateQuota('alice', null, null, 300);
    expect(manager.quota(anonymous('app'))).toBe(800);
    expect(manager.quota({ sanitizedUser: 'alice', clientId: 'app' })).toBe(300);
  });
});
