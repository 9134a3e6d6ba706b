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
import { encodeData, kindDto } from './znode-dto';
import type { ZnodeCheckDto, ZnodeCheckRequestDto, ZnodeDataProblemDto } from './zookeeper-contract';

const list = (xs: readonly (number | string)[]): string => xs.join(',');

export async function checkZnode(request: ZnodeCheckRequestDto, facts: ClusterFacts): Promise<ZnodeCheckDto> {
  const identity = identifyZnode(request.path);
  const kind = kindDto(identity);
  const sequential = request.mode === 'persistent-sequential' || request.mode === 'ephemeral-sequential';
  const pathError = sequential ? pathValidationError(`${request.path}0000000000`) : pathValidationError(request.path);
  if (pathError !== null)
    return { kind, refusal: `KeeperErrorCode = BadArguments for ${request.path}: ${pathError}`, problem: null, notes: [], effects: [] };
  const bytes = request.op === 'delete' ? null : encodeData(request.data, request.encoding);
  if (typeof bytes === 'string') return { kind, refusal: bytes, problem: null, notes: [], effects: [] };
  const refusal = await zooKeeperRefusal(request, sequential, facts);
  if (request.op === 'delete') {
    return {
      kind,
      refusal,
      problem: null,
      notes: identity.problem ? [identity.problem] : [],
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
  const effects = refusal
    ? []
    : problem && problem.kafkaReading !== 'accepts'
      ? [invalidEffect(identity, problem)]
      : await writeEffects(request.op, identity, validation.value, facts);
  if (problem?.kafkaReading === 'accepts')
    effects.unshift(`Kafka 2.5 would read it anyway, but the emulated controller reports “${problem.message}” and skips it.`);
  return { kind, refusal, problem, notes: validation.notes, effects };
}

/** What ZooKeeper itself will answer (NodeExists, NoNode), checked now — the save may still race. */
async function zooKeeperRefusal(request: ZnodeCheckRequestDto, sequential: boolean, facts: ClusterFacts): Promise<string | null> {
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

function invalidEffect(identity: ZnodeIdentity, problem: ZnodeDataProblemDto): string {
  const reader = readerOf(identity);
  if (problem.kafkaReading === 'treats-as-empty') return `Invalid: ${reader} will read it as empty (“${problem.message}”) and ignore it.`;
  return `Invalid: ${reader} will log “${problem.message}” and ignore it.`;
}

function readerOf(identity: ZnodeIdentity): string {
  switch (identity.kind) {
    case 'config-entity':
    case 'config-change-notification':
    case 'cluster-id':
    case 'latest-producer-id-block':
      return 'the brokers';
    default:
      return 'the controller';
  }
}

async function writeEffects(op: 'create' | 'setData', identity: ZnodeIdentity, value: unknown, facts: ClusterFacts): Promise<string[]> {
  switch (identity.kind) {
    case 'topic':
      return topicEffects(op, identity.topic, value as TopicAssignment, facts);
    case 'partition-state':
      return partitionStateEffects(identity.topicPartition, facts);
    case 'delete-topic-marker':
      return op === 'create' ? deletionMarkerEffects(identity.topic, facts) : ['Kafka never reads its data: no effect.'];
    case 'reassign-partitions':
      return op === 'create'
        ? reassignmentEffects(value as { partitions: Iterable<[TopicPartition, readonly number[]]> }, facts)
        : ['The controller reacts only when this node is created: changing its data has no effect.'];
    case 'preferred-replica-election':
      return op === 'create'
        ? preferredElectionEffects(value as TopicPartition[])
        : ['The controller reacts only when this node is created: changing its data has no effect.'];
    case 'controller':
      return op === 'create'
        ? [
            'Every broker reads this as the controller (ControllerChange); the broker it names does not act as controller until it wins an election.',
          ]
        : ['ControllerChange: the active controller re-reads /controller and resigns if it is no longer named.'];
    case 'controller-epoch':
      return [
        'Nothing watches this node: the next controller election increments it, and a controller whose epoch zkVersion no longer matches is fenced (ControllerMovedException).',
      ];
    case 'broker-registration':
      return op === 'create'
        ? [
            `BrokerChange: the controller sees broker ${identity.brokerId ?? '?'} as alive and sends it UpdateMetadata; no broker process answers it, and it goes with the node editor's session if ephemeral.`,
          ]
        : ['BrokerModifications: the controller re-reads the endpoints and sends UpdateMetadata to every broker.'];
    case 'config-entity':
      return ['Brokers re-read it only when a change notification names it: no effect until /config/changes/config_change_<N> is written.'];
    case 'config-change-notification':
      return ['Every broker re-reads the config named by entity_path.'];
    case 'isr-change-notification':
      return [
        "IsrChangeNotification: the controller re-reads the listed partitions' state, sends UpdateMetadata to every broker and deletes this notification.",
      ];
    case 'log-dir-event-notification':
      return ["LogDirEventNotification: the controller asks the broker for its replicas' state and deletes this notification."];
    case 'unknown':
      return ['Not a Kafka znode: nothing in Kafka reads it.'];
    default:
      return [`Nothing watches this node: no effect until the next controller failover. Read by: ${ZNODE_SPECS[identity.kind].readBy}`];
  }
}

async function topicEffects(op: 'create' | 'setData', topic: string, assignment: TopicAssignment, facts: ClusterFacts): Promise<string[]> {
  const live = new Set(await facts.liveBrokers());
  const controller = await facts.controllerId();
  const out: string[] = [];
  const describe = (partitions: [number, ReplicaAssignment][]): string => {
    const brokers = [...new Set(partitions.flatMap(([, a]) => a.replicas))].sort((a, b) => a - b);
    return `${partitions.length} partition${partitions.length === 1 ? '' : 's'} on broker${brokers.length === 1 ? '' : 's'} ${list(brokers)}`;
  };
  const leaderless = (partitions: [number, ReplicaAssignment][]): number[] =>
    partitions.filter(([, a]) => !a.replicas.some((r) => live.has(r))).map(([p]) => p);
  if (op === 'create') {
    const partitions = [...assignment];
    out.push(`This creates topic ${topic} with ${describe(partitions)} (no /config/topics/${topic}: the brokers' defaults apply).`);
    const offline = leaderless(partitions);
    if (offline.length > 0)
      out.push(
        `Partition${offline.length === 1 ? '' : 's'} ${list(offline)} ha${offline.length === 1 ? 's' : 've'} no live replica: no leader and no log for ${offline.length === 1 ? 'it' : 'them'}.`,
      );
  } else {
    const current = (await facts.topicAssignment(topic)) ?? new Map<number, ReplicaAssignment>();
    const added = [...assignment].filter(([p]) => !current.has(p));
    const changed = [...assignment]
      .filter(([p, a]) => current.has(p) && list(current.get(p)?.replicas ?? []) !== list(a.replicas))
      .map(([p]) => p);
    const queued = (await facts.topicsQueuedForDeletion()).has(topic);
    if (added.length > 0 && queued) {
      out.push(`Topic ${topic} is queued for deletion: the controller rewrites this znode back to its ${current.size} partitions.`);
    } else if (added.length > 0) {
      out.push(
        `This adds partition${added.length === 1 ? '' : 's'} ${list(added.map(([p]) => p))} to topic ${topic} (${describe(added)}).`,
      );
      const offline = leaderless(added);
      if (offline.length > 0)
        out.push(
          `Partition${offline.length === 1 ? '' : 's'} ${list(offline)} ha${offline.length === 1 ? 's' : 've'} no live replica: no leader and no log.`,
        );
    }
    if (changed.length > 0) {
      out.push(
        `The running controller ignores changes to existing partitions (${list(changed)}); they take effect in its cache only after a controller failover, which then uses this assignment.`,
      );
    }
    if (added.length === 0 && changed.length === 0) out.push('No partition added: the controller changes nothing.');
  }
  if (controller === null)
    out.push('No controller is alive: nothing happens until a broker is elected controller, whose failover then does it.');
  return out;
}

async function partitionStateEffects(tp: TopicPartition | null, facts: ClusterFacts): Promise<string[]> {
  const out = ['Nothing watches this node: no effect until the next controller failover, which keeps it as written.'];
  if (tp === null) return out;
  const assignment = await facts.topicAssignment(tp.topic);
  if (!assignment?.has(tp.partition)) {
    out.push(
      `Partition ${tp.partition} of ${tp.topic} does not exist yet: an expansion that adds it finds this node (NODEEXISTS), cannot initialise it, sends no LeaderAndIsr and creates no log.`,
    );
  }
  return out;
}

async function deletionMarkerEffects(topic: string, facts: ClusterFacts): Promise<string[]> {
  if (!facts.deleteTopicEnable()) return ['delete.topic.enable=false: the controller removes this marker and deletes nothing.'];
  const assignment = await facts.topicAssignment(topic);
  if (assignment === null) return [`Topic ${topic} does not exist: the controller removes this marker.`];
  const brokers = [...new Set([...assignment.values()].flatMap((a) => a.replicas))].sort((a, b) => a - b);
  const live = new Set(await facts.liveBrokers());
  const out = [
    `This marks topic ${topic} for deletion: StopReplica to broker${brokers.length === 1 ? '' : 's'} ${list(brokers)} for its ${assignment.size} partition${assignment.size === 1 ? '' : 's'}, the logs renamed <topic>-<partition>.<id>-delete, then /brokers/topics/${topic}, /config/topics/${topic} and this marker deleted.`,
  ];
  const down = brokers.filter((b) => !live.has(b));
  if (down.length > 0)
    out.push(
      `Broker${down.length === 1 ? '' : 's'} ${list(down)} ${down.length === 1 ? 'is' : 'are'} down: the deletion waits (ReplicaDeletionIneligible) until ${down.length === 1 ? 'it comes' : 'they come'} back.`,
    );
  if ((await facts.controllerId()) === null) out.push('No controller is alive: the deletion starts after the next election.');
  return out;
}

function reassignmentEffects(value: { partitions: Iterable<[TopicPartition, readonly number[]]> }, _facts: ClusterFacts): string[] {
  const moves = [...value.partitions].map(([tp, replicas]) => `${tp.topic}-${tp.partition} → [${list(replicas)}]`);
  if (moves.length === 0) return ['No partition listed: the controller deletes the node and does nothing.'];
  return [
    `This reassigns ${moves.join(', ')}: new replicas added to the topic znode, caught up, leadership moved if needed, old replicas removed, then the partitions removed from this node.`,
  ];
}

function preferredElectionEffects(partitions: TopicPartition[]): string[] {
  if (partitions.length === 0) return ['No partition listed: the controller deletes the node and does nothing.'];
  return [
    `This moves leadership of ${partitions.map((tp) => `${tp.topic}-${tp.partition}`).join(', ')} to the preferred (first) replica where it is alive and in the ISR, then deletes this node.`,
  ];
}

async function deleteEffects(identity: ZnodeIdentity, facts: ClusterFacts): Promise<string[]> {
  switch (identity.kind) {
    case 'controller': {
      const epoch = await facts.controllerEpoch();
      return [
        `This triggers a re-election: every live broker tries to create /controller; the winner's epoch is ${epoch === null ? 'the next one' : epoch + 1}.`,
      ];
    }
    case 'topic':
      return [
        `The controller drops topic ${identity.topic} from its cache and sends nothing: its logs stay on the brokers' disks as orphans.`,
      ];
    case 'delete-topic-marker':
      return ['The controller does not react to a removed marker: a deletion in progress goes on until the next failover.'];
    case 'broker-registration':
      return [
        `BrokerChange: the controller treats broker ${identity.brokerId ?? '?'} as failed; its partitions elect new leaders. The broker itself does not re-register.`,
      ];
    case 'partition-state':
      return ['Nothing watches this node: the next controller failover re-creates it from its cache.'];
    case 'unknown':
      return ['Not a Kafka znode: nothing in Kafka reads it.'];
    default:
      return [
        `Nothing watches this node for deletion: no effect until the next controller failover. Read by: ${ZNODE_SPECS[identity.kind].readBy}`,
      ];
  }
}
