import { expect } from 'vitest';
import type { KafkaReading } from '../../../src-main/core/kafka-zk';
import { ZnodeFormatError } from '../../../src-main/core/kafka-zk';

export const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
export const text = (d: Uint8Array | null): string | null => (d === null ? null : new TextDecoder().decode(d));

/** Asserts a decode result is a ZnodeFormatError with the given reading and reason. */
export function expectFormatError<T>(result: T | ZnodeFormatError<T>, reading: KafkaReading, reason: string | RegExp): ZnodeFormatError<T> {
  expect(result).toBeInstanceOf(ZnodeFormatError);
  const e = result as ZnodeFormatError<T>;
  expect({ reading: e.kafkaReading, reason: e.reason }).toEqual({
    reading,
    reason: typeof reason === 'string' ? reason : expect.stringMatching(reason),
  });
  expect(e.message).toBe(`${e.path}: ${e.reason}`);
  return e;
}

/** Asserts a decode result is a value, not an error, and returns it. */
export function expectValue<T>(result: T | ZnodeFormatError<T>): T {
  if (result instanceof ZnodeFormatError) throw new Error(`expected a value, got ${result.message}`);
  return result;
}
