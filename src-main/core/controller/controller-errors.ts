/** Kafka's `StateChangeFailedException`: a state change that could not be made; logged, batch goes on. */
export class StateChangeFailedError extends Error {
  override readonly name = 'StateChangeFailedException';
}

/** `java.lang.IllegalStateException`, e.g. the state machines' invalid-transition errors. */
export class IllegalStateError extends Error {
  override readonly name = 'IllegalStateException';
}

/** Kafka's `ControllerMovedException`: a fenced write found another controller's epoch. */
export class ControllerMovedError extends Error {
  override readonly name = 'ControllerMovedException';
}

export function describeError(e: unknown): string {
  if (e instanceof Error) return `${errorClassName(e)}: ${e.message}`;
  return String(e);
}

function errorClassName(e: Error): string {
  if (e.name === 'KeeperException' && 'codeName' in e) {
    const name = String((e as { codeName: string }).codeName);
    const pretty: Record<string, string> = {
      NONODE: 'NoNodeException',
      NODEEXISTS: 'NodeExistsException',
      BADVERSION: 'BadVersionException',
      NOTEMPTY: 'NotEmptyException',
    };
    return `org.apache.zookeeper.KeeperException$${pretty[name] ?? name}`;
  }
  if (e.name === 'IllegalStateException') return `java.lang.${e.name}`;
  return e.name === 'StateChangeFailedException' ? `kafka.common.${e.name}` : `org.apache.kafka.common.errors.${e.name}`;
}
