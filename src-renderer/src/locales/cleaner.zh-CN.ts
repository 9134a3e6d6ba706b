// 日志清理器面板的中文文本（以 `cleaner` 合并进 zh-CN.ts）。
export default {
  tab: '日志清理',
  notCompacted: '该主题的 cleanup.policy 不含 compact：日志清理器不处理它，由保留策略删除。',
  compactedHint:
    '当日志的脏数据比例（清理检查点之后、活动分段之前的字节数，占到活动分段为止全部字节的比例）超过 min.cleanable.dirty.ratio，或超过 max.compaction.lag.ms 时，日志会被清理。',
  partition: '分区',
  broker: 'Broker',
  offsets: '日志起始 – 末尾',
  firstDirty: '清理检查点',
  dirtyRatio: '脏数据比例',
  minRatio: '最小 {ratio}',
  state: '状态',
  uncleanable: '无法清理',
  lastCleaning: '上次清理',
  never: 'Broker 启动以来未清理',
  lastCleaningText: '{time}，线程 {thread}：偏移量 [{from}, {to})，{bytesRead} → {bytesWritten}，{messagesRead} → {messagesWritten} 条记录',
  cleanedSegment: '已清理',
  cleanedSegmentHint: '位于清理检查点（{offset}）之下：日志清理器已压缩该分段。',
  checkpoint: 'cleaner-offset-checkpoint：已清理到偏移量 {offset}',
  checkpointEntry: '{partition}：已清理到 {offset}',
  checkpointEmpty: '为空：此日志目录中还没有被清理过的压缩分区',
};
