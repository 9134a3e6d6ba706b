import { describe, expect, it } from 'vitest';
import { JavaHashSet } from '../../../src-main/core/common/java-hash-set';

describe('JavaHashSet iterates as java.util.HashSet<String>', () => {
  it('in bucket order, a bucket in insertion order, for a HashSet(8)', () => {
    const s = new JavaHashSet(8);
    for (const k of ['i', 'c', 'a', 'h', 'b']) s.add(k);
    expect([...s]).toEqual(['h', 'i', 'a', 'b', 'c']);
  });

  it('doubles past 3/4 full (7 entries in 8 buckets) and keeps each bucket’s order', () => {
    const s = new JavaHashSet(8);
    for (const k of ['a', 'q', 'b', 'c', 'd', 'e', 'f']) s.add(k);
    // 'a' (97) and 'q' (113) share bucket 1 of 8 but not of 16 (1 and 1? 113 & 15 = 1): still together.
    expect([...s]).toEqual(['a', 'q', 'b', 'c', 'd', 'e', 'f']);
    s.add('i'); // 105 & 15 = 9
    s.add('h'); // 104 & 15 = 8
    expect([...s]).toEqual(['a', 'q', 'b', 'c', 'd', 'e', 'f', 'h', 'i']);
  });

  it('a removed and re-added name goes to the end of its bucket; the table never shrinks', () => {
    const s = new JavaHashSet(8);
    for (const k of ['a', 'i']) s.add(k);
    s.delete('a');
    s.add('a');
    expect([...s]).toEqual(['i', 'a']);
    expect(s.size).toBe(2);
  });

  it('an add or delete taken back (backwards) leaves the table as it was, a resize included', () => {
    const s = new JavaHashSet(8);
    for (const k of ['a', 'i', 'b', 'c', 'd', 'h']) s.add(k);
    const before = [...s];
    const undo = [s.deleteReversibly('a'), s.addReversibly('g'), s.addReversibly('a'), s.addReversibly('q'), s.deleteReversibly('i')];
    expect([...s]).not.toEqual(before);
    for (let i = undo.length - 1; i >= 0; i--) undo[i]();
    expect([...s]).toEqual(before);
    expect(s.size).toBe(6);
    // Still 8 buckets: a seventh name resizes only now, as in a HashSet that never saw the others.
    s.add('e');
    expect([...s]).toEqual([...['a', 'i', 'b', 'c', 'd', 'h', 'e'].reduce((x, k) => x.add(k), new JavaHashSet(8))]);
  });

  it('copyOf re-hashes into a table sized for the source (HashSet.clone)', () => {
    const s = new JavaHashSet(8);
    for (const k of ['x', 'p']) s.add(k); // 120 & 7 = 0, 112 & 7 = 0
    expect([...s]).toEqual(['x', 'p']);
    expect([...JavaHashSet.copyOf(s, s.size)]).toEqual(['x', 'p']); // 4 buckets: both 0 again
  });
});
