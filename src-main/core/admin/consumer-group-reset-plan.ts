/**
 * The plan of Kafka 2.5.1's `ConsumerGroupCommand --reset-offsets` (`prepareOffsetsToReset`), one
 * implementation for the CLI and the UI: from a reset specification (to-earliest, to-latest,
 * to-current, to-offset, shift-by, to-datetime, by-duration, from-file) over a scope (`t`,
 * `t:0,1`, all topics), the new offset per partition, clamped to the log's range with Kafka's WARN
 * (`checkOffsetsRange`), in the order 2.5.1 prints it. Where the tool exits with its usage the
 * planner throws a `ResetPlanUsageError`, where it fails with a Java exception a
 * `ResetPlanException` naming the class. It reads offsets through `ResetPlanSource`.
 */
import { DEFAULT_KAFKA_BUILD, javaNewHashMapOrderBy, scalaImmutableMapOrderBy } from '../common/jvm-hash-order';
import { javaStringHashCode } from '../common/java-lang';
import { tpKey, type TopicPartition } from '../common/topic-partition';

export interface PlannedOffset {
  readonly tp: TopicPartition;
  readonly offset: number;
}

export type ResetSpec =
  | { readonly kind: 'to-earliest' }
  | { readonly kind: 'to-latest' }
  | { readonly kind: 'to-current' }
  | { readonly kind: 'to-offset'; readonly offset: number }
  | { readonly kind: 'shift-by'; readonly shift: number }
  /** `yyyy-MM-dd'T'HH:mm:ss.SSS` with an optional zone. */
  | { readonly kind: 'to-datetime'; readonly datetime: string }
  /** ISO-8601 `PnDTnHnMnS`, back from now. */
  | { readonly kind: 'by-duration'; readonly duration: string }
  /** The plan's CSV text: `topic,partition,offset` (one group) or `group,topic,partition,offset`. */
  | { readonly kind: 'from-file'; readonly csv: string };

/** `--all-topics` (the committed partitions), or `--topic` values (`t` or `t:0,1`); none with from-file. */
export type ResetScope = { readonly kind: 'all-topics' } | { readonly kind: 'topics'; readonly topics: readonly string[] } | null;

export interface ResetPlanSource {
  /** The group's committed offsets (ListConsumerGroupOffsets), in the order the admin client returns them. */
  committed(groupId: string): Promise<PlannedOffset[]>;
  /** ListOffsets: by `topic-partition`, missing where the broker had none. */
  listOffsets(tps: readonly TopicPartition[], spec: 'earliest' | 'latest' | { timestamp: number }): Promise<Map<string, number>>;
  /** The topic's partitions (describeTopics), or throws as the admin client does. */
  partitionsOf(topic: string): Promise<number[]>;
  /** The tool's clock, for by-duration. */
  nowMs(): number;
  /** A log4j WARN of ConsumerGroupCommand. */
  warn(message: string): void;
}

/** Where the tool prints its usage and exits (`CommandLineUtils.printUsageAndDie`). */
export class ResetPlanUsageError extends Error {}

/** A Java exception the tool fails with (`Error: Executing consumer group command failed due to …`). */
export class ResetPlanException extends Error {
  constructor(
    readonly exceptionClass: string,
    message: string,
  ) {
    super(message);
  }
}

/** `TopicPartition.hashCode()`. */
export function topicPartitionHashCode(tp: TopicPartition): number {
  return (Math.imul(31 + tp.partition, 31) + javaStringHashCode(tp.topic)) | 0;
}

/** A `java.util.HashMap<TopicPartition, …>` filled by `put` in this order: its iteration order. */
export function javaHashMapOrderOfPartitions<T extends { tp: TopicPartition }>(entries: readonly T[]): T[] {
  return javaNewHashMapOrderBy(entries, (e) => topicPartitionHashCode(e.tp));
}

/** A Scala immutable `Map[TopicPartition, …]` built in this order: its iteration order. */
export function scalaMapOrderOfPartitions(tps: readonly TopicPartition[]): TopicPartition[] {
  return scalaImmutableMapOrderBy([...tps], topicPartitionHashCode, DEFAULT_KAFKA_BUILD);
}

/** `convertTimestamp`: `yyyy-MM-dd'T'HH:mm:ss.SSS` with an optional zone (`Z`, `+01:00`, `+0100`, `+01`); none means UTC. */
export function convertTimestamp(timeString: string): number {
  const time = timeString.split('T')[1];
  if (time === undefined) throw new ResetPlanException('java.lang.ArrayIndexOutOfBoundsException', '1');
  const datetime = /[+\-Z]/.test(time) ? timeString : `${timeString}Z`;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})(Z|([+-])(\d{2})(?::?(\d{2}))?)$/.exec(datetime);
  if (!m) throw new ResetPlanException('java.text.ParseException', `Unparseable date: "${datetime}"`);
  const [, y, mo, d, h, mi, s, ms, zone, sign, zh, zm] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms));
  const offsetMs = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm ?? '0')) * 60_000;
  return utc - offsetMs;
}

