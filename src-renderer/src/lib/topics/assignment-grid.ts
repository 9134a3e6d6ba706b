/**
 * The wizard's replica assignment, without the UI: the broker × partition grid shown for a
 * preview, the manual grid editor's operations and checks, and the `--replica-assignment` text of
 * kafka-topics.sh (`0:1:2,1:2:0`: partitions separated by ',', replicas of a partition by ':',
 * the first replica being the preferred leader).
 *
 * An assignment is a list indexed by partition id (relative to `firstPartition` when only new
 * partitions are shown), each entry the replicas' broker ids in order.
 */

export type Assignment = ReadonlyArray<readonly number[]>;

export interface GridRow {
  readonly partition: number;
  readonly replicas: readonly number[];
  /** Per column (same order as `brokers`): the replica's position (0 = preferred leader), or null. */
  readonly cells: ReadonlyArray<number | null>;
}

export interface AssignmentGridModel {
  /** Columns: the known brokers by id, then any broker the assignment names that is not known. */
  readonly brokers: readonly number[];
  readonly unknownBrokers: readonly number[];
  readonly rows: readonly GridRow[];
  /** Per column: replicas hosted and preferred leaders. */
  readonly replicasPerBroker: readonly number[];
  readonly leadersPerBroker: readonly number[];
}

/** The broker × partition grid of `assignment` (rows = partitions, columns = brokers). */
export function buildAssignmentGrid(assignment: Assignment, knownBrokers: readonly number[], firstPartition = 0): AssignmentGridModel {
  const known = [...new Set(knownBrokers)].sort((a, b) => a - b);
  const knownSet = new Set(known);
  const unknown = [...new Set(assignment.flat().filter((b) => !knownSet.has(b)))].sort((a, b) => a - b);
  const brokers = [...known, ...unknown];
  const column = new Map(brokers.map((b, i) => [b, i]));
  const replicasPerBroker = brokers.map(() => 0);
  const leadersPerBroker = brokers.map(() => 0);
  const rows = assignment.map((replicas, index): GridRow => {
    const cells: Array<number | null> = brokers.map(() => null);
    replicas.forEach((broker, position) => {
      const c = column.get(broker)!;
      // A duplicate keeps its first position: that is the replica Kafka would treat as the leader.
      if (cells[c] === null) {
        cells[c] = position;
        replicasPerBroker[c]++;
        if (position === 0) leadersPerBroker[c]++;
      }
    });
    return { partition: firstPartition + index, replicas: [...replicas], cells };
  });
  return { brokers, unknownBrokers: unknown, rows, replicasPerBroker, leadersPerBroker };
}

// ---------------------------------------------------------------------------------------------
// Manual editing

/** A click on a cell: the broker leaves the partition's replicas, or joins them last. */
export function toggleReplica(replicas: readonly number[], broker: number): number[] {
  return replicas.includes(broker) ? replicas.filter((b) => b !== broker) : [...replicas, broker];
}

/** Makes `broker` (already a replica) the preferred leader, keeping the others' order. */
export function makePreferredLeader(replicas: readonly number[], broker: number): number[] {
  if (!replicas.includes(broker)) return [...replicas];
  return [broker, ...replicas.filter((b) => b !== broker)];
}

/** `assignment` cut or padded (with empty partitions) to `partitions` entries. */
export function resizeAssignment(assignment: Assignment, partitions: number): number[][] {
  const n = Math.max(0, Math.floor(partitions));
  return Array.from({ length: n }, (_, p) => [...(assignment[p] ?? [])]);
}

export function cloneAssignment(assignment: Assignment): number[][] {
  return assignment.map((replicas) => [...replicas]);
}

export function assignmentsEqual(a: Assignment, b: Assignment): boolean {
  return a.length === b.length && a.every((replicas, p) => replicas.length === b[p].length && replicas.every((r, i) => r === b[p][i]));
}

/** What is wrong with a manual grid, in terms the form translates. */
export type GridProblem =
  | { readonly code: 'no-partitions' }
  | { readonly code: 'partition-count'; readonly expected: number; readonly actual: number }
  | { readonly code: 'replica-count'; readonly partition: number; readonly expected: number; readonly actual: number }
  | { readonly code: 'duplicate-broker'; readonly partition: number; readonly broker: number }
  | { readonly code: 'unknown-broker'; readonly partition: number; readonly broker: number };

export interface GridRules {
  /** Every partition must have exactly this many replicas. */
  readonly replicationFactor: number;
  /** The brokers a replica may be placed on. */
  readonly brokers: readonly number[];
  /** The number of partitions expected, if fixed. */
  readonly partitions?: number;
  /** Partition id of the first entry (new partitions of an existing topic start after the old ones). */
  readonly firstPartition?: number;
}

