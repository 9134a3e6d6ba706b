import { describe, expect, it } from 'vitest';
import type { TopicPartition } from '../../../src-main/core/common/topic-partition';
import type { LeaderIsrAndControllerEpoch } from '../../../src-main/core/controller/leader-and-isr';
import { PartitionStateMachine } from '../../../src-main/core/controller/partition-state-machine';
import { Logger } from '../../../src-main/core/common/logging';
import type { PartitionState } from '../../../src-main/core/controller/partition-states';
import { PARTITION_STATE_VALUE, VALID_PREVIOUS_PARTITION_STATES } from '../../../src-main/core/controller/partition-states';
import { CONTROLLER_EPOCH, controllerContext, stateMachinePorts } from './state-machine-ports';

/**
 * Every transition of Kafka 2.5.1's partition state machine (`PartitionState.validPreviousStates`),
 * made on the machine's ports. The cases come from the table, so a state added to it is tested
 * against every other at once; the `EFFECTS` record (typed by the state) makes the compiler ask what
 * a transition into it must do.
 */

const STATES = Object.keys(PARTITION_STATE_VALUE) as PartitionState[];
const P: TopicPartition = { topic: 't', partition: 0 };
/** Replica 3 is on a dead broker; 1 and 2 are live. */
const ASSIGNMENT = [3, 1, 2];
/** The leadership a partition that has been online has: led by the dead broker 3. */
const LEADERSHIP: LeaderIsrAndControllerEpoch = {
  leaderAndIsr: { leader: 3, leaderEpoch: 3, isr: [3, 1], zkVersion: 5 },
  controllerEpoch: CONTROLLER_EPOCH,
};
const PREFIX = `[Controller id=0 epoch=${CONTROLLER_EPOCH}]`;
const STATE_ZNODE = '/brokers/topics/t/partitions/0/state';

interface Observed {
  state: PartitionState;
  znodeWrites: string[];
  batch: string[];
  stateChangeLog: string[];
  results: Record<string, unknown>;
}

interface Setting {
  liveBrokers?: readonly number[];
  /** The leadership cached and in the state znode (a partition that has been online has one). */
  leadership?: LeaderIsrAndControllerEpoch;
  /** The state znode, when it differs from the cached leadership. */
  znode?: LeaderIsrAndControllerEpoch;
}

function setUp(from: PartitionState, setting: Setting = {}) {
  const ports = stateMachinePorts(controllerContext(setting.liveBrokers ?? [1, 2], P.topic, [ASSIGNMENT]));
  if (from !== 'NonExistentPartition') ports.context.putPartitionState(P, from);
  const leadership = setting.leadership ?? (from === 'OnlinePartition' || from === 'OfflinePartition' ? LEADERSHIP : undefined);
  if (leadership) ports.context.partitionLeadershipInfo.set(P, leadership);
  const znode = setting.znode ?? leadership;
  if (znode) ports.znodes.put(P, znode);
  const uncleanElections: string[] = [];
  const onUncleanElection = (p: TopicPartition, leader: number) => uncleanElections.push(`${p.topic}-${p.partition} → ${leader}`);
  const machine = new PartitionStateMachine(0, ports.context, ports.znodes.client, ports.batch, ports.stateChangeLog, onUncleanElection);
  return { ports, machine, uncleanElections };
}

async function transition(from: PartitionState, target: PartitionState, setting: Setting = {}): Promise<Observed> {
  const { ports, machine } = setUp(from, setting);
  const results = await machine.handleStateChanges([P], target);
  return {
    state: ports.context.partitionState(P),
    znodeWrites: ports.znodes.writes,
    batch: ports.batch.calls,
    stateChangeLog: ports.stateChangeLines,
    results: Object.fromEntries([...results].map(([p, r]) => [`${p.topic}-${p.partition}`, r])),
  };
}

/** A transition that only records the new state (Kafka 2.5.1's `stateChangeLog.trace`: written, at TRACE). */
function stateOnly(target: PartitionState, from: PartitionState, logLine: string): Observed {
  return {
    state: target,
    znodeWrites: [],
    batch: ['newBatch', `sendRequestsToBrokers(${CONTROLLER_EPOCH})`],
    stateChangeLog: [`TRACE ${PREFIX} ${logLine}`],
    results: {},
  };
}

