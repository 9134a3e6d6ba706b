/**
 * The node editor's "what will happen when you save": the data checked against the znode's Kafka
 * schema (core/kafka-zk `validateZnodeData`, the decoding the controller itself uses) and plain sentences
 * of what the controller and brokers will do, computed from the cluster as it is now (live
 * brokers, existing topics, topics queued for deletion, delete.topic.enable).
 */
import type { ReplicaAssignment, TopicAssignment, ZnodeIdentity } from '../../core/kafka-zk';
import { ZNODE_SPECS, identifyZnode, validateZnodeData } from '../../core/kafka-zk';
import type { TopicPartition } from '../../core/common/topic-partition';
import { Perms, pathValidationError } from '../../core/zookeeper';
import type { ClusterFacts } from './znode-cluster-facts';
import type { LocalizedText } from '../contract';
import { kafkaText } from '../localized-text';
import { encodeData, isDataProblem, kindDto } from './znode-dto';
import { znodeNoteText } from './znode-notes';
import { specText } from './znode-spec-texts';
import type { ZnodeCheckDto, ZnodeCheckRequestDto, ZnodeDataProblemDto } from './zookeeper-contract';

const list = (xs: readonly (number | string)[]): string => xs.join(',');
const lt = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });
const NOT_KAFKA = lt('Not a Kafka znode: nothing in Kafka reads it.', '不是 Kafka 的 znode：Kafka 不会读取它。');
const ON_CREATE_ONLY = lt(
  'The controller reacts only when this node is created: changing its data has no effect.',
  '控制器只在这个节点被创建时作出反应：修改它的数据不会产生任何效果。',
);
const NOTHING_LISTED = lt(
  'No partition listed: the controller deletes the node and does nothing.',
  '没有列出分区：控制器删除该节点，不做其他事。',
);

export async function checkZnode(request: ZnodeCheckRequestDto, facts: ClusterFacts): Promise<ZnodeCheckDto> {
  const identity = identifyZnode(request.path);
  const kind = kindDto(identity);
  const sequential = request.mode === 'persistent-sequential' || request.mode === 'ephemeral-sequential';
  const pathError = sequential ? pathValidationError(`${request.path}0000000000`) : pathValidationError(request.path);
  if (pathError !== null)
    // Kafka's text: ZooKeeper's own refusal of the path.
    return {
      kind,
      refusal: kafkaText(`KeeperErrorCode = BadArguments for ${request.path}: ${pathError}`),
      problem: null,
      notes: [],
      effects: [],
    };
  const bytes = request.op === 'delete' ? null : encodeData(request.data, request.encoding);
  if (isDataProblem(bytes)) return { kind, refusal: bytes, problem: null, notes: [], effects: [] };
  const refusal = await zooKeeperRefusal(request, sequential, facts);
  if (request.op === 'delete') {
    return {
      kind,
      refusal,
      problem: null,
      notes: identity.problem ? [znodeNoteText(identity.problem)] : [],
      effects: refusal ? [] : await deleteEffects(identity, facts),
    };
  }
  const validation = validateZnodeData(request.path, bytes);
  const problem: ZnodeDataProblemDto | null = validation.error
    ? {
        message: validation.error.message,
        kafkaReading: validation.error.kafkaReading,
        line: validation.error.line,
        column: validation.error.column,
      }
    : null;
  const effects: LocalizedText[] = refusal
    ? []
    : problem && problem.kafkaReading !== 'accepts'
      ? [invalidEffect(identity, problem)]
      : await writeEffects(request.op, identity, validation.value, facts);
  if (problem?.kafkaReading === 'accepts')
    effects.unshift(
      lt(
        `Kafka 2.5 would read it anyway, but the emulated controller reports “${problem.message}” and skips it.`,
        `Kafka 2.5 仍会读取它，但模拟的控制器会报告“${problem.message}”并跳过它。`,
      ),
    );
  return { kind, refusal, problem, notes: validation.notes.map(znodeNoteText), effects };
}

/** What ZooKeeper itself will answer (NodeExists, NoNode), checked now — the save may still race. */
async function zooKeeperRefusal(request: ZnodeCheckRequestDto, sequential: boolean, facts: ClusterFacts): Promise<LocalizedText | null> {
  const answer = await zooKeeperAnswer(request, sequential, facts);
  // Kafka's text: ZooKeeper's (and zkCli's) own words, English in both languages.
  return answer === null ? null : kafkaText(answer);
}

