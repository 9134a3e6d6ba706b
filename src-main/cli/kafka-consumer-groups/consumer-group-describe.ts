/**
 * `--describe` of Kafka 2.5.1's ConsumerGroupCommand: the offsets view (the default, `--offsets`),
 * `--members [--verbose]` and `--state`, each group in a TreeMap (sorted by id), laid out with
 * ConsumerGroupCommand's format strings (`%-Ns`, widths at least 15 and as wide as the widest
 * value), with its notes on stderr for a group that is Empty or rebalancing and its error for one
 * that does not exist.
 *
 * Row order as 2.5.1 prints it: members with the most partitions first, each member's partitions
 * by partition number (a Scala immutable Map, so past four partitions its hash order), then the
 * committed partitions no member is assigned, in the order of the Java HashMap the admin client
 * collects them in.
 */
import {
  javaHashMapOrderOfPartitions,
  scalaMapOrderOfPartitions,
  topicPartitionHashCode,
} from '../../core/admin/consumer-group-reset-plan';
import { tpKey, type TopicPartition } from '../../core/common/topic-partition';
import type { ConsumerGroupAdmin, ConsumerGroupDescription } from '../../protocol/kafka/client/consumer-group-admin';

export const MISSING_COLUMN_VALUE = '-';

/** Java's `String.format("%-Ns", value)`. */
export function left(value: string | number, width: number): string {
  return String(value).padEnd(width);
}

export { javaHashMapOrderOfPartitions, scalaMapOrderOfPartitions, topicPartitionHashCode };

interface PartitionAssignmentState {
  group: string;
  topic: string | null;
  partition: number | null;
  offset: number | null;
  lag: number | null;
  consumerId: string;
  host: string;
  clientId: string;
  logEndOffset: number | null;
}

export interface DescribeOutput {
  readonly println: (line: string) => void;
  readonly errPrintln: (line: string) => void;
  /** ConsumerGroupCommand.printError: `\nError: …` on stdout. */
  readonly printError: (message: string) => void;
}

/** `shouldPrintMemberState`: the note or error for the group's state; whether rows follow. */
function shouldPrintMemberState(out: DescribeOutput, group: string, state: string | null, numRows: number | null): boolean {
  if (numRows === null) {
    out.printError(`The consumer group '${group}' does not exist.`);
    return false;
  }
  switch (state) {
    case 'Dead':
      out.printError(`Consumer group '${group}' does not exist.`);
      break;
    case 'Empty':
      out.errPrintln(`\nConsumer group '${group}' has no active members.`);
      break;
    case 'PreparingRebalance':
    case 'CompletingRebalance':
      out.errPrintln(`\nWarning: Consumer group '${group}' is rebalancing.`);
      break;
    case 'Stable':
      break;
    default:
      throw new Error(`Expected a valid consumer group state, but found '${state ?? 'NONE'}'.`);
  }
  return state !== 'Dead' && numRows > 0;
}

export class ConsumerGroupDescriber {
  constructor(
    private readonly admin: ConsumerGroupAdmin,
    private readonly out: DescribeOutput,
  ) {}

  private async describeAll(groupIds: readonly string[]): Promise<ConsumerGroupDescription[]> {
    const described: ConsumerGroupDescription[] = [];
    for (const id of new Set(groupIds)) described.push(await this.admin.describeConsumerGroup(id));
    return described.sort((a, b) => (a.groupId < b.groupId ? -1 : a.groupId > b.groupId ? 1 : 0));
  }

  private async partitionRows(
    group: string,
    tps: readonly TopicPartition[],
    committed: ReadonlyMap<string, number>,
    member: { consumerId: string; host: string; clientId: string },
  ): Promise<PartitionAssignmentState[]> {
    const sorted = [...tps].sort((a, b) => a.partition - b.partition);
    const ends = await this.admin.listOffsets(sorted, 'latest');
    return scalaMapOrderOfPartitions(sorted).map((tp) => {
      const offset = committed.get(tpKey(tp)) ?? null;
      const logEndOffset = ends.get(tpKey(tp)) ?? null;
      const lag = offset !== null && offset !== -1 && logEndOffset !== null ? logEndOffset - offset : null;
      return { group, topic: tp.topic, partition: tp.partition, offset, lag, logEndOffset, ...member };
    });
  }

