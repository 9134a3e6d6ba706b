// docs/scenarios.md is the key to the scenario ids the tests cite: every id a test names is
// explained there, and every test file it names exists and is listed under each id it cites.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const catalogue = readFileSync(join(ROOT, 'docs/scenarios.md'), 'utf8');

/** The catalogue's sections by id: the text from `**C1**` to the next id. */
const sections = new Map(
  [...catalogue.matchAll(/^\*\*([CADKP]\d)\*\* — ([\s\S]*?)(?=^\*\*[CADKP]\d\*\*|^## |(?![\s\S]))/gm)].map((m) => [m[1], m[2]]),
);

/** Ids in a test name, ranges expanded: "C5-C7" and "K1–K3" are three each. */
function idsIn(name: string): string[] {
  const ids: string[] = [];
  for (const m of name.matchAll(/\b([CADKP])(\d)(?:[-–]\1?(\d))?\b/g)) {
    const last = m[3] === undefined ? Number(m[2]) : Number(m[3]);
    for (let n = Number(m[2]); n <= last; n++) ids.push(`${m[1]}${n}`);
  }
  return ids;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** Test file (repository-relative) → the ids its `describe`/`it` names cite. */
const citing = new Map(
  testFiles(join(ROOT, 'test'))
    .filter((file) => file !== import.meta.filename)
    .map((file) => {
      const names = [...readFileSync(file, 'utf8').matchAll(/\b(?:describe|it)(?:\.each\([^)]*\))?\((['"`])((?:\\.|(?!\1).)*)\1/g)].map(
        (m) => m[2],
      );
      return [relative(ROOT, file).split('\\').join('/'), new Set(names.flatMap(idsIn))] as const;
    }),
);

describe('docs/scenarios.md', () => {
  it('explains C1–C7, A1–A7, D1–D9, K1–K8 and P1–P5, each with the Kafka code that does it', () => {
    const expected = [
      ...['C', 'A'].flatMap((g) => Array.from({ length: 7 }, (_, i) => `${g}${i + 1}`)),
      ...Array.from({ length: 9 }, (_, i) => `D${i + 1}`),
      ...Array.from({ length: 8 }, (_, i) => `K${i + 1}`),
      ...Array.from({ length: 5 }, (_, i) => `P${i + 1}`),
    ];
    expect([...sections.keys()]).toEqual(expect.arrayContaining(expected));
    for (const [id, text] of sections) expect(text, id).toMatch(/\nKafka: .*`/);
  });

  it('names only test files that exist', () => {
    const named = [...catalogue.matchAll(/`(test\/[^`]+\.ts)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(40);
    for (const file of named) expect(existsSync(join(ROOT, file)), file).toBe(true);
  });

  it('lists, under each id, every test file whose test names cite that id', () => {
    const missing: string[] = [];
    for (const [file, ids] of citing) {
      for (const id of ids) {
        const section = sections.get(id);
        if (section === undefined) missing.push(`${file} cites ${id}, which the catalogue does not explain`);
        else if (!section.includes(`\`${file}\``)) missing.push(`${file} cites ${id} but is not listed under it`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('reads ranges and lists of ids in test names as the tests mean them', () => {
    expect(idsIn('topic creation with manual assignment (C5-C7)')).toEqual(['C5', 'C6', 'C7']);
    expect(idsIn('controller election and failover (K1–K3)')).toEqual(['K1', 'K2', 'K3']);
    expect(idsIn('P1/P3: acks=−1 waits')).toEqual(['P1', 'P3']);
    expect(idsIn('K4 + K8: the returning broker')).toEqual(['K4', 'K8']);
  });
});
