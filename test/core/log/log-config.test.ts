import { describe, expect, it } from 'vitest';
import { javaStringHashCode, parseJavaInt, parseJavaLong } from '../../../src-main/core/common/java-lang';
import { javaHashMapIterationOrder } from '../../../src-main/core/common/jvm-hash-order';
import { LOG_CONFIG_DEFAULTS, LogConfig, formatConfigValue } from '../../../src-main/core/log/log-config';

describe('LogConfig', () => {
  it('prints its properties exactly as a Kafka broker logs them (java.util.HashMap order, Java toString values)', () => {
    // The line a 2.6 broker logged for a topic created with defaults, with 2.5's message.format.version.
    expect(LogConfig.of().formatOriginals()).toBe(
      '{compression.type -> producer, message.downconversion.enable -> true, min.insync.replicas -> 1, ' +
        'segment.jitter.ms -> 0, cleanup.policy -> [delete], flush.ms -> 9223372036854775807, ' +
        'segment.bytes -> 1073741824, retention.ms -> 604800000, flush.messages -> 9223372036854775807, ' +
        'message.format.version -> 2.5-IV0, file.delete.delay.ms -> 60000, max.compaction.lag.ms -> 9223372036854775807, ' +
        'max.message.bytes -> 1048588, min.compaction.lag.ms -> 0, message.timestamp.type -> CreateTime, ' +
        'preallocate -> false, min.cleanable.dirty.ratio -> 0.5, index.interval.bytes -> 4096, ' +
        'unclean.leader.election.enable -> false, retention.bytes -> -1, delete.retention.ms -> 86400000, ' +
        'segment.ms -> 604800000, message.timestamp.difference.max.ms -> 9223372036854775807, segment.index.bytes -> 10485760}',
    );
  });

  it('overlays topic overrides (strings from ZooKeeper) on the defaults and parses what the log needs', () => {
    const c = LogConfig.of({
      'segment.index.bytes': '4096',
      'cleanup.policy': 'compact',
      preallocate: 'TRUE',
      'file.delete.delay.ms': 1000,
    });
    expect(c.maxIndexSize).toBe(4096);
    expect(c.preallocate).toBe(true);
    expect(c.initFileSize).toBe(1073741824);
    expect(c.fileDeleteDelayMs).toBe(1000);
    expect([...c.overriddenConfigs].sort()).toEqual(['cleanup.policy', 'file.delete.delay.ms', 'preallocate', 'segment.index.bytes']);
    expect(c.formatOriginals()).toContain('cleanup.policy -> compact');
    expect(LogConfig.of().initFileSize).toBe(0);
    expect(() => LogConfig.of({ 'segment.index.bytes': 'ten' })).toThrow(
      'Invalid value ten for configuration segment.index.bytes: Not a number of type INT',
    );
    expect(() => LogConfig.of({ preallocate: 'yes' })).toThrow(/Expected value to be either true or false/);
  });

  it('prints values as Java does', () => {
    expect(formatConfigValue('cleanup.policy', ['compact', 'delete'])).toBe('[compact, delete]');
    expect(formatConfigValue('min.cleanable.dirty.ratio', 1)).toBe('1.0');
    expect(formatConfigValue('flush.ms', 9223372036854775807n)).toBe('9223372036854775807');
    expect(Object.keys(LOG_CONFIG_DEFAULTS)).toHaveLength(24);
  });
});

describe('Java compatibility helpers', () => {
  it('hashes strings like String.hashCode', () => {
    expect(javaStringHashCode('')).toBe(0);
    expect(javaStringHashCode('a')).toBe(97);
    expect(javaStringHashCode('segment.bytes')).toBe(javaStringHashCode('segment.bytes'));
    expect(javaStringHashCode('polygenelubricants')).toBe(-2147483648);
  });

  it('orders a small HashMap copy by bucket (checked against a JVM)', () => {
    expect(javaHashMapIterationOrder(['segment.bytes', 'retention.ms', 'cleanup.policy'])).toEqual([
      'cleanup.policy',
      'segment.bytes',
      'retention.ms',
    ]);
  });

  it('parses ints and longs with Integer.parseInt / Long.parseLong rules', () => {
    expect(parseJavaInt('+5')).toBe(5);
    expect(parseJavaInt('-2147483648')).toBe(-2147483648);
    expect(() => parseJavaInt('2147483648')).toThrow('For input string: "2147483648"');
    expect(() => parseJavaInt(' 1')).toThrow('For input string: " 1"');
    expect(() => parseJavaInt('')).toThrow('For input string: ""');
    expect(Number(parseJavaLong('9007199254740991'))).toBe(9007199254740991);
    expect(() => parseJavaLong('9223372036854775808')).toThrow(/For input string/);
  });
});
