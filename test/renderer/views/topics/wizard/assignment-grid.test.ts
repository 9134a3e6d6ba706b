import { describe, expect, it } from 'vitest';
import { assignReplicasToBrokers } from '../../../../../src-main/core/admin/replica-assignment';
import { parseReplicaAssignment as coreParse, TopicCommandError } from '../../../../../src-main/core/admin/topic-command';
import { SeededRandom } from '../../../../../src-main/core/platform/random';
import {
  buildAssignmentGrid,
  formatReplicaAssignment,
  makePreferredLeader,
  newPartitionsFromFullAssignment,
  parseReplicaAssignment,
  ReplicaAssignmentSyntaxError,
  resizeAssignment,
  toggleReplica,
  validateManualAssignment,
} from '../../../../../src-renderer/src/lib/topics/assignment-grid';

describe('buildAssignmentGrid', () => {
  it('places each replica in its broker column with its position, the preferred leader at 0', () => {
    const grid = buildAssignmentGrid(
      [
        [1, 2],
        [2, 0],
        [0, 1],
      ],
      [2, 0, 1],
    );
    expect(grid.brokers).toEqual([0, 1, 2]);
    expect(grid.rows.map((r) => r.cells)).toEqual([
      [null, 0, 1],
      [1, null, 0],
      [0, 1, null],
    ]);
    expect(grid.replicasPerBroker).toEqual([2, 2, 2]);
    expect(grid.leadersPerBroker).toEqual([1, 1, 1]);
  });

  it('equals the core assignment cell for cell (5 brokers, 10 partitions, RF 3, seeded start)', () => {
    const brokers = [0, 1, 2, 3, 4].map((id) => ({ id, rack: null }));
    const core = assignReplicasToBrokers(brokers, 10, 3, -1, -1, new SeededRandom(7));
    const assignment = [...core.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
    const grid = buildAssignmentGrid(assignment, [0, 1, 2, 3, 4]);
    for (const row of grid.rows) {
      const fromCells = row.cells
        .map((position, c) => ({ position, broker: grid.brokers[c] }))
        .filter((x) => x.position !== null)
        .sort((a, b) => a.position! - b.position!)
        .map((x) => x.broker);
      expect(fromCells).toEqual(core.get(row.partition));
    }
  });

  it('adds a column for a broker that is not known, and numbers rows from the first partition', () => {
    const grid = buildAssignmentGrid([[7, 0]], [0, 1], 4);
    expect(grid.brokers).toEqual([0, 1, 7]);
    expect(grid.unknownBrokers).toEqual([7]);
    expect(grid.rows[0].partition).toBe(4);
  });
});

describe('manual grid editing', () => {
  it('a click adds the broker last or removes it; shift-click makes it the preferred leader', () => {
    expect(toggleReplica([1, 2], 0)).toEqual([1, 2, 0]);
    expect(toggleReplica([1, 2, 0], 2)).toEqual([1, 0]);
    expect(makePreferredLeader([1, 2, 0], 0)).toEqual([0, 1, 2]);
    expect(makePreferredLeader([1, 2], 5)).toEqual([1, 2]);
  });

  it('resizes to the partition count, padding with empty partitions', () => {
    expect(resizeAssignment([[1, 2]], 3)).toEqual([[1, 2], [], []]);
    expect(resizeAssignment([[1], [2], [0]], 1)).toEqual([[1]]);
  });
});

describe('validateManualAssignment', () => {
  const rules = { replicationFactor: 2, brokers: [0, 1, 2], partitions: 2 };

  it('accepts every partition with RF distinct live brokers', () => {
    expect(
      validateManualAssignment(
        [
          [0, 1],
          [1, 2],
        ],
        rules,
      ),
    ).toEqual([]);
  });

  it('refuses a wrong replica count, a duplicate, an unknown broker and a wrong partition count', () => {
    expect(validateManualAssignment([[0], [1, 1]], rules)).toEqual([
      { code: 'replica-count', partition: 0, expected: 2, actual: 1 },
      { code: 'duplicate-broker', partition: 1, broker: 1 },
    ]);
    expect(validateManualAssignment([[0, 9]], { ...rules, firstPartition: 3 })).toEqual([
      { code: 'partition-count', expected: 2, actual: 1 },
      { code: 'unknown-broker', partition: 3, broker: 9 },
    ]);
    expect(validateManualAssignment([], { replicationFactor: 1, brokers: [0] })).toEqual([{ code: 'no-partitions' }]);
  });
});

describe('--replica-assignment text', () => {
  it('formats as kafka-topics.sh takes it', () => {
    expect(formatReplicaAssignment([[0, 1], [1, 2], [2]])).toBe('0:1,1:2,2');
    expect(
      parseReplicaAssignment(
        formatReplicaAssignment([
          [3, 1, 2],
          [0, 4, 1],
        ]),
      ),
    ).toEqual([
      [3, 1, 2],
      [0, 4, 1],
    ]);
  });

  it("parses like kafka-topics: trimmed entries, Java's split dropping trailing empties", () => {
    expect(parseReplicaAssignment(' 0 : 1 ,1:2,')).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(parseReplicaAssignment('+1:-2')).toEqual([[1, -2]]);
    expect(parseReplicaAssignment(',')).toEqual([]);
  });

  it("trims only characters up to U+0020, as Java's String.trim does", () => {
    expect(parseReplicaAssignment('\t0\n:\r1')).toEqual([[0, 1]]);
    expect(() => parseReplicaAssignment('\u00a00')).toThrow('For input string: "\u00a00"');
  });

  it("refuses in kafka-topics' words", () => {
    const refusal = (text: string) => {
      try {
        parseReplicaAssignment(text);
        return null;
      } catch (e) {
        expect(e).toBeInstanceOf(ReplicaAssignmentSyntaxError);
        const err = e as ReplicaAssignmentSyntaxError;
        return `${err.exceptionName}: ${err.message}`;
      }
    };
    expect(refusal('0:a')).toBe('NumberFormatException: For input string: "a"');
    expect(refusal('')).toBe('NumberFormatException: For input string: ""');
    expect(refusal('0:1,,1:2')).toBe('NumberFormatException: For input string: ""');
    expect(refusal('2147483648')).toBe('NumberFormatException: For input string: "2147483648"');
    expect(refusal('0:0:1:1:1')).toBe('AdminCommandFailedException: Partition replica lists may not contain duplicate entries: 0,1');
    expect(refusal('0:1,2')).toMatch(/^AdminOperationException: Partition 1 has different replication factor: \[I@[0-9a-f]+$/);
  });

  it('gives the same result or the same error as the core parser for every input', () => {
    const inputs = [
      '0:1:2,1:2:0,2:0:1',
      '0',
      '0:1,',
      ' 0:1 , 1:2 ',
      '0\t:1',
      '0:1,,',
      ':0',
      '0::1',
      '0:1,1',
      '1:1',
      'x',
      '1.5',
      '0:1,1:2,2:a',
      '０',
      '-0:+0',
      '3:3:4,4:5:5',
      '9999999999:1',
      ',,,',
      '',
    ];
    for (const input of inputs) {
      let core: unknown;
      let mine: unknown;
      try {
        core = [...coreParse(input).entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
      } catch (e) {
        core = `${(e as TopicCommandError).exceptionName}: ${(e as Error).message}`;
      }
      try {
        mine = parseReplicaAssignment(input);
      } catch (e) {
        mine = `${(e as ReplicaAssignmentSyntaxError).exceptionName}: ${(e as Error).message}`;
      }
      expect(mine, JSON.stringify(input)).toEqual(core);
    }
  });

  it('drops the entries of existing partitions from a full assignment, as kafka-topics --alter does', () => {
    expect(newPartitionsFromFullAssignment(parseReplicaAssignment('0:1,1:2,2:0,0:2'), 2)).toEqual([
      [2, 0],
      [0, 2],
    ]);
  });
});
