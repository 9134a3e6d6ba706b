/** Consumer protocol bytes as the Java consumer writes them (Subscription / Assignment v0), for coordinator tests. */
const encoder = new TextEncoder();

function str(s: string): number[] {
  const b = encoder.encode(s);
  return [(b.length >> 8) & 0xff, b.length & 0xff, ...b];
}

function int32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

export function subscription(...topics: string[]): Uint8Array {
  return Uint8Array.from([0, 0, ...int32(topics.length), ...topics.flatMap(str), ...int32(-1)]);
}

export function assignment(partitions: Record<string, number[]>): Uint8Array {
  const entries = Object.entries(partitions);
  return Uint8Array.from([
    0,
    0,
    ...int32(entries.length),
    ...entries.flatMap(([t, ps]) => [...str(t), ...int32(ps.length), ...ps.flatMap(int32)]),
    ...int32(-1),
  ]);
}
