/**
 * What a tool sees of a failed Admin client call: `KafkaFuture.get()` throws an
 * ExecutionException whose message is the cause's `toString()` and whose cause is the client's
 * exception (the trace the JVM prints: `java.util.concurrent.ExecutionException: X: m` then
 * `Caused by: X: m`).
 */
import { AdminJavaException } from '../core/admin/admin-exceptions';
import { AdminException } from '../protocol/kafka/client/admin-client';

export function executionException(e: unknown): unknown {
  if (!(e instanceof AdminException)) return e;
  const cause = new AdminJavaException(e.exceptionClass, e.message);
  return new AdminJavaException('java.util.concurrent.ExecutionException', `${e.exceptionClass}: ${e.message}`, cause);
}

/** `future.get()`: the call's value, or its failure as `executionException`. */
export async function futureGet<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    throw executionException(e);
  }
}
