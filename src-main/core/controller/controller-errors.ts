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

const KEEPER_EXCEPTION_CLASSES: Record<string, string> = {
  NONODE: 'NoNodeException',
  NODEEXISTS: 'NodeExistsException',
  BADVERSION: 'BadVersionException',
  NOTEMPTY: 'NotEmptyException',
};

/** An error as the controller's log lines print it: `<java class>: <message>`. */
export function describeError(e: unknown): string {
  if (e instanceof JavaThrowable) return e.toString();
  if (!(e instanceof Error)) return String(e);
  if (e.name === 'KeeperException' && 'codeName' in e) {
    const name = String((e as { codeName: string }).codeName);
    return `org.apache.zookeeper.KeeperException$${KEEPER_EXCEPTION_CLASSES[name] ?? name}: ${e.message}`;
  }
  return `org.apache.kafka.common.errors.${e.name}: ${e.message}`;
}
