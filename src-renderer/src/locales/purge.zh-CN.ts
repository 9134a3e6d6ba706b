// 分区清除（DeleteRecords）的中文文本（合并到 zh-CN.ts 的 `purge`）。
export default {
  action: '清除',
  title: '清除 {topic}-{partition} 至指定位移',
  hint: 'DeleteRecords：领导者的日志起始位移移到该位移，追随者随后通过拉取得知。-1 表示高水位（{hw}）。',
  offset: '位移',
  preview: '预览',
  broker: 'Broker',
  leader: '领导者',
  logStart: '日志起始位移',
  offsetsDeleted: '删除的位移数',
  segmentsDeleted: '删除的段',
  segmentsKept: '保留的段',
  segmentsNote: '完全低于新日志起始位移的段在下一次保留检查（log.retention.check.interval.ms）时删除。',
  none: '无',
  submit: '清除',
  done: '已清除 {topic}-{partition}：低水位 {lowWatermark}',
  failed: '清除 {topic}-{partition} 失败：{error}',
};
