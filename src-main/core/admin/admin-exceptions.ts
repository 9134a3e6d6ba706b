/**
 * The exceptions of Kafka 2.5's admin code that are not ApiExceptions (`kafka.admin.AdminOperationException`,
 * `kafka.common.AdminCommandFailedException`): what the `--zookeeper` tools throw and print.
 * ApiExceptions (`TopicExistsException`, `InvalidReplicaAssignmentException` …) stay `KafkaApiError`s.
 */
import { JavaThrowable } from '../common/java-lang';

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
