import { describe, expect, it } from 'vitest';
import { JavaRandom } from '../../../src-main/core/platform/java-random';
import { SeededRandom, randomUuidBytes } from '../../../src-main/core/platform/random';

describe('SeededRandom', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    const c = new SeededRandom(43);
    const seqA = Array.from({ length: 20 }, () => a.nextUint32());
    const seqB = Array.from({ length: 20 }, () => b.nextUint32());
    const seqC = Array.from({ length: 20 }, () => c.nextUint32());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
  });

  it('keeps nextInt within its bound and covers it roughly evenly', () => {
    const r = new SeededRandom(7);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const v = r.nextInt(10);
      expect(v >= 0 && v < 10).toBe(true);
      counts[v]++;
    }
    for (const n of counts) expect(Math.abs(n - 10_000)).toBeLessThan(600);
    expect(() => r.nextInt(0)).toThrow(RangeError);
    expect(() => r.nextInt(2.5)).toThrow(RangeError);
  });

  it('keeps nextFloat in [0, 1)', () => {
    const r = new SeededRandom(1);
    for (let i = 0; i < 10_000; i++) {
      const f = r.nextFloat();
      expect(f >= 0 && f < 1).toBe(true);
    }
  });

  it('makes type-4 UUID bytes', () => {
    const bytes = randomUuidBytes(new SeededRandom(3));
    expect(bytes.length).toBe(16);
    expect(bytes[6] >> 4).toBe(4);
    expect(bytes[8] >> 6).toBe(2);
  });
});

describe('JavaRandom', () => {
  // Values printed by java.util.Random on a JVM.
  it('matches java.util.Random for seed 0 and 42', () => {
    const zero = new JavaRandom(0n);
    expect([zero.nextInt(), zero.nextInt(), zero.nextInt()]).toEqual([-1155484576, -723955400, 1033096058]);
    expect(new JavaRandom(42n).nextInt()).toBe(-1170105035);
  });

  it('fills bytes little-end first from each nextInt, as Random.nextBytes does', () => {
    const bytes = new Uint8Array(6);
    new JavaRandom(0n).nextBytes(bytes);
    const first = -1155484576;
    const second = -723955400;
    expect([...bytes]).toEqual([
      first & 0xff,
      (first >> 8) & 0xff,
      (first >> 16) & 0xff,
      (first >> 24) & 0xff,
      second & 0xff,
      (second >> 8) & 0xff,
    ]);
  });
});
