/**
 * Time as the emulated cluster sees it. Everything in `src-main/core` reads time only through a
 * `Clock` handed to its constructor, so that a test can run the whole cluster on a manual clock and
 * the app can run it faster than real time (see `infra/system-clock.ts`).
 */
export interface Clock {
  /** Milliseconds since the Unix epoch, on the emulation's time line (may run faster than wall time). */
  nowMs(): number;
}
