// 新用户发现的粗糙之处的简体中文文本（作为 `edges` 并入 zh-CN.ts）。
// Kafka 自己的话（其工具的警告、其错误信息）在两种语言中都保留英文。
const COLLISION_WARNING =
  "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore ('_') could collide. To avoid issues it is best to use either, but not both.";

export default {
  config: {
    unlimited: '= 不限制',
  },
  wizard: {
    collisionWarning: COLLISION_WARNING,
    collisionWhy:
      "对这样的名称，kafka-topics.sh 会打印上面的警告：指标名称会把 '.' 变成 '_'，因此 a.b 和 a_b 会共用同一组指标。Kafka 会拒绝与已有 topic 冲突的新 topic。",
  },
  review: {
    command: '用 kafka-topics.sh 做同样的事',
  },
  topic: {
    malformed: 'znode 格式错误',
    malformedTitle: 'Kafka 无法读取 {path}：该 topic 没有可用的分区',
  },
  session: {
    title: 'Broker {id} 已被 kill，但 controller 还不知道',
    why: '在 ZooKeeper 让被 kill 的 broker 的会话过期之前，没有任何东西告诉 controller 它已经不在了；会话在最后一次心跳后 {timeout} 过期（zookeeper.session.timeout.ms = {timeoutMs}）。在此之前 broker {id} 仍显示为其分区的 leader，而这些分区不作任何应答（offset 为 -1）。',
    expiresIn: '会话将在 {time} 后过期',
    expiringNow: '会话正在过期…',
    killedAgo: '{time} 前被 kill',
  },
  brokers: {
    more: '更多',
    blocked: {
      running: '该 broker 正在运行。',
      notRunning: '该 broker 没有运行。',
      noOnlineDir: '没有在线的日志目录。',
      removeRunning: '正在运行：请先关闭或 kill 它。',
    },
  },
  confirm: {
    typeName: '输入 {name} 以确认：',
  },
  deleteTopic: {
    title: '删除 topic {name}',
    marker: 'ZooKeeper 中写入 /admin/delete_topics/{name}；controller（delete.topic.enable=true）把该 topic 排入删除队列。',
    controller:
      'controller 让它的 {partitions} 个分区下线，向各 broker 发送 StopReplica（delete）删除它的 {replicas} 个副本，然后删除 /brokers/topics/{name}、/config/topics/{name} 和删除标记。',
    files: '每个 broker 把分区目录重命名为 …-delete，并在 file.delete.delay.ms 之后删除，共 {size} 的记录，无法恢复。',
    clients: '{name} 的生产者和消费者会收到 UNKNOWN_TOPIC_OR_PARTITION；若开启 auto.create.topics.enable，客户端可能会再次创建它。',
  },
  deleteWorkspace: {
    files: '工作区 {name} 的文件夹将被删除：其 metadata.db（模拟的 ZooKeeper 和事件日志）以及其 {brokers} 个 broker 的日志目录。',
    snapshots: '它的 {count} 个快照也会被删除。',
    noUndo: '此操作无法撤销。',
  },
};
