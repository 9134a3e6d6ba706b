/** Stage and outcome names as locale keys, blockers as sentences (durations: composables/use-localized-text.ts). */
import { DELETION_STAGES } from '../../../../src-main/api/deletion/deletion-contract';
import type { DeletionBlockerDto, DeletionOutcomeDto, DeletionStageDto } from '../../api/types';

export { DELETION_STAGES };

/** The replica states of a deletion, as the grid's columns. */
export const GRID_STATES = [
  'OfflineReplica',
  'ReplicaDeletionStarted',
  'ReplicaDeletionSuccessful',
  'ReplicaDeletionIneligible',
  'NonExistentReplica',
] as const;

/** `picked-up` → `pickedUp` (locale keys are camelCase). */
export function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

export function stageKey(stage: DeletionStageDto): string {
  return camel(stage);
}

export function outcomeKey(outcome: DeletionOutcomeDto): string {
  return camel(outcome);
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Why the deletion waits, and what unblocks it, in the person's language. */
export function blockerText(b: DeletionBlockerDto, t: Translate): { why: string; fix: string } {
  const list = (ps: readonly number[]): string => ps.join(', ');
  switch (b.kind) {
    case 'no-controller':
      return { why: t('deletions.blockers.noController.why'), fix: t('deletions.blockers.noController.fix') };
    case 'delete-topic-disabled':
      return {
        why: t('deletions.blockers.deleteTopicDisabled.why', { id: b.controllerId }),
        fix: t('deletions.blockers.deleteTopicDisabled.fix'),
      };
    case 'broker-offline':
      return {
        why: t('deletions.blockers.brokerOffline.why', { id: b.brokerId, state: b.brokerState ?? '-', partitions: list(b.partitions) }),
        fix: t('deletions.blockers.brokerOffline.fix', { id: b.brokerId }),
      };
    case 'log-dir-offline':
      return {
        why: t('deletions.blockers.logDirOffline.why', {
          id: b.brokerId,
          partitions: list(b.partitions),
          dirs: b.offlineLogDirs.join(', '),
        }),
        fix: t('deletions.blockers.logDirOffline.fix', { id: b.brokerId }),
      };
    case 'reassignment-in-progress': {
      const partitions = b.partitions
        .map((p) =>
          t('deletions.blockers.reassignment.partition', { partition: p.partition, adding: list(p.adding), removing: list(p.removing) }),
        )
        .join('; ');
      return { why: t('deletions.blockers.reassignment.why', { partitions }), fix: t('deletions.blockers.reassignment.fix') };
    }
    case 'stop-replica-failed':
      return {
        why: t('deletions.blockers.stopReplicaFailed.why', {
          id: b.brokerId,
          partitions: list(b.partitions),
          error: b.error ?? 'ReplicaDeletionIneligible',
        }),
        fix: t('deletions.blockers.stopReplicaFailed.fix'),
      };
  }
}
