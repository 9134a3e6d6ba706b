import { describe, expect, it } from 'vitest';
import { formatLog4jLine, log4jTimestamp } from '../../../src-main/core/cluster/log4j-writer';

describe('log4jTimestamp', () => {
  it("prints log4j's %d in UTC for each line, whether lines share a millisecond or not", () => {
    const ms = Date.UTC(2020, 9, 14, 12, 34, 56, 789);
    expect(log4jTimestamp(ms)).toBe('[2020-10-14 12:34:56,789]');
    expect(log4jTimestamp(ms)).toBe('[2020-10-14 12:34:56,789]');
    expect(log4jTimestamp(ms + 1)).toBe('[2020-10-14 12:34:56,790]');
    expect(log4jTimestamp(ms)).toBe('[2020-10-14 12:34:56,789]');
    expect(log4jTimestamp(Date.UTC(2021, 0, 2, 3, 4, 5, 6))).toBe('[2021-01-02 03:04:05,006]');
  });

  it('formats a line as Kafka\'s pattern "[%d] %p %m (%c)%n"', () => {
    const line = { file: 'state-change.log', level: 'TRACE', logger: 'state.change.logger', message: 'm' } as const;
    expect(formatLog4jLine(Date.UTC(2020, 9, 14, 12, 34, 56, 789), line)).toBe('[2020-10-14 12:34:56,789] TRACE m (state.change.logger)\n');
    expect(formatLog4jLine(Date.UTC(2020, 9, 14, 12, 34, 56, 790), { ...line, throwable: 'java.io.IOException: x' })).toBe(
      '[2020-10-14 12:34:56,790] TRACE m (state.change.logger)\njava.io.IOException: x\n',
    );
  });
});
