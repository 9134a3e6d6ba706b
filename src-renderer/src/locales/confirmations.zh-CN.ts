// 破坏性操作确认的中文文本（合并到 zh-CN.ts 的 `confirmations`）：在同一个 ConfirmActionDialog 中逐句说明操作的后果。
export default {
  noUndo: '此操作无法撤销。',
  purge: {
    title: '清除 {topic}-{partition} 至位移 {offset}？',
    logStart: 'DeleteRecords 先把领导者（broker {leader}）上 {topic}-{partition} 的日志起始位移移到 {offset}，追随者随后通过拉取跟进。',
    records:
      '位移 {offset} 之前的记录将无法再读取：领导者上没有位移被删除。 | 位移 {offset} 之前的记录将无法再读取：领导者上删除 {n} 个位移。 | 位移 {offset} 之前的记录将无法再读取：领导者上删除 {n} 个位移。',
    segments: '完全低于该位移的段在下一次保留检查时删除：{segments}。',
    noSegments: '没有完全低于该位移的段：文件保留到保留策略将其删除为止。',
  },
  restore: {
    title: '用快照 {snapshot} 恢复工作区 {workspace}？',
    replaced: '工作区 {workspace} 的集群停止，其文件夹（metadata.db 和所有日志目录）被快照 {snapshot} 中的副本替换。',
    lost: '快照之后在 {workspace} 中做的一切都将丢失：主题、记录、位移、时间线和指标。',
    reopened: '集群从快照重新启动，并成为当前打开的工作区。快照本身保留。',
  },
  deleteSnapshot: {
    title: '删除快照 {name}？',
    files: '快照 {name} 中工作区 {workspace} 的副本（metadata.db 和日志目录）将被删除。',
    workspaceKept: '工作区 {workspace} 本身不变，但无法再恢复到这个时间点。',
  },
  deleteGroup: {
    title: '删除消费者组 {group}？',
    offsets: 'kafka-consumer-groups --delete：组协调器向 __consumer_offsets 写入墓碑记录，删除该组所有已提交的位移及其元数据。',
    refusal: '组内还有活跃成员时 Kafka 拒绝删除（NON_EMPTY_GROUP）。',
    restart: '之后再加入 {group} 的消费者从 auto.offset.reset 指定的位置开始（默认 latest）。',
  },
  deleteOffsets: {
    title: '删除 {group} 在 {topic} 上的位移？',
    offsets: 'kafka-consumer-groups --delete-offsets：删除组 {group} 在 {topic} 所有分区上已提交的位移。',
    refusal: '组内有活跃成员订阅 {topic} 时 Kafka 拒绝删除（GROUP_SUBSCRIBED_TO_TOPIC）。',
    restart: '之后 {group} 的消费者从 auto.offset.reset 指定的位置读取 {topic}。',
  },
  resetOffsets: {
    title: '重置 {group} 的位移？',
    commit: '{n} 个分区已提交的位移被计划中 NEW-OFFSET 列的值替换。 | {n} 个分区已提交的位移被计划中 NEW-OFFSET 列的值替换。',
    refusal: '组内还有活跃成员时 Kafka 拒绝重置：请先停止其消费者。',
    previous: '之前的位移不会保存：请记下上方各分区当前的位移，以便用 --to-offset 恢复。',
  },
  cancelReassignment: {
    title: '取消 {n} 个分区的重分配？ | 取消 {n} 个分区的重分配？',
    partition: '{topic}-{partition} 恢复为副本 {replicas}；正在添加的副本（broker {adding}）停止并删除已复制的日志。',
    partitionNoAdding: '{topic}-{partition} 恢复为副本 {replicas}。',
    cancelOnly: 'kafka-reassign-partitions.sh --cancel：控制器停止这些分区的迁移，并将其从 /admin/reassign_partitions 中移除。',
    noLoss: '不会丢失任何记录：原有副本一直保有该分区。',
  },
};
