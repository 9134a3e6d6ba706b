// 监控大盘的简体中文（并入 zh-CN.ts 的 `dashboard`）。指标名是 Kafka 的 MBean 名，不翻译。
import type en from './dashboard.en';

const dashboard: typeof en = {
  title: '监控大盘',
  note: 'Kafka 的 Broker 指标，按集群时间每 15 秒采样一次，在工作区中保留 24 小时。Meter 显示为每秒速率；竖线是事件（点击可在时间线中打开）。',
  range: '时间范围',
  ranges: { '15m': '15 分钟', '1h': '1 小时', '6h': '6 小时', '24h': '24 小时' },
  tabs: { overview: '总览', broker: '按 Broker', topic: '按 Topic', group: '按消费组' },
  broker: 'Broker',
  topic: 'Topic',
  group: '消费组',
  noBrokers: '还没有采样到任何 Broker。',
  noTopics: '还没有采样到任何 Topic。',
  noGroups: '还没有采样到任何消费组。',
  noData: '此时间范围内还没有样本。',
  points: '{n} 个点',
  charts: {
    bytesIn: '入流量（字节/秒）',
    bytesOut: '出流量（字节/秒）',
    messagesIn: '写入消息数（条/秒）',
    requests: '请求数（个/秒）',
    underReplicated: '副本不足的分区',
    offline: '离线分区',
    isr: 'ISR 收缩 / 扩张（次/秒）',
    activeController: '活跃控制器数',
    leaders: 'Leader 数 / 分区数',
    maxLag: '副本最大延迟（消息数）',
    elections: 'Leader 选举（次/秒）',
    size: '磁盘占用（字节，含全部副本）',
    lag: '消费延迟（消息数）',
  },
  series: {
    shrinks: '收缩',
    expands: '扩张',
    leaders: 'Leader',
    partitions: '分区',
  },
};

export default dashboard;
