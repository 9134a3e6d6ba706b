import { describe, expect, it } from 'vitest';
import { ZNODE_SPECS, identifyZnode, validateZnodeData } from '../../src-main/core/kafka-zk';
import { durationText } from '../../src-main/api/duration-text';
import { znodeNoteText } from '../../src-main/api/zookeeper/znode-notes';
import { specText } from '../../src-main/api/zookeeper/znode-spec-texts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

describe('znode texts in English and 简体中文', () => {
  it('every znode kind says what it is, who writes and reads it and what Kafka does with bad data, in both languages', () => {
    for (const spec of Object.values(ZNODE_SPECS)) {
      for (const field of ['title', 'description', 'writtenBy', 'readBy', 'onInvalidData'] as const) {
        const text = specText(spec, field);
        expect(text.en, `${spec.kind}.${field}`).toBe(spec[field]);
        expect(text['zh-CN'], `${spec.kind}.${field}`).toMatch(CJK);
      }
    }
  });

  it.each([
    ['/brokers/ids/abc', '控制器把 /brokers/ids 的每个子节点都当作 broker id 读取'],
    ['/brokers/ids/007', 'Kafka 把 "007" 读作 broker 7，它的注册节点是 /brokers/ids/7'],
    ['/brokers/ids/-3', 'broker id -3 是负数'],
    ['/brokers/topics/t/partitions/x', '"x" 不是分区号；Kafka 从不读取这个节点'],
    ['/brokers/topics/t/partitions/01', '"01" 不是 Kafka 写法的分区号'],
    ['/config/widgets', 'Kafka 2.5 没有配置实体类型 "widgets"'],
    ['/config/brokers/any', 'broker 配置只能按 broker id 或 <default> 设置；"any" 两者都不是'],
    ['/isr_change_notification/other', '名称不是 isr_change_<number> 的形式'],
    ['/config/changes/config_change_x1', 'broker 把 config_change_ 之后的数字按 long 读取'],
  ])('translates core’s word on %s', (path, zh) => {
    const problem = identifyZnode(path).problem;
    expect(problem).not.toBeNull();
    const text = znodeNoteText(problem ?? '');
    expect(text.en).toBe(problem);
    expect(text['zh-CN']).toContain(zh);
  });

  it('translates the notes on data Kafka never reads, and keeps Kafka’s own messages as Kafka prints them', () => {
    const notes = validateZnodeData('/brokers', new TextEncoder().encode('x')).notes;
    expect(notes.map(znodeNoteText)).toEqual([
      { en: 'Kafka creates this znode with null data and never reads it.', 'zh-CN': 'Kafka 以 null 数据创建这个 znode，并且从不读取它。' },
    ]);
    const kafkas = identifyZnode('/brokers/topics/bad name').problem ?? '';
    expect(kafkas).toContain('is illegal');
    expect(znodeNoteText(kafkas)).toEqual({ en: kafkas, 'zh-CN': kafkas });
  });
});

describe('durations in both languages', () => {
  it.each([
    [120, '120 ms', '120 毫秒'],
    [18_000, '18 s', '18 秒'],
    [42_300, '42.3 s', '42.3 秒'],
    [125_000, '2 min 05 s', '2 分 05 秒'],
    [3_720_000, '1 h 02 min', '1 小时 02 分'],
    [-1, '-', '-'],
  ])('%d ms reads %s / %s', (ms, en, zh) => {
    expect(durationText(ms)).toEqual({ en, 'zh-CN': zh });
  });
});
