/** A shell word: quoted when it holds anything but safe characters (for the command lines the UI shows). */
export function shellWord(word: string): string {
  return /^[\w.,=:/@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
