import { describe, expect, it } from 'vitest';
import { crc32, crc32Portable } from '../../../src-main/core/record/crc32';
import { crc32c, crc32cUpdate } from '../../../src-main/core/record/crc32c';
import { xxhash32 } from '../../../src-main/core/record/xxhash32';
import { pseudoRandomBytes, utf8 } from './helpers';

describe('checksums', () => {
  it('CRC-32C of "123456789" is 0xE3069283 (the Castagnoli check value)', () => {
    expect(crc32c(utf8('123456789'))).toBe(0xe3069283);
    expect(crc32c(new Uint8Array(0))).toBe(0);
    expect(crc32c(new Uint8Array(32))).toBe(0x8a9136aa); // RFC 3720 B.4: 32 bytes of zeros
    expect(crc32c(new Uint8Array(32).fill(0xff))).toBe(0x62a8ab43);
  });

  it('CRC-32C over a range and in pieces equals the CRC of the slice', () => {
    const data = pseudoRandomBytes(10_007, 7);
    const whole = crc32c(data.subarray(13, 9_999));
    expect(crc32c(data, 13, 9_999)).toBe(whole);
    expect(crc32cUpdate(crc32c(data, 13, 5_000), data, 5_000, 9_999)).toBe(whole);
  });

  it('CRC-32 of "123456789" is 0xCBF43926, and the table agrees with zlib', () => {
    expect(crc32(utf8('123456789'))).toBe(0xcbf43926);
    expect(crc32Portable(utf8('123456789'))).toBe(0xcbf43926);
    for (const n of [0, 1, 7, 8, 9, 1000, 65_537]) {
      const data = pseudoRandomBytes(n, n + 3);
      expect(crc32Portable(data)).toBe(crc32(data));
      expect(crc32(data, 1, Math.max(1, n - 1))).toBe(crc32Portable(data, 1, Math.max(1, n - 1)));
    }
  });

  it('XXH32 matches the reference values (python3-xxhash)', () => {
    expect(xxhash32(utf8(''))).toBe(0x02cc5d05);
    expect(xxhash32(utf8('a'))).toBe(0x550d7456);
    expect(xxhash32(utf8('abc'))).toBe(0x32d153ff);
    expect(xxhash32(utf8('Nobody inspects the spammish repetition'))).toBe(0xe2293b2f);
    expect(xxhash32(utf8('x'.repeat(100)))).toBe(0x4bd30d3a);
    expect(xxhash32(utf8('abc'), 0, 3, 123)).toBe(0x878ce1ba);
  });
});