async function zooKeeperAnswer(request: ZnodeCheckRequestDto, sequential: boolean, facts: ClusterFacts): Promise<string | null> {
  // In ZooKeeper's order: a create's parent, its CREATE, then the node; a delete's parent DELETE first.
  const exists = await facts.exists(request.path).catch(() => false);
  const parent = request.path.slice(0, request.path.lastIndexOf('/')) || '/';
  const noAuth = `Insufficient permission : ${request.path}`;
  if (request.op === 'create') {
    if (!(await facts.exists(parent).catch(() => false))) return `KeeperErrorCode = NoNode for ${request.path}`;
    if ((await facts.mayDo(parent, Perms.CREATE)) === false) return noAuth;
    if (!sequential && exists) return `KeeperErrorCode = NodeExists for ${request.path}`;
    return null;
  }
  if (request.op === 'delete' && (await facts.mayDo(parent, Perms.DELETE)) === false) return noAuth;
  if (!exists) return `KeeperErrorCode = NoNode for ${request.path}`;
  if (request.op === 'setData' && (await facts.mayDo(request.path, Perms.WRITE)) === false) return noAuth;
  return null;
}

function invalidEffect(identity: ZnodeIdentity, problem: ZnodeDataProblemDto): LocalizedText {
  const reader = readerOf(identity);
  if (problem.kafkaReading === 'treats-as-empty')
    return lt(
      `Invalid: ${reader.en} will read it as empty (“${problem.message}”) and ignore it.`,
      `无效：${reader['zh-CN']}会把它读作空（“${problem.message}”）并忽略它。`,
    );
  return lt(
    `Invalid: ${reader.en} will log “${problem.message}” and ignore it.`,
    `无效：${reader['zh-CN']}会记录“${problem.message}”并忽略它。`,
  );
}

function readerOf(identity: ZnodeIdentity): LocalizedText {
  switch (identity.kind) {
    case 'config-entity':
    case 'config-change-notification':
    case 'cluster-id':
    case 'latest-producer-id-block':
      return lt('the brokers', 'broker');
    default:
      return lt('the controller', '控制器');
  }
}

/** "Read by: …" of a znode nobody watches. */
function readBy(identity: ZnodeIdentity): LocalizedText {
  return specText(ZNODE_SPECS[identity.kind], 'readBy');
}

