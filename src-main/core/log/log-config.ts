/**
 * A partition log's configuration (`kafka.log.LogConfig`), built from plain values: the broker's
 * defaults (`KafkaServer.copyKafkaConfigToLog`) overlaid with the topic's overrides from
 * `/config/topics/<t>`. Values may be numbers/booleans/lists (typed defaults) or strings (as stored
 * in ZooKeeper). Validation of user input (`LogConfig.validate`) is the admin layer's job; this
 * class parses what the log needs and keeps the originals for Kafka's "with properties {…}" line.
 */
import { IllegalArgumentException } from './errors';
import { javaHashMapIterationOrder, parseJavaInt, parseJavaLong } from './java-compat';

export type ConfigValue = string | number | boolean | bigint | readonly string[];
export type TopicConfigValues = Readonly<Record<string, ConfigValue>>;

const LONG_MAX = 9223372036854775807n;

/**
 * Kafka 2.5 topic-config defaults, keyed by topic config name. The key order is the order a 2.5/2.6
 * broker's copy of the broker config puts them in; it only breaks ties between keys that share a
 * `HashMap` bucket when the properties are printed.
 */
export const LOG_CONFIG_DEFAULTS: TopicConfigValues = {
  'compression.type': 'producer',
  'message.downconversion.enable': true,
  'min.insync.replicas': 1,
  'segment.jitter.ms': 0,
  'cleanup.policy': ['delete'],
  'flush.ms': LONG_MAX,
  'segment.bytes': 1073741824,
  'retention.ms': 604800000,
  'flush.messages': LONG_MAX,
  'message.format.version': '2.5-IV0',
  'file.delete.delay.ms': 60000,
  'max.compaction.lag.ms': LONG_MAX,
  'max.message.bytes': 1048588,
  'min.compaction.lag.ms': 0,
  'message.timestamp.type': 'CreateTime',
  preallocate: false,
  'min.cleanable.dirty.ratio': 0.5,
  'index.interval.bytes': 4096,
  'unclean.leader.election.enable': false,
  'retention.bytes': -1,
  'delete.retention.ms': 86400000,
  'segment.ms': 604800000,
  'message.timestamp.difference.max.ms': LONG_MAX,
  'segment.index.bytes': 10485760,
};

const TIE_RANK = new Map(Object.keys(LOG_CONFIG_DEFAULTS).map((k, i) => [k, i]));
const DOUBLE_KEYS = new Set(['min.cleanable.dirty.ratio']);

/** A value as Java's `toString` prints it (`[delete]` for a list, `0.5` for a double). */
export function formatConfigValue(key: string, value: ConfigValue): string {
  if (Array.isArray(value)) return `[${value.join(', ')}]`;
  if (typeof value === 'number' && DOUBLE_KEYS.has(key) && Number.isInteger(value)) return `${value}.0`;
  return String(value);
}

function invalid(name: string, value: ConfigValue, type: string): IllegalArgumentException {
  return new IllegalArgumentException(`Invalid value ${String(value)} for configuration ${name}: Not a number of type ${type}`);
}

function toInt(name: string, value: ConfigValue): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    try {
      return parseJavaInt(value.trim());
    } catch {
      throw invalid(name, value, 'INT');
    }
  }
  throw invalid(name, value, 'INT');
}

function toLong(name: string, value: ConfigValue): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    try {
      return parseJavaLong(value.trim());
    } catch {
      throw invalid(name, value, 'LONG');
    }
  }
  throw invalid(name, value, 'LONG');
}

function toBoolean(name: string, value: ConfigValue): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
  }
  throw new IllegalArgumentException(`Invalid value ${String(value)} for configuration ${name}: Expected value to be either true or false`);
}

export class LogConfig {
  /** Every value, defaults first then overrides, in insertion order. */
  readonly originals: ReadonlyMap<string, ConfigValue>;
  /** The keys the topic overrides (`LogConfig.overriddenConfigs`). */
  readonly overriddenConfigs: ReadonlySet<string>;

  readonly segmentSize: number;
  /** `segment.index.bytes` (`maxIndexSize`): the size the active segment's indexes are pre-allocated to. */
  readonly maxIndexSize: number;
  readonly indexInterval: number;
  readonly segmentMs: number;
  readonly fileDeleteDelayMs: number;
  readonly preallocate: boolean;

  private constructor(originals: Map<string, ConfigValue>, overridden: Set<string>) {
    this.originals = originals;
    this.overriddenConfigs = overridden;
    const get = (key: string): ConfigValue => originals.get(key) ?? LOG_CONFIG_DEFAULTS[key];
    this.segmentSize = toInt('segment.bytes', get('segment.bytes'));
    this.maxIndexSize = toInt('segment.index.bytes', get('segment.index.bytes'));
    this.indexInterval = toInt('index.interval.bytes', get('index.interval.bytes'));
    this.segmentMs = toLong('segment.ms', get('segment.ms'));
    this.fileDeleteDelayMs = toLong('file.delete.delay.ms', get('file.delete.delay.ms'));
    this.preallocate = toBoolean('preallocate', get('preallocate'));
    if (this.maxIndexSize < 0) throw new IllegalArgumentException(`Invalid value ${this.maxIndexSize} for configuration segment.index.bytes: Value must be at least 0`);
  }

  /** `LogConfig.fromProps(defaults, overrides)`. */
  static fromProps(defaults: TopicConfigValues = LOG_CONFIG_DEFAULTS, overrides: TopicConfigValues = {}): LogConfig {
    const originals = new Map<string, ConfigValue>(Object.entries(defaults));
    for (const [k, v] of Object.entries(overrides)) originals.set(k, v);
    return new LogConfig(originals, new Set(Object.keys(overrides)));
  }

  /** The default config overlaid with `values` (what a caller with a plain object of topic configs wants). */
  static of(values: TopicConfigValues = {}): LogConfig {
    return LogConfig.fromProps(LOG_CONFIG_DEFAULTS, values);
  }

  /** `Log.initFileSize`: the `.log` of a new segment is pre-allocated to `segment.bytes` when `preallocate`. */
  get initFileSize(): number {
    return this.preallocate ? this.segmentSize : 0;
  }

  /**
   * `{k -> v, …}` exactly as Kafka prints `config.originals` (a `java.util.HashMap`) in
   * "Created log for partition … with properties {…}.".
   */
  formatOriginals(): string {
    const rank = new Map([...this.originals.keys()].map((k, i) => [k, TIE_RANK.get(k) ?? TIE_RANK.size + i]));
    const keys = [...this.originals.keys()].sort((a, b) => (rank.get(a) as number) - (rank.get(b) as number));
    const parts = javaHashMapIterationOrder(keys).map(
      (k) => `${k} -> ${formatConfigValue(k, this.originals.get(k) as ConfigValue)}`,
    );
    return `{${parts.join(', ')}}`;
  }
}
