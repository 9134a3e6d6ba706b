/**
 * A DojoBackend for transport tests, built from API_METHODS: every method records its call (with
 * `this`, to prove methods are called on their service) and answers with what it was given, unless
 * a test scripts another answer. Pushes are emitted by hand.
 */
import { API_METHODS } from '../../src-main/api/api-methods';
import type { DojoBackend } from '../../src-main/api/backend';
import type { DojoApi, PushDto, ServiceName } from '../../src-main/api/contract';
import { validArgs } from '../support/argument-samples';

export interface RecordedCall {
  readonly service: string;
  readonly method: string;
  readonly args: unknown[];
  readonly calledOnService: boolean;
}

export interface FakeBackend extends DojoBackend {
  readonly calls: RecordedCall[];
  /** Scripts the answer of one method (return a value, or throw). */
  answer(service: ServiceName, method: string, implementation: (...args: unknown[]) => unknown): void;
  emit(push: PushDto): void;
  readonly listenerCount: number;
  closed: boolean;
}

/** Every (service, method) pair of API_METHODS. */
export function allMethods(): Array<[ServiceName, string]> {
  return (Object.keys(API_METHODS) as ServiceName[]).flatMap((service) =>
    (API_METHODS[service] as readonly string[]).map((method): [ServiceName, string] => [service, method]),
  );
}

/** Valid, JSON-safe arguments per method, distinct (their strings name the method), so a test can tell that each reached its own method. */
export function sampleArgs(service: ServiceName, method: string): unknown[] {
  return validArgs(service, method);
}

export function createFakeBackend(): FakeBackend {
  const calls: RecordedCall[] = [];
  const scripted = new Map<string, (...args: unknown[]) => unknown>();
  const listeners = new Set<(push: PushDto) => void>();
  const api: Record<string, Record<string, unknown>> = {};
  for (const [service, method] of allMethods()) {
    const target = (api[service] ??= {});
    target[method] = async function (this: unknown, ...args: unknown[]) {
      calls.push({ service, method, args, calledOnService: this === target });
      const implementation = scripted.get(`${service}.${method}`);
      return implementation ? implementation(...args) : { service, method, args };
    };
  }
  const backend: FakeBackend = {
    api: api as unknown as DojoApi,
    calls,
    closed: false,
    answer(service, method, implementation) {
      scripted.set(`${service}.${method}`, implementation);
    },
    emit(push) {
      for (const listener of listeners) listener(push);
    },
    get listenerCount() {
      return listeners.size;
    },
    onPush(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      backend.closed = true;
    },
  };
  return backend;
}
