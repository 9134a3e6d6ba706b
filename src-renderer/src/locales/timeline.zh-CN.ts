// 时间线页面的中文文本（以 `timeline` 合并进 zh-CN.ts）。Kafka 的日志行保持 Kafka 的原文。
import type en from './timeline.en';

export default {
  title: '时间线',
  incidents: '事件经过',
  noIncidents: '还没有事件：kill 一个 broker、删除一个主题或选举 leader，经过就会显示在这里。',
  unfolding: '进行中',
  lasted: '耗时 {duration}',
  steps: '经过',
  events: '事件',
  kinds: '类别',
  kind: {
    controller: '控制器',
    'state-change': '状态变更',
    broker: 'Broker',
    zookeeper: 'ZooKeeper',
    'log-manager': '日志管理器',
    'client-request': '客户端请求',
  },
  broker: 'Broker',
  anyBroker: '任意 broker',
  topic: '主题',
  levels: '级别',
  showRoutine: '显示例行噪声（检查点写入、周期性检查）',
  loadOlder: '更早的事件',
  nothingMatches: '没有符合这些筛选条件的事件。',
  widen: '放宽筛选：清除主题、选择更多类别或级别，或显示例行噪声。',
  clearFilters: '清除筛选',
  latestIncidents: '最近的事件经过',
  allIncidents: '打开时间线',
  seq: '事件 #{seq}',
} satisfies typeof en;