/** What a valid transition from `from` into each target state does. */
const EFFECTS: Record<PartitionState, (from: PartitionState) => Observed> = {
  NewPartition: (from) =>
    stateOnly('NewPartition', from, `Changed partition t-0 state from ${from} to NewPartition with assigned replicas 3,1,2`),
  // New → Online: leader = first live replica, ISR = the live replicas, the state znode created.
  // Online/Offline → Online: an offline (clean) election over the state znode read back.
  OnlinePartition: (from) =>
    from === 'NewPartition'
      ? {
          state: 'OnlinePartition',
          znodeWrites: [
            `create ${STATE_ZNODE} {"controller_epoch":1,"leader":1,"version":1,"leader_epoch":0,"isr":[1,2]} (fenced by epochZkVersion 7)`,
          ],
          batch: [
            'newBatch',
            'LeaderAndIsr to [1,2] for t-0: leader 1 epoch 0 isr [1,2] zkVersion 0 controllerEpoch 1, replicas [3,1,2] adding [] removing [], isNew=true',
            'sendRequestsToBrokers(1)',
          ],
          stateChangeLog: [
            `TRACE ${PREFIX} Changed partition t-0 from NewPartition to OnlinePartition with state LeaderAndIsr(leader=1, leaderEpoch=0, isr=List(1, 2), zkVersion=0)`,
          ],
          results: {},
        }
      : {
          state: 'OnlinePartition',
          znodeWrites: [
            `setData ${STATE_ZNODE} {"controller_epoch":1,"leader":1,"version":1,"leader_epoch":4,"isr":[1]} (fenced by epochZkVersion 7)`,
          ],
          batch: [
            'newBatch',
            'LeaderAndIsr to [1,2] for t-0: leader 1 epoch 4 isr [1] zkVersion 6 controllerEpoch 1, replicas [3,1,2] adding [] removing [], isNew=false',
            'sendRequestsToBrokers(1)',
          ],
          stateChangeLog: [
            `TRACE ${PREFIX} Changed partition t-0 from ${from} to OnlinePartition with state LeaderAndIsr(leader=1, leaderEpoch=4, isr=List(1), zkVersion=6)`,
          ],
          results: { 't-0': { leader: 1, leaderEpoch: 4, isr: [1], zkVersion: 6 } },
        },
  OfflinePartition: (from) => stateOnly('OfflinePartition', from, `Changed partition t-0 state from ${from} to OfflinePartition`),
  NonExistentPartition: (from) =>
    stateOnly('NonExistentPartition', from, `Changed partition t-0 state from ${from} to NonExistentPartition`),
};

describe('PartitionStateMachine: the transition table', () => {
  it("is Kafka 2.5.1's PartitionState.validPreviousStates, with its state bytes", () => {
    expect(PARTITION_STATE_VALUE).toEqual({ NewPartition: 0, OnlinePartition: 1, OfflinePartition: 2, NonExistentPartition: 3 });
    expect(Object.fromEntries(STATES.map((s) => [s, [...VALID_PREVIOUS_PARTITION_STATES[s]]]))).toEqual({
      NewPartition: ['NonExistentPartition'],
      OnlinePartition: ['NewPartition', 'OnlinePartition', 'OfflinePartition'],
      OfflinePartition: ['NewPartition', 'OnlinePartition', 'OfflinePartition'],
      NonExistentPartition: ['OfflinePartition'],
    });
  });
});

describe('PartitionStateMachine: every valid transition, on its ports', () => {
  for (const target of STATES) {
    for (const from of VALID_PREVIOUS_PARTITION_STATES[target]) {
      it(`${from} → ${target}`, async () => {
        expect(await transition(from, target)).toEqual(EFFECTS[target](from));
      });
    }
  }
});

