/**
 * The few `java.lang` behaviours that leak into Kafka's messages and parsing: `Integer.parseInt`,
 * `Long.parseLong`, `Double.parseDouble`, `Double.toString`, `String.split` and `List.toString`.
 * Kafka's error text is built from these, so "byte for byte" needs them byte for byte too.
 */

export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
export const SHORT_MIN = -32768;
export const SHORT_MAX = 32767;
export const LONG_MIN = -9223372036854775808n;
export const LONG_MAX = 9223372036854775807n;

/** `java.lang.NumberFormatException`, with the JDK's `For input string: "x"` text. */
export class NumberFormatException extends Error {
  override readonly name = 'NumberFormatException';

  static forInputString(s: string): NumberFormatException {
    return new NumberFormatException(`For input string: "${s}"`);
  }
}

/** `java.lang.IllegalArgumentException`; Scala's `require(cond, msg)` throws it as `requirement failed: msg`. */
export class IllegalArgumentException extends Error {
  override readonly name = 'IllegalArgumentException';

  static requirementFailed(message: string): IllegalArgumentException {
    return new IllegalArgumentException(`requirement failed: ${message}`);
  }
}

// Java accepts an optional sign and ASCII digits only: no whitespace, no '_', no exponent.
const JAVA_INTEGER = /^[+-]?[0-9]+$/;

/** `Integer.parseInt(s)`: throws `NumberFormatException` outside the 32-bit range. */
export function parseJavaInt(s: string): number {
  if (!JAVA_INTEGER.test(s)) throw NumberFormatException.forInputString(s);
  const value = BigInt(s);
  if (value < BigInt(INT_MIN) || value > BigInt(INT_MAX)) throw NumberFormatException.forInputString(s);
  return Number(value);
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
  if (!JAVA_INTEGER.test(s)) throw NumberFormatException.forInputString(s);
  const value = BigInt(s);
  if (value < LONG_MIN || value > LONG_MAX) throw NumberFormatException.forInputString(s);
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
