import { describe, expect, it } from 'vitest';
import { readSourceTree, twoFileCycles } from '../support/import-cycles';

// Two files that import each other (type-only imports included) cannot be read, moved or tested
// apart.

describe('two-file import cycles', () => {
  it('are found: a value import, a type-only import and a re-export each close a cycle; a one-way import does not', () => {
    const tree = new Map([
      ['src/a.ts', "import { b } from './b';\nexport const a = 1;"],
      ['src/b.ts', "import type { A } from './a';\nexport const b = 2;"],
      ['src/dir/index.ts', "export { c } from '../c';"],
      ['src/c.ts', "import { d } from './dir';\nexport const c = 3;"],
      ['src/e.ts', "import { a } from './a';"],
    ]);
    expect(twoFileCycles(tree)).toEqual(['src/a.ts <-> src/b.ts', 'src/c.ts <-> src/dir/index.ts']);
  });

  it('are none in src-main', () => {
    expect(twoFileCycles(readSourceTree(process.cwd(), 'src-main'))).toEqual([]);
  });
});
