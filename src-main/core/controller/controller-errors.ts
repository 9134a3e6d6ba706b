import { JavaThrowable } from '../common/java-lang';

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
