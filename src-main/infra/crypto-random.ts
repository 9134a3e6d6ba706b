import { randomInt } from 'node:crypto';
import { SeededRandom } from '../core/platform/random';

/** The app's randomness: a seeded generator whose seed comes from the OS, and is kept for replay. */
export function createAppRandom(seed: number = randomInt(0, 2 ** 31)): SeededRandom {
  return new SeededRandom(seed);
}