async function writeEffects(
  op: 'create' | 'setData',
  identity: ZnodeIdentity,
  value: unknown,
  facts: ClusterFacts,
): Promise<LocalizedText[]> {
  switch (identity.kind) {
    case 'topic':
      return topicEffects(op, identity.topic, value as TopicAssignment, facts);
    case 'partition-state':
      return partitionStateEffects(identity.topicPartition, facts);
    case 'delete-topic-marker':
      return op === 'create'
        ? deletionMarkerEffects(identity.topic, facts)
        : [lt('Kafka never reads its data: no effect.', 'Kafka 从不读取它的数据：没有任何效果。')];
    case 'reassign-partitions':
      return op === 'create'
        ? reassignmentEffects(value as { partitions: Iterable<[TopicPartition, readonly number[]]> }, facts)
        : [ON_CREATE_ONLY];
    case 'preferred-replica-election':
      return op === 'create' ? preferredElectionEffects(value as TopicPartition[]) : [ON_CREATE_ONLY];
    case 'controller':
      return op === 'create'
        ? [
            lt(
              'Every broker reads this as the controller (ControllerChange); the broker it names does not act as controller until it wins an election.',
              '每个 broker 都把它读作控制器（ControllerChange）；它指定的 broker 在赢得选举之前并不会履行控制器职责。',
            ),
          ]
        : [
            lt(
              'ControllerChange: the active controller re-reads /controller and resigns if it is no longer named.',
              'ControllerChange：活动控制器重新读取 /controller，如果上面不再是自己，就辞去控制器职务。',
            ),
          ];
    case 'controller-epoch':
      return [
        lt(
          'Nothing watches this node: the next controller election increments it, and a controller whose epoch zkVersion no longer matches is fenced (ControllerMovedException).',
          '没有 watch 监视这个节点：下一次控制器选举会让它加一，epoch 的 zkVersion 不再匹配的控制器会被隔离（ControllerMovedException）。',
        ),
      ];
    case 'broker-registration':
      return op === 'create'
        ? [
            lt(
              `BrokerChange: the controller sees broker ${identity.brokerId ?? '?'} as alive and sends it UpdateMetadata; no broker process answers it, and it goes with the node editor's session if ephemeral.`,
              `BrokerChange：控制器认为 broker ${identity.brokerId ?? '?'} 存活并向它发送 UpdateMetadata；但没有 broker 进程应答，若为临时节点，它会随节点编辑器的会话一起消失。`,
            ),
          ]
        : [
            lt(
              'BrokerModifications: the controller re-reads the endpoints and sends UpdateMetadata to every broker.',
              'BrokerModifications：控制器重新读取 endpoints，并向每个 broker 发送 UpdateMetadata。',
            ),
          ];
    case 'config-entity':
      return [
        lt(
          'Brokers re-read it only when a change notification names it: no effect until /config/changes/config_change_<N> is written.',
          'broker 只在变更通知指向它时才重新读取：写入 /config/changes/config_change_<N> 之前不会生效。',
        ),
      ];
    case 'config-change-notification':
      return [lt('Every broker re-reads the config named by entity_path.', '每个 broker 重新读取 entity_path 指定的配置。')];
    case 'isr-change-notification':
      return [
        lt(
          "IsrChangeNotification: the controller re-reads the listed partitions' state, sends UpdateMetadata to every broker and deletes this notification.",
          'IsrChangeNotification：控制器重新读取所列分区的状态，向每个 broker 发送 UpdateMetadata，然后删除这条通知。',
        ),
      ];
    case 'log-dir-event-notification':
      return [
        lt(
          "LogDirEventNotification: the controller asks the broker for its replicas' state and deletes this notification.",
          'LogDirEventNotification：控制器向该 broker 查询其副本状态，然后删除这条通知。',
        ),
      ];
    case 'unknown':
      return [NOT_KAFKA];
    default:
      return [
        lt(
          `Nothing watches this node: no effect until the next controller failover. Read by: ${readBy(identity).en}`,
          `没有 watch 监视这个节点：下一次控制器故障转移之前不会生效。读取者：${readBy(identity)['zh-CN']}`,
        ),
      ];
  }
}

async function topicEffects(
  op: 'create' | 'setData',
  topic: string,
  assignment: TopicAssignment,
  facts: ClusterFacts,
): Promise<LocalizedText[]> {
  const live = new Set(await facts.liveBrokers());
  const controller = await facts.controllerId();
  const out: LocalizedText[] = [];
  const describe = (partitions: [number, ReplicaAssignment][]): LocalizedText => {
    const brokers = [...new Set(partitions.flatMap(([, a]) => a.replicas))].sort((a, b) => a - b);
    return lt(
      `${partitions.length} partition${partitions.length === 1 ? '' : 's'} on broker${brokers.length === 1 ? '' : 's'} ${list(brokers)}`,
      `${partitions.length} 个分区，位于 broker ${list(brokers)}`,
    );
  };
  const leaderless = (partitions: [number, ReplicaAssignment][]): number[] =>
    partitions.filter(([, a]) => !a.replicas.some((r) => live.has(r))).map(([p]) => p);
  const noLiveReplica = (offline: number[], suffix: { en: string; zh: string }): LocalizedText =>
    lt(
      `Partition${offline.length === 1 ? '' : 's'} ${list(offline)} ha${offline.length === 1 ? 's' : 've'} no live replica: no leader and no log${suffix.en}.`,
      `分区 ${list(offline)} 没有存活的副本：没有 leader，也没有日志${suffix.zh}。`,
    );
  if (op === 'create') {
    const partitions = [...assignment];
    const d = describe(partitions);
    out.push(
      lt(
        `This creates topic ${topic} with ${d.en} (no /config/topics/${topic}: the brokers' defaults apply).`,
        `这会创建 Topic ${topic}，共 ${d['zh-CN']}（没有 /config/topics/${topic}：使用 broker 的默认配置）。`,
      ),
    );
    const offline = leaderless(partitions);
    if (offline.length > 0) out.push(noLiveReplica(offline, { en: ` for ${offline.length === 1 ? 'it' : 'them'}`, zh: '' }));
  } else {
    const current = (await facts.topicAssignment(topic)) ?? new Map<number, ReplicaAssignment>();
    const added = [...assignment].filter(([p]) => !current.has(p));
    const changed = [...assignment]
      .filter(([p, a]) => current.has(p) && list(current.get(p)?.replicas ?? []) !== list(a.replicas))
      .map(([p]) => p);
    const queued = (await facts.topicsQueuedForDeletion()).has(topic);
    if (added.length > 0 && queued) {
      out.push(
        lt(
          `Topic ${topic} is queued for deletion: the controller rewrites this znode back to its ${current.size} partitions.`,
          `Topic ${topic} 正在等待删除：控制器会把这个 znode 改写回原来的 ${current.size} 个分区。`,
        ),
      );
    } else if (added.length > 0) {
      const d = describe(added);
      out.push(
        lt(
          `This adds partition${added.length === 1 ? '' : 's'} ${list(added.map(([p]) => p))} to topic ${topic} (${d.en}).`,
          `这会为 Topic ${topic} 增加分区 ${list(added.map(([p]) => p))}（${d['zh-CN']}）。`,
        ),
      );
      const offline = leaderless(added);
      if (offline.length > 0) out.push(noLiveReplica(offline, { en: '', zh: '' }));
    }
    if (changed.length > 0) {
      out.push(
        lt(
          `The running controller ignores changes to existing partitions (${list(changed)}); they take effect in its cache only after a controller failover, which then uses this assignment.`,
          `运行中的控制器会忽略对已有分区（${list(changed)}）的修改；只有在控制器故障转移之后，这些修改才会进入它的缓存，届时使用这个副本分配。`,
        ),
      );
    }
    if (added.length === 0 && changed.length === 0)
      out.push(lt('No partition added: the controller changes nothing.', '没有新增分区：控制器不做任何改动。'));
  }
  if (controller === null)
    out.push(
      lt(
        'No controller is alive: nothing happens until a broker is elected controller, whose failover then does it.',
        '当前没有存活的控制器：在某个 broker 当选控制器之前什么都不会发生，之后由它的故障转移过程完成。',
      ),
    );
  return out;
}