/** `java.time.Duration.parse` of `PnDTnHnMn.nS` (ISO-8601, days at most), in milliseconds. */
export function parseDurationMs(text: string): number {
  const m = /^([-+]?)P(?:([-+]?\d+)D)?(?:T(?:([-+]?\d+)H)?(?:([-+]?\d+)M)?(?:([-+]?\d+)(?:[.,](\d{0,9}))?S)?)?$/i.exec(text);
  if (!m || (m[2] === undefined && m[3] === undefined && m[4] === undefined && m[5] === undefined) || /T$/i.test(text)) {
    throw new ResetPlanException('java.time.format.DateTimeParseException', 'Text cannot be parsed to a Duration');
  }
  const n = (v: string | undefined) => (v === undefined ? 0 : Number(v));
  const fractionMs = m[6] ? Math.trunc(Number(`0.${m[6]}`) * 1000) * (m[5]?.startsWith('-') ? -1 : 1) : 0;
  const total = n(m[2]) * 86_400_000 + n(m[3]) * 3_600_000 + n(m[4]) * 60_000 + n(m[5]) * 1000 + fractionMs;
  return m[1] === '-' ? -total : total;
}

function csvFields(line: string): string[] {
  const fields: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      fields.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  fields.push(cur);
  return fields;
}

const isInt = (s: string | undefined) => s !== undefined && /^[+-]?\d+$/.test(s.trim());

/** `parseResetPlan`: `topic,partition,offset` lines when exactly one group is named, else `group,topic,partition,offset`. */
export function parseResetPlan(text: string, groupIds: readonly string[]): Map<string, Map<string, PlannedOffset>> {
  // Java's String.split drops trailing empty strings.
  const lines = text.split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const single = groupIds.length === 1;
  const first = lines[0] === undefined ? [] : csvFields(lines[0]);
  const oldFormat = first.length === 3 && isInt(first[1]) && isInt(first[2]);
  const plan = new Map<string, Map<string, PlannedOffset>>();
  for (const line of lines) {
    const f = csvFields(line);
    const [group, topic, partition, offset] = single && oldFormat ? [groupIds[0], ...f] : f;
    if (f.length !== (single && oldFormat ? 3 : 4) || !isInt(partition) || !isInt(offset)) {
      throw new ResetPlanException(
        'com.fasterxml.jackson.databind.RuntimeJsonMappingException',
        `Cannot parse the reset plan line '${line}'`,
      );
    }
    const tp = { topic, partition: Number(partition) };
    const forGroup = plan.get(group) ?? new Map<string, PlannedOffset>();
    plan.set(group, forGroup);
    forGroup.set(tpKey(tp), { tp, offset: Number(offset) });
  }
  return plan;
}

/** `parseTopicPartitionsToReset` / the scope: the partitions a reset covers. */
export async function partitionsToReset(source: ResetPlanSource, groupId: string, scope: ResetScope): Promise<TopicPartition[]> {
  if (scope === null) return [];
  if (scope.kind === 'all-topics') return javaHashMapOrderOfPartitions(await source.committed(groupId)).map((c) => c.tp);
  const tps: TopicPartition[] = [];
  for (const arg of scope.topics) {
    if (arg.includes(':')) {
      const [topic, partitions] = arg.split(':');
      for (const p of (partitions ?? '').split(',')) {
        if (!isInt(p)) throw new ResetPlanException('java.lang.NumberFormatException', `For input string: "${p}"`);
        tps.push({ topic, partition: Number(p) });
      }
    } else {
      for (const partition of await source.partitionsOf(arg)) tps.push({ topic: arg, partition });
    }
  }
  return tps;
}

/**
 * `prepareOffsetsToReset` for one group. `fromFile` is the parsed plan of a from-file spec (parsed
 * once for all groups); a group it does not name gets `null` (the tool prints
 * `No reset plan for group … found`).
 */
