/** The API of the Topic deletion monitor (types only, part of contract.ts's DojoApi as `deletions`). */
import type { LocalizedText } from '../localized-text';

/**
 * Where a topic's deletion stands, in Kafka 2.5's order: the marker `/admin/delete_topics/<t>`
 * written; the controller queued it (`topicsToBeDeleted`); its partitions went Offline →
 * NonExistent; StopReplica (delete=true) went to the replicas' brokers; every replica
 * ReplicaDeletionSuccessful; the topic's znodes removed; the `<t>-<p>.<uuid>-delete` dirs waiting
 * for `file.delete.delay.ms`; gone (nothing left anywhere).
 */
export const DELETION_STAGES = [
  'marked',
  'picked-up',
  'partitions-offline',
  'stop-replica-sent',
  'replicas-deleted',
  'znodes-removed',
  'awaiting-file-delete',
  'gone',
] as const;

/** One of DELETION_STAGES (pure data, so the renderer imports it at run time as it does api-methods.ts). */
export type DeletionStageDto = (typeof DELETION_STAGES)[number];

/** Why a queued deletion cannot progress now, and so what would unblock it. */
export type DeletionBlockerDto =
  /** No broker is the active controller: nobody reads `/admin/delete_topics`. */
  | { readonly kind: 'no-controller' }
  /** The controller runs with `delete.topic.enable=false`: it removes the marker and deletes nothing. */
  | { readonly kind: 'delete-topic-disabled'; readonly controllerId: number }
  /** Replicas on a broker that is not live (stopped, killed, or shutting down). */
  | {
      readonly kind: 'broker-offline';
      readonly brokerId: number;
      readonly brokerState: string | null;
      readonly partitions: readonly number[];
    }
  /** Replicas in a failed log dir of a live broker. */
  | {
      readonly kind: 'log-dir-offline';
      readonly brokerId: number;
      readonly partitions: readonly number[];
      readonly offlineLogDirs: readonly string[];
    }
  /** A reassignment of these partitions is in progress: the deletion resumes when it completes. */
  | {
      readonly kind: 'reassignment-in-progress';
      readonly partitions: ReadonlyArray<{
        readonly partition: number;
        readonly adding: readonly number[];
        readonly removing: readonly number[];
      }>;
    }
  /** StopReplica (delete=true) failed on a live broker: ReplicaDeletionIneligible until the controller retries. */
  | {
      readonly kind: 'stop-replica-failed';
      readonly brokerId: number;
      readonly partitions: readonly number[];
      readonly error: string | null;
    };

/** One replica's row of the replica × state grid: when it last entered each state, and its state now. */
export interface DeletionReplicaDto {
  readonly partition: number;
  readonly brokerId: number;
  /** The controller's state now (`NonExistentReplica` once the topic is gone). */
  readonly state: string;
  /** Replica state → emulated time it last entered that state during this deletion. */
  readonly enteredMs: Readonly<Record<string, number>>;
}

/** A `<topic>-<p>.<uuid>-delete` dir on one broker, from its rename until the LogManager removes it. */
export interface DeleteDirDto {
  readonly brokerId: number;
  readonly partition: number;
  /** The log dir holding it and its full path. */
  readonly logDir: string;
  readonly path: string;
  readonly renamedAtMs: number | null;
  /** When `kafka-delete-logs` may remove it (queued time + `file.delete.delay.ms`). */
  readonly deleteAtMs: number;
  /** When it was removed, or null while it is on disk. */
  readonly removedAtMs: number | null;
  /** False while its broker is not running: the countdown resumes when the broker starts (re-queued at load). */
  readonly brokerRunning: boolean;
}

/** One line of a deletion's timeline. */
export interface DeletionEventDto {
  readonly seq: number;
  readonly timeMs: number;
  readonly kind: string;
  readonly brokerId: number | null;
  readonly level: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | null;
  readonly summary: string;
  /** The stages this event moved the deletion to (usually none). */
  readonly stages: readonly DeletionStageDto[];
}

/** How a deletion ended. */
export type DeletionOutcomeDto =
  'in-progress' | 'deleted' | 'marker-removed-disabled' | 'marker-removed-no-topic' | 'marker-removed-by-hand';

