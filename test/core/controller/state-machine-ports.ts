import type { TopicPartition } from '../../../src-main/core/common/topic-partition';
import { tpKey } from '../../../src-main/core/common/topic-partition';
import type { LiveBroker } from '../../../src-main/core/controller/broker-info';
import { ControllerContext } from '../../../src-main/core/controller/controller-context';
import { ControllerRequestBatch } from '../../../src-main/core/controller/controller-request-batch';
import type {
  ControllerZkClient,
  PartitionStateRead,
  UpdateLeaderAndIsrResult,
} from '../../../src-main/core/controller/controller-zk-client';
import type { LeaderAndIsr, LeaderIsrAndControllerEpoch } from '../../../src-main/core/controller/leader-and-isr';
import type { ReplicaAssignment } from '../../../src-main/core/controller/replica-assignment';
import { simpleAssignment } from '../../../src-main/core/controller/replica-assignment';
import { StateChangeLogger } from '../../../src-main/core/controller/state-change-logger';
import { TopicPartitionStateZNode } from '../../../src-main/core/kafka-zk/topic-znodes';
import { Code, KeeperException } from '../../../src-main/core/zookeeper';

/**
 * The ports a state machine is built with, as fakes that record what the machine asks of them (as
 * Kafka's PartitionStateMachineTest / ReplicaStateMachineTest mock the ZooKeeper client and the
 * request batch): the znode writes, the batch calls, and the state-change.log lines.
 */

export const CONTROLLER_ID = 0;
export const CONTROLLER_EPOCH = 1;
/** The `epochZkVersion` every fenced write must carry. */
export const EPOCH_ZK_VERSION = 7;

const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

function unused(name: string): () => never {
  return () => {
    throw new Error(`the state machines do not call ControllerZkClient.${name}`);
  };
}

/**
 * The partition state znodes, in memory: reads see what was written, every write is recorded as
 * `create|setData <path> <Kafka's JSON> (fenced by epochZkVersion N)`.
 */
export class FakeStateZnodes {
  readonly writes: string[] = [];
  private readonly states = new Map<string, LeaderIsrAndControllerEpoch>();
  readonly uncleanLeaderElectionEnable = new Map<string, boolean>();

  /** A state znode that is already there (not recorded as a write). */
  put(p: TopicPartition, state: LeaderIsrAndControllerEpoch): void {
    this.states.set(tpKey(p), state);
  }

  get(p: TopicPartition): LeaderIsrAndControllerEpoch | undefined {
    return this.states.get(tpKey(p));
  }

  private record(op: 'create' | 'setData', p: TopicPartition, state: LeaderIsrAndControllerEpoch, epochZkVersion: number): void {
    this.writes.push(
      `${op} ${TopicPartitionStateZNode.path(p)} ${dec(TopicPartitionStateZNode.encode(state))} (fenced by epochZkVersion ${epochZkVersion})`,
    );
  }

  readonly client: ControllerZkClient = {
    getTopicPartitionStates: async (partitions: readonly TopicPartition[]) =>
      partitions.map((partition): { partition: TopicPartition; read: PartitionStateRead } => {
        const value = this.get(partition);
        return { partition, read: value ? { kind: 'ok', value } : { kind: 'nonode' } };
      }),
    createTopicPartitionStates: async (
      states: Array<{ partition: TopicPartition; state: LeaderIsrAndControllerEpoch }>,
      epochZkVersion: number,
    ) =>
      states.map(({ partition, state }) => {
        if (this.get(partition)) return { partition, error: new KeeperException(Code.NODEEXISTS) };
        this.record('create', partition, state, epochZkVersion);
        this.put(partition, state);
        return { partition, error: null };
      }),
    updateLeaderAndIsr: async (
      updates: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr }>,
      controllerEpoch: number,
      epochZkVersion: number,
    ) => {
      const result: UpdateLeaderAndIsrResult = { finished: [], toRetry: [] };
      for (const { partition, leaderAndIsr } of updates) {
        this.record('setData', partition, { leaderAndIsr, controllerEpoch }, epochZkVersion);
        // A conditional setData at the cached zkVersion bumps the znode's version by one.
        const written = { ...leaderAndIsr, zkVersion: leaderAndIsr.zkVersion + 1 };
        this.put(partition, { leaderAndIsr: written, controllerEpoch });
        result.finished.push({ partition, result: written });
      }
      return result;
    },
    getUncleanLeaderElectionEnable: async (topics: Iterable<string>) =>
      new Map([...topics].map((t) => [t, this.uncleanLeaderElectionEnable.get(t) ?? false])),
    registerZNodeChangeHandler: unused('registerZNodeChangeHandler'),
    unregisterZNodeChangeHandler: unused('unregisterZNodeChangeHandler'),
    registerZNodeChildChangeHandler: unused('registerZNodeChildChangeHandler'),
    unregisterZNodeChildChangeHandler: unused('unregisterZNodeChildChangeHandler'),
    registerStateChangeHandler: unused('registerStateChangeHandler'),
    unregisterStateChangeHandler: unused('unregisterStateChangeHandler'),
    pathExists: unused('pathExists'),
    registerZNodeChangeHandlerAndCheckExistence: unused('registerZNodeChangeHandlerAndCheckExistence'),
    getControllerId: unused('getControllerId'),
    registerControllerAndIncrementControllerEpoch: unused('registerControllerAndIncrementControllerEpoch'),
    deleteController: unused('deleteController'),
    getAllBrokersInCluster: unused('getAllBrokersInCluster'),
    getBroker: unused('getBroker'),
    getChildren: unused('getChildren'),
    getAllTopicsInCluster: unused('getAllTopicsInCluster'),
    getFullReplicaAssignmentForTopics: unused('getFullReplicaAssignmentForTopics'),
    getTopicPartitionIds: unused('getTopicPartitionIds'),
    setTopicAssignment: unused('setTopicAssignment'),
    getTopicDeletions: unused('getTopicDeletions'),
    deleteTopicDeletions: unused('deleteTopicDeletions'),
    deleteTopicZNode: unused('deleteTopicZNode'),
    deleteTopicConfigs: unused('deleteTopicConfigs'),
    getAllIsrChangeNotifications: unused('getAllIsrChangeNotifications'),
    getPartitionsFromIsrChangeNotifications: unused('getPartitionsFromIsrChangeNotifications'),
    deleteIsrChangeNotifications: unused('deleteIsrChangeNotifications'),
    getAllLogDirEventNotifications: unused('getAllLogDirEventNotifications'),
    getBrokerIdsFromLogDirEvents: unused('getBrokerIdsFromLogDirEvents'),
    deleteLogDirEventNotifications: unused('deleteLogDirEventNotifications'),
    getPartitionReassignment: unused('getPartitionReassignment'),
    setOrDeletePartitionReassignment: unused('setOrDeletePartitionReassignment'),
    getPreferredReplicaElection: unused('getPreferredReplicaElection'),
    deletePreferredReplicaElection: unused('deletePreferredReplicaElection'),
  };
}

