/**
 * The few JVM behaviours that Kafka's files and log lines depend on, reproduced so that the text we
 * write is the text a broker writes: `Integer.parseInt` / `Long.parseLong` acceptance rules,
 * `String.hashCode`, the iteration order of `java.util.HashMap` (Kafka prints a topic's properties
 * from one) and of `java.util.Hashtable` (Java 8 `Properties.store` writes `meta.properties` in that
 * order), and `Date.toString()`.
 */
import { NumberFormatException } from './errors';

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
const DECIMAL = /^[+-]?[0-9]+$/;

function forInputString(s: string): NumberFormatException {
  return new NumberFormatException(`For input string: "${s}"`);
}

/** `Integer.parseInt(s)`: optional sign, ASCII digits, no spaces, in int32 range. */
export function parseJavaInt(s: string): number {
  if (!DECIMAL.test(s)) throw forInputString(s);
  const v = BigInt(s);
  if (v < INT_MIN || v > INT_MAX) throw forInputString(s);
  return Number(v);
}

/**
 * `Long.parseLong(s)`: optional sign, ASCII digits, in int64 range. Returned as a `number`: offsets
 * above 2^53 (never reached in practice) lose precision.
 */
export function parseJavaLong(s: string): number {
  if (!DECIMAL.test(s)) throw forInputString(s);
  const v = BigInt(s);
  if (v < LONG_MIN || v > LONG_MAX) throw forInputString(s);
  return Number(v);
}

/** `String.hashCode()` (UTF-16 code units, int32 wrap-around). */
export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** `HashMap.tableSizeFor`: the next power of two ≥ n (at least 1). */
function tableSizeFor(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/**
 * The order in which a `java.util.HashMap` built by the copy constructor (`new HashMap<>(map)`, as
 * Kafka's `AbstractConfig.originals()` does) iterates `keys`: ascending bucket index
 * `(h ^ h >>> 16) & (capacity − 1)`, keys of one bucket in insertion order (the order of `keys`).
 * Capacity is what the copy constructor picks: `tableSizeFor(size / 0.75 + 1)`.
 */
export function javaHashMapIterationOrder(keys: readonly string[]): string[] {
  const capacity = tableSizeFor(Math.floor(keys.length / 0.75 + 1));
  const bucket = (k: string): number => {
    const h = javaStringHashCode(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((e) => e.key);
}

/**
 * The order in which a Java 8 `java.util.Hashtable` (hence `Properties.store`) enumerates keys put
 * in the order given: initial capacity 11, load factor 0.75, rehash to `2n + 1` buckets, new entries
 * at the head of their bucket, enumeration from the last bucket to the first.
 */
export function javaHashtableIterationOrder(keys: readonly string[]): string[] {
  let capacity = 11;
  let threshold = Math.floor(capacity * 0.75);
  let table: string[][] = Array.from({ length: capacity }, () => []);
  let count = 0;
  const indexFor = (k: string, cap: number): number => (javaStringHashCode(k) & 0x7fffffff) % cap;
  for (const key of keys) {
    if (table[indexFor(key, capacity)].includes(key)) continue;
    if (count >= threshold) {
      const newCapacity = capacity * 2 + 1;
      const newTable: string[][] = Array.from({ length: newCapacity }, () => []);
      for (let i = capacity - 1; i >= 0; i--) {
        for (const k of table[i]) newTable[indexFor(k, newCapacity)].unshift(k);
      }
      table = newTable;
      capacity = newCapacity;
      threshold = Math.floor(newCapacity * 0.75);
    }
    table[indexFor(key, capacity)].unshift(key);
    count++;
  }
  const out: string[] = [];
  for (let i = capacity - 1; i >= 0; i--) out.push(...table[i]);
  return out;
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
