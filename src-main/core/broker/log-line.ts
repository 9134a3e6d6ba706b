/**
 * @deprecated The line type moved to `core/common/logging.ts`; this re-export stays while
 * kafka-server.ts, replica-manager.ts, dynamic-config-manager.ts, core/cluster and a scenario test
 * still import it from here.
 */
export type { LogLine, LogSink } from '../common/logging';
