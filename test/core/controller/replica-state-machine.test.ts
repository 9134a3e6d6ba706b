import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../../src-main/core/common/logging';
import { Logger } from '../../../src-main/core/common/logging';
import type { LeaderIsrAndControllerEpoch } from '../../../src-main/core/controller/leader-and-isr';
import { ReplicaStateMachine } from '../../../src-main/core/controller/replica-state-machine';
import type { PartitionAndReplica, ReplicaState } from '../../../src-main/core/controller/replica-states';
import { REPLICA_STATE_VALUE, VALID_PREVIOUS_REPLICA_STATES } from '../../../src-main/core/controller/replica-states';
import type { StateMachinePorts } from './state-machine-ports';
import { CONTROLLER_EPOCH, controllerContext, stateMachinePorts } from './state-machine-ports';

/**
 * Every transition of Kafka 2.5.1's replica state machine (`ReplicaState.validPreviousStates`), made
 * on the machine's ports. The cases come from the table, so a state added to it is tested against
 * every other at once; the `EFFECTS` record (typed by the state) makes the compiler ask what a
 * transition into it must do.
 */

const STATES = Object.keys(REPLICA_STATE_VALUE) as ReplicaState[];
/** Replica 2 of t-0, a follower of broker 1; every broker is live. */
const R: PartitionAndReplica = { topic: 't', partition: 0, replica: 2 };
const ASSIGNMENT = [1, 2, 3];
const LEADERSHIP: LeaderIsrAndControllerEpoch = {
  leaderAndIsr: { leader: 1, leaderEpoch: 3, isr: [1, 2], zkVersion: 5 },
  controllerEpoch: CONTROLLER_EPOCH,
};
const PREFIX = `[Controller id=0 epoch=${CONTROLLER_EPOCH}]`;
const SENT = `sendRequestsToBrokers(${CONTROLLER_EPOCH})`;

interface Observed {
  state: ReplicaState;
  /** The controller's cached assignment of the partition. */
  replicas: readonly number[];
  znodeWrites: string[];
  batch: string[];
  stateChangeLog: string[];
}

/** The partition's leadership (cached and in the state znode), or none. */
function setUp(
  from: ReplicaState,
  leadership: LeaderIsrAndControllerEpoch | null = LEADERSHIP,
): { ports: StateMachinePorts; machine: ReplicaStateMachine } {
  const ports = stateMachinePorts(controllerContext([1, 2, 3], R.topic, [ASSIGNMENT]));
  if (from !== 'NonExistentReplica') ports.context.putReplicaState(R, from);
  ports.context.putPartitionState(R, 'OnlinePartition');
  if (leadership) {
    ports.context.partitionLeadershipInfo.set(R, leadership);
    ports.znodes.put(R, leadership);
  }
  const machine = new ReplicaStateMachine(0, ports.context, ports.znodes.client, ports.batch, ports.stateChangeLog);
  return { ports, machine };
}

async function transition(
  from: ReplicaState,
  target: ReplicaState,
  leadership: LeaderIsrAndControllerEpoch | null = LEADERSHIP,
  queuedForDeletion = false,
): Promise<Observed> {
  const { ports, machine } = setUp(from, leadership);
  if (queuedForDeletion) ports.context.topicsToBeDeleted.add(R.topic);
  await machine.handleStateChanges([R], target);
  return {
    state: ports.context.replicaState(R),
    replicas: ports.context.partitionReplicaAssignment(R),
    znodeWrites: ports.znodes.writes,
    batch: ports.batch.calls,
    stateChangeLog: ports.stateChangeLines,
  };
}

const changed = (from: ReplicaState, target: ReplicaState) =>
  `TRACE ${PREFIX} Changed state of replica 2 for partition t-0 from ${from} to ${target}`;
const LEADER_AND_ISR_TO_REPLICA =
  'LeaderAndIsr to [2] for t-0: leader 1 epoch 3 isr [1,2] zkVersion 5 controllerEpoch 1, replicas [1,2,3] adding [] removing []';

