import { describe, expect, it } from 'vitest';
import en from '../../src-renderer/src/locales/en';
import zhCN from '../../src-renderer/src/locales/zh-CN';

// Every source file of the renderer but the locales themselves, as text.
const SOURCES = import.meta.glob(['../../src-renderer/src/**/*.{vue,ts}', '!../../src-renderer/src/locales/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function leafKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? leafKeys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function lookup(messages: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe('locales', () => {
  it('English and 简体中文 have the same keys', () => {
    expect(leafKeys(zhCN).sort()).toEqual(leafKeys(en).sort());
  });

  it('every message key the UI uses exists in both languages', () => {
    const used = new Set<string>();
    const pattern = /\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g;
    const literal = /'((?:nav|header|wizard|grid|alter|brokers|topics|messages)\.[\w-]+(?:\.[\w-]+)+)'/g;
    expect(Object.keys(SOURCES).length).toBeGreaterThan(30);
    for (const text of Object.values(SOURCES)) {
      for (const m of text.matchAll(pattern)) used.add(m[1]);
      for (const m of text.matchAll(literal)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((k) => typeof lookup(en, k) !== 'string' || typeof lookup(zhCN, k) !== 'string');
    expect(missing).toEqual([]);
  });

  it('has the keys the UI builds at run time (actions, states, filters)', () => {
    const families: Record<string, readonly string[]> = {
      'brokers.actions': ['start', 'controlled-shutdown', 'kill', 'restart', 'fail-log-dir', 'remove'],
      brokerStates: ['NotRunning', 'Starting', 'RunningAsBroker', 'PendingControlledShutdown', 'BrokerShuttingDown', 'Killed', 'Failed'],
      'topics.filters': ['all', 'internal', 'under-replicated', 'offline', 'being-deleted'],
      'messages.encodings': ['text', 'hex', 'base64'],
      'messages.starts': ['earliest', 'latest', 'offset', 'timestamp'],
      'alter.kinds': ['added', 'changed', 'removed'],
    };
    for (const [family, members] of Object.entries(families)) {
      for (const member of members) {
        for (const messages of [en, zhCN]) expect(typeof lookup(messages, `${family}.${member}`), `${family}.${member}`).toBe('string');
      }
    }
  });

  it('uses no vue-i18n syntax characters by accident (| and @ are message syntax; ` | ` separates plural forms)', () => {
    const bad = [...leafKeys(en).map((k) => [k, lookup(en, k)]), ...leafKeys(zhCN).map((k) => [k, lookup(zhCN, k)])].filter(([, v]) =>
      /[@$]|[^ ]\||\|[^ ]/.test(String(v)),
    );
    expect(bad).toEqual([]);
  });

  it('gives a plural message the same forms in both languages', () => {
    const forms = (messages: object, key: string) => String(lookup(messages, key)).split(' | ').length;
    const plurals = leafKeys(en).filter((k) => forms(en, k) > 1);
    expect(plurals.length).toBeGreaterThan(5);
    expect(plurals.filter((k) => forms(zhCN, k) !== forms(en, k) || forms(en, k) > 3)).toEqual([]);
  });
});
