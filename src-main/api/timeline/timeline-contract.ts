/** The event timeline and its incidents, as the UI sees them (types only; `contract.ts` re-exports them). */
import type { LocalizedText } from '../localized-text';

/**
 * One incident of the timeline: the events that followed an operator action or a fault, told as
 * one story ("broker 3 killed → session expired after 18 s → controller moved leaders …"). The
 * charts draw one marker per incident at `startMs`.
 */
export interface IncidentDto {
  /** Stable across calls (the seq of the event that opened it, as a string). */
  readonly id: string;
  /** What opened it: `broker-killed`, `broker-stopped`, `broker-started`, `broker-failed`, `controller-moved`, `leader-election`, `unclean-election`, `topic-created`, `topic-deleted`, `log-dir-failed`, `reassignment`, `config-changed` */
  readonly kind: string;
  readonly startMs: number;
  /** When its last step happened; null while it is still unfolding. */
  readonly endMs: number | null;
  readonly brokerId: number | null;
  /** One line: "Broker 3 killed". */
  readonly title: LocalizedText;
  /** The story, step by step, each with its time and the seq of the event it comes from. */
  readonly steps: ReadonlyArray<{ readonly timeMs: number; readonly seq: number; readonly text: LocalizedText }>;
}

/** One entry of the event timeline. */
export interface EventDto {
  readonly seq: number;
  readonly timeMs: number;
  readonly kind: string;
  readonly brokerId: number | null;
  readonly level: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | null;
  /** One line a person can read: the log line, the znode written, the request sent … */
  readonly summary: string;
  /** `summary` in both languages (Kafka's own log lines are the same in both). */
  readonly text: LocalizedText;
  /** The timeline's kind filter; null on rows of an older version. */
  readonly category: TimelineCategory | null;
  /** Routine noise (checkpoint writes, the periodic preferred-leader check), hidden by default. */
  readonly routine: boolean;
}

/** The timeline's kinds: controller.log and the controller's requests, state-change.log, a broker's own lines and states, ZooKeeper, the LogManager, client requests. */
export type TimelineCategory = 'controller' | 'state-change' | 'broker' | 'zookeeper' | 'log-manager' | 'client-request';

/** The timeline's filter: every field narrows; absent means any. */
export interface TimelineFilterDto {
  readonly categories?: readonly TimelineCategory[];
  readonly brokerId?: number;
  readonly topic?: string;
  readonly levels?: ReadonlyArray<'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR'>;
  /** Show routine noise too (default false). */
  readonly includeRoutine?: boolean;
  /** Page back: events older than this seq. */
  readonly beforeSeq?: number;
  /** At most 1000 (default 200). */
  readonly limit?: number;
}

/** One page of the filtered timeline, newest first. */
export interface TimelinePageDto {
  readonly events: readonly EventDto[];
  /** More matching events are older than the last one. */
  readonly hasMore: boolean;
}
