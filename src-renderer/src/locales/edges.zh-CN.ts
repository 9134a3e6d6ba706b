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
};