function formatLeadership(l: LeaderIsrAndControllerEpoch): string {
  const { leader, leaderEpoch, isr, zkVersion } = l.leaderAndIsr;
  return `leader ${leader} epoch ${leaderEpoch} isr [${isr.join(',')}] zkVersion ${zkVersion} controllerEpoch ${l.controllerEpoch}`;
}

/**
 * The request batch, recording each call the state machine makes and sending nothing (what the
 * batch then sends, and in which order, is the batch's own job).
 */
export class RecordingRequestBatch extends ControllerRequestBatch {
  readonly calls: string[] = [];

  constructor(context: ControllerContext, stateChangeLog: StateChangeLogger) {
    const notSent = () => {
      throw new Error('the recording batch sends nothing');
    };
    super(CONTROLLER_ID, context, notSent, stateChangeLog, {
      leaderAndIsrResponse: notSent,
      stopReplicaDeleteResponse: notSent,
      updateMetadataResponse: notSent,
    });
  }

  override newBatch(): void {
    this.calls.push('newBatch');
  }

  override clear(): void {
    this.calls.push('clear');
  }

  override addLeaderAndIsrRequestForBrokers(
    brokerIds: Iterable<number>,
    p: TopicPartition,
    leadership: LeaderIsrAndControllerEpoch,
    assignment: ReplicaAssignment,
    isNew: boolean,
  ): void {
    const replicas = `replicas [${assignment.replicas.join(',')}] adding [${assignment.addingReplicas.join(',')}] removing [${assignment.removingReplicas.join(',')}]`;
    this.calls.push(
      `LeaderAndIsr to [${[...brokerIds].join(',')}] for ${tpKey(p)}: ${formatLeadership(leadership)}, ${replicas}, isNew=${isNew}`,
    );
  }

  override addStopReplicaRequestForBrokers(brokerIds: Iterable<number>, p: TopicPartition, deletePartition: boolean): void {
    this.calls.push(`StopReplica to [${[...brokerIds].join(',')}] for ${tpKey(p)}, deletePartition=${deletePartition}`);
  }

  override addUpdateMetadataRequestForBrokers(brokerIds: Iterable<number>, partitions: Iterable<TopicPartition>): void {
    this.calls.push(`UpdateMetadata to [${[...brokerIds].join(',')}] for ${[...partitions].map(tpKey).join(',')}`);
  }

  override sendRequestsToBrokers(controllerEpoch: number): void {
    this.calls.push(`sendRequestsToBrokers(${controllerEpoch})`);
  }
}

export function liveBroker(id: number): LiveBroker {
  return {
    id,
    rack: null,
    endpoints: [{ listenerName: 'PLAINTEXT', securityProtocol: 'PLAINTEXT', host: 'localhost', port: 9092 + id }],
    epoch: 100 + id,
  };
}

/** A controller's context at epoch 1 with the given live brokers and one topic's assignment. */
export function controllerContext(
  liveBrokerIds: readonly number[],
  topic: string,
  assignment: ReadonlyArray<readonly number[]>,
): ControllerContext {
  const ctx = new ControllerContext();
  ctx.epoch = CONTROLLER_EPOCH;
  ctx.epochZkVersion = EPOCH_ZK_VERSION;
  ctx.setLiveBrokers(liveBrokerIds.map(liveBroker));
  ctx.allTopics.add(topic);
  assignment.forEach((replicas, partition) => ctx.updatePartitionFullReplicaAssignment({ topic, partition }, simpleAssignment(replicas)));
  return ctx;
}

/** The ports of one state machine under test, and what they recorded. */
export interface StateMachinePorts {
  readonly context: ControllerContext;
  readonly znodes: FakeStateZnodes;
  readonly batch: RecordingRequestBatch;
  readonly stateChangeLog: StateChangeLogger;
  /** state-change.log, as `LEVEL message`, the exception logged with a line on the lines below it. */
  readonly stateChangeLines: string[];
}

export function stateMachinePorts(context: ControllerContext): StateMachinePorts {
  const stateChangeLines: string[] = [];
  const stateChangeLog = new StateChangeLogger(
    CONTROLLER_ID,
    true,
    () => context.epoch,
    (line) => stateChangeLines.push(`${line.level} ${line.message}${line.throwable === undefined ? '' : `\n${line.throwable}`}`),
  );
  return {
    context,
    znodes: new FakeStateZnodes(),
    batch: new RecordingRequestBatch(context, stateChangeLog),
    stateChangeLog,
    stateChangeLines,
  };
}
