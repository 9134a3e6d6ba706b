/**
 * What a partition log reports (Kafka's `kafka.log.Log` lines in server.log): rolls, recovery,
 * retention, truncation. The LogManager forwards them with the partition and its log dir.
 */
export type LogEventBody =
  | { readonly type: 'segment-rolled'; readonly baseOffset: number; readonly reason: string }
  /** Recovery of one segment: `truncatedBytes` cut from its tail, `problem` says what was invalid. */
  | { readonly type: 'segment-recovered'; readonly baseOffset: number; readonly truncatedBytes: number; readonly problem: string | null }
  /** Segments after a corrupt one, removed by recovery. */
  | { readonly type: 'segments-removed-by-recovery'; readonly baseOffsets: readonly number[] }
  | { readonly type: 'index-rebuilt'; readonly baseOffset: number; readonly reason: string }
  | {
      readonly type: 'segments-scheduled-for-deletion';
      readonly baseOffsets: readonly number[];
      readonly reason: string;
      readonly deleteAtMs: number;
    }
  | { readonly type: 'segments-deleted'; readonly baseOffsets: readonly number[] }
  | { readonly type: 'log-start-offset-incremented'; readonly logStartOffset: number }
  | { readonly type: 'log-truncated'; readonly offset: number; readonly fully: boolean }
  | { readonly type: 'log-flushed'; readonly recoveryPoint: number }
  | { readonly type: 'log-message' };

export type LogEventLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

export type LogEventSink = (level: LogEventLevel, message: string, body: LogEventBody) => void;
