import { afterEach, beforeEach, expect } from 'vitest';
import type { WatchedEvent, Watcher } from '../../../src-main/core/zookeeper';
import { EventType, KeeperException } from '../../../src-main/core/zookeeper';
import { ZkFixture } from '../../support/zk-fixture';

/** A fresh fixture per test (closed afterwards); read it as `zk()` inside the test. */
export function useZkFixture(): () => ZkFixture {
  let fx: ZkFixture | undefined;
  beforeEach(() => {
    fx = new ZkFixture();
  });
  afterEach(() => {
    fx?.close();
    fx = undefined;
  });
  return () => {
    if (!fx) throw new Error('the fixture is only available inside a test');
    return fx;
  };
}

/** The KeeperException a call fails with; fails the test if it succeeds or throws anything else. */
export async function failureOf(call: Promise<unknown>): Promise<KeeperException> {
  let value: unknown;
  try {
    value = await call;
  } catch (e) {
    if (e instanceof KeeperException) return e;
    throw e;
  }
  throw new Error(`expected a KeeperException, but the call succeeded with ${String(value)}`);
}

/** Asserts a call fails with `code` (and, if given, for `path`); returns the exception. */
export async function expectKeeperError(call: Promise<unknown>, code: number, path?: string): Promise<KeeperException> {
  const e = await failureOf(call);
  expect(e.code, `error code (${e.message})`).toBe(code);
  if (path !== undefined) expect(e.path).toBe(path);
  return e;
}

const EVENT_NAMES = new Map<number, string>(Object.entries(EventType).map(([name, value]) => [value, name]));

/** `NodeDataChanged /a` — the readable form events are compared in. */
export function describeEvent(e: WatchedEvent): string {
  return `${EVENT_NAMES.get(e.type) ?? e.type} ${e.path}`;
}

/** A watcher that records node events (session state events go to `states`). */
export class EventLog {
  readonly events: WatchedEvent[] = [];
  readonly states: number[] = [];
  readonly watcher: Watcher = (e) => {
    if (e.type === EventType.None) this.states.push(e.state);
    else this.events.push(e);
  };

  /** The node events seen so far, as `Type /path` strings. */
  get seen(): string[] {
    return this.events.map(describeEvent);
  }

  clear(): void {
    this.events.length = 0;
    this.states.length = 0;
  }
}

export const bytes = (n: number, fill = 7): Uint8Array => new Uint8Array(n).fill(fill);
