/**
 * The exceptions of Kafka 2.5's admin code that are not ApiExceptions (`kafka.admin.AdminOperationException`,
 * `kafka.common.AdminCommandFailedException`): what the `--zookeeper` tools throw and print.
 * ApiExceptions (`TopicExistsException`, `InvalidReplicaAssignmentException` …) stay `KafkaApiError`s.
 */
import { JavaThrowable } from '../common/java-lang';
import { KafkaApiError } from '../common/kafka-errors';
import { describeError } from '../controller/controller-errors';
import { KeeperException } from '../zookeeper';

export class AdminJavaException extends JavaThrowable {
  constructor(
    readonly javaClass: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = javaClass.slice(javaClass.lastIndexOf('.') + 1);
  }

  static adminOperation(message: string, cause?: unknown): AdminJavaException {
    return new AdminJavaException('kafka.admin.AdminOperationException', message, cause);
  }

  static adminCommandFailed(message: string, cause?: unknown): AdminJavaException {
    return new AdminJavaException('kafka.common.AdminCommandFailedException', message, cause);
  }

  static illegalArgument(message: string): AdminJavaException {
    return new AdminJavaException('java.lang.IllegalArgumentException', message);
  }
}

/** The Java class of an exception Kafka's admin code throws, as `Throwable.toString()` names it. */
export function javaClassOf(e: unknown): string {
  if (e instanceof JavaThrowable) return e.javaClass;
  if (e instanceof KafkaApiError) {
    if (e.exceptionName === 'AdminOperationException') return 'kafka.admin.AdminOperationException';
    return e.exceptionName === e.error.exceptionName && e.error.exceptionClass !== null ? e.error.exceptionClass : `org.apache.kafka.common.errors.${e.exceptionName}`;
  }
  return 'java.lang.RuntimeException';
}

/** `Throwable.toString()`. */
export function javaToString(e: unknown): string {
  if (e instanceof KeeperException) return describeError(e);
  const message = e instanceof Error ? e.message : String(e);
  return `${javaClassOf(e)}: ${message}`;
}

/** `Utils.stackTrace(e)` without the `at …` frames: the exception, then `Caused by: …` for each cause. */
export function javaTraceLines(e: unknown): string[] {
  const lines = [javaToString(e)];
  let cause = e instanceof Error ? e.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < 8; depth++) {
    lines.push(`Caused by: ${javaToString(cause)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines;
}