  /** `collectGroupsOffsets`. */
  async collectGroupsOffsets(
    groupIds: readonly string[],
  ): Promise<Array<{ groupId: string; state: string; rows: PartitionAssignmentState[] }>> {
    const result: Array<{ groupId: string; state: string; rows: PartitionAssignmentState[] }> = [];
    for (const group of await this.describeAll(groupIds)) {
      const committedList = javaHashMapOrderOfPartitions(await this.admin.listConsumerGroupOffsets(group.groupId));
      const committed = new Map(committedList.map((c) => [tpKey(c.tp), c.offset]));
      const assigned = new Set<string>();
      const rows: PartitionAssignmentState[] = [];
      const withAssignment = group.members.filter((m) => m.assignment.length > 0).sort((a, b) => b.assignment.length - a.assignment.length);
      for (const m of withAssignment) {
        for (const tp of m.assignment) assigned.add(tpKey(tp));
        rows.push(
          ...(await this.partitionRows(group.groupId, m.assignment, committed, {
            consumerId: m.consumerId,
            host: m.host,
            clientId: m.clientId,
          })),
        );
      }
      for (const c of committedList) {
        if (assigned.has(tpKey(c.tp))) continue;
        const none = { consumerId: MISSING_COLUMN_VALUE, host: MISSING_COLUMN_VALUE, clientId: MISSING_COLUMN_VALUE };
        rows.push(...(await this.partitionRows(group.groupId, [c.tp], committed, none)));
      }
      result.push({ groupId: group.groupId, state: group.state, rows });
    }
    return result;
  }

  async printOffsets(groupIds: readonly string[]): Promise<void> {
    for (const { groupId, state, rows } of await this.collectGroupsOffsets(groupIds)) {
      if (!shouldPrintMemberState(this.out, groupId, state, rows.length)) continue;
      let [g, t, c, h] = [15, 15, 15, 15];
      for (const r of rows) {
        g = Math.max(g, r.group.length);
        t = Math.max(t, (r.topic ?? MISSING_COLUMN_VALUE).length);
        c = Math.max(c, r.consumerId.length);
        h = Math.max(h, r.host.length);
      }
      const line = (cols: ReadonlyArray<string | number>) =>
        `${left(cols[0], g)} ${left(cols[1], t)} ${left(cols[2], 10)} ${left(cols[3], 15)} ${left(cols[4], 15)} ${left(cols[5], 15)} ${left(cols[6], c)} ${left(cols[7], h)} ${cols[8]}`;
      this.out.println(
        `\n${line(['GROUP', 'TOPIC', 'PARTITION', 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'CONSUMER-ID', 'HOST', 'CLIENT-ID'])}`,
      );
      const m = MISSING_COLUMN_VALUE;
      for (const r of rows)
        this.out.println(
          line([r.group, r.topic ?? m, r.partition ?? m, r.offset ?? m, r.logEndOffset ?? m, r.lag ?? m, r.consumerId, r.host, r.clientId]),
        );
    }
  }

  async printMembers(groupIds: readonly string[], verbose: boolean): Promise<void> {
    for (const group of await this.describeAll(groupIds)) {
      if (!shouldPrintMemberState(this.out, group.groupId, group.state, group.members.length)) continue;
      let [g, c, h, cl] = [15, 15, 15, 15];
      for (const m of group.members) {
        g = Math.max(g, group.groupId.length);
        c = Math.max(c, m.consumerId.length);
        h = Math.max(h, m.host.length);
        cl = Math.max(cl, m.clientId.length);
      }
      const head = (cols: ReadonlyArray<string | number>) =>
        `${left(cols[0], g)} ${left(cols[1], c)} ${left(cols[2], h)} ${left(cols[3], cl)} ${left(cols[4], 15)} `;
      this.out.println(`\n${head(['GROUP', 'CONSUMER-ID', 'HOST', 'CLIENT-ID', '#PARTITIONS'])}${verbose ? 'ASSIGNMENT' : ''}`);
      for (const m of group.members) {
        let assignment = '';
        if (verbose) {
          const byTopic = new Map<string, number[]>();
          for (const tp of m.assignment) byTopic.set(tp.topic, [...(byTopic.get(tp.topic) ?? []), tp.partition]);
          const parts = [...byTopic].map(([topic, ps]) => `${topic}(${ps.sort((a, b) => a - b).join(',')})`).sort();
          assignment = parts.length === 0 ? MISSING_COLUMN_VALUE : parts.join(', ');
        }
        this.out.println(`${head([group.groupId, m.consumerId, m.host, m.clientId, m.assignment.length])}${assignment}`);
      }
    }
  }

  async printStates(groupIds: readonly string[]): Promise<void> {
    for (const group of await this.describeAll(groupIds)) {
      if (!shouldPrintMemberState(this.out, group.groupId, group.state, 1)) continue;
      const coordinator = `${group.coordinator.host}:${group.coordinator.port} (${group.coordinator.id})`;
      const w = Math.max(25, coordinator.length);
      const line = (cols: ReadonlyArray<string | number>) =>
        `${left(cols[0], w)} ${left(cols[1], 25)} ${left(cols[2], 20)} ${left(cols[3], 15)} ${cols[4]}`;
      this.out.println(
        `\n${line(['GROUP', 'COORDINATOR (ID)', 'ASSIGNMENT-STRATEGY', 'STATE', '#MEMBERS'])}\n${line([group.groupId, coordinator, group.partitionAssignor, group.state, group.members.length])}`,
      );
    }
  }
}
