/** Shared helpers for the record codec tests. */

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function fromHex(h: string): Uint8Array {
  return new Uint8Array(Buffer.from(h.replace(/\s+/g, ''), 'hex'));
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Deterministic pseudo-random bytes (xorshift32), compressible when `alphabet` is small. */
export function pseudoRandomBytes(length: number, seed = 1, alphabet = 256): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed | 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = (x >>> 0) % alphabet;
  }
  return out;
}

export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an exception');
}

/** Byte equality that stays fast on large arrays (vitest's deep equality walks them element by element). */
export function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  const a = Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength);
  const b = Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength);
  if (!a.equals(b)) {
    throw new Error(
      `bytes differ: got ${a.length} bytes ${a.subarray(0, 64).toString('hex')}…, expected ${b.length} bytes ${b.subarray(0, 64).toString('hex')}…`,
    );
  }
}
