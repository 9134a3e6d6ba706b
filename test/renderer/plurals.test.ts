import { describe, expect, it } from 'vitest';
import { createDojoI18n } from '../../src-renderer/src/locales';
import en from '../../src-renderer/src/locales/en';

// Counts read right in both languages: vue-i18n plural forms in English ("1 event", "2 events"),
// one natural form in Chinese ("1 个事件"), and every place that shows a counted message passes the count.

const SOURCES = import.meta.glob(['../../src-renderer/src/**/*.{vue,ts}', '!../../src-renderer/src/locales/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function leafEntries(messages: object, prefix = ''): Array<[string, string]> {
  return Object.entries(messages).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? leafEntries(v as object, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
}

/** The argument text of each call `t('<key>', …)` in the sources, up to its closing parenthesis. */
function callsOf(key: string): string[] {
  const calls: string[] = [];
  const opening = `t('${key}'`;
  for (const text of Object.values(SOURCES)) {
    for (let at = text.indexOf(opening); at >= 0; at = text.indexOf(opening, at + 1)) {
      let depth = 0;
      let end = at + 1;
      for (; end < text.length; end++) {
        if (text[end] === '(' || text[end] === '{' || text[end] === '[') depth++;
        else if (text[end] === ')' || text[end] === '}' || text[end] === ']') {
          depth--;
          if (depth === 0) break;
        }
      }
      calls.push(text.slice(at + 2, end));
    }
  }
  return calls;
}

/** The top-level arguments of a call's argument text. */
function argumentsOf(call: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of call) {
    if ('({['.includes(ch)) depth++;
    if (')}]'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}

describe('plurals', () => {
  const en18n = createDojoI18n('en').global;
  const zh18n = createDojoI18n('zh-CN').global;

  it('counts events, partitions, znodes and config changes in English with the singular for one', () => {
    const t = (key: string, named: Record<string, unknown>, n: number) => en18n.t(key, named, n);
    expect([0, 1, 2].map((n) => t('overview.eventCount', { n }, n))).toEqual(['no events', '1 event', '2 events']);
    expect([1, 6].map((n) => t('overview.partitionsCount', { n }, n))).toEqual(['1 partition', '6 partitions']);
    expect([1, 3].map((n) => t('brokers.dirPartitions', { n }, n))).toEqual(['1 partition', '3 partitions']);
    expect([1, 4].map((count) => t('zookeeper.delete.deleted', { count }, count))).toEqual(['Deleted 1 znode', 'Deleted 4 znodes']);
    expect([1, 2].map((n) => t('alter.configsApplied', { n }, n))).toEqual(['1 config change applied', '2 config changes applied']);
    expect([1, 3].map((n) => t('browsing.messages.merged', { n }, n))).toEqual([
      'Read from 1 partition, in timestamp order',
      'Read from 3 partitions, merged in timestamp order',
    ]);
    expect(t('reassignments.sentences.more', { count: 1 }, 1)).toBe('… and 1 more partition.');
  });

  it('reads naturally in Chinese, with one form for every count', () => {
    const t = (key: string, named: Record<string, unknown>, n: number) => zh18n.t(key, named, n);
    expect([0, 1, 2].map((n) => t('overview.eventCount', { n }, n))).toEqual(['没有事件', '1 个事件', '2 个事件']);
    expect([1, 6].map((n) => t('overview.partitionsCount', { n }, n))).toEqual(['1 个分区', '6 个分区']);
    expect([1, 4].map((count) => t('zookeeper.delete.deleted', { count }, count))).toEqual(['已删除 1 个 znode', '已删除 4 个 znode']);
  });

  it('passes the count wherever the UI shows a message with plural forms', () => {
    const plurals = leafEntries(en)
      .filter(([, v]) => v.includes(' | '))
      .map(([k]) => k);
    expect(plurals.length).toBeGreaterThan(10);
    const withoutCount: string[] = [];
    let calls = 0;
    for (const key of plurals) {
      for (const call of callsOf(key)) {
        calls++;
        if (argumentsOf(call).length < 3) withoutCount.push(`${key}: t(${call})`);
      }
    }
    expect(calls).toBeGreaterThan(10);
    expect(withoutCount).toEqual([]);
  });
});
