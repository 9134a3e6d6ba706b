/**
 * How an exception reaches kafka-topics' output. TopicCommand's `main` prints
 * `Error while executing topic command : <e.getMessage>` on stdout and logs the stack trace at ERROR
 * (log4j's `[%d] %p %m (%c)%n` on stderr). Admin client failures arrive wrapped in an
 * ExecutionException, whose message is the cause's `toString()`. We print the trace's exception
 * lines without the JVM's `at …` frames.
 */
import { TopicCommandError } from '../../core/admin/topic-command';
import { JavaThrowable } from '../../core/common/java-lang';
import { KafkaApiError } from '../../core/common/kafka-errors';
import { errorMessage, RUNTIME_EXCEPTION, stackTraceLines } from '../../core/common/throwable';
import { KeeperException } from '../../core/zookeeper';
import { AdminException } from '../../protocol/kafka/client/admin-client';
import { OptionException } from './option-parser';

export interface JavaFailure {
  /** `e.getMessage()`. */
  readonly message: string;
  /** `Utils.stackTrace(e)` without frames: `cls: msg`, then `Caused by: …`. */
  readonly trace: readonly string[];
}

/** A Java exception thrown by TopicCommand itself (`IllegalArgumentException`, `ConfigException` …). */
export class JavaException extends Error {
  constructor(
    readonly exceptionClass: string,
    message: string,
  ) {
    super(message);
    this.name = exceptionClass;
  }
}

const TOPIC_COMMAND_CLASSES: Record<string, string> = {
  AdminCommandFailedException: 'kafka.common.AdminCommandFailedException',
  AdminOperationException: 'kafka.admin.AdminOperationException',
  NumberFormatException: 'java.lang.NumberFormatException',
  IllegalArgumentException: 'java.lang.IllegalArgumentException',
};

export function javaFailureOf(e: unknown): JavaFailure {
  if (e instanceof AdminException) {
    const cause = `${e.exceptionClass}: ${e.message}`;
    return { message: cause, trace: [`java.util.concurrent.ExecutionException: ${cause}`, `Caused by: ${cause}`] };
  }
  if (e instanceof JavaThrowable || e instanceof KafkaApiError || e instanceof KeeperException) {
    return { message: e.message, trace: stackTraceLines(e, RUNTIME_EXCEPTION) };
  }
  let cls: string;
  if (e instanceof JavaException || e instanceof OptionException) cls = e.exceptionClass;
  else if (e instanceof TopicCommandError) cls = TOPIC_COMMAND_CLASSES[e.exceptionName];
  else cls = 'java.lang.RuntimeException';
  const message = errorMessage(e);
  return { message, trace: [`${cls}: ${message}`] };
}

/** log4j's `%d` (ISO8601 with a comma before the milliseconds), in local time as the JVM prints it. */
export function log4jTimestamp(date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())},${p(date.getMilliseconds(), 3)}`;
}

export function log4jLine(date: Date, level: 'ERROR' | 'WARN', message: string, logger: string): string {
  return `[${log4jTimestamp(date)}] ${level} ${message} (${logger})\n`;
}
