/**
 * PreferredReplicaLeaderElectionCommand's `AdminClientCommand` (`--bootstrap-server`): ElectLeaders
 * (PREFERRED) for the partitions of `--path-to-json-file`, or every partition, with its own lines
 * (and the same slip as LeaderElectionCommand: the elected partitions listed after "Preferred
 * replica already elected"). A request that fails outside the call's future is printed and the
 * tool ends normally, as 2.5.1's does.
 */
import { RUNTIME_EXCEPTION, stackTraceLines } from '../../core/common/throwable';
import type { TopicPartition } from '../../core/common/topic-partition';
import { AdminClient } from '../../protocol/kafka/client/admin-client';
import { electAndClassify, ElectionFailures, ElectionRequestError } from '../kafka-leader-election/election-outcome';
import { tpString } from '../kafka-reassign-partitions/reassignment-json';

const TIMEOUT_MS = 30_000;

export async function electPreferredLeadersWithAdminClient(
  bootstrapServers: string,
  partitions: TopicPartition[] | null,
  println: (line: string) => void,
  printStackTrace: (lines: readonly string[]) => void,
): Promise<void> {
  const client = new AdminClient({ bootstrapServers, requestTimeoutMs: TIMEOUT_MS, defaultApiTimeoutMs: TIMEOUT_MS * 2 });
  try {
    let outcome;
    try {
      outcome = await electAndClassify(client, 'PREFERRED', partitions, println);
    } catch (e) {
      if (!(e instanceof ElectionRequestError)) throw e;
      println('Error while making request');
      printStackTrace(stackTraceLines(e.original, RUNTIME_EXCEPTION));
      return;
    }
    const succeeded = outcome.succeeded.map(tpString).join(', ');
    if (outcome.succeeded.length > 0) println(`Successfully completed preferred leader election for partitions ${succeeded}`);
    if (outcome.noop.length > 0) println(`Preferred replica already elected for partitions ${succeeded}`);
    if (outcome.failed.length > 0) {
      for (const f of outcome.failed)
        println(`Error completing preferred leader election for partition: ${tpString(f.partition)}: ${f.exception}`);
      throw new ElectionFailures(
        `${outcome.failed.length} preferred replica(s) could not be elected`,
        outcome.failed.map((f) => f.exception),
      );
    }
  } finally {
    client.close();
  }
}
