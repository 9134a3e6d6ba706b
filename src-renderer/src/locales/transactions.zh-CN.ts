// 分区中未完成事务的中文文本（以 `transactions` 合并进 zh-CN.ts）。
export default {
  title: '未完成的事务',
  holds: '分区 {partition} 的 LSO 被 producer id {producerId}（epoch {epoch}）停在 {offset}',
  alsoOpen: '分区 {partition}：producer id {producerId}（epoch {epoch}）有一个从位移 {offset} 开始的未完成事务',
  startedAgo: '开始于 {time} 前',
  startedUnknown: '开始时间未知',
};
