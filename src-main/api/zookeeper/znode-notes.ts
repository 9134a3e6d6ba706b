/**
 * What core/kafka-zk says of a path or of data Kafka never reads (`ZnodeIdentity.problem`, the
 * validation's notes), in English and 简体中文. Core words them in English; each of its sentence
 * forms is matched here. What Kafka or ZooKeeper would print themselves (InvalidTopicException's
 * "Topic name … is illegal", ZooKeeper's "Invalid path string", Java's NumberFormatException text)
 * stays English in both languages, as the product's rule says.
 */
import type { LocalizedText } from '../contract';

type Translation = readonly [RegExp, (...groups: string[]) => string];

const FORMS: readonly Translation[] = [
  [
    /^Not named (\S+)<number>: Kafka cannot process this child of (\S+)$/,
    (p, parent) => `名称不是 ${p}<number> 的形式：Kafka 无法处理 ${parent} 的这个子节点`,
  ],
  [
    /^Brokers read the number after (\S+) as a long: (.*); every later notification fails too$/,
    (p, msg) => `broker 把 ${p} 之后的数字按 long 读取：${msg}；之后的每条通知也都会失败`,
  ],
  [
    /^Not named (\S+)<number>: the controller would delete a different path and leave this node behind$/,
    (p) => `名称不是 ${p}<number> 的形式：控制器会删除另一个路径，而把这个节点留下`,
  ],
  [/^"(.*)" is not a partition number; Kafka never reads this node$/, (n) => `"${n}" 不是分区号；Kafka 从不读取这个节点`],
  [
    /^"(.*)" is not a partition number as Kafka writes it; Kafka never reads this node$/,
    (n) => `"${n}" 不是 Kafka 写法的分区号；Kafka 从不读取这个节点`,
  ],
  [/^Outside the cluster's chroot (.*)$/, (c) => `位于集群的 chroot ${c} 之外`],
  [
    /^The controller reads every child of \/brokers\/ids as a broker id and fails on this one: (.*)$/,
    (msg) => `控制器把 /brokers/ids 的每个子节点都当作 broker id 读取，读到这个时失败：${msg}`,
  ],
  [
    /^Kafka reads "(.*)" as broker (-?\d+), whose registration is (\S+)$/,
    (s, id, path) => `Kafka 把 "${s}" 读作 broker ${id}，它的注册节点是 ${path}`,
  ],
  [/^Negative broker id (-?\d+)$/, (id) => `broker id ${id} 是负数`],
  [/^Kafka 2\.5 has no config entity type "(.*)"$/, (t) => `Kafka 2.5 没有配置实体类型 "${t}"`],
  [
    /^Broker configs are per broker id or (\S+); "(.*)" is neither$/,
    (d, x) => `broker 配置只能按 broker id 或 ${d} 设置；"${x}" 两者都不是`,
  ],
  [/^Empty data, as after a broker id was generated\.$/, () => '空数据，与生成 broker id 之后一样。'],
  [/^Kafka creates this znode with null data and never reads it\.$/, () => 'Kafka 以 null 数据创建这个 znode，并且从不读取它。'],
];

/** A sentence of core's in both languages; Kafka's and ZooKeeper's own messages stay as they are. */
export function znodeNoteText(sentence: string): LocalizedText {
  for (const [form, zh] of FORMS) {
    const m = form.exec(sentence);
    if (m) return { en: sentence, 'zh-CN': zh(...m.slice(1)) };
  }
  return { en: sentence, 'zh-CN': sentence };
}
