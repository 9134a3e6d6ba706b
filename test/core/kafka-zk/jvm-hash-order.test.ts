import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { javaStringHashCode } from '../../../src-main/core/common/java-lang';
import {
  javaConcurrentHashMapOrder,
  javaHashtableOrder,
  scala212MutableHashMapOrder,
  scala213MutableHashMapOrder,
  scalaImmutableMapOrder,
  scalaLongMapOrder,
} from '../../../src-main/core/common/jvm-hash-order';

interface Case {
  keys: string[];
  scalaMutable: string[];
  scalaImmutable: string[];
  hashtable: string[];
  properties: string[];
}

function loadCases(): Case[] {
  const lines = readFileSync(new URL('./fixtures/jvm-orders.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('#') && l !== '');
  const cases: Case[] = [];
  for (let i = 0; i + 4 < lines.length + 1; i += 5) {
    const [keys, scalaMutable, scalaImmutable, hashtable, properties] = lines.slice(i, i + 5).map((l) => l.split('\t'));
    cases.push({ keys, scalaMutable, scalaImmutable, hashtable, properties });
  }
  return cases;
}

const cases = loadCases();
const scala212 = { scalaVersion: '2.12', javaVersion: 8 } as const;
const scala213 = { scalaVersion: '2.13', javaVersion: 8 } as const;

describe('JVM collection iteration order (fixtures from the real collections)', () => {
  it('has the recorded fixture cases', () => {
    expect(cases.length).toBe(43);
  });

  it('Scala 2.12 mutable.HashMap order matches scala-library for every fixture (resizes included)', () => {
    for (const c of cases) expect(scala212MutableHashMapOrder(c.keys)).toEqual(c.scalaMutable);
  });

  it('Scala immutable HashMap order matches scala-library for every fixture of 5+ keys', () => {
    for (const c of cases.filter((k) => k.keys.length >= 5)) expect(scalaImmutableMapOrder(c.keys, scala212)).toEqual(c.scalaImmutable);
  });

  it('JDK 8 Properties (Hashtable) order matches java.util.Hashtable for every fixture', () => {
    for (const c of cases) expect(javaHashtableOrder(c.keys)).toEqual(c.hashtable);
  });

  it('JDK 9+ Properties (ConcurrentHashMap) order matches java.util.Properties for every fixture', () => {
    for (const c of cases) expect(javaConcurrentHashMapOrder(c.keys)).toEqual(c.properties);
  });
});

describe('JVM collection iteration order (known values)', () => {
  it('computes Java String.hashCode with int overflow', () => {
    expect(javaStringHashCode('')).toBe(0);
    expect(javaStringHashCode('0')).toBe(48);
    expect(javaStringHashCode('version')).toBe(351608024);
    expect(javaStringHashCode('hello')).toBe(99162322);
    expect(javaStringHashCode('listener_security_protocol_map')).toBeLessThan(2 ** 31);
  });

  it('reproduces the observed broker registration key order on Scala 2.12', () => {
    expect(
      scala212MutableHashMapOrder(['version', 'host', 'port', 'endpoints', 'jmx_port', 'timestamp', 'listener_security_protocol_map']),
    ).toEqual(['listener_security_protocol_map', 'endpoints', 'jmx_port', 'host', 'timestamp', 'port', 'version']);
  });

  it('puts three partitions in the order real 2.12 brokers write them: 2, 1, 0', () => {
    expect(scala212MutableHashMapOrder(['0', '1', '2'])).toEqual(['2', '1', '0']);
  });

  it('keeps partitions below 10 ascending on Scala 2.13', () => {
    expect(scala213MutableHashMapOrder(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
  });

  it('keeps insertion order for immutable maps of at most four entries', () => {
    expect(scalaImmutableMapOrder(['version', 'broker', 'block_start', 'block_end'], scala212)).toEqual([
      'version',
      'broker',
      'block_start',
      'block_end',
    ]);
    expect(scalaImmutableMapOrder(['d', 'c', 'b', 'a'], scala213)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('orders the partition state keys as observed on both Scala versions', () => {
    const keys = ['version', 'leader', 'leader_epoch', 'controller_epoch', 'isr'];
    const observed = ['controller_epoch', 'leader', 'version', 'leader_epoch', 'isr'];
    expect(scalaImmutableMapOrder(keys, scala212)).toEqual(observed);
    expect(scalaImmutableMapOrder(keys, scala213)).toEqual(observed);
  });

  it('keeps the first place of a key added twice', () => {
    expect(scala212MutableHashMapOrder(['0', '1', '0'])).toEqual(scala212MutableHashMapOrder(['0', '1']));
    expect(javaHashtableOrder(['a', 'b', 'a'])).toEqual(javaHashtableOrder(['a', 'b']));
  });
});

describe('Scala mutable.LongMap order (MetadataCache alive brokers)', () => {
  it('gives the broker order of seed 000 "分配规则" for brokers 0-4: 0, 1, 4, 2, 3', () => {
    expect(scalaLongMapOrder([0, 1, 2, 3, 4], 0)).toEqual([0, 1, 4, 2, 3]);
    expect(scalaLongMapOrder([0, 1, 2, 3, 4], 5)).toEqual([0, 1, 4, 2, 3]);
  });

  it('keeps key 0 first, probes on collisions in insertion order, and repacks in slot order', () => {
    // 1 and 4 share a slot (5 of 8, and 5 of 16): the first inserted keeps it.
    expect(scalaLongMapOrder([4, 3, 2, 1, 0], 0)).toEqual([0, 4, 1, 2, 3]);
    expect(scalaLongMapOrder([0, 1, 2], 0)).toEqual([0, 2, 1]);
    expect(scalaLongMapOrder([1, 2], 0)).toEqual([2, 1]);
    expect(scalaLongMapOrder([], 3)).toEqual([]);
    expect(
      new Set(
        scalaLongMapOrder(
          Array.from({ length: 40 }, (_, i) => i),
          0,
        ),
      ).size,
    ).toBe(40);
  });
});
