import { describe, expect, it } from 'vitest';
import type { Acl } from '../../../src-main/core/zookeeper';
import { CREATOR_ALL_ACL, JUTE_MAX_BUFFER, OPEN_ACL_UNSAFE, Perms } from '../../../src-main/core/zookeeper';
import { serializedRequestLength, serializedResponseLength, utf8Length } from '../../../src-main/core/zookeeper/jute-size';
import { bytes } from './zk-test-helpers';

/** 12 characters, as in the issue. */
const PATH_12 = '/abcdefghijk';
const DIGEST_ACL: Acl[] = [
  { perms: Perms.ALL, scheme: 'digest', id: 'admin:Xw0lF5MaYp0yH0q7iA0r3kVZ5zM=' },
  { perms: Perms.READ, scheme: 'world', id: 'anyone' },
];

const create = (path: string, n: number, acl: readonly Acl[] = OPEN_ACL_UNSAFE) => ({
  op: 'create' as const,
  path,
  data: bytes(n),
  acl,
  mode: 0 as const,
});

describe('serializedRequestLength (request header + jute record, the length prefix NIOServerCnxn checks)', () => {
  it('puts a 12-character create with OPEN_ACL_UNSAFE and 1,048,516 bytes exactly at jute.maxbuffer', () => {
    // header 8 + path 4+12 + data 4+n + acl vector (4 + perms 4 + "world" 4+5 + "anyone" 4+6) + flags 4 = 59 + n
    expect(serializedRequestLength(create(PATH_12, 0))).toBe(59);
    expect(serializedRequestLength(create(PATH_12, 1_048_516))).toBe(JUTE_MAX_BUFFER);
    expect(serializedRequestLength(create(PATH_12, 1_048_517))).toBe(JUTE_MAX_BUFFER + 1);
  });

  it('puts a 12-character setData with 1,048,543 bytes exactly at jute.maxbuffer', () => {
    // header 8 + path 4+12 + data 4+n + version 4 = 32 + n
    expect(serializedRequestLength({ op: 'setData', path: PATH_12, data: bytes(1_048_543), version: -1 })).toBe(JUTE_MAX_BUFFER);
    expect(serializedRequestLength({ op: 'setData', path: PATH_12, data: null, version: -1 })).toBe(32);
  });

  it('grows with the path (in UTF-8 bytes) and the ACL list', () => {
    expect(serializedRequestLength(create('/brokers/ids/1', 1_048_514))).toBe(JUTE_MAX_BUFFER);
    expect(serializedRequestLength(create('/é', 0)) - serializedRequestLength(create('/e', 0))).toBe(1);
    // a digest entry: perms 4 + "digest" 4+6 + a 34-character id 4+34 = 52; a world entry 23; the count 4
    expect(serializedRequestLength(create(PATH_12, 0, DIGEST_ACL))).toBe(59 - 27 + 4 + 52 + 23);
    expect(serializedRequestLength(create(PATH_12, 0, CREATOR_ALL_ACL))).toBe(59 - 27 + 4 + 4 + (4 + 4) + (4 + 0));
  });

  it('counts a multi as a MultiHeader (9 bytes) before each op and one at the end', () => {
    const op = { type: 'create' as const, path: PATH_12, data: bytes(100) };
    // each create record: path 16 + data 104 + OPEN_ACL_UNSAFE 27 + flags 4 = 151
    expect(serializedRequestLength({ op: 'multi', ops: [op] })).toBe(8 + 9 + 151 + 9);
    expect(
      serializedRequestLength(
        {
          op: 'multi',
          ops: [
            { type: 'check', path: '/controller_epoch', version: 3 },
            { type: 'setData', path: PATH_12, data: bytes(10), version: -1 },
            { type: 'delete', path: '/x' },
          ],
        },
        OPEN_ACL_UNSAFE,
      ),
    ).toBe(8 + 9 + (4 + 17 + 4) + 9 + (16 + 14 + 4) + 9 + (4 + 2 + 4) + 9);
  });

  it('gives the fixed records of the reads and the header alone of closeSession', () => {
    expect(serializedRequestLength({ op: 'getData', path: PATH_12, watch: true })).toBe(8 + 16 + 1);
    expect(serializedRequestLength({ op: 'getChildren', path: PATH_12, watch: false })).toBe(8 + 16 + 1);
    expect(serializedRequestLength({ op: 'sync', path: PATH_12 })).toBe(8 + 16);
    expect(serializedRequestLength({ op: 'closeSession' })).toBe(8);
  });
});

describe('serializedResponseLength (reply header + record, what ClientCnxnSocket checks)', () => {
  const stat = {
    czxid: 1,
    mzxid: 1,
    ctime: 0,
    mtime: 0,
    version: 0,
    cversion: 0,
    aversion: 0,
    ephemeralOwner: 0n,
    dataLength: 0,
    numChildren: 0,
    pzxid: 1,
  };

  it('is reply header 16 + data 4+n + Stat 68 for getData', () => {
    expect(serializedResponseLength('getData', { data: bytes(1_048_487), stat })).toBe(JUTE_MAX_BUFFER);
    expect(serializedResponseLength('getData', { data: null, stat })).toBe(16 + 4 + 68);
  });

  it('counts each child name of getChildren2', () => {
    expect(serializedResponseLength('getChildren', { children: ['a', 'bb'], stat })).toBe(16 + 4 + 5 + 6 + 68);
  });
});

describe('utf8Length', () => {
  it('counts as Java String.getBytes(UTF_8)', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\ud800')).toBe(1);
  });
});
