/**
 * The dojo's own refusals reach a zh-CN user in Chinese, with the English (`message`, what the
 * headless API's scripts and the CLI read) as it was: the argument check's INVALID_REQUEST, the
 * message tester's payload, the clock speed, the log dir browser's paths, the deletion pattern, the
 * node editor's refusal of data it cannot encode, and a cluster definition's problems.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callApi } from '../../src-main/api/api-call';
import { ApiError } from '../../src-main/api/backend';
import type { ClusterHost } from '../../src-main/api/cluster-host';
import { ClusterServiceImpl } from '../../src-main/api/cluster-service';
import type { ApiErrorDto, LocalizedText } from '../../src-main/api/contract';
import { DeletionServiceImpl } from '../../src-main/api/deletion/deletion-service';
import { LogDirServiceImpl } from '../../src-main/api/log-dirs/log-dir-service';
import { MessageServiceImpl } from '../../src-main/api/message-service';
import { definitionProblemText } from '../../src-main/api/workspaces/definition-problem-text';
import type { ClusterFacts } from '../../src-main/api/zookeeper/znode-cluster-facts';
import { checkZnode } from '../../src-main/api/zookeeper/znode-preview';
import { defaultClusterDefinition, definitionProblemList, definitionProblems } from '../../src-main/core/cluster/cluster-definition';
import { ConfinedRoot } from '../../src-main/infra/log-dir-access';
import { SystemTime } from '../../src-main/infra/system-time';
import { createFakeBackend } from '../server/fake-backend';
import { makeTempDir } from '../support/temp-dir';

const CHINESE = /[\u4e00-\u9fff]/;

async function refusalOf(action: () => Promise<unknown>): Promise<ApiErrorDto & { text: LocalizedText }> {
  try {
    await action();
  } catch (e) {
    if (e instanceof ApiError) return e.toDto();
    throw e;
  }
  throw new Error('expected a refusal');
}

function expectChinese(text: LocalizedText | undefined, en: string): void {
  expect(text?.en).toBe(en);
  expect(text?.['zh-CN']).toMatch(CHINESE);
}

/** A host whose open cluster is never reached: the refusals come before it is asked. */
const unopened = { require: () => ({ clock: new SystemTime(1) }) } as unknown as ClusterHost;

describe("the dojo's own refusals in Chinese", () => {
  it('refuses arguments that do not fit the method (INVALID_REQUEST) in Chinese, its message the English as before', async () => {
    const reply = await callApi(createFakeBackend().api, 'cluster', 'setClockSpeed', ['fast']);
    const en = 'cluster.setClockSpeed(speed): argument 1 (speed): speed must be a number, not the string "fast".';
    expect(reply).toMatchObject({ error: { name: 'INVALID_REQUEST', message: en, field: 'speed' } });
    const { text } = (reply as { error: ApiErrorDto }).error;
    expectChinese(text, en);
    // The code in it stays as written, set apart from the Chinese by spaces.
    expect(text?.['zh-CN']).toBe('cluster.setClockSpeed(speed)：第 1 个参数（speed）：speed 必须是数字，而不是字符串 "fast"。');
  });

  it("refuses a message tester's payload that is not hex, or not base64, in Chinese", async () => {
    const messages = new MessageServiceImpl(() => {
      throw new Error('no record may be produced');
    });
    const hex = await refusalOf(() => messages.produce({ topic: 't', partition: 0, key: null, value: 'xyz', encoding: 'hex', acks: 1 }));
    expect(hex).toMatchObject({ name: 'INVALID_INPUT', field: 'value' });
    expectChinese(hex.text, 'The value is not hex: an even number of 0-9, a-f digits is expected.');
    const header = await refusalOf(() =>
      messages.produce({
        topic: 't',
        partition: 0,
        key: null,
        value: null,
        headers: [{ key: 'h', value: '!' }],
        encoding: 'base64',
        acks: 1,
      }),
    );
    expect(header).toMatchObject({ name: 'INVALID_INPUT', field: 'headers' });
    expectChinese(header.text, 'The value of header h is not base64.');
    expect(header.text['zh-CN']).toContain('header h');
  });

  it('refuses a clock speed out of range in Chinese, with the range', async () => {
    const dto = await refusalOf(() => new ClusterServiceImpl(unopened).setClockSpeed(1000));
    expect(dto).toMatchObject({ name: 'INVALID_INPUT', field: 'speed' });
    expectChinese(dto.text, 'clock speed must be between 1× and 100×, got 1000');
    expect(dto.text['zh-CN']).toContain('1× 到 100×');
  });

  it("refuses the log dir browser's relative path and a missing folder in Chinese", async () => {
    const logDirs = new LogDirServiceImpl(null, (path) => ConfinedRoot.open(path));
    const relative = await refusalOf(() => logDirs.openFolder('kafka-logs'));
    expect(relative).toMatchObject({ name: 'INVALID_INPUT', field: 'path' });
    expectChinese(relative.text, 'kafka-logs is not an absolute path.');
    const tmp = makeTempDir('kafka-dojo-texts-');
    try {
      const missing = join(tmp.dir, 'gone');
      const dto = await refusalOf(() => logDirs.openFolder(missing));
      expectChinese(dto.text, `There is no directory ${missing}.`);
      expect(dto.text['zh-CN']).toContain(missing);
    } finally {
      tmp.cleanup();
    }
  });

  it("refuses a deletion pattern that is not a regex in Chinese, around the runtime's own words", async () => {
    const matched = await new DeletionServiceImpl(unopened).match('orders[');
    expect(matched.topics).toEqual([]);
    expect(matched.error?.name).toBe('INVALID_INPUT');
    expect(matched.error?.text['zh-CN']).toMatch(CHINESE);
    expect(matched.error?.text['zh-CN']).toContain(matched.error?.message);
    expect(matched.error?.message).toMatch(/^Invalid regular expression/);
    const empty = await new DeletionServiceImpl(unopened).match('   ');
    expectChinese(empty.error?.text, 'The pattern is empty.');
  });

  it("refuses the node editor's data it cannot encode in Chinese, and keeps ZooKeeper's path refusal English in both", async () => {
    const noFacts = {} as ClusterFacts;
    const notHex = await checkZnode({ op: 'create', path: '/x', data: 'zz', encoding: 'hex' }, noFacts);
    expectChinese(notHex.refusal ?? undefined, 'The data is not hex: two hex digits per byte.');
    const badPath = await checkZnode({ op: 'create', path: '/x/', data: null }, noFacts);
    expect(badPath.refusal?.en).toMatch(/^KeeperErrorCode = BadArguments for \/x\/: /);
    expect(badPath.refusal?.['zh-CN']).toBe(badPath.refusal?.en);
  });

  it("says a cluster definition's problems in Chinese, the English as the core writes it", () => {
    const def = defaultClusterDefinition();
    const broken = {
      ...def,
      brokers: [...def.brokers, { id: 1, rack: null, logDirs: ['bad dir'], config: {} }],
      zookeeper: { clientPort: 70000 },
    };
    const problems = definitionProblemList(broken);
    expect(problems.map((p) => p.kind)).toEqual(['broker-id-twice', 'log-dir-name', 'client-port']);
    const texts = problems.map(definitionProblemText);
    expect(texts.map((t) => t.en)).toEqual(definitionProblems(broken));
    for (const t of texts) expect(t['zh-CN']).toMatch(CHINESE);
    expect(texts[1]['zh-CN']).toContain('“bad dir”');
  });
});
