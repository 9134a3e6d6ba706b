/**
 * The option table joptsimple's BuiltinHelpFormatter prints (`parser.printHelpOn`), laid out by its
 * rules: options sorted by name; rows of 80 columns, two spaces between the option column and the
 * description column, each column as wide as its widest entry but the option column at most
 * (80 − 2) / 2; each embedded line wrapped at the line-break opportunities (after spaces, after a
 * hyphen or a period inside a word), continuation pieces indented by two; every cell padded to its column width.
 */
import type { OptionSpec } from './option-parser';

const OVERALL_WIDTH = 80;
const SEPARATOR_WIDTH = 2;
const INDENT = '  ';

interface Row {
  readonly option: string;
  readonly description: string;
}

/** Pieces a line breaks into: a word with the spaces after it, or a word's part up to a hyphen or period. */
function words(line: string): string[] {
  const result: string[] = [];
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const next = line[i + 1];
    const afterSpaces = /\s/.test(c) && (next === undefined || !/\s/.test(next));
    // Java's line BreakIterator also breaks after a hyphen or a period inside a word, before a letter.
    const afterPunctuation =
      (c === '-' || c === '.') && i > 0 && /[A-Za-z0-9]/.test(line[i - 1]) && next !== undefined && /[A-Za-z]/.test(next);
    if (afterSpaces || afterPunctuation) {
      result.push(line.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < line.length) result.push(line.slice(start));
  return result;
}

function piecesOf(raw: string, width: number): string[] {
  const pieces: string[] = [];
  for (const line of raw.trim().split('\n')) {
    let next = '';
    for (const word of words(line)) {
      if (next.length + word.length > width) {
        pieces.push(next.replace(/\s+$/, ''));
        next = INDENT + word;
      } else {
        next += word;
      }
    }
    if (next.length > 0) pieces.push(next);
  }
  return pieces;
}

function widths(rows: readonly Row[]): { option: number; description: number } {
  const widestOption = Math.max(0, ...rows.map((r) => r.option.length));
  const widestDescription = Math.max(0, ...rows.map((r) => r.description.length));
  const option = Math.min(Math.floor((OVERALL_WIDTH - SEPARATOR_WIDTH) / 2), widestOption);
  return { option, description: Math.min(OVERALL_WIDTH - option - SEPARATOR_WIDTH, widestDescription) };
}

function optionDisplay(spec: OptionSpec): string {
  if (!spec.argument) return `--${spec.name}`;
  return spec.argument.describedAs === undefined
    ? `--${spec.name} <${spec.argument.type}>`
    : `--${spec.name} <${spec.argument.type}: ${spec.argument.describedAs}>`;
}

/** `createDescriptionDisplay`: the description, then `(default: x)` when the option has a default. */
function descriptionDisplay(spec: OptionSpec): string {
  const defaultValue = spec.argument?.defaultValue;
  return defaultValue === undefined ? spec.description : `${spec.description} (default: ${defaultValue})`.trim();
}

const pad = (s: string, width: number) => s + ' '.repeat(Math.max(0, width - s.length));

export function formatHelp(specs: readonly OptionSpec[]): string {
  const rows: Row[] = [
    { option: 'Option', description: 'Description' },
    { option: '------', description: '-----------' },
    ...[...specs]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((s) => ({ option: optionDisplay(s), description: descriptionDisplay(s) })),
  ];
  const before = widths(rows);
  const fitted: Row[] = [];
  for (const row of rows) {
    const options = piecesOf(row.option, before.option);
    const descriptions = piecesOf(row.description, before.description);
    for (let i = 0; i < Math.max(options.length, descriptions.length); i++)
      fitted.push({ option: options[i] ?? '', description: descriptions[i] ?? '' });
  }
  const after = widths(fitted);
  return fitted
    .map((r) => `${pad(r.option, after.option)}${' '.repeat(SEPARATOR_WIDTH)}${pad(r.description, after.description)}\n`)
    .join('');
}
