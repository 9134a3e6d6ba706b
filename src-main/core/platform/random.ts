/** Randomness as the core sees it: always injected, so a seed reproduces a whole run. */
export interface Random {
  /** A float in [0, 1). */
  nextFloat(): number;
  /** An integer in [0, bound). */
  nextInt(bound: number): number;
  /** `length` random bytes. */
  nextBytes(length: number): Uint8Array;
}

/**
 * A seeded generator (sfc32, 128-bit state): small, fast and with no known weaknesses for
 * simulation. The same seed gives the same sequence on every platform.
 */
export class SeededRandom implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: number) {
    // splitmix32 spreads a small integer seed over the whole state.
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  nextInt(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0) throw new RangeError(`bound must be a positive integer, got ${bound}`);
    return Math.floor(this.nextFloat() * bound);
  }

  nextBytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      let v = this.nextUint32();
      for (let j = i; j < Math.min(length, i + 4); j++) {
        out[j] = v & 0xff;
        v >>>= 8;
      }
    }
    return out;
  }
}

/** A random type-4 UUID's 16 bytes, as `java.util.UUID.randomUUID()` makes them. */
export function randomUuidBytes(random: Random): Uint8Array {
  const bytes = random.nextBytes(16);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return bytes;
}
