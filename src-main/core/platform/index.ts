export type { Clock } from './clock';
export type { ScheduledTask, Scheduler, Time } from './scheduler';
export type { Random } from './random';
export { SeededRandom, randomUuidBytes } from './random';
export { ManualTime } from './manual-time';
export { JavaRandom } from './java-random';
export { MinHeap } from './min-heap';
export type { Executor } from './executor';
export { microtaskExecutor } from './executor';
