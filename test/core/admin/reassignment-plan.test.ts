import { describe, expect, it } from 'vitest';
import {
  assignThrottledReplicas,
  calculateFollowerThrottles,
  calculateLeaderThrottles,
  calculateMoveMap,
  calculateReassigningBrokers,
  dataToMove,
  generateAssignment,
  movingPartitions,
  parseGenerateAssignmentArgs,
  type Assignment,
} from '../../../src-main/core/admin/reassignment-plan';
import { SeededRandom } from '../../../src-main/core/platform/random';

const tp = (partition: number, topic = 't') => ({ topic, partition });
const current: Assignment = [
  [tp(0), [0, 1]],
  [tp(1), [1, 2]],
  [tp(2), [2, 0]],
];
const proposed: Assignment = [
  [tp(0), [0, 1]],
  [tp(1), [3, 1]],
  [tp(2), [3, 4]],
];

describe('reassignment plan', () => {
  it('generateAssignment places every partition on the target brokers only, with the topic replication factor', () => {
    const registeredBrokers = [0, 1, 2, 3, 4].map((id) => ({ id, rack: null }));
    const plan = generateAssignment({ current, registeredBrokers, brokerList: [3, 4], enableRackAwareness: true }, new SeededRandom(1));
    expect(plan.map(([p]) => p.partition).sort()).toEqual([0, 1, 2]);
    for (const [, replicas] of plan) expect([...replicas].sort()).toEqual([3, 4]);
  });

  it('generateAssignment enforces racks unless rack awareness is disabled, and refuses duplicate brokers', () => {
    const registeredBrokers = [
      { id: 0, rack: 'a' },
      { id: 1, rack: null },
    ];
    const input = { current: [[tp(0), [0]]] as Assignment, registeredBrokers, brokerList: [0, 1] };
    expect(() => generateAssignment({ ...input, enableRackAwareness: true }, new SeededRandom(1))).toThrow(
      /Not all brokers have rack information/,
    );
    expect(generateAssignment({ ...input, enableRackAwareness: false }, new SeededRandom(1))).toHaveLength(1);
    expect(() => parseGenerateAssignmentArgs(['t'], '1,1')).toThrow('Broker list contains duplicate entries: 1');
    expect(() => parseGenerateAssignmentArgs(['t', 't'], '1')).toThrow('List of topics to reassign contains duplicate entries: t');
  });

  it('moving partitions and 2.5.1 throttled replicas: leaders on pre-move replicas of moving partitions, followers on destinations', () => {
    expect(movingPartitions(current, proposed)).toEqual([tp(1), tp(2)]);
    expect(assignThrottledReplicas(current, proposed).get('t')).toEqual({ leader: '1:1,1:2,2:2,2:0', follower: '1:3,2:3,2:4' });
  });

  it('2.6 move map: every proposed partition leader-throttled on its sources, sorted as a TreeSet', () => {
    const moveMap = calculateMoveMap([], proposed, current);
    expect(calculateLeaderThrottles(moveMap).get('t')).toBe('0:0,0:1,1:1,1:2,2:0,2:2');
    expect(calculateFollowerThrottles(moveMap).get('t')).toBe('1:3,2:3,2:4');
    expect(calculateReassigningBrokers(moveMap)).toEqual([0, 1, 2, 3, 4]);
  });

  it('dataToMove sums the size of each partition a broker gains', () => {
    const sizes = new Map([
      ['t-0', 10],
      ['t-1', 100],
      ['t-2', 1000],
    ]);
    const moved = dataToMove(current, proposed, (p) => sizes.get(`${p.topic}-${p.partition}`)!);
    expect([...moved]).toEqual([
      [3, 1100],
      [4, 1000],
    ]);
  });
});
