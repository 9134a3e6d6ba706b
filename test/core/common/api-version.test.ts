import { describe, expect, it } from 'vitest';
import {
  ALL_API_VERSIONS,
  apiVersionValidator,
  LATEST_API_VERSION,
  minSupportedApiVersionFor,
  parseApiVersion,
} from '../../../src-main/core/common/api-version';

describe('ApiVersion (Kafka 2.5)', () => {
  it('ends at 2.5-IV0, the default message format and inter-broker protocol', () => {
    expect(LATEST_API_VERSION.version).toBe('2.5-IV0');
    expect(ALL_API_VERSIONS).toHaveLength(27);
  });

  it('resolves prefixes as Kafka ApiVersionTest.testApply does', () => {
    const cases: Array<[string, string]> = [
      ['0.8.0', '0.8.0'],
      ['0.8.0.1', '0.8.0'],
      ['0.10.0-IV0', '0.10.0-IV0'],
      ['0.10.0', '0.10.0-IV1'],
      ['0.10.0.0-IV0', '0.10.0-IV1'],
      ['0.10.1', '0.10.1-IV2'],
      ['0.10.2.1', '0.10.2-IV0'],
      ['0.11.0', '0.11.0-IV2'],
      ['1.0', '1.0-IV0'],
      ['1.0.1', '1.0-IV0'],
      ['2.0', '2.0-IV1'],
      ['2.1', '2.1-IV2'],
      ['2.4', '2.4-IV1'],
      ['2.4-IV0', '2.4-IV0'],
      ['2.5', '2.5-IV0'],
      ['2.5.1', '2.5-IV0'],
    ];
    for (const [input, expected] of cases) expect(parseApiVersion(input).version, input).toBe(expected);
  });

  it('refuses versions 2.5 does not know', () => {
    expect(() => parseApiVersion('2.6')).toThrow('Version `2.6` is not a valid version');
    expect(() => parseApiVersion('')).toThrow('Version `` is not a valid version');
  });

  it('knows the record version of each and the first version for each record version', () => {
    expect(parseApiVersion('0.9.0').recordVersion).toBe(0);
    expect(parseApiVersion('0.10.2').recordVersion).toBe(1);
    expect(parseApiVersion('0.11.0-IV0').recordVersion).toBe(2);
    expect(minSupportedApiVersionFor(0).version).toBe('0.8.0');
    expect(minSupportedApiVersionFor(1).version).toBe('0.10.0-IV0');
    expect(minSupportedApiVersionFor(2).version).toBe('0.11.0-IV0');
    expect(parseApiVersion('0.10.0').shortVersion).toBe('0.10.0');
  });

  it('validates as ApiVersionValidator, listing every version', () => {
    expect(apiVersionValidator.description.split(', ')).toHaveLength(27);
    expect(() => apiVersionValidator.ensureValid('message.format.version', '1.1', 'STRING')).not.toThrow();
    expect(() => apiVersionValidator.ensureValid('message.format.version', '3.0', 'STRING')).toThrow(
      'Invalid value 3.0 for configuration message.format.version: Version `3.0` is not a valid version',
    );
  });
});
