import { JavaRandom } from '../platform/java-random';
import type { ScheduledTask, Time } from '../platform/scheduler';

export interface SessionLimits {
  /** ZooKeeper's `tickTime`: the granularity of expiry (sessions expire on tick boundaries). */
  tickTimeMs: number;
  minSessionTimeoutMs: number;
  maxSessionTimeoutMs: number;
}

interface TrackedSession {
  sessionId: bigint;
  timeoutMs: number;
  expiresAtMs: number;
}

/** ZooKeeper's `superSecret`, mixed into the seed of a session's password. */
const SUPER_SECRET = 0xb3415c00n;

/** The 16-byte password a ZooKeeper server derives from a session id. */
export function sessionPassword(sessionId: bigint): Uint8Array {
  const passwd = new Uint8Array(16);
  new JavaRandom(sessionId ^ SUPER_SECRET).nextBytes(passwd);
  return passwd;
}

/**
 * ZooKeeper's `SessionTrackerImpl`: each session expires `timeoutMs` after it was last heard from,
 * rounded up to the next tick boundary (its `ExpiryQueue` buckets), checked once per tick.
 */
export class SessionTracker {
  private readonly sessions = new Map<bigint, TrackedSession>();
  private nextSessionId: bigint;
  private ticker: ScheduledTask | null = null;

  constructor(
    private readonly time: Time,
    private readonly limits: SessionLimits,
    private readonly onExpire: (sessionId: bigint) => void,
    serverId = 0,
  ) {
    // SessionTrackerImpl.initializeNextSessionId: ((now << 24) >>> 8) | (serverId << 56).
    const shifted = BigInt.asUintN(64, BigInt(time.nowMs()) << 24n) >> 8n;
    this.nextSessionId = BigInt.asIntN(64, shifted | (BigInt(serverId) << 56n));
  }

  start(): void {
    if (this.ticker) return;
    const tick = this.limits.tickTimeMs;
    const now = this.time.nowMs();
    const firstBoundary = roundToNextTick(now, tick);
    this.ticker = this.time.schedulePeriodic('zookeeper-session-expiry', firstBoundary - now, tick, () => this.expireDue());
  }

  stop(): void {
    if (this.ticker) this.time.cancel(this.ticker);
    this.ticker = null;
  }

  negotiateTimeout(requestedMs: number): number {
    return Math.min(Math.max(requestedMs, this.limits.minSessionTimeoutMs), this.limits.maxSessionTimeoutMs);
  }

  /** Makes sure new ids never collide with sessions that survived a restart. */
  reserveIdsAbove(sessionId: bigint): void {
    if (sessionId >= this.nextSessionId) this.nextSessionId = sessionId + 1n;
  }

  allocateSessionId(): bigint {
    return this.nextSessionId++;
  }

  add(sessionId: bigint, timeoutMs: number): void {
    this.sessions.set(sessionId, { sessionId, timeoutMs, expiresAtMs: 0 });
    this.touch(sessionId);
  }

  /** Records that the session's owner was heard from; false if the session is unknown or gone. */
  touch(sessionId: bigint): boolean {
    const s = this.sessions.get(sessionId);
    if (!s) return false;
    s.expiresAtMs = roundToNextTick(this.time.nowMs() + s.timeoutMs, this.limits.tickTimeMs);
    return true;
  }

  has(sessionId: bigint): boolean {
    return this.sessions.has(sessionId);
  }

  timeoutOf(sessionId: bigint): number | undefined {
    return this.sessions.get(sessionId)?.timeoutMs;
  }

  expiresAtOf(sessionId: bigint): number | undefined {
    return this.sessions.get(sessionId)?.expiresAtMs;
  }

  remove(sessionId: bigint): void {
    this.sessions.delete(sessionId);
  }

  ids(): bigint[] {
    return [...this.sessions.keys()];
  }

  private expireDue(): void {
    const now = this.time.nowMs();
    const due = [...this.sessions.values()].filter((s) => s.expiresAtMs <= now).sort((a, b) => a.expiresAtMs - b.expiresAtMs);
    for (const s of due) {
      // Removed here so that a ping racing with the expiry cannot revive the session.
      this.sessions.delete(s.sessionId);
      this.onExpire(s.sessionId);
    }
  }
}

function roundToNextTick(timeMs: number, tickMs: number): number {
  return (Math.floor(timeMs / tickMs) + 1) * tickMs;
}
