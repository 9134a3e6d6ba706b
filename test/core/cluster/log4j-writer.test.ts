import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { Log4jWriter, formatLog4jLine } from '../../../src-main/core/cluster/log4j-writer';
import type { LogLine } from '../../../src-main/core/common/logging';
import type { Executor } from '../../../src-main/core/platform/executor';

describe('Log4jWriter', () => {
  let dir: string;
  let tasks: Array<() => void>;
  let writer: Log4jWriter;
  const executor: Executor = { execute: (t) => tasks.push(t), yield: () => Promise.resolve() };
  const runAll = () => {
    while (tasks.length > 0) tasks.shift()!();
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'log4j-writer-'));
    tasks = [];
    writer = new Log4jWriter(new NodeFileSystem(), executor, (id) => join(dir, `broker-${id}`));
  });

  afterEach(() => {
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends every line of a burst in order, in UTF-8, however long a line is', () => {
    const line = (message: string): LogLine => ({ file: 'state-change.log', level: 'TRACE', logger: 'state.change.logger', message });
    const lines = [
      ...Array.from({ length: 4500 }, (_, i) => line(`[Controller id=0 epoch=1] Changed state of replica 1 for partition big-${i} ✓ 主题`)),
      line(`New topics: ${'x'.repeat(600_000)}`),
      line('après'),
    ];
    lines.forEach((l, i) => writer.write(0, 1_600_000_000_000 + (i >> 4), l));
    runAll();
    const expected = lines.map((l, i) => formatLog4jLine(1_600_000_000_000 + (i >> 4), l)).join('');
    expect(readFileSync(join(dir, 'broker-0', 'state-change.log'), 'utf8')).toBe(expected);
  });
});
