// 事务视图的中文文本（在 zh-CN.ts 中合并为 `transactions`）。事务状态、错误名和配置名为 Kafka 原文，不翻译。
export default {
  title: '事务',
  note: '运行中的事务协调器（各 transactional id 所在 __transaction_state 分区的 leader）持有的每个 transactional id，取自 TransactionMetadata。实时更新。',
  none: '还没有 transactional id：设置了 transactional.id 的生产者需先调用 initTransactions。',
  columns: {
    transactionalId: 'Transactional id',
    state: '状态',
    producer: 'Producer id / epoch',
    partitions: '事务中的分区',
    timeout: 'transaction.timeout.ms',
    started: '开始时间',
    coordinator: '协调器',
    actions: '操作',
  },
  pending: '正在写入 {state}',
  timedOut: '已超时',
  coordinatorCell: 'broker {broker} · __transaction_state-{partition} · epoch {epoch}',
  fence: '隔离生产者',
  confirmTitle: '隔离 {id} 的生产者',
  confirmInit: 'Dojo 向其协调器 broker {broker} 发送 transactional id {id} 的 InitProducerId，如同该生产者的新实例一样。',
  confirmEpoch:
    'Producer epoch 从 {from} 变为 {to}：正在运行的生产者（epoch {from}）被隔离，其下一个请求将以 INVALID_PRODUCER_EPOCH 失败。',
  confirmAbort:
    '其在 {count} 个分区上进行中的事务被中止：向 __transaction_state 写入 PrepareAbort，向每个分区写入 ABORT 标记，然后写入 CompleteAbort。read_committed 消费者永远看不到这些记录。',
  confirmNoTxn: '它没有进行中的事务：只有 epoch 改变。',
  confirmButton: '隔离',

  openTitle: '未完成的事务',
  holds: '分区 {partition} 的 LSO 被 producer id {producerId}（epoch {epoch}）停在 {offset}',
  alsoOpen: '分区 {partition}：producer id {producerId}（epoch {epoch}）有一个从位移 {offset} 开始的未完成事务',
  startedAgo: '开始于 {time} 前',
  startedUnknown: '开始时间未知',
};
