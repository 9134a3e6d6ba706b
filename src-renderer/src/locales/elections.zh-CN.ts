// Leader 选举视图的简体中文文本（作为 `elections` 合并进 zh-CN.ts）。
import type en from './elections.en';

const elections: typeof en = {
  title: 'Leader 选举',
  electAll: '整个集群的首选副本选举',
  uncleanAll: '整个集群的 unclean 选举',
  imbalanceTitle: '各 broker 的 leader 不均衡',
  imbalanceNote:
    'Controller 的自动再平衡（{enabled}）每 {interval} 秒检查一次：某 broker 作为首选副本的分区中，由其他 broker 担任 leader 的比例超过 leader.imbalance.per.broker.percentage = {percentage}% 时，通过首选副本选举把 leader 还给它。',
  autoOn: '开启',
  autoOff: '关闭',
  partitionsTitle: '分区',
  onlyNeeding: '只显示需要选举的分区',
  none: '没有需要选举的分区。',
  resultsTitle: '上次选举',
  columns: {
    broker: 'Broker',
    preferred: '首选分区数',
    notLed: '由他处领导',
    ratio: '不均衡',
    leads: '当前领导',
    status: '状态',
    topic: 'Topic',
    partition: '分区',
    leader: 'Leader',
    preferredLeader: '首选',
    replicas: '副本',
    isr: 'ISR',
    actions: '选举',
    error: '结果',
    message: '消息',
  },
  overThreshold: '超过 {percentage}%',
  balanced: '均衡',
  stopped: '未运行',
  offline: '离线',
  preferredButton: '首选',
  uncleanButton: 'Unclean',
  topicButton: '首选，整个 Topic',
  confirmTitle: '{type} leader 选举',
  scopeAll: '集群的所有分区',
  scopeTopic: 'Topic {topic} 的所有分区',
  scopePartition: '分区 {topic}-{partition}',
  preferredSentences: {
    request: '向 controller（broker {controller}）发送 ElectLeaders 请求（PREFERRED），范围：{scope}。',
    moves:
      '在首选（第一个）副本存活且在 ISR 中时，leader 移到首选副本：当前 {count} 个分区：{partitions}。 | 在首选（第一个）副本存活且在 ISR 中时，leader 移到首选副本：当前 {count} 个分区：{partitions}。',
    nothing:
      '范围内的每个分区都已由首选副本领导，或首选副本当前无法成为 leader：controller 回答 ELECTION_NOT_NEEDED 或 PREFERRED_LEADER_NOT_AVAILABLE。',
    clients: '旧 leader 变为 follower；生产者和消费者会收到一次 NOT_LEADER_FOR_PARTITION 并刷新元数据。不会丢数据：新 leader 在 ISR 中。',
  },
  uncleanSentences: {
    request: '向 controller（broker {controller}）发送 ElectLeaders 请求（UNCLEAN），范围：{scope}。',
    offline:
      '没有存活 leader 的分区选 ISR 中第一个存活的副本；若 ISR 中无存活副本，则选 ISR 之外第一个存活的副本——无论 unclean.leader.election.enable 如何设置。',
    loss: 'Unclean leader 可能缺少旧 leader 已确认的记录：这些记录会丢失，消费者可能看到 offset 回退。',
    noop: '已有存活 leader 的分区保持不变（ELECTION_NOT_NEEDED）。',
  },
  result: '{elected} 个已选出，{noop} 个无需选举，{failed} 个失败。',
};

export default elections;
