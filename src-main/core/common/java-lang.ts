/**
 * The JDK behaviours that leak into Kafka's messages, files and parsing: the `java.lang`
 * exceptions and `Throwable.toString()`, `Integer.parseInt`, `Long.parseLong`, `Short.parseShort`,
 * `Double.parseDouble`, `Double.toString`, `String.hashCode`, `String.split`, `List.toString`,
 * `Date.toString()` and `BufferedReader.readLine()`. Kafka's error text and files are built from
 * these, so "byte for byte" needs them byte for byte too. (The iteration orders of the JVM
 * collections are in jvm-hash-order.ts; the text of any thrown value in throwable.ts.)
 */

export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
export const SHORT_MIN = -32768;
export const SHORT_MAX = 32767;
export const LONG_MIN = -9223372036854775808n;
export const LONG_MAX = 9223372036854775807n;

// ---- exceptions ----

/**
 * An exception Kafka's code would throw, with the Java class log4j prints under a line:
 * `toString()` is `Throwable.toString()`, `<java class>: <message>`.
 */
export abstract class JavaThrowable extends Error {
  abstract readonly javaClass: string;

  override toString(): string {
    return `${this.javaClass}: ${this.message}`;
  }
}

/** `java.lang.IllegalArgumentException`; Scala's `require(cond, msg)` throws it as `requirement failed: msg`. */
export class IllegalArgumentException extends JavaThrowable {
  override readonly name: string = 'IllegalArgumentException';
  readonly javaClass: string = 'java.lang.IllegalArgumentException';

  static requirementFailed(message: string): IllegalArgumentException {
    return new IllegalArgumentException(`requirement failed: ${message}`);
  }
}

/** `java.lang.NumberFormatException` (an IllegalArgumentException), with the JDK's `For input string: "x"` text. */
export class NumberFormatException extends IllegalArgumentException {
  override readonly name = 'NumberFormatException';
  override readonly javaClass = 'java.lang.NumberFormatException';

  static forInputString(s: string): NumberFormatException {
    return new NumberFormatException(numberFormatMessage(s));
  }
}

/** `java.lang.IllegalStateException`. */
export class IllegalStateException extends JavaThrowable {
  override readonly name = 'IllegalStateException';
  readonly javaClass = 'java.lang.IllegalStateException';
}

// ---- Integer / Long / Short / Double parsing ----

// Java accepts an optional sign and ASCII digits only: no whitespace, no '_', no exponent.
const JAVA_INTEGER = /^[+-]?[0-9]+$/;

/** The `NumberFormatException` text of `Integer.parseInt` / `Long.parseLong` for a string they refuse. */
export function numberFormatMessage(s: string): string {
  return `For input string: "${s}"`;
}

/** `Long.parseLong(s)`, or null where Java throws `NumberFormatException`. */
export function parseJavaLongOrNull(s: string): bigint | null {
  if (!JAVA_INTEGER.test(s)) return null;
  const value = BigInt(s);
  return value < LONG_MIN || value > LONG_MAX ? null : value;
}

/** `Integer.parseInt(s)`, or null where Java throws `NumberFormatException`. */
export function parseJavaIntOrNull(s: string): number | null {
  const value = parseJavaLongOrNull(s);
  return value === null || value < BigInt(INT_MIN) || value > BigInt(INT_MAX) ? null : Number(value);
}

/** `Integer.parseInt(s)`: throws `NumberFormatException` outside the 32-bit range. */
export function parseJavaInt(s: string): number {
  const value = parseJavaIntOrNull(s);
  if (value === null) throw NumberFormatException.forInputString(s);
  return value;
}

/** `Short.parseShort(s)`. */
export function parseJavaShort(s: string): number {
  const value = parseJavaInt(s);
  if (value < SHORT_MIN || value > SHORT_MAX) {
    throw new NumberFormatException(`Value out of range. Value:"${s}" Radix:10`);
  }
  return value;
}

/** `Long.parseLong(s)`, as a bigint because a JS number cannot hold `Long.MAX_VALUE` exactly. */
export function parseJavaLong(s: string): bigint {
  const value = parseJavaLongOrNull(s);
  if (value === null) throw NumberFormatException.forInputString(s);
  return value;
}