async function partitionStateEffects(tp: TopicPartition | null, facts: ClusterFacts): Promise<LocalizedText[]> {
  const out = [
    lt(
      'Nothing watches this node: no effect until the next controller failover, which keeps it as written.',
      '没有 watch 监视这个节点：下一次控制器故障转移之前不会生效，届时会沿用写入的内容。',
    ),
  ];
  if (tp === null) return out;
  const assignment = await facts.topicAssignment(tp.topic);
  if (!assignment?.has(tp.partition)) {
    out.push(
      lt(
        `Partition ${tp.partition} of ${tp.topic} does not exist yet: an expansion that adds it finds this node (NODEEXISTS), cannot initialise it, sends no LeaderAndIsr and creates no log.`,
        `${tp.topic} 的分区 ${tp.partition} 还不存在：之后增加这个分区时会遇到这个节点（NODEEXISTS），无法初始化它，不会发送 LeaderAndIsr，也不会创建日志。`,
      ),
    );
  }
  return out;
}

async function deletionMarkerEffects(topic: string, facts: ClusterFacts): Promise<LocalizedText[]> {
  if (!facts.deleteTopicEnable())
    return [
      lt(
        'delete.topic.enable=false: the controller removes this marker and deletes nothing.',
        'delete.topic.enable=false：控制器会移除这个标记，不删除任何东西。',
      ),
    ];
  const assignment = await facts.topicAssignment(topic);
  if (assignment === null)
    return [lt(`Topic ${topic} does not exist: the controller removes this marker.`, `Topic ${topic} 不存在：控制器会移除这个标记。`)];
  const brokers = [...new Set([...assignment.values()].flatMap((a) => a.replicas))].sort((a, b) => a - b);
  const live = new Set(await facts.liveBrokers());
  const out = [
    lt(
      `This marks topic ${topic} for deletion: StopReplica to broker${brokers.length === 1 ? '' : 's'} ${list(brokers)} for its ${assignment.size} partition${assignment.size === 1 ? '' : 's'}, the logs renamed <topic>-<partition>.<id>-delete, then /brokers/topics/${topic}, /config/topics/${topic} and this marker deleted.`,
      `这会把 Topic ${topic} 标记为删除：向 broker ${list(brokers)} 发送其 ${assignment.size} 个分区的 StopReplica，日志重命名为 <topic>-<partition>.<id>-delete，然后删除 /brokers/topics/${topic}、/config/topics/${topic} 和这个标记。`,
    ),
  ];
  const down = brokers.filter((b) => !live.has(b));
  if (down.length > 0)
    out.push(
      lt(
        `Broker${down.length === 1 ? '' : 's'} ${list(down)} ${down.length === 1 ? 'is' : 'are'} down: the deletion waits (ReplicaDeletionIneligible) until ${down.length === 1 ? 'it comes' : 'they come'} back.`,
        `broker ${list(down)} 已宕机：删除会一直等待（ReplicaDeletionIneligible），直到它恢复。`,
      ),
    );
  if ((await facts.controllerId()) === null)
    out.push(
      lt('No controller is alive: the deletion starts after the next election.', '当前没有存活的控制器：删除在下一次选举之后开始。'),
    );
  return out;
}

