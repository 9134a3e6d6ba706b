// 首次运行欢迎页的中文文本（作为 `welcome` 合并进 zh-CN.ts）。
export default {
  link: '欢迎',
  title: '欢迎使用 Kafka Dojo',
  intro:
    'Kafka Dojo 在本应用内运行一个完整的 ZooKeeper 模式 Apache Kafka 2.5 集群：一个控制器、写入真实日志段文件的 broker，以及可以逐个节点读写的 ZooKeeper。你可以有意地制造故障，观察 Kafka 如何应对，并在生产环境操作之前先在这里演练。',
  cluster: {
    title: '你的集群',
    brokers: { one: '{n} 个 broker', other: '{n} 个 broker' },
    topics: { one: '{n} 个 Topic', other: '{n} 个 Topic' },
    controller: '控制器：broker {id}',
    noController: '当前没有控制器',
    broker: 'Broker {id}',
    loading: '正在读取集群…',
  },
  exercisesTitle: '从这三个练习开始',
  exercises: {
    killController: {
      title: '杀掉控制器',
      steps: {
        1: '在“Broker”页面找到标记为控制器的 broker。',
        2: '杀掉它：先看看 Kafka 会做什么（在它的 ZooKeeper 会话过期之前什么都不会发生）。',
        3: '观察另一个 broker 抢到 /controller、控制器纪元加一，以及它的分区选出新的 leader。',
      },
      go: '打开 Broker 页面',
    },
    deleteWithBrokerDown: {
      title: '在 broker 宕机时删除 Topic',
      steps: {
        1: '停止或杀掉一个持有某 Topic 副本的 broker。',
        2: '在“删除进度”页面删除该 Topic。',
        3: '观察删除处于等待状态（ReplicaDeletionIneligible），直到该 broker 恢复后才完成。',
      },
      go: '打开删除进度页面',
    },
    handWriteTopic: {
      title: '手写一个 Topic znode',
      steps: {
        1: '用 Topic 模板打开 ZooKeeper 节点编辑器。',
        2: '修改 Topic 名以及每个分区的副本。',
        3: '保存前先看看控制器会做什么，然后保存，并找到新建的 Topic。',
      },
      go: '打开节点编辑器',
    },
  },
  start: '前往概览',
};
