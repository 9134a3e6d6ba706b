import { JavaThrowable } from '../common/java-lang';
import { KAFKA_ERRORS_PACKAGE, throwableToString } from '../common/throwable';

export { IllegalStateException } from '../common/java-lang';

/** Kafka's `StateChangeFailedException`: a state change that could not be made; logged, batch goes on. */
export class StateChangeFailedError extends JavaThrowable {
  override readonly name = 'StateChangeFailedException';
  readonly javaClass = 'kafka.common.StateChangeFailedException';
}

/** Kafka's `ControllerMovedException`: a fenced write found another controller's epoch. */
export class ControllerMovedError extends JavaThrowable {
  override readonly name = 'ControllerMovedException';
  readonly javaClass = 'org.apache.kafka.common.errors.ControllerMovedException';
}

/**
 * An error as the controller's log lines print it: `<java class>: <message>`.
 * @deprecated `throwableToString(e, KAFKA_ERRORS_PACKAGE)` (core/common/throwable.ts); kept while
 * kafka-controller.ts and dynamic-config-manager.ts still import it.
 */
export function describeError(e: unknown): string {
  return throwableToString(e, KAFKA_ERRORS_PACKAGE);
}
