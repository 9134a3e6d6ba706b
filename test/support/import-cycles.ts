import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The two-file import cycles of a source tree: pairs of files each importing the other. Every
 * relative `import … from`, `import type … from`, `export … from` and `import('…')` counts — a
 * type-only import ties the two files together for the reader as much as a value import does.
 */

/** Source files by path (relative to the tree's root, `/`-separated) → their text. */
export type SourceTree = ReadonlyMap<string, string>;

const RELATIVE_SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

/** The `.ts` files under `root`/`dir`, keyed by their path relative to `root`. */
export function readSourceTree(root: string, dir: string): SourceTree {
  const files = new Map<string, string>();
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.ts')) files.set(relative(root, child).split('\\').join('/'), readFileSync(child, 'utf8'));
    }
  };
  walk(join(root, dir));
  return files;
}

/** The files of the tree that `file` imports by a relative specifier (`./x`, `../y/index`). */
export function importsOf(tree: SourceTree, file: string): Set<string> {
  const out = new Set<string>();
  for (const match of (tree.get(file) ?? '').matchAll(RELATIVE_SPECIFIER)) {
    const base = normalize(join(dirname(file), match[1]))
      .split('\\')
      .join('/');
    const target = [`${base}.ts`, `${base}/index.ts`, base].find((candidate) => tree.has(candidate));
    if (target !== undefined && target !== file) out.add(target);
  }
  return out;
}

/** Each pair of files that import each other, as `a <-> b` with `a < b`, sorted. */
export function twoFileCycles(tree: SourceTree): string[] {
  const imports = new Map([...tree.keys()].map((file) => [file, importsOf(tree, file)]));
  const cycles: string[] = [];
  for (const [a, targets] of imports) {
    for (const b of targets) if (a < b && imports.get(b)?.has(a)) cycles.push(`${a} <-> ${b}`);
  }
  return cycles.sort();
}
