// 简体中文：导航与浏览相关文本（在 zh-CN.ts 中合并为 `browsing`）。中文没有复数，各形式读法相同。
export default {
  zookeeper: {
    jump: '跳转到 znode 路径',
    jumpPlaceholder: '路径，例如 /brokers/ids，按回车',
    noNode: '节点不存在：{path}',
    typeName: '在 {parent} 之后输入新 znode 的路径（或从模板开始）。',
  },
  messages: {
    allPartitions: '全部分区',
    merged: '读取自 {n} 个分区，按时间戳排列 | 读取自 {n} 个分区，按时间戳合并排列',
    written: '已写入（leader {leader}）',
  },
  topic: {
    messages: '消息',
    consumers: '消费者',
    noConsumers: '没有消费组在此 topic 上有位移或分配',
    group: '消费组',
    groupState: '状态',
    members: '成员数',
    lag: '此 topic 的 lag',
    partitionLags: '各分区 lag',
    moreConsumers: '……另有 {n} 个消费组 | ……另有 {n} 个消费组',
    onPreferred: '位于首选 leader（第一个副本）',
    notPreferred: '首选：{broker}',
    notPreferredHint: '不在首选 leader 上：首选 leader 选举（或 auto.leader.rebalance.enable）会把 leader 移回第一个副本。',
    notOnPreferred: '不在首选 leader 上',
    sameAsCommand: '用 kafka-configs 做同样的修改：',
  },
  shell: {
    collapseMenu: '收起菜单',
    expandMenu: '展开菜单',
  },
};