/** What a valid transition from `from` into each target state does. */
const EFFECTS: Record<ReplicaState, (from: ReplicaState) => Observed> = {
  // The partition has a leader (not this replica): the new replica is told to follow it.
  NewReplica: (from) => ({
    state: 'NewReplica',
    replicas: ASSIGNMENT,
    znodeWrites: [],
    batch: ['newBatch', `${LEADER_AND_ISR_TO_REPLICA}, isNew=true`, SENT],
    stateChangeLog: [changed(from, 'NewReplica')],
  }),
  // From NewReplica nothing is sent (it already had its LeaderAndIsr); otherwise the replica is sent its partition's state.
  OnlineReplica: (from) => ({
    state: 'OnlineReplica',
    replicas: ASSIGNMENT,
    znodeWrites: [],
    batch: from === 'NewReplica' ? ['newBatch', SENT] : ['newBatch', `${LEADER_AND_ISR_TO_REPLICA}, isNew=false`, SENT],
    stateChangeLog: [changed(from, 'OnlineReplica')],
  }),
  // StopReplica (no delete) to the replica, the replica taken out of the ISR in the state znode, the
  // other replicas told the new ISR.
  OfflineReplica: (from) => ({
    state: 'OfflineReplica',
    replicas: ASSIGNMENT,
    znodeWrites: [
      'setData /brokers/topics/t/partitions/0/state {"controller_epoch":1,"leader":1,"version":1,"leader_epoch":4,"isr":[1]} (fenced by epochZkVersion 7)',
    ],
    batch: [
      'newBatch',
      'StopReplica to [2] for t-0, deletePartition=false',
      'LeaderAndIsr to [1,3] for t-0: leader 1 epoch 4 isr [1] zkVersion 6 controllerEpoch 1, replicas [1,2,3] adding [] removing [], isNew=false',
      SENT,
    ],
    stateChangeLog: [
      `INFO ${PREFIX} Partition t-0 state changed to (Leader:1,ISR:1,LeaderEpoch:4,ControllerEpoch:1) after removing replica 2 from the ISR as part of transition to OfflineReplica`,
      changed(from, 'OfflineReplica'),
    ],
  }),
  ReplicaDeletionStarted: (from) => ({
    state: 'ReplicaDeletionStarted',
    replicas: ASSIGNMENT,
    znodeWrites: [],
    batch: ['newBatch', 'StopReplica to [2] for t-0, deletePartition=true', SENT],
    stateChangeLog: [changed(from, 'ReplicaDeletionStarted')],
  }),
  ReplicaDeletionSuccessful: (from) => ({
    state: 'ReplicaDeletionSuccessful',
    replicas: ASSIGNMENT,
    znodeWrites: [],
    batch: ['newBatch', SENT],
    stateChangeLog: [changed(from, 'ReplicaDeletionSuccessful')],
  }),
  ReplicaDeletionIneligible: (from) => ({
    state: 'ReplicaDeletionIneligible',
    replicas: ASSIGNMENT,
    znodeWrites: [],
    batch: ['newBatch', SENT],
    stateChangeLog: [changed(from, 'ReplicaDeletionIneligible')],
  }),
  // The replica leaves the controller's assignment and its state is forgotten.
  NonExistentReplica: (from) => ({
    state: 'NonExistentReplica',
    replicas: [1, 3],
    znodeWrites: [],
    batch: ['newBatch', SENT],
    stateChangeLog: [changed(from, 'NonExistentReplica')],
  }),
};

describe('ReplicaStateMachine: the transition table', () => {
  it("is Kafka 2.5.1's ReplicaState.validPreviousStates, with its state bytes", () => {
    expect(REPLICA_STATE_VALUE).toEqual({
      NewReplica: 1,
      OnlineReplica: 2,
      OfflineReplica: 3,
      ReplicaDeletionStarted: 4,
      ReplicaDeletionSuccessful: 5,
      ReplicaDeletionIneligible: 6,
      NonExistentReplica: 7,
    });
    const onlineOrOffline = ['NewReplica', 'OnlineReplica', 'OfflineReplica', 'ReplicaDeletionIneligible'];
    expect(Object.fromEntries(STATES.map((s) => [s, [...VALID_PREVIOUS_REPLICA_STATES[s]]]))).toEqual({
      NewReplica: ['NonExistentReplica'],
      OnlineReplica: onlineOrOffline,
      OfflineReplica: onlineOrOffline,
      ReplicaDeletionStarted: ['OfflineReplica'],
      ReplicaDeletionSuccessful: ['ReplicaDeletionStarted'],
      ReplicaDeletionIneligible: ['OfflineReplica', 'ReplicaDeletionStarted'],
      NonExistentReplica: ['ReplicaDeletionSuccessful'],
    });
  });
});

describe('ReplicaStateMachine: every valid transition, on its ports', () => {
  for (const target of STATES) {
    for (const from of VALID_PREVIOUS_REPLICA_STATES[target]) {
      it(`${from} → ${target}`, async () => {
        expect(await transition(from, target)).toEqual(EFFECTS[target](from));
      });
    }
  }
});