function reassignmentEffects(value: { partitions: Iterable<[TopicPartition, readonly number[]]> }, _facts: ClusterFacts): LocalizedText[] {
  const moves = [...value.partitions].map(([tp, replicas]) => `${tp.topic}-${tp.partition} → [${list(replicas)}]`);
  if (moves.length === 0) return [NOTHING_LISTED];
  return [
    lt(
      `This reassigns ${moves.join(', ')}: new replicas added to the topic znode, caught up, leadership moved if needed, old replicas removed, then the partitions removed from this node.`,
      `这会重分配 ${moves.join('，')}：新副本加入 Topic znode 并追上数据，必要时转移 leader，移除旧副本，然后把这些分区从这个节点中移除。`,
    ),
  ];
}

function preferredElectionEffects(partitions: TopicPartition[]): LocalizedText[] {
  if (partitions.length === 0) return [NOTHING_LISTED];
  const names = partitions.map((tp) => `${tp.topic}-${tp.partition}`);
  return [
    lt(
      `This moves leadership of ${names.join(', ')} to the preferred (first) replica where it is alive and in the ISR, then deletes this node.`,
      `这会把 ${names.join('，')} 的 leader 转移到优先（第一个）副本（前提是它存活且在 ISR 中），然后删除这个节点。`,
    ),
  ];
}

async function deleteEffects(identity: ZnodeIdentity, facts: ClusterFacts): Promise<LocalizedText[]> {
  switch (identity.kind) {
    case 'controller': {
      const epoch = await facts.controllerEpoch();
      return [
        lt(
          `This triggers a re-election: every live broker tries to create /controller; the winner's epoch is ${epoch === null ? 'the next one' : epoch + 1}.`,
          `这会触发重新选举：每个存活的 broker 都尝试创建 /controller；胜出者的 epoch 是${epoch === null ? '下一个' : ` ${epoch + 1}`}。`,
        ),
      ];
    }
    case 'topic':
      return [
        lt(
          `The controller drops topic ${identity.topic} from its cache and sends nothing: its logs stay on the brokers' disks as orphans.`,
          `控制器把 Topic ${identity.topic} 从缓存中移除，但不发送任何请求：它的日志作为孤儿留在 broker 的磁盘上。`,
        ),
      ];
    case 'delete-topic-marker':
      return [
        lt(
          'The controller does not react to a removed marker: a deletion in progress goes on until the next failover.',
          '控制器不会对被移除的标记作出反应：进行中的删除会继续，直到下一次故障转移。',
        ),
      ];
    case 'broker-registration':
      return [
        lt(
          `BrokerChange: the controller treats broker ${identity.brokerId ?? '?'} as failed; its partitions elect new leaders. The broker itself does not re-register.`,
          `BrokerChange：控制器认为 broker ${identity.brokerId ?? '?'} 已失效，它的分区会选举新的 leader。该 broker 自己不会重新注册。`,
        ),
      ];
    case 'partition-state':
      return [
        lt(
          'Nothing watches this node: the next controller failover re-creates it from its cache.',
          '没有 watch 监视这个节点：下一次控制器故障转移会根据缓存重新创建它。',
        ),
      ];
    case 'unknown':
      return [NOT_KAFKA];
    default:
      return [
        lt(
          `Nothing watches this node for deletion: no effect until the next controller failover. Read by: ${readBy(identity).en}`,
          `没有 watch 监视这个节点的删除：下一次控制器故障转移之前不会生效。读取者：${readBy(identity)['zh-CN']}`,
        ),
      ];
  }
}