describe('PartitionStateMachine: every invalid transition is refused with Kafka 2.5.1 words, and changes nothing', () => {
  for (const target of STATES) {
    for (const from of STATES.filter((s) => !VALID_PREVIOUS_PARTITION_STATES[target].has(s))) {
      it(`${from} → ${target}`, async () => {
        const valid = [...VALID_PREVIOUS_PARTITION_STATES[target]].join(',');
        expect(await transition(from, target)).toEqual({
          state: from,
          znodeWrites: [],
          batch: ['newBatch', 'sendRequestsToBrokers(1)'],
          stateChangeLog: [
            `ERROR ${PREFIX} Controller 0 epoch 1 failed to change state for partition t-0 from ${from} to ${target}\n` +
              `java.lang.IllegalStateException: Partition t-0 should be in one of ${valid} states before moving to ${target} state. Instead it is in ${from} state`,
          ],
          results: {},
        });
      });
    }
  }
});

const stateChangeFailed = (from: PartitionState, message: string) =>
  `ERROR ${PREFIX} Controller 0 epoch 1 failed to change state for partition t-0 from ${from} to OnlinePartition\nkafka.common.StateChangeFailedException: ${message}`;

describe('PartitionStateMachine: a transition to OnlinePartition that cannot be made is logged and leaves the state', () => {
  it('New → Online with no live assigned replica', async () => {
    expect(await transition('NewPartition', 'OnlinePartition', { liveBrokers: [] })).toEqual({
      state: 'NewPartition',
      znodeWrites: [],
      batch: ['newBatch', 'sendRequestsToBrokers(1)'],
      stateChangeLog: [
        `ERROR ${PREFIX} Controller 0 epoch 1 failed to change state for partition t-0 from NewPartition to OnlinePartition\nkafka.common.StateChangeFailedException: ` +
          'Controller 0 epoch 1 encountered error during state change of partition t-0 from New to Online, assigned replicas are [3,1,2], live brokers are [Set()]. No assigned replica is alive.',
      ],
      results: {},
    });
  });

  it('New → Online when the state znode is already there (written by hand): NODEEXISTS, as Kafka logs the bare result code', async () => {
    expect(await transition('NewPartition', 'OnlinePartition', { znode: LEADERSHIP })).toEqual({
      state: 'NewPartition',
      znodeWrites: [],
      batch: ['newBatch', 'sendRequestsToBrokers(1)'],
      stateChangeLog: [
        `ERROR ${PREFIX} Controller 0 epoch 1 failed to change state for partition t-0 from NewPartition to OnlinePartition\norg.apache.zookeeper.KeeperException$NodeExistsException: KeeperErrorCode = NodeExists`,
      ],
      results: {},
    });
  });

  it('Offline → Online with no live ISR member and unclean election disabled for the topic', async () => {
    const deadIsr: LeaderIsrAndControllerEpoch = {
      leaderAndIsr: { leader: 3, leaderEpoch: 3, isr: [3], zkVersion: 5 },
      controllerEpoch: CONTROLLER_EPOCH,
    };
    const observed = await transition('OfflinePartition', 'OnlinePartition', { leadership: deadIsr });
    const message = 'Failed to elect leader for partition t-0 under strategy OfflinePartitionLeaderElectionStrategy(false)';
    expect(observed).toEqual({
      state: 'OfflinePartition',
      znodeWrites: [],
      batch: ['newBatch', 'sendRequestsToBrokers(1)'],
      stateChangeLog: [stateChangeFailed('OfflinePartition', message)],
      results: { 't-0': expect.objectContaining({ name: 'StateChangeFailedException', message }) },
    });
  });

  it('Offline → Online when a newer controller wrote the state znode: the election is aborted', async () => {
    const newer: LeaderIsrAndControllerEpoch = { leaderAndIsr: LEADERSHIP.leaderAndIsr, controllerEpoch: CONTROLLER_EPOCH + 1 };
    const observed = await transition('OfflinePartition', 'OnlinePartition', { leadership: LEADERSHIP, znode: newer });
    const message =
      'Aborted leader election for partition t-0 since the LeaderAndIsr path was already written by another controller. ' +
      'This probably means that the current controller 0 went through a soft failure and another controller was elected with epoch 2.';
    expect(observed).toEqual({
      state: 'OfflinePartition',
      znodeWrites: [],
      batch: ['newBatch', 'sendRequestsToBrokers(1)'],
      stateChangeLog: [stateChangeFailed('OfflinePartition', message)],
      results: { 't-0': expect.objectContaining({ name: 'StateChangeFailedException', message }) },
    });
  });
});