describe('ReplicaStateMachine: every invalid transition is refused with Kafka 2.5.1 words, and changes nothing', () => {
  for (const target of STATES) {
    for (const from of STATES.filter((s) => !VALID_PREVIOUS_REPLICA_STATES[target].has(s))) {
      it(`${from} → ${target}`, async () => {
        const valid = [...VALID_PREVIOUS_REPLICA_STATES[target]].join(',');
        expect(await transition(from, target)).toEqual({
          state: from,
          replicas: ASSIGNMENT,
          znodeWrites: [],
          batch: ['newBatch', SENT],
          stateChangeLog: [
            `ERROR ${PREFIX} Controller 0 epoch 1 initiated state change of replica 2 for partition t-0 from ${from} to ${target} failed\n` +
              `java.lang.IllegalStateException: Replica [Topic=t,Partition=0,Replica=2] should be in the ${valid} states before moving to ${target} state. Instead it is in ${from} state`,
          ],
        });
      });
    }
  }
});

const leaderAndIsr = (leader: number, isr: number[]): LeaderIsrAndControllerEpoch => ({
  leaderAndIsr: { leader, leaderEpoch: 3, isr, zkVersion: 5 },
  controllerEpoch: CONTROLLER_EPOCH,
});

describe('ReplicaStateMachine: NewReplica, by what the partition has', () => {
  it('a partition without leadership: the replica is only marked new', async () => {
    expect(await transition('NonExistentReplica', 'NewReplica', null)).toEqual({
      state: 'NewReplica',
      replicas: ASSIGNMENT,
      znodeWrites: [],
      batch: ['newBatch', SENT],
      stateChangeLog: [changed('NonExistentReplica', 'NewReplica')],
    });
  });

  it("the partition's leader cannot become a NewReplica (logged, as Kafka 2.5.1 does, as a change to OfflineReplica)", async () => {
    expect(await transition('NonExistentReplica', 'NewReplica', leaderAndIsr(2, [2, 1]))).toEqual({
      state: 'NonExistentReplica',
      replicas: ASSIGNMENT,
      znodeWrites: [],
      batch: ['newBatch', SENT],
      stateChangeLog: [
        `ERROR ${PREFIX} Controller 0 epoch 1 initiated state change of replica 2 for partition t-0 from NonExistentReplica to OfflineReplica failed\n` +
          'kafka.common.StateChangeFailedException: Replica 2 for partition t-0 cannot be moved to NewReplica state as it is being requested to become leader',
      ],
    });
  });
});

describe('ReplicaStateMachine: OfflineReplica, by what the partition has', () => {
  const offlined = (leadership: LeaderIsrAndControllerEpoch | null, queued = false) =>
    transition('OnlineReplica', 'OfflineReplica', leadership, queued);
  const STATE_ZNODE = '/brokers/topics/t/partitions/0/state';

  it('the leader goes offline: leader −1, out of the ISR, the others told', async () => {
    const observed = await offlined(leaderAndIsr(2, [2, 1]));
    expect(observed.znodeWrites).toEqual([
      `setData ${STATE_ZNODE} {"controller_epoch":1,"leader":-1,"version":1,"leader_epoch":4,"isr":[1]} (fenced by epochZkVersion 7)`,
    ]);
    expect(observed.batch).toEqual([
      'newBatch',
      'StopReplica to [2] for t-0, deletePartition=false',
      'LeaderAndIsr to [1,3] for t-0: leader -1 epoch 4 isr [1] zkVersion 6 controllerEpoch 1, replicas [1,2,3] adding [] removing [], isNew=false',
      SENT,
    ]);
  });

  it('the last ISR member goes offline: the ISR keeps it (an ISR is never empty), the leader becomes −1', async () => {
    const observed = await offlined(leaderAndIsr(2, [2]));
    expect(observed.znodeWrites).toEqual([
      `setData ${STATE_ZNODE} {"controller_epoch":1,"leader":-1,"version":1,"leader_epoch":4,"isr":[2]} (fenced by epochZkVersion 7)`,
    ]);
    expect(observed.state).toBe('OfflineReplica');
  });

  it('a replica not in the ISR: the state znode is not written, the others are still told', async () => {
    const observed = await offlined(leaderAndIsr(1, [1, 3]));
    expect(observed.znodeWrites).toEqual([]);
    expect(observed.batch).toEqual([
      'newBatch',
      'StopReplica to [2] for t-0, deletePartition=false',
      'LeaderAndIsr to [1,3] for t-0: leader 1 epoch 3 isr [1,3] zkVersion 5 controllerEpoch 1, replicas [1,2,3] adding [] removing [], isNew=false',
      SENT,
    ]);
  });

  it('a topic queued for deletion: the ISR is written but no LeaderAndIsr goes to the others', async () => {
    const observed = await offlined(LEADERSHIP, true);
    expect(observed.znodeWrites).toHaveLength(1);
    expect(observed.batch).toEqual(['newBatch', 'StopReplica to [2] for t-0, deletePartition=false', SENT]);
  });

  it('a partition without leadership: StopReplica, and UpdateMetadata to every live or shutting-down broker', async () => {
    expect(await offlined(null)).toEqual({
      state: 'OfflineReplica',
      replicas: ASSIGNMENT,
      znodeWrites: [],
      batch: ['newBatch', 'StopReplica to [2] for t-0, deletePartition=false', 'UpdateMetadata to [1,2,3] for t-0', SENT],
      stateChangeLog: [changed('OnlineReplica', 'OfflineReplica')],
    });
  });
});

