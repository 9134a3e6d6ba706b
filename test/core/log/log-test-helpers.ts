import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import type { LogManagerEvent, LogManagerEventType } from '../../../src-main/core/log/log-manager/log-manager-event';
import type { LogManagerOptions } from '../../../src-main/core/log/log-manager/log-manager';
import { LogManager } from '../../../src-main/core/log/log-manager/log-manager';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';

export const START_MS = Date.UTC(2026, 10, 29, 12, 0, 0);

export interface Harness {
  readonly fs: NodeFileSystem;
  readonly time: ManualTime;
  readonly random: SeededRandom;
  readonly events: LogManagerEvent[];
  readonly manager: LogManager;
  ofType<T extends LogManagerEventType>(type: T): Extract<LogManagerEvent, { type: T }>[];
}

/** A LogManager on real directories, a manual clock and a seeded random. */
export function makeLogManager(
  logDirs: string[],
  options: Partial<Omit<LogManagerOptions, 'fs' | 'time' | 'random' | 'logDirs'>> & {
    time?: ManualTime;
    seed?: number;
  } = {},
): Harness {
  const fs = new NodeFileSystem();
  const time = options.time ?? new ManualTime(START_MS);
  const random = new SeededRandom(options.seed ?? 42);
  const events: LogManagerEvent[] = [];
  const manager = new LogManager({
    brokerId: 1,
    ...options,
    fs,
    time,
    random,
    logDirs,
    onEvent: (e) => {
      events.push(e);
      options.onEvent?.(e);
    },
  });
  return {
    fs,
    time,
    random,
    events,
    manager,
    ofType: <T extends LogManagerEventType>(type: T) => events.filter((e): e is Extract<LogManagerEvent, { type: T }> => e.type === type),
  };
}
