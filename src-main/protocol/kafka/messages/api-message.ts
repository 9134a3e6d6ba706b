/** The grammar of one API: its key, the versions this broker speaks, and its request and response. */
import type { Field } from '../wire/schema';

export interface ApiMessages {
  readonly apiKey: number;
  readonly name: string;
  readonly minVersion: number;
  /** The highest version this broker speaks (Kafka 2.5's highest non-flexible one). */
  readonly maxVersion: number;
  readonly request: readonly Field[];
  readonly response: readonly Field[];
}