export async function prepareOffsetsToReset(
  source: ResetPlanSource,
  groupId: string,
  partitions: readonly TopicPartition[],
  spec: ResetSpec,
  fromFile: Map<string, Map<string, PlannedOffset>> | null = null,
): Promise<PlannedOffset[] | null> {
  const committed = async () => new Map(javaHashMapOrderOfPartitions(await source.committed(groupId)).map((c) => [tpKey(c.tp), c.offset]));
  const offsetsAt = async (tps: readonly TopicPartition[], at: 'earliest' | 'latest', what: string): Promise<PlannedOffset[]> => {
    const offsets = await source.listOffsets(tps, at);
    return tps.map((tp) => {
      const offset = offsets.get(tpKey(tp));
      if (offset === undefined) throw new ResetPlanUsageError(`Error getting ${what} offset of topic partition: ${tpKey(tp)}`);
      return { tp, offset };
    });
  };
  // `getLogTimestampOffsets`: the first offset at or after the time, else the log end.
  const byTimestamp = async (timestamp: number): Promise<PlannedOffset[]> => {
    const found = await source.listOffsets(partitions, { timestamp });
    const unknown = partitions.filter((tp) => (found.get(tpKey(tp)) ?? -1) === -1);
    const ends = await source.listOffsets(unknown, 'latest');
    return partitions.map((tp) => {
      const offset = (found.get(tpKey(tp)) ?? -1) !== -1 ? found.get(tpKey(tp)) : ends.get(tpKey(tp));
      if (offset === undefined) throw new ResetPlanUsageError(`Error getting offset by timestamp of topic partition: ${tpKey(tp)}`);
      return { tp, offset };
    });
  };
  let prepared: PlannedOffset[];
  switch (spec.kind) {
    case 'to-offset':
      prepared = await checkOffsetsRange(
        source,
        partitions.map((tp) => ({ tp, offset: spec.offset })),
      );
      break;
    case 'to-earliest':
      prepared = await offsetsAt(partitions, 'earliest', 'starting');
      break;
    case 'to-latest':
      prepared = await offsetsAt(partitions, 'latest', 'ending');
      break;
    case 'shift-by': {
      const current = await committed();
      const requested = partitions.map((tp) => {
        const at = current.get(tpKey(tp));
        if (at === undefined)
          throw new ResetPlanException(
            'java.lang.IllegalArgumentException',
            `Cannot shift offset for partition ${tpKey(tp)} since there is no current committed offset`,
          );
        return { tp, offset: at + spec.shift };
      });
      prepared = await checkOffsetsRange(source, requested);
      break;
    }
    case 'to-datetime':
      prepared = await byTimestamp(convertTimestamp(spec.datetime));
      break;
    case 'by-duration':
      prepared = await byTimestamp(source.nowMs() - parseDurationMs(spec.duration));
      break;
    case 'from-file': {
      const forGroup = (fromFile ?? parseResetPlan(spec.csv, [groupId])).get(groupId);
      if (!forGroup) return null;
      prepared = await checkOffsetsRange(source, [...forGroup.values()]);
      break;
    }
    case 'to-current': {
      const current = await committed();
      const ends = await offsetsAt(
        partitions.filter((tp) => !current.has(tpKey(tp))),
        'latest',
        'ending',
      );
      prepared = [...partitions.filter((tp) => current.has(tpKey(tp))).map((tp) => ({ tp, offset: current.get(tpKey(tp))! })), ...ends];
      break;
    }
  }
  const byKey = new Map(prepared.map((p) => [tpKey(p.tp), p]));
  return scalaMapOrderOfPartitions([...byKey.values()].map((p) => p.tp)).map((tp) => byKey.get(tpKey(tp))!);
}

/** `checkOffsetsRange`: an offset past the log end becomes the end, one before the log start the start. */
async function checkOffsetsRange(source: ResetPlanSource, requested: readonly PlannedOffset[]): Promise<PlannedOffset[]> {
  const tps = requested.map((r) => r.tp);
  const starts = await source.listOffsets(tps, 'earliest');
  const ends = await source.listOffsets(tps, 'latest');
  return requested.map(({ tp, offset }) => {
    const end = ends.get(tpKey(tp));
    if (end === undefined)
      throw new ResetPlanException(
        'java.lang.IllegalStateException',
        `Unexpected non-existing offset value for topic partition ${tpKey(tp)}`,
      );
    if (offset > end) {
      source.warn(`New offset (${offset}) is higher than latest offset for topic partition ${tpKey(tp)}. Value will be set to ${end}`);
      return { tp, offset: end };
    }
    const start = starts.get(tpKey(tp));
    if (start !== undefined && offset < start) {
      source.warn(`New offset (${offset}) is lower than earliest offset for topic partition ${tpKey(tp)}. Value will be set to ${start}`);
      return { tp, offset: start };
    }
    return { tp, offset };
  });
}

/** The refusal of a reset while the group is active. */
export function inactiveGroupRequired(groupId: string, state: string): string | null {
  return state === 'Empty' || state === 'Dead'
    ? null
    : `Assignments can only be reset if the group '${groupId}' is inactive, but the current state is ${state}.`;
}

/** The dry run's table (`printOffsetsToReset`): GROUP TOPIC PARTITION NEW-OFFSET, %-30s %-30s %-10s %-15s. */
export function resetPlanTable(plan: ReadonlyMap<string, readonly PlannedOffset[]>): string[] {
  const line = (cols: ReadonlyArray<string | number>) =>
    `${String(cols[0]).padEnd(30)} ${String(cols[1]).padEnd(30)} ${String(cols[2]).padEnd(10)} ${String(cols[3]).padEnd(15)}`;
  const out: string[] = [];
  if (plan.size > 0) out.push('', line(['GROUP', 'TOPIC', 'PARTITION', 'NEW-OFFSET']));
  for (const [groupId, offsets] of plan) for (const { tp, offset } of offsets) out.push(line([groupId, tp.topic, tp.partition, offset]));
  return out;
}
