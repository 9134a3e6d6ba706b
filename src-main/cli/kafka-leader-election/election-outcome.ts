/**
 * What LeaderElectionCommand and PreferredReplicaLeaderElectionCommand's AdminClientCommand share:
 * `adminClient.electLeaders(…).partitions.get` with its TimeoutException and
 * ClusterAuthorizationException turned into AdminCommandFailedException (the line printed first),
 * and the results split into elected, not needed and failed, in the order the tools print them.
 */
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { errorForCode } from '../../core/common/kafka-errors';
import { tpKey, type TopicPartition } from '../../core/common/topic-partition';
import { AdminException, type AdminClient } from '../../protocol/kafka/client/admin-client';
import { javaHashMapOrderOf, scala212MutableHashSetOrder, scala212MutableMapOrder } from './election-result-order';

const TIMEOUT_EXCEPTION = 'org.apache.kafka.common.errors.TimeoutException';
const CLUSTER_AUTHORIZATION = 'org.apache.kafka.common.errors.ClusterAuthorizationException';

export interface ElectionOutcome {
  readonly succeeded: readonly TopicPartition[];
  readonly noop: readonly TopicPartition[];
  /** Each failure's `Throwable.toString()`. */
  readonly failed: ReadonlyArray<{ readonly partition: TopicPartition; readonly exception: string }>;
}

/** A failure that is not an ExecutionException of the call (the tools print "Error while making request"). */
export class ElectionRequestError extends Error {
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
  }
}

export async function electAndClassify(
  client: AdminClient,
  electionType: 'PREFERRED' | 'UNCLEAN',
  partitions: TopicPartition[] | null,
  println: (line: string) => void,
): Promise<ElectionOutcome> {
  let results;
  try {
    results = await client.electLeaders(electionType, partitions);
  } catch (e) {
    if (!(e instanceof AdminException)) throw new ElectionRequestError(e);
    const cause = new AdminJavaException(e.exceptionClass, e.message);
    if (e.exceptionClass === TIMEOUT_EXCEPTION || e.exceptionClass === CLUSTER_AUTHORIZATION) {
      const message =
        e.exceptionClass === TIMEOUT_EXCEPTION ? 'Timeout waiting for election results' : 'Not authorized to perform leader election';
      println(message);
      throw AdminJavaException.adminCommandFailed(message, cause);
    }
    throw new AdminJavaException('java.util.concurrent.ExecutionException', `${e.exceptionClass}: ${e.message}`, cause);
  }
  const byKey = new Map(results.map((r) => [tpKey(r), r]));
  const succeeded: TopicPartition[] = [];
  const noop: TopicPartition[] = [];
  const failed: TopicPartition[] = [];
  for (const tp of javaHashMapOrderOf(results.map((r) => ({ topic: r.topic, partition: r.partition })))) {
    const code = byKey.get(tpKey(tp))!.errorCode;
    if (code === 0) succeeded.push(tp);
    else if (errorForCode(code).name === 'ELECTION_NOT_NEEDED') noop.push(tp);
    else failed.push(tp);
  }
  return {
    succeeded: scala212MutableHashSetOrder(succeeded),
    noop: scala212MutableHashSetOrder(noop),
    failed: scala212MutableMapOrder(failed).map((partition) => {
      const r = byKey.get(tpKey(partition))!;
      const error = errorForCode(r.errorCode);
      // `Errors.exception(message)`: the default exception when the broker sent no message.
      return {
        partition,
        exception: `${error.exceptionClass ?? 'org.apache.kafka.common.errors.UnknownServerException'}: ${r.errorMessage ?? error.message}`,
      };
    }),
  };
}

/** The root AdminCommandFailedException with each failure added as suppressed. */
export class ElectionFailures extends Error {
  constructor(
    message: string,
    readonly suppressed: readonly string[],
  ) {
    super(message);
  }

  /** What escapes `main`: the exception, then a `Suppressed:` line per failure. */
  traceLines(): string[] {
    return [`kafka.common.AdminCommandFailedException: ${this.message}`, ...this.suppressed.map((s) => `\tSuppressed: ${s}`)];
  }
}