describe('ReplicaStateMachine: a NewReplica outside the assignment goes online', () => {
  it("is added to the cached assignment, with Kafka 2.5.1's error in controller.log (the machine's own logger), not state-change.log", async () => {
    const { ports } = setUp('NewReplica');
    const controllerLog: LogLine[] = [];
    const logger = new Logger((l) => controllerLog.push(l), 'kafka.controller.ZkReplicaStateMachine', {
      logIdent: '[ReplicaStateMachine controllerId=0] ',
      file: 'controller.log',
    });
    const machine = new ReplicaStateMachine(0, ports.context, ports.znodes.client, ports.batch, ports.stateChangeLog, logger);
    const outside: PartitionAndReplica = { topic: 't', partition: 0, replica: 4 };
    ports.context.putReplicaState(outside, 'NewReplica');
    await machine.handleStateChanges([outside], 'OnlineReplica');
    expect(ports.context.replicaState(outside)).toBe('OnlineReplica');
    expect(ports.context.partitionReplicaAssignment(outside)).toEqual([1, 2, 3, 4]);
    expect(controllerLog).toEqual([
      {
        file: 'controller.log',
        level: 'ERROR',
        logger: 'kafka.controller.ZkReplicaStateMachine',
        message:
          '[ReplicaStateMachine controllerId=0] Adding replica (4) that is not part of the assignment ReplicaAssignment(replicas=1,2,3, addingReplicas=, removingReplicas=)',
      },
    ]);
    expect(ports.stateChangeLines).toEqual([
      `TRACE ${PREFIX} Changed state of replica 4 for partition t-0 from NewReplica to OnlineReplica`,
    ]);
  });
});

describe('ReplicaStateMachine.startup', () => {
  it('marks the replicas on live brokers online (sending them their state) and takes the others offline (out of the ISR)', async () => {
    // t-0 on live brokers 1 and 2; t-1 only on dead broker 3, which led it.
    const ports = stateMachinePorts(controllerContext([1, 2], 't', [[1, 2], [3]]));
    for (const [partition, leadership] of [
      [0, leaderAndIsr(1, [1, 2])],
      [1, leaderAndIsr(3, [3])],
    ] as const) {
      ports.context.partitionLeadershipInfo.set({ topic: 't', partition }, leadership);
      ports.znodes.put({ topic: 't', partition }, leadership);
    }
    const controllerLog: string[] = [];
    await new ReplicaStateMachine(
      0,
      ports.context,
      ports.znodes.client,
      ports.batch,
      ports.stateChangeLog,
      new Logger((l) => controllerLog.push(l.message), 'kafka.controller.ZkReplicaStateMachine'),
    ).startup();
    const replicas = [
      { topic: 't', partition: 0, replica: 1 },
      { topic: 't', partition: 0, replica: 2 },
      { topic: 't', partition: 1, replica: 3 },
    ];
    expect(replicas.map((r) => ports.context.replicaState(r))).toEqual(['OnlineReplica', 'OnlineReplica', 'OfflineReplica']);
    expect(controllerLog).toEqual([
      'Initializing replica state',
      'Triggering online replica state changes',
      'Triggering offline replica state changes',
    ]);
    expect(ports.znodes.writes).toEqual([
      'setData /brokers/topics/t/partitions/1/state {"controller_epoch":1,"leader":-1,"version":1,"leader_epoch":4,"isr":[3]} (fenced by epochZkVersion 7)',
    ]);
    expect(ports.batch.calls).toEqual([
      'newBatch',
      'LeaderAndIsr to [1] for t-0: leader 1 epoch 3 isr [1,2] zkVersion 5 controllerEpoch 1, replicas [1,2] adding [] removing [], isNew=false',
      'LeaderAndIsr to [2] for t-0: leader 1 epoch 3 isr [1,2] zkVersion 5 controllerEpoch 1, replicas [1,2] adding [] removing [], isNew=false',
      SENT,
      'newBatch',
      'StopReplica to [3] for t-1, deletePartition=false',
      'LeaderAndIsr to [] for t-1: leader -1 epoch 4 isr [3] zkVersion 6 controllerEpoch 1, replicas [3] adding [] removing [], isNew=false',
      SENT,
    ]);
  });
});
