/**
 * How a thrown value reads in Kafka's text: `Throwable.toString()` (`<java class>: <message>`) and
 * the exception lines of a stack trace as log4j and `Utils.stackTrace` print them (`Caused by: …`
 * for each cause; the JVM's `at …` frames are not reproduced). The one place that knows which
 * Java class stands for which of the emulator's errors.
 */
import { JavaThrowable } from './java-lang';
import { KafkaApiError } from './kafka-errors';

/** `KeeperException.create(code)`'s subclass of each code (ZooKeeper's `KeeperException$<class>`). */
const KEEPER_EXCEPTION_CLASSES: Record<string, string> = {
  SYSTEMERROR: 'SystemErrorException',
  RUNTIMEINCONSISTENCY: 'RuntimeInconsistencyException',
  DATAINCONSISTENCY: 'DataInconsistencyException',
  CONNECTIONLOSS: 'ConnectionLossException',
  MARSHALLINGERROR: 'MarshallingErrorException',
  UNIMPLEMENTED: 'UnimplementedException',
  OPERATIONTIMEOUT: 'OperationTimeoutException',
  NEWCONFIGNOQUORUM: 'NewConfigNoQuorum',
  RECONFIGINPROGRESS: 'ReconfigInProgress',
  BADARGUMENTS: 'BadArgumentsException',
  APIERROR: 'APIErrorException',
  NONODE: 'NoNodeException',
  NOAUTH: 'NoAuthException',
  BADVERSION: 'BadVersionException',
  NOCHILDRENFOREPHEMERALS: 'NoChildrenForEphemeralsException',
  NODEEXISTS: 'NodeExistsException',
  INVALIDACL: 'InvalidACLException',
  AUTHFAILED: 'AuthFailedException',
  NOTEMPTY: 'NotEmptyException',
  SESSIONEXPIRED: 'SessionExpiredException',
  INVALIDCALLBACK: 'InvalidCallbackException',
  SESSIONMOVED: 'SessionMovedException',
  NOTREADONLY: 'NotReadOnlyException',
  EPHEMERALONLOCALSESSION: 'EphemeralOnLocalSessionException',
  NOWATCHER: 'NoWatcherException',
  RECONFIGDISABLED: 'ReconfigDisabledException',
  SESSIONCLOSEDREQUIRESASLAUTH: 'SessionClosedRequireAuthException',
  REQUESTTIMEOUT: 'RequestTimeoutException',
  QUOTAEXCEEDED: 'QuotaExceededException',
  THROTTLEDOP: 'ThrottledOpException',
};

// core/zookeeper's KeeperException, known by its shape: core/common depends on no other layer.
function keeperCodeName(e: Error): string | null {
  if (e.name !== 'KeeperException') return null;
  const codeName = (e as { codeName?: unknown }).codeName;
  return typeof codeName === 'string' ? codeName : null;
}

/**
 * The Java class of what Kafka or ZooKeeper would have thrown: a `JavaThrowable`'s own class, an
 * `ApiException`'s, a `KeeperException`'s subclass. Null for an error of the emulator that has no
 * Java counterpart, and for a value that is no Error.
 */
export function javaClassOf(e: unknown): string | null {
  if (e instanceof JavaThrowable) return e.javaClass;
  if (e instanceof KafkaApiError) {
    // An AdminOperationException that reached a response as UNKNOWN_SERVER_ERROR keeps its class.
    if (e.exceptionName === 'AdminOperationException') return 'kafka.admin.AdminOperationException';
    return e.exceptionName === e.error.exceptionName && e.error.exceptionClass !== null
      ? e.error.exceptionClass
      : `org.apache.kafka.common.errors.${e.exceptionName}`;
  }
  if (e instanceof Error) {
    const code = keeperCodeName(e);
    if (code !== null) return `org.apache.zookeeper.KeeperException$${KEEPER_EXCEPTION_CLASSES[code] ?? code}`;
  }
  return null;
}

/**
 * What names a value `javaClassOf` has no class for; null prints the value alone (`String(e)`).
 * Each text that prints such errors has kept its own choice:
 */
export type UnknownThrowableClass = (e: unknown) => string | null;

/** The error's JS name (`FileSystemError`, `TypeError`): log lines of the LogManager, dynamic config. */
export const JS_NAME: UnknownThrowableClass = (e) => (e instanceof Error ? e.name : null);

/** `java.lang.RuntimeException`: what the admin command-line tools print, as a JVM would. */
export const RUNTIME_EXCEPTION: UnknownThrowableClass = () => 'java.lang.RuntimeException';

/** Kafka's errors package before the JS name: the controller's log lines. */
export const KAFKA_ERRORS_PACKAGE: UnknownThrowableClass = (e) => (e instanceof Error ? `org.apache.kafka.common.errors.${e.name}` : null);

/** `e.getMessage()`, and `String(e)` for a thrown value that is no Error. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The thrown value as an Error (a value that is none becomes `new Error(String(e))`). */
export function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** `Throwable.toString()`: `<java class>: <message>` (the message may span lines). */
export function throwableToString(e: unknown, unknownClass: UnknownThrowableClass = JS_NAME): string {
  const cls = javaClassOf(e) ?? unknownClass(e);
  return cls === null ? String(e) : `${cls}: ${errorMessage(e)}`;
}

/** How many causes a trace follows (a cycle of causes must not loop). */
const MAX_CAUSES = 8;

/** A stack trace's exception lines: the throwable, then `Caused by: <throwable>` for each cause. */
export function stackTraceLines(e: unknown, unknownClass: UnknownThrowableClass = JS_NAME): string[] {
  const lines = [throwableToString(e, unknownClass)];
  let cause = e instanceof Error ? e.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < MAX_CAUSES; depth++) {
    lines.push(`Caused by: ${throwableToString(cause, unknownClass)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines;
}

/** The exception as log4j prints it under a line, one line per throwable. */
export function stackTrace(e: unknown, unknownClass: UnknownThrowableClass = JS_NAME): string {
  return stackTraceLines(e, unknownClass).join('\n');
}