export interface TopicDeletionDto {
  readonly topic: string;
  /** Sequence number of the marker's creation in the event log (0 when it was written before the log's oldest event). */
  readonly id: number;
  readonly stage: DeletionStageDto;
  readonly outcome: DeletionOutcomeDto;
  /** Emulated time each stage was reached (absent: not reached, or not seen). */
  readonly stageTimesMs: Readonly<Partial<Record<DeletionStageDto, number>>>;
  readonly markedAtMs: number;
  readonly blockers: readonly DeletionBlockerDto[];
  /** The controller's sets: `topicsToBeDeleted`, `topicsWithDeletionStarted`, `topicsIneligibleForDeletion`. */
  readonly queued: boolean;
  readonly started: boolean;
  readonly ineligible: boolean;
  /** How many replicas are in each state now (a topic of 10,000 partitions has 30,000 rows: `detail` only lists them). */
  readonly replicaStateCounts: Readonly<Record<string, number>>;
  /** `-delete` dirs still on disk, and removed. */
  readonly deleteDirsPending: number;
  readonly deleteDirsRemoved: number;
  /** The earliest time a pending `-delete` dir may be removed (null: none pending). */
  readonly nextDeleteAtMs: number | null;
  /** Listed by `detail` only (empty in `overview`). */
  readonly replicas: readonly DeletionReplicaDto[];
  /** Listed by `detail` only (empty in `overview`). */
  readonly deleteDirs: readonly DeleteDirDto[];
  /** Listed by `detail` only (empty in `overview`). */
  readonly timeline: readonly DeletionEventDto[];
  /** Timeline lines not kept (a topic with thousands of partitions logs thousands of lines). */
  readonly timelineDropped: number;
}

export interface DeletionOverviewDto {
  readonly nowMs: number;
  readonly clockSpeed: number;
  /** −1 without a controller. */
  readonly controllerId: number;
  /** The controller's `delete.topic.enable` (null without a controller). */
  readonly deleteTopicEnable: boolean | null;
  /** The brokers' `file.delete.delay.ms` (ms a `-delete` dir waits), per broker id. */
  readonly fileDeleteDelayMs: Readonly<Record<number, number>>;
  /** Deletions in progress, and those finished in the last minutes (stage `gone`), oldest first. */
  readonly deletions: readonly TopicDeletionDto[];
}

/** A finished deletion (persisted through the workspace event log). */
export interface DeletionHistoryEntryDto {
  readonly id: number;
  readonly topic: string;
  readonly outcome: Exclude<DeletionOutcomeDto, 'in-progress'>;
  readonly markedAtMs: number;
  /** When the znodes were removed (or the marker, for a refused deletion). */
  readonly znodesRemovedAtMs: number | null;
  /** When the last `-delete` dir was removed (the topic gone from disk too); null if one is still pending. */
  readonly goneAtMs: number | null;
  /** Marker to gone (or to the marker's removal), emulated ms. */
  readonly durationMs: number;
  readonly partitions: number;
  readonly replicas: number;
}

/** What a pattern would delete, before it is confirmed. */
export interface DeletionMatchDto {
  /** The pattern as Kafka's TopicFilter reads it (`,` → `|`, spaces and quotes dropped). */
  readonly regex: string;
  readonly topics: readonly string[];
  /** Matching topics already queued for deletion (requesting them again is harmless). */
  readonly alreadyMarked: readonly string[];
  /** The pattern is not a valid regex (`text`: for a person, in both languages). */
  readonly error: { readonly name: string; readonly message: string; readonly text: LocalizedText } | null;
}

/** One topic's answer to a delete request. */
export interface DeletionRequestResultDto {
  readonly topic: string;
  /** `NONE`, or Kafka's error name (`UNKNOWN_TOPIC_OR_PARTITION`, `TOPIC_DELETION_DISABLED` …). */
  readonly error: string;
  readonly message: string | null;
}

export interface DeletionService {
  overview(): Promise<DeletionOverviewDto>;
  /** One deletion with its timeline: the one in progress, else the newest finished one of that topic. */
  detail(topic: string, id?: number): Promise<TopicDeletionDto>;
  /** Finished deletions, newest first. */
  history(limit?: number): Promise<DeletionHistoryEntryDto[]>;
  /** The topics a pattern (`kafka-topics --delete --topic <regex>`) matches, without deleting anything. */
  match(pattern: string): Promise<DeletionMatchDto>;
  /**
   * DeleteTopics for one topic (`confirmation` must repeat its name) or every topic a pattern
   * matches (`confirmation` must repeat the pattern). Returns at once; follow it in `overview`.
   */
  delete(request: {
    readonly topic?: string;
    readonly pattern?: string;
    readonly confirmation: string;
  }): Promise<DeletionRequestResultDto[]>;
}