/**
 * Checks a manual grid: the expected number of partitions, each with `replicationFactor` distinct
 * replicas, all on known brokers. Empty when the grid can be sent.
 */
export function validateManualAssignment(assignment: Assignment, rules: GridRules): GridProblem[] {
  const problems: GridProblem[] = [];
  const first = rules.firstPartition ?? 0;
  if (assignment.length === 0) problems.push({ code: 'no-partitions' });
  if (rules.partitions !== undefined && assignment.length !== rules.partitions) {
    problems.push({ code: 'partition-count', expected: rules.partitions, actual: assignment.length });
  }
  const known = new Set(rules.brokers);
  assignment.forEach((replicas, index) => {
    const partition = first + index;
    if (replicas.length !== rules.replicationFactor) {
      problems.push({ code: 'replica-count', partition, expected: rules.replicationFactor, actual: replicas.length });
    }
    const seen = new Set<number>();
    for (const broker of replicas) {
      if (seen.has(broker)) problems.push({ code: 'duplicate-broker', partition, broker });
      seen.add(broker);
      if (!known.has(broker)) problems.push({ code: 'unknown-broker', partition, broker });
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The `--replica-assignment` text of kafka-topics.sh

/** An exception kafka-topics.sh raises while parsing `--replica-assignment`, with its Java name. */
export class ReplicaAssignmentSyntaxError extends Error {
  constructor(
    readonly exceptionName: 'NumberFormatException' | 'AdminCommandFailedException' | 'AdminOperationException',
    message: string,
  ) {
    super(message);
    this.name = exceptionName;
  }
}

/** `String.split(sep)` for a one-character, non-regex separator: trailing empty strings are dropped. */
function javaSplit(s: string, separator: string): string[] {
  if (!s.includes(separator)) return [s];
  const parts = s.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** `String.trim()`: strips characters ≤ U+0020 at both ends (not every Unicode space). */
function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** `Integer.parseInt(s)`: an optional sign and ASCII digits, within 32 bits. */
function parseJavaInt(s: string): number {
  if (/^[+-]?[0-9]+$/.test(s)) {
    const value = BigInt(s);
    if (value >= BigInt(INT_MIN) && value <= BigInt(INT_MAX)) return Number(value);
  }
  throw new ReplicaAssignmentSyntaxError('NumberFormatException', `For input string: "${s}"`);
}

/**
 * `int[].toString()` as kafka-topics prints it in "has different replication factor": the JVM
 * prints an identity hash; like the core, `Arrays.hashCode` stands in for it.
 */
function javaIntArrayToString(values: readonly number[]): string {
  let hash = 1;
  for (const v of values) hash = (Math.imul(31, hash) + v) | 0;
  return `[I@${(hash >>> 0).toString(16)}`;
}

/**
 * `TopicCommand.parseReplicaAssignment` (Kafka 2.5): partitions split on ',', replicas on ':',
 * each entry trimmed and parsed with Integer.parseInt; trailing empty entries are dropped (Java's
 * split). Throws ReplicaAssignmentSyntaxError with Kafka's message for a bad number, a duplicate
 * broker in a partition, or a partition whose replica count differs from partition 0's.
 */
export function parseReplicaAssignment(text: string): number[][] {
  const partitionList = javaSplit(text, ',');
  const result: number[][] = [];
  for (let i = 0; i < partitionList.length; i++) {
    const brokerList = javaSplit(partitionList[i], ':').map((s) => parseJavaInt(javaTrim(s)));
    const duplicates = [...new Set(brokerList.filter((b, index) => brokerList.indexOf(b) !== index))];
    if (duplicates.length > 0) {
      throw new ReplicaAssignmentSyntaxError(
        'AdminCommandFailedException',
        `Partition replica lists may not contain duplicate entries: ${duplicates.join(',')}`,
      );
    }
    result.push(brokerList);
    if (brokerList.length !== result[0].length) {
      throw new ReplicaAssignmentSyntaxError(
        'AdminOperationException',
        `Partition ${i} has different replication factor: ${javaIntArrayToString(brokerList)}`,
      );
    }
  }
  return result;
}

/** The `--replica-assignment` text kafka-topics.sh takes for `assignment` (`0:1,1:2`). */
export function formatReplicaAssignment(assignment: Assignment): string {
  return assignment.map((replicas) => replicas.join(':')).join(',');
}

/**
 * `kafka-topics --alter --replica-assignment` with a full assignment: the entries of the existing
 * partitions are dropped, only the new partitions' are sent (scenario A3).
 */
export function newPartitionsFromFullAssignment(assignment: Assignment, currentPartitionCount: number): number[][] {
  return assignment.slice(currentPartitionCount).map((replicas) => [...replicas]);
}