// FloatingDecimal's grammar: decimal with optional exponent and an f/F/d/D suffix, NaN, Infinity,
// or a hexadecimal significand with a mandatory binary exponent.
const JAVA_DECIMAL = /^[+-]?(?:NaN|Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFdD]?)$/;
const JAVA_HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?[0-9]+)[fFdD]?$/;

/** `Double.parseDouble(s)` (which trims surrounding whitespace itself). */
export function parseJavaDouble(s: string): number {
  const t = s.trim();
  if (JAVA_DECIMAL.test(t)) return Number(t.replace(/[fFdD]$/, ''));
  const hex = JAVA_HEX.exec(t);
  if (hex && (hex[2].length > 0 || (hex[3] ?? '').length > 0)) {
    const fraction = hex[3] ?? '';
    const significand = parseInt(hex[2] + fraction || '0', 16);
    const value = significand * 2 ** (Number(hex[4]) - 4 * fraction.length);
    return hex[1] === '-' ? -value : value;
  }
  throw new NumberFormatException(t.length === 0 ? 'empty String' : `For input string: "${t}"`);
}

/**
 * `Double.toString(d)`: always a decimal point (`2.0`), plain notation for 10^-3 ≤ |d| < 10^7 and
 * computerized scientific notation otherwise (`1.0E7`, `1.5E-4`). Digits are the shortest that
 * round-trip, as JavaScript also produces them.
 */
export function javaDoubleToString(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return 'Infinity';
  if (d === -Infinity) return '-Infinity';
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(d);
  if (abs >= 1e-3 && abs < 1e7) {
    const plain = String(d);
    return plain.includes('.') ? plain : `${plain}.0`;
  }
  const [mantissa, exponent] = d.toExponential().split('e');
  const m = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${m}E${exponent.startsWith('+') ? exponent.slice(1) : exponent}`;
}

// ---- strings and text ----

/** `String.hashCode()` (UTF-16 code units, int32 wrap-around). */
export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** `Long.hashCode()`. */
export function javaLongHashCode(v: bigint): number {
  const u = BigInt.asUintN(64, v);
  return Number(BigInt.asIntN(32, u ^ (u >> 32n)));
}

/**
 * The order a `java.util.HashMap` or `HashSet` holding `items` (inserted in this order, none
 * removed) iterates them: by bucket — the spread hash masked to the table size — and in insertion
 * order within a bucket.
 */
export function javaHashIterationOrder<T>(items: readonly T[], hashCode: (item: T) => number): T[] {
  let capacity = 16;
  while (items.length > capacity * 0.75) capacity *= 2;
  const bucketOf = (item: T): number => {
    const h = hashCode(item);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return items
    .map((item, index) => ({ item, index, bucket: bucketOf(item) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((e) => e.item);
}

/**
 * `String.split(regex)` with a literal separator: trailing empty strings are removed, and a string
 * without the separator gives itself (so `"".split(",")` is `[""]`, but `",".split(",")` is `[]`).
 */
export function javaSplit(s: string, separator: string): string[] {
  if (!s.includes(separator)) return [s];
  const parts = s.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** `AbstractCollection.toString()`: `[a, b, c]`. */
export function javaListToString(items: readonly unknown[]): string {
  return `[${items.map(String).join(', ')}]`;
}

/**
 * `BufferedReader.readLine()` over a whole text: lines end at `\n`, `\r` or `\r\n`; a final line
 * without terminator counts; a trailing terminator does not add an empty line.
 */
export function javaReadLines(text: string): string[] {
  if (text.length === 0) return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (/[\r\n]$/.test(text)) lines.pop();
  return lines;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `new Date(ms).toString()` of a JVM running in UTC: `Sun Nov 29 12:00:00 UTC 2026`. */
export function javaDateToString(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number): string => String(n).padStart(2, '0');
  return (
    `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${two(d.getUTCDate())} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`
  );
}

/** `String.trim()`: strips characters up to U+0020 at both ends (JavaScript's trim also strips Unicode spaces). */
export function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.substring(start, end);
}
