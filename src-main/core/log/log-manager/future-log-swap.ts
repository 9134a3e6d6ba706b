/**
 * `LogManager.replaceCurrentWithFutureLog` (AlterReplicaLogDirs, Kafka 2.5.1): once the future log
 * has caught up, it is renamed `<t>-<p>` in its dir and becomes the current log; the old current
 * log is renamed `<t>-<p>.<uuid>-delete`, closed, dropped from its dir's checkpoints and queued for
 * removal `file.delete.delay.ms` later.
 */
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import { KafkaStorageException } from '../errors';
import type { Log } from '../log';
import type { LogCheckpoints } from '../checkpoints/log-checkpoints';
import type { LogDeleter } from './log-deleter';
import { logDeleteDirName, logDirName, newUniqueId } from './log-dir-names';
import type { LogManagerContext } from './log-manager-context';

function renameOrFail(ctx: LogManagerContext, log: Log, name: string): void {
  try {
    log.renameDir(name);
  } catch (e) {
    // `Log.renameDir` inside `maybeHandleIOException`: the dir goes offline.
    const msg = `Error while renaming dir for ${tpKey(log.topicPartition)} in dir ${log.parentDir}`;
    ctx.reportLogDirFailure(log.parentDir, msg, e);
    throw new KafkaStorageException(msg, { cause: e });
  }
}

export function replaceCurrentWithFutureLog(
  ctx: LogManagerContext,
  checkpoints: LogCheckpoints,
  deleter: LogDeleter,
  tp: TopicPartition,
): void {
  const sourceLog = ctx.currentLogs.get(tp);
  const destLog = ctx.futureLogs.get(tp);
  const from = sourceLog?.parentDir ?? '';
  const to = destLog?.parentDir ?? '';
  ctx.emit(
    'INFO',
    `Attempting to replace current log ${sourceLog?.toString() ?? 'null'} with ${destLog?.toString() ?? 'null'} for ${tpKey(tp)}`,
    {
      type: 'future-log-swap',
      phase: 'attempting',
      topicPartition: tp,
      from,
      to,
    },
  );
  if (!sourceLog) throw new KafkaStorageException(`The current replica for ${tpKey(tp)} is offline`);
  if (!destLog) throw new KafkaStorageException(`The future replica for ${tpKey(tp)} is offline`);

  renameOrFail(ctx, destLog, logDirName(tp));
  destLog.updateHighWatermark(sourceLog.highWatermark);
  ctx.removeLog(sourceLog, false);
  ctx.promoteFutureLog(destLog);

  try {
    renameOrFail(ctx, sourceLog, logDeleteDirName(tp, newUniqueId(ctx.random)));
    sourceLog.close();
    checkpoints.checkpointLogRecoveryOffsetsInDir(from, []);
    checkpoints.checkpointLogStartOffsetsInDir(from);
    deleter.addLogToBeDeleted(sourceLog);
  } catch (e) {
    // The source dir is offline: handleLogDirFailure no longer sees this log, so its handles close here.
    sourceLog.closeHandlers();
    throw e;
  }
  // The destination dir's checkpoints name the partition as current from now on.
  checkpoints.checkpointLogRecoveryOffsetsInDir(to, []);
  checkpoints.checkpointLogStartOffsetsInDir(to);
  ctx.emit('INFO', `The current replica is successfully replaced with the future replica for ${tpKey(tp)}`, {
    type: 'future-log-swap',
    phase: 'completed',
    topicPartition: tp,
    from,
    to,
  });
}