describe('PartitionStateMachine: unclean election', () => {
  it("Offline → Online with no live ISR member elects the first live assigned replica when the topic's unclean.leader.election.enable is true", async () => {
    const deadIsr: LeaderIsrAndControllerEpoch = {
      leaderAndIsr: { leader: 3, leaderEpoch: 3, isr: [3], zkVersion: 5 },
      controllerEpoch: CONTROLLER_EPOCH,
    };
    const { ports, machine, uncleanElections } = setUp('OfflinePartition', { leadership: deadIsr });
    ports.znodes.uncleanLeaderElectionEnable.set('t', true);
    await machine.handleStateChanges([P], 'OnlinePartition');
    expect(ports.context.partitionState(P)).toBe('OnlinePartition');
    expect(ports.znodes.writes).toEqual([
      `setData ${STATE_ZNODE} {"controller_epoch":1,"leader":1,"version":1,"leader_epoch":4,"isr":[1]} (fenced by epochZkVersion 7)`,
    ]);
    expect(uncleanElections).toEqual(['t-0 → 1']);
  });
});

describe('PartitionStateMachine.startup', () => {
  it("takes each partition's initial state from the cached leadership, then moves the New and Offline ones online", async () => {
    // t-0: led by live broker 1; t-1: led by dead broker 3, its only replica; t-2: no leadership yet.
    const ports = stateMachinePorts(controllerContext([1, 2], 't', [[1, 2], [3], [2, 1]]));
    const led = (leader: number, isr: number[]): LeaderIsrAndControllerEpoch => ({
      leaderAndIsr: { leader, leaderEpoch: 0, isr, zkVersion: 0 },
      controllerEpoch: CONTROLLER_EPOCH,
    });
    for (const [partition, leadership] of [
      [0, led(1, [1, 2])],
      [1, led(3, [3])],
    ] as const) {
      ports.context.partitionLeadershipInfo.set({ topic: 't', partition }, leadership);
      ports.znodes.put({ topic: 't', partition }, leadership);
    }
    const controllerLog: string[] = [];
    const machine = new PartitionStateMachine(
      0,
      ports.context,
      ports.znodes.client,
      ports.batch,
      ports.stateChangeLog,
      () => undefined,
      new Logger((l) => controllerLog.push(l.message), 'kafka.controller.ZkPartitionStateMachine'),
    );
    await machine.startup();
    expect([0, 1, 2].map((partition) => ports.context.partitionState({ topic: 't', partition }))).toEqual([
      'OnlinePartition',
      'OfflinePartition',
      'OnlinePartition',
    ]);
    expect(controllerLog).toEqual(['Initializing partition state', 'Triggering online partition state changes']);
    expect(ports.znodes.writes).toEqual([
      'create /brokers/topics/t/partitions/2/state {"controller_epoch":1,"leader":2,"version":1,"leader_epoch":0,"isr":[2,1]} (fenced by epochZkVersion 7)',
    ]);
    expect(ports.batch.calls).toEqual([
      'newBatch',
      'LeaderAndIsr to [2,1] for t-2: leader 2 epoch 0 isr [2,1] zkVersion 0 controllerEpoch 1, replicas [2,1] adding [] removing [], isNew=true',
      'sendRequestsToBrokers(1)',
    ]);
    expect(ports.stateChangeLines).toContain(
      `ERROR ${PREFIX} Controller 0 epoch 1 failed to change state for partition t-1 from OfflinePartition to OnlinePartition\nkafka.common.StateChangeFailedException: ` +
        'Failed to elect leader for partition t-1 under strategy OfflinePartitionLeaderElectionStrategy(false)',
    );
  });
});
