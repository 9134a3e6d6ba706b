/**
 * The node editor's "what is this znode" in both languages: the English of each spec
 * (core/kafka-zk/znode-specs.ts, keyed by kind as its comment says) beside its 简体中文. Kafka's own
 * names (ControllerChange, NumberFormatException, config keys) and the messages Kafka logs stay as
 * Kafka prints them.
 */
import type { ZnodeKind, ZnodeSpec } from '../../core/kafka-zk';
import type { LocalizedText } from '../contract';

type SpecTextField = 'title' | 'description' | 'writtenBy' | 'readBy' | 'onInvalidData';
type SpecTexts = Readonly<Record<SpecTextField, string>>;

const NEVER_READ = 'Kafka 从不读取它的数据。';
const STARTUP = '每个 broker 启动时创建（createTopLevelPaths），数据为 null。';

const ZH: Readonly<Record<ZnodeKind, SpecTexts>> = {
  root: {
    title: 'ZooKeeper 根节点',
    description: '整棵树（或 chroot）的根。',
    writtenBy: 'ZooKeeper。',
    readBy: '无。',
    onInvalidData: NEVER_READ,
  },
  'zookeeper-internal': {
    title: 'ZooKeeper 内部节点',
    description: 'ZooKeeper 自己的节点（配额、配置），Kafka 不使用。',
    writtenBy: 'ZooKeeper。',
    readBy: 'ZooKeeper。',
    onInvalidData: 'Kafka 不读取。',
  },
  cluster: {
    title: '集群',
    description: '集群 id 的父节点。',
    writtenBy: '随 /cluster/id 一起创建。',
    readBy: '无。',
    onInvalidData: NEVER_READ,
  },
  'cluster-id': {
    title: '集群 id',
    description: '集群 id：type-4 UUID 的 16 个随机字节，URL 安全的 Base64 编码且不带填充（22 个字符）。',
    writtenBy: '第一个启动的 broker（遇到 NODEEXISTS 时读取已有的 id）。',
    readBy: '每个 broker 启动时读取，并与每个日志目录中 meta.properties 的 cluster.id 比较。',
    onInvalidData: 'broker 启动失败："Failed to parse the cluster id json …"。',
  },
  controller: {
    title: '活动控制器',
    description: '指明哪个 broker 是控制器。临时节点：随该 broker 的会话消失，删除它会触发重新选举。',
    writtenBy: '赢得选举的 broker（同时写 /controller_epoch）。',
    readBy: '每个 broker（watch：创建 → ControllerChange，删除 → Reelect，修改 → ControllerChange）。',
    onInvalidData: '非 JSON 数据读作“没有控制器 id”；JSON 对象中没有整数 "brokerid" 时 watch 处理失败。',
  },
  'controller-epoch': {
    title: '控制器纪元（epoch）',
    description: '集群经历过的控制器选举次数，以十进制文本保存（不是 JSON）。它的 zkVersion 用来隔离（fence）控制器的每次写入。',
    writtenBy: '控制器选举（先创建为 0，之后带版本检查写为旧值 + 1）。',
    readBy: '选举，以及每次被隔离的控制器写入（检查其 zkVersion）。',
    onInvalidData: '选举因 NumberFormatException 失败。',
  },
  brokers: {
    title: 'Broker 节点',
    description: 'broker id、Topic 和 id 序列的父节点。',
    writtenBy: 'broker 启动时隐式创建。',
    readBy: '无。',
    onInvalidData: NEVER_READ,
  },
  'broker-ids': {
    title: '存活的 broker',
    description: '它的子节点是各存活 broker 的注册信息。',
    writtenBy: STARTUP,
    readBy: '控制器（子节点变化 → BrokerChange）。',
    onInvalidData: NEVER_READ,
  },
  'broker-registration': {
    title: 'Broker 注册信息',
    description:
      '一个存活的 broker 及其对外公布的监听器（advertised listeners）。临时节点：随 broker 的会话消失；它的 czxid 就是 broker epoch。',
    writtenBy: 'broker <id> 在启动时和建立新会话后写入；动态修改监听器时更新。',
    readBy: '控制器（BrokerChange、BrokerModifications），以及通过 UpdateMetadata 获知的每个 broker。',
    onInvalidData: '控制器读取 broker 列表失败："Failed to parse ZooKeeper registration for broker <id>: …"。',
  },
  'broker-seqid': {
    title: 'Broker id 序列',
    description: '开启 broker.id.generation.enable 时，用它的数据版本生成 broker id（reserved.broker.max.id + version）。',
    writtenBy: '启动时以 null 数据创建；自动生成 id 的 broker 对它执行 setData（空数据）。',
    readBy: '只读取它的 stat.version。',
    onInvalidData: NEVER_READ,
  },
  topics: {
    title: 'Topic 列表',
    description: '它的子节点就是各个 Topic。',
    writtenBy: STARTUP,
    readBy: '控制器（子节点变化 → TopicChange）。',
    onInvalidData: NEVER_READ,
  },
  topic: {
    title: 'Topic 副本分配',
    description:
      '一个 Topic 及其每个分区的副本（第一个为优先 leader）。adding_replicas / removing_replicas 只列出正在重分配的分区。手写这个节点就会创建 Topic（不做校验，也不创建配置 znode）。',
    writtenBy: '创建 Topic（AdminZkClient）、增加分区，以及重分配期间的控制器。',
    readBy: '控制器（新 Topic 触发 TopicChange；数据 watch 只对新增的分区触发 PartitionModifications）。',
    onInvalidData: '非 JSON 数据读作没有分区的 Topic；类型错误会使控制器事件失败。',
  },
  'topic-partitions': {
    title: 'Topic 的分区',
    description: '各分区状态节点的父节点。',
    writtenBy: '控制器，在第一次 leader 选举时创建。',
    readBy: '无（副本分配来自 Topic znode）。',
    onInvalidData: NEVER_READ,
  },
  'topic-partition': {
    title: '分区',
    description: '分区状态节点的父节点。',
    writtenBy: '控制器，在第一次 leader 选举时创建。',
    readBy: '无。',
    onInvalidData: NEVER_READ,
  },
  'partition-state': {
    title: '分区 leader 与 ISR',
    description:
      '分区的 leader、leader epoch 和 ISR，以及选出该 leader 的控制器的纪元。它的 zkVersion 就是分区的 zkVersion，所有写入都以它为条件。没有 watch（重分配期间除外）。',
    writtenBy: '控制器（选举、从 ISR 移除）和分区 leader（ISR 收缩/扩展）。',
    readBy: '控制器（故障转移、选举）和 leader（条件更新）。',
    onInvalidData: '非 JSON 数据读作没有 leader/ISR 信息；缺少字段会使读取方失败。',
  },
  admin: {
    title: '管理',
    description: '各管理请求的父节点。',
    writtenBy: 'broker 启动时隐式创建。',
    readBy: '无。',
    onInvalidData: NEVER_READ,
  },
  'delete-topics': {
    title: '待删除的 Topic',
    description: '它的子节点是被标记为删除的 Topic。',
    writtenBy: STARTUP,
    readBy: '控制器（子节点变化 → TopicDeletion）。',
    onInvalidData: NEVER_READ,
  },
  'delete-topic-marker': {
    title: 'Topic 删除标记',
    description:
      '把一个 Topic 标记为删除。手写它与 DeleteTopics 完全相同；删除完成后由控制器移除它（Topic 不存在或 delete.topic.enable=false 时立即移除）。',
    writtenBy: 'DeleteTopics / kafka-topics --delete（Topic znode 必须存在）。',
    readBy: '控制器（只读子节点名）。',
    onInvalidData: NEVER_READ,
  },
  'reassign-partitions': {
    title: '分区重分配请求',
    description:
      '旧式（由 ZooKeeper 触发的）重分配：每个分区的目标副本。控制器执行时不做 API 的副本检查，每完成一个分区就把它移除，为空时删除该 znode。',
    writtenBy: 'kafka-reassign-partitions --zookeeper，或手写。',
    readBy: '控制器（exists watch；创建 → ZkPartitionReassignment）。',
    onInvalidData: '整体忽略："Ignoring partition reassignment due to invalid json: …"（包含 "log_dirs" 等未知字段时也是如此）。',
  },
  'preferred-replica-election': {
    title: '优先 leader 选举请求',
    description: '旧式请求：把所列分区的 leader 移回其优先（第一个）副本。之后由控制器删除。',
    writtenBy: 'kafka-preferred-replica-election，或手写。',
    readBy: '控制器（exists watch；创建 → ReplicaLeaderElection(PREFERRED, ZkTriggered)）。',
    onInvalidData: '非 JSON 数据读作没有分区；结构错误会使选举失败。',
  },
  config: {
    title: '动态配置',
    description: '动态配置覆盖及其变更通知的父节点。',
    writtenBy: 'broker 启动时隐式创建。',
    readBy: '无。',
    onInvalidData: NEVER_READ,
  },
  'config-entity-type': {
    title: '配置实体类型',
    description: '某一实体类型（topics、clients、users、brokers）的配置覆盖的父节点。',
    writtenBy: STARTUP,
    readBy: 'broker 启动时列出它。',
    onInvalidData: NEVER_READ,
  },
  'config-entity': {
    title: '配置覆盖',
    description:
      '一个实体（Topic、client id、用户、broker id 或 <default>）的动态配置覆盖，值都是字符串。手动修改它不会生效，直到有变更通知指向它。',
    writtenBy: '创建 Topic（总会写入，即使为空）、AlterConfigs / IncrementalAlterConfigs、kafka-configs。',
    readBy: 'broker 启动时及收到变更通知时读取；Topic 删除时由控制器删除。',
    onInvalidData: '非 JSON 数据或没有 "config" 对象读作没有覆盖；值不是字符串会使读取方失败。',
  },
  'config-user-clients': {
    title: '用户的客户端配额',
    description: '某个用户下各客户端配额覆盖的父节点。',
    writtenBy: 'kafka-configs（隐式创建）。',
    readBy: 'broker，通过变更通知。',
    onInvalidData: NEVER_READ,
  },
  'config-changes': {
    title: '配置变更通知',
    description: '它的子节点告诉 broker 哪个实体的配置发生了变化。',
    writtenBy: STARTUP,
    readBy: '每个 broker（子节点变化 → 处理比上次处理过的更新的通知）。',
    onInvalidData: NEVER_READ,
  },
  'config-change-notification': {
    title: '配置变更通知',
    description: '通知每个 broker 重新读取某个实体的配置。broker 会删除超过 15 分钟的通知。',
    writtenBy: '修改实体配置的一方，在写完实体 znode 之后写入。',
    readBy: '每个 broker。',
    onInvalidData: '非 JSON：静默跳过。结构或版本错误："error processing change notification …"，跳过。',
  },
  'isr-change-notifications': {
    title: 'ISR 变更通知',
    description: '它的子节点告诉控制器哪些分区的 ISR 发生了变化。',
    writtenBy: STARTUP,
    readBy: '控制器（子节点变化 → IsrChangeNotification）。',
    onInvalidData: NEVER_READ,
  },
  'isr-change-notification': {
    title: 'ISR 变更通知',
    description: 'leader 修改了 ISR 的分区；控制器重新读取它们的状态，发送 UpdateMetadata，然后删除该通知。',
    writtenBy: '分区 leader，批量写入（最多每 2.5 秒一次）。',
    readBy: '控制器。',
    onInvalidData: '非 JSON：没有分区；结构错误会使控制器事件失败。',
  },
  'log-dir-event-notifications': {
    title: '日志目录事件通知',
    description: '它的子节点告诉控制器某个 broker 失去了一个日志目录。',
    writtenBy: STARTUP,
    readBy: '控制器（子节点变化 → LogDirEventNotification）。',
    onInvalidData: NEVER_READ,
  },
  'log-dir-event-notification': {
    title: '日志目录故障通知',
    description: '某个 broker 失去了一个日志目录；控制器向它查询副本状态，并让离线副本不再担任 leader。',
    writtenBy: '日志目录出故障的 broker。',
    readBy: '控制器；处理后删除。',
    onInvalidData: '非 JSON：忽略；JSON 对象中没有整数 "broker" 时控制器事件失败。',
  },
  'latest-producer-id-block': {
    title: '最新的 producer id 块',
    description: '事务协调器最近申请的 1000 个 producer id 组成的块（闭区间，以字符串写入）。数据为 null：还没有申请过。',
    writtenBy: '每个 broker 的事务协调器在启动时和当前块用完时写入（条件 setData）。',
    readBy: '事务协调器。',
    onInvalidData: '协调器失败："Failed to parse the producer id block json …"。',
  },
  consumers: {
    title: '旧版消费者',
    description: '供基于 ZooKeeper 的旧版消费者使用；它的 ACL 保持开放。',
    writtenBy: STARTUP,
    readBy: '只有旧版消费者。',
    onInvalidData: NEVER_READ,
  },
  'consumer-group-node': {
    title: '旧版消费者组数据',
    description: '由基于 ZooKeeper 的旧版消费者写入（ids、owners、offsets）；Kafka 2.5 的 broker 不读取。',
    writtenBy: '旧版消费者。',
    readBy: '旧版消费者。',
    onInvalidData: 'broker 不读取。',
  },
  'consumer-offset': {
    title: '旧版消费者位移',
    description: '基于 ZooKeeper 的旧版消费者组提交的位移，以十进制文本保存。',
    writtenBy: '旧版消费者。',
    readBy: '旧版消费者和位移工具。',
    onInvalidData: '读取方抛出 NumberFormatException。',
  },
  acl: {
    title: 'ACL（访问控制列表）',
    description: '某个资源的 ACL，只在配置了授权器（AclAuthorizer）时使用。本模拟不带授权器运行。',
    writtenBy: '配置了 AclAuthorizer 时的 kafka-acls / CreateAcls。',
    readBy: '配置了 AclAuthorizer 的 broker。',
    onInvalidData: '没有授权器时不读取。',
  },
  'acl-change': {
    title: 'ACL 变更通知',
    description: '通知配置了授权器的 broker 哪个资源的 ACL 发生了变化。',
    writtenBy: 'AclAuthorizer。',
    readBy: '配置了 AclAuthorizer 的 broker。',
    onInvalidData: '没有授权器时不读取。',
  },
  'delegation-token': {
    title: '委托令牌',
    description: '委托令牌（delegation token）信息，只在启用委托令牌时使用。',
    writtenBy: '启用了委托令牌的 broker。',
    readBy: '启用了委托令牌的 broker。',
    onInvalidData: '未启用委托令牌时不读取。',
  },
  unknown: {
    title: '不是 Kafka 的 znode',
    description: 'Kafka 2.5 不使用这个路径。',
    writtenBy: '不是 Kafka。',
    readBy: '不是 Kafka。',
    onInvalidData: 'Kafka 不读取。',
  },
};

/** One field of a znode's spec, in English and 简体中文. */
export function specText(spec: ZnodeSpec, field: SpecTextField): LocalizedText {
  return { en: spec[field], 'zh-CN': ZH[spec.kind][field] };
}
