import { describe, expect, it } from 'vitest';
import { IllegalArgumentException, LONG_MAX, LONG_MIN } from '../../../src-main/core/common/java-lang';
import { ByteCursor } from '../../../src-main/core/record/byte-cursor';
import { BufferUnderflowException } from '../../../src-main/core/record/errors';
import {
  readVarint,
  readVarlong,
  readVarlongBig,
  sizeOfVarint,
  sizeOfVarlong,
  sizeOfVarlongBig,
  writeVarint,
  writeVarlong,
  writeVarlongBig,
} from '../../../src-main/core/record/varint';
import { fromHex, hex, thrown } from './helpers';

function varint(v: number): string {
  const out = new Uint8Array(5);
  return hex(out.subarray(0, writeVarint(v, out, 0)));
}

function varlong(v: number): string {
  const out = new Uint8Array(10);
  return hex(out.subarray(0, writeVarlong(v, out, 0)));
}

function varlongBig(v: bigint): string {
  const out = new Uint8Array(10);
  return hex(out.subarray(0, writeVarlongBig(v, out, 0)));
}

describe('varint (ByteUtils zig-zag varints)', () => {
  it('writes the golden bytes', () => {
    expect(varint(0)).toBe('00');
    expect(varint(-1)).toBe('01');
    expect(varint(1)).toBe('02');
    expect(varint(-2)).toBe('03');
    expect(varint(63)).toBe('7e');
    expect(varint(-64)).toBe('7f');
    expect(varint(64)).toBe('8001');
    expect(varint(300)).toBe('d804');
    expect(varint(2147483647)).toBe('feffffff0f');
    expect(varint(-2147483648)).toBe('ffffffff0f');
  });

  it('reads them back, and sizes match', () => {
    for (const v of [0, -1, 1, 63, -64, 64, 300, -300, 1 << 20, 2147483647, -2147483648]) {
      const bytes = fromHex(varint(v));
      const c = new ByteCursor(bytes);
      expect(readVarint(c)).toBe(v);
      expect(c.position).toBe(bytes.length);
      expect(sizeOfVarint(v)).toBe(bytes.length);
    }
  });

  it('rejects a varint longer than 5 bytes with Kafka message', () => {
    const e = thrown(() => readVarint(new ByteCursor(fromHex('ffffffffff01'))));
    expect(e).toBeInstanceOf(IllegalArgumentException);
    expect((e as Error).message).toBe('Varint is too long, the most significant bit in the 5th byte is set, converted value: ffffffff');
  });

  it('throws BufferUnderflowException when the bytes end mid-varint', () => {
    expect(() => readVarint(new ByteCursor(fromHex('80')))).toThrow(BufferUnderflowException);
  });
});

describe('varlong', () => {
  it('writes the golden bytes of the int64 extremes', () => {
    expect(varlongBig(LONG_MAX)).toBe('feffffffffffffffff01');
    expect(varlongBig(LONG_MIN)).toBe('ffffffffffffffffff01');
    expect(varlongBig(0n)).toBe('00');
    expect(varlongBig(-1n)).toBe('01');
    expect(varlong(300)).toBe('d804');
    expect(varlong(-2147483649)).toBe('8180808010');
    expect(varlong(2 ** 53 - 1)).toBe('feffffffffffff1f');
    // Number(Long.MIN_VALUE) is exact; Number(Long.MAX_VALUE) rounds to 2^63 and saturates.
    expect(varlong(-(2 ** 63))).toBe('ffffffffffffffffff01');
    expect(varlong(2 ** 63)).toBe('feffffffffffffffff01');
  });

  it('round-trips across the range, numbers and bigints', () => {
    const values = [
      0,
      1,
      -1,
      1590000000000,
      -1590000000000,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 49,
      2 ** 52 + 7,
      -(2 ** 53),
      2 ** 60,
      -(2 ** 63),
    ];
    for (const v of values) {
      const bytes = fromHex(varlong(v));
      expect(readVarlong(new ByteCursor(bytes))).toBe(v);
      expect(sizeOfVarlong(v)).toBe(bytes.length);
    }
    for (const v of [LONG_MAX, LONG_MIN, 0n, 123456789012345678n, -987654321098765432n]) {
      const bytes = fromHex(varlongBig(v));
      expect(readVarlongBig(new ByteCursor(bytes))).toBe(v);
      expect(sizeOfVarlongBig(v)).toBe(bytes.length);
    }
  });

  it('rejects a varlong longer than 10 bytes', () => {
    const e = thrown(() => readVarlong(new ByteCursor(fromHex('ffffffffffffffffffff01'))));
    expect((e as Error).message).toMatch(/^Varlong is too long, most significant bit in the 10th byte is set, converted value: /);
  });
});
