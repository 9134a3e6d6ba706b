/**
 * One Ctrl+C is one shutdown. A terminal sends SIGINT to its whole foreground process group, so the
 * server gets it from the terminal and again, milliseconds later, from every parent that relays it
 * to its child (npm does). Signals that close together are one press: the first starts the clean
 * shutdown and the copies are ignored; a signal a person gives after a pause forces the exit.
 */
import { performance } from 'node:perf_hooks';

/** Signals less than this far (real time) after the one that started the shutdown are its copies. */
export const REPEAT_WINDOW_MS = 1000;

export const SHUTDOWN_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

export interface ShutdownSignalHandlers {
  /** The first signal: shut down cleanly (called once). */
  readonly shutdown: (signal: NodeJS.Signals) => void;
  /** A signal at least REPEAT_WINDOW_MS after the first: exit without waiting. */
  readonly force: (signal: NodeJS.Signals) => void;
}

export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

/**
 * Installs the handlers on `source` (the process); `nowMs` is a monotonic clock, so a change of the
 * wall clock cannot turn a copy into a second press. Returns a function that removes them.
 */
export function handleShutdownSignals(
  handlers: ShutdownSignalHandlers,
  source: SignalSource = process,
  nowMs: () => number = () => performance.now(),
): () => void {
  let firstAtMs: number | null = null;
  const listener = (signal: NodeJS.Signals): void => {
    const now = nowMs();
    if (firstAtMs === null) {
      firstAtMs = now;
      handlers.shutdown(signal);
    } else if (now - firstAtMs >= REPEAT_WINDOW_MS) {
      handlers.force(signal);
    }
  };
  for (const signal of SHUTDOWN_SIGNALS) source.on(signal, listener);
  return () => {
    for (const signal of SHUTDOWN_SIGNALS) source.off(signal, listener);
  };
}
