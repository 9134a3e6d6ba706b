/**
 * `java.util.Random`'s 48-bit linear congruential generator, bit for bit. ZooKeeper derives a
 * session's password with `new Random(sessionId ^ superSecret).nextBytes(passwd)`; reproducing the
 * generator makes our passwords the ones a real server would hand out for the same session id.
 */
export class JavaRandom {
  private static readonly MULTIPLIER = 0x5deece66dn;
  private static readonly ADDEND = 0xbn;
  private static readonly MASK = (1n << 48n) - 1n;
  private seed: bigint;

  constructor(seed: bigint) {
    this.seed = (BigInt.asIntN(64, seed) ^ JavaRandom.MULTIPLIER) & JavaRandom.MASK;
  }

  private next(bits: number): number {
    this.seed = (this.seed * JavaRandom.MULTIPLIER + JavaRandom.ADDEND) & JavaRandom.MASK;
    return Number(BigInt.asIntN(32, this.seed >> BigInt(48 - bits)));
  }

  nextInt(): number {
    return this.next(32);
  }

  nextBytes(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length;) {
      for (let rnd = this.nextInt(), n = Math.min(bytes.length - i, 4); n-- > 0; rnd >>= 8) {
        bytes[i++] = rnd & 0xff;
      }
    }
  }
}
