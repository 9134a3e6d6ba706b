/**
 * `--reset-offsets` of Kafka 2.5.1's ConsumerGroupCommand: only a group that is Empty or Dead is
 * reset (else `Assignments can only be reset if the group '…' is inactive, but the current state is
 * …`); the plan comes from the reset specification (to-earliest, to-latest, to-current, to-offset,
 * shift-by, to-datetime, by-duration, from-file) over the scope (`--topic t`, `t:0,1`,
 * `--all-topics`), offsets out of the log's range are clamped with a WARN, `--execute` commits it
 * (the default is a dry run), and it is printed as the GROUP/TOPIC/PARTITION/NEW-OFFSET table or,
 * with `--export`, as CSV (`topic,partition,offset` for one group, with the group first otherwise).
 */
import { readFileSync } from 'node:fs';
import { tpKey, type TopicPartition } from '../../core/common/topic-partition';
import type { ConsumerGroupAdmin } from '../../protocol/kafka/client/consumer-group-admin';
import { printUsageAndDie } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { JavaException } from '../kafka-topics/command-failure';
import { CONSUMER_GROUP_COMMAND_SPECS, RESET_SCENARIOS, type ConsumerGroupCommandOptions } from './consumer-group-command-options';
import { javaHashMapOrderOfPartitions, left, scalaMapOrderOfPartitions } from './consumer-group-describe';

export type ResetPlan = Map<string, Array<{ tp: TopicPartition; offset: number }>>;

export interface ResetContext {
  readonly admin: ConsumerGroupAdmin;
  readonly opts: ConsumerGroupCommandOptions;
  readonly io: CommandIo;
  readonly printError: (message: string) => void;
  readonly warn: (message: string) => void;
  readonly now: () => number;
  /** describeTopics: the topic's partitions, or throws. */
  readonly partitionsOf: (topic: string) => Promise<number[]>;
  readonly listGroups: () => Promise<string[]>;
}

/** `convertTimestamp`: `yyyy-MM-dd'T'HH:mm:ss.SSS` with an optional zone (`Z`, `+01:00`, `+0100`, `+01`); none means UTC. */
export function convertTimestamp(timeString: string): number {
  const time = timeString.split('T')[1];
  if (time === undefined) throw new JavaException('java.lang.ArrayIndexOutOfBoundsException', '1');
  const datetime = /[+\-Z]/.test(time) ? timeString : `${timeString}Z`;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})(Z|([+-])(\d{2})(?::?(\d{2}))?)$/.exec(datetime);
  if (!m) throw new JavaException('java.text.ParseException', `Unparseable date: "${datetime}"`);
  const [, y, mo, d, h, mi, s, ms, zone, sign, zh, zm] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms));
  const offsetMs = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm ?? '0')) * 60_000;
  return utc - offsetMs;
}

/** `java.time.Duration.parse` of `PnDTnHnMn.nS` (ISO-8601, days at most), in milliseconds. */
export function parseDurationMs(text: string): number {
  const m = /^([-+]?)P(?:([-+]?\d+)D)?(?:T(?:([-+]?\d+)H)?(?:([-+]?\d+)M)?(?:([-+]?\d+)(?:[.,](\d{0,9}))?S)?)?$/i.exec(text);
  if (!m || (m[2] === undefined && m[3] === undefined && m[4] === undefined && m[5] === undefined) || /T$/i.test(text)) {
    throw new JavaException('java.time.format.DateTimeParseException', 'Text cannot be parsed to a Duration');
  }
  const n = (v: string | undefined) => (v === undefined ? 0 : Number(v));
  const fractionMs = m[6] ? Math.trunc(Number(`0.${m[6]}`) * 1000) * (m[5]?.startsWith('-') ? -1 : 1) : 0;
  const total = n(m[2]) * 86_400_000 + n(m[3]) * 3_600_000 + n(m[4]) * 60_000 + n(m[5]) * 1000 + fractionMs;
  return m[1] === '-' ? -total : total;
}

/** Jackson's CSV quoting of one value. */
function csvValue(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
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

export function exportOffsetsToCsv(plan: ResetPlan, singleGroup: boolean): string {
  let rows = '';
  for (const [groupId, offsets] of plan) {
    for (const { tp, offset } of offsets)
      rows += `${(singleGroup ? [tp.topic, tp.partition, offset] : [groupId, tp.topic, tp.partition, offset]).map(csvValue).join(',')}\n`;
  }
  return rows;
}

export function printOffsetsToReset(plan: ResetPlan, println: (line: string) => void): void {
  const line = (cols: ReadonlyArray<string | number>) =>
    `${left(cols[0], 30)} ${left(cols[1], 30)} ${left(cols[2], 10)} ${left(cols[3], 15)}`;
  if (plan.size > 0) println(`\n${line(['GROUP', 'TOPIC', 'PARTITION', 'NEW-OFFSET'])}`);
  for (const [groupId, offsets] of plan) for (const { tp, offset } of offsets) println(line([groupId, tp.topic, tp.partition, offset]));
}

const isInt = (s: string | undefined) => s !== undefined && /^[+-]?\d+$/.test(s.trim());

export class ConsumerGroupReset {
  private planFromFile: Map<string, Map<string, { tp: TopicPartition; offset: number }>> | null | undefined;

  constructor(private readonly ctx: ResetContext) {}

  private get opts(): ConsumerGroupCommandOptions {
    return this.ctx.opts;
  }

  private die(message: string): never {
    return printUsageAndDie(this.ctx.io, CONSUMER_GROUP_COMMAND_SPECS, message);
  }

  async resetOffsets(): Promise<ResetPlan> {
    const groupIds = this.opts.has('all-groups') ? await this.ctx.listGroups() : this.opts.options.valuesOf('group');
    const plan: ResetPlan = new Map();
    for (const groupId of new Set(groupIds)) {
      const state = (await this.ctx.admin.describeConsumerGroup(groupId)).state;
      if (state !== 'Empty' && state !== 'Dead') {
        this.ctx.printError(`Assignments can only be reset if the group '${groupId}' is inactive, but the current state is ${state}.`);
        plan.set(groupId, []);
        continue;
      }
      const prepared = await this.prepareOffsetsToReset(groupId, await this.partitionsToReset(groupId));
      // Dry run unless --execute.
      if (this.opts.has('execute') && !this.opts.has('dry-run')) await this.ctx.admin.alterConsumerGroupOffsets(groupId, prepared);
      plan.set(groupId, prepared);
    }
    return plan;
  }

  private async committed(groupId: string): Promise<Array<{ tp: TopicPartition; offset: number }>> {
    return javaHashMapOrderOfPartitions(await this.ctx.admin.listConsumerGroupOffsets(groupId));
  }

  private async partitionsToReset(groupId: string): Promise<TopicPartition[]> {
    if (this.opts.has('all-topics')) return (await this.committed(groupId)).map((c) => c.tp);
    if (this.opts.has('topic')) {
      const tps: TopicPartition[] = [];
      for (const arg of this.opts.options.valuesOf('topic')) {
        if (arg.includes(':')) {
          const [topic, partitions] = arg.split(':');
          for (const p of (partitions ?? '').split(',')) {
            if (!isInt(p)) throw new JavaException('java.lang.NumberFormatException', `For input string: "${p}"`);
            tps.push({ topic, partition: Number(p) });
          }
        } else {
          for (const partition of await this.ctx.partitionsOf(arg)) tps.push({ topic: arg, partition });
        }
      }
      return tps;
    }
    if (this.opts.has('from-file')) return [];
    return this.die('One of the reset scopes should be defined: --all-topics, --topic.');
  }

  private async offsetsAt(
    groupId: string,
    tps: readonly TopicPartition[],
    spec: 'earliest' | 'latest',
    what: string,
  ): Promise<Array<{ tp: TopicPartition; offset: number }>> {
    const offsets = await this.ctx.admin.listOffsets(tps, spec);
    return tps.map((tp) => {
      const offset = offsets.get(tpKey(tp));
      if (offset === undefined) this.die(`Error getting ${what} offset of topic partition: ${tpKey(tp)}`);
      return { tp, offset };
    });
  }

  /** `getLogTimestampOffsets`: the first offset at or after the time, else the log end. */
  private async offsetsByTimestamp(
    tps: readonly TopicPartition[],
    timestamp: number,
  ): Promise<Array<{ tp: TopicPartition; offset: number }>> {
    const byTime = await this.ctx.admin.listOffsets(tps, { timestamp });
    const unknown = tps.filter((tp) => (byTime.get(tpKey(tp)) ?? -1) === -1);
    const ends = await this.ctx.admin.listOffsets(unknown, 'latest');
    return tps.map((tp) => {
      const offset = (byTime.get(tpKey(tp)) ?? -1) !== -1 ? byTime.get(tpKey(tp)) : ends.get(tpKey(tp));
      if (offset === undefined) this.die(`Error getting offset by timestamp of topic partition: ${tpKey(tp)}`);
      return { tp, offset };
    });
  }

  private async prepareOffsetsToReset(
    groupId: string,
    partitions: readonly TopicPartition[],
  ): Promise<Array<{ tp: TopicPartition; offset: number }>> {
    const o = this.opts;
    let prepared: Array<{ tp: TopicPartition; offset: number }>;
    if (o.has('to-offset')) {
      const offset = o.longValueOf('to-offset')!;
      prepared = await this.checkOffsetsRange(partitions.map((tp) => ({ tp, offset })));
    } else if (o.has('to-earliest')) prepared = await this.offsetsAt(groupId, partitions, 'earliest', 'starting');
    else if (o.has('to-latest')) prepared = await this.offsetsAt(groupId, partitions, 'latest', 'ending');
    else if (o.has('shift-by')) {
      const committed = new Map((await this.committed(groupId)).map((c) => [tpKey(c.tp), c.offset]));
      const shiftBy = o.longValueOf('shift-by')!;
      const requested = partitions.map((tp) => {
        const current = committed.get(tpKey(tp));
        if (current === undefined)
          throw new JavaException(
            'java.lang.IllegalArgumentException',
            `Cannot shift offset for partition ${tpKey(tp)} since there is no current committed offset`,
          );
        return { tp, offset: current + shiftBy };
      });
      prepared = await this.checkOffsetsRange(requested);
    } else if (o.has('to-datetime'))
      prepared = await this.offsetsByTimestamp(partitions, convertTimestamp(o.options.valueOf('to-datetime')!));
    else if (o.has('by-duration'))
      prepared = await this.offsetsByTimestamp(partitions, this.ctx.now() - parseDurationMs(o.options.valueOf('by-duration')!));
    else if (o.has('from-file')) {
      const forGroup = this.resetPlanFromFile().get(groupId);
      if (!forGroup) {
        this.ctx.printError(`No reset plan for group ${groupId} found`);
        return [];
      }
      prepared = await this.checkOffsetsRange([...forGroup.values()]);
    } else if (o.has('to-current')) {
      const committed = new Map((await this.committed(groupId)).map((c) => [tpKey(c.tp), c.offset]));
      const withCommitted = partitions.filter((tp) => committed.has(tpKey(tp)));
      const ends = await this.offsetsAt(
        groupId,
        partitions.filter((tp) => !committed.has(tpKey(tp))),
        'latest',
        'ending',
      );
      prepared = [...withCommitted.map((tp) => ({ tp, offset: committed.get(tpKey(tp))! })), ...ends];
    } else {
      return this.die(
        `Option '[reset-offsets]' requires one of the following scenarios: Set(${RESET_SCENARIOS.map((s) => `[${s}]`).join(', ')})`,
      );
    }
    const byKey = new Map(prepared.map((p) => [tpKey(p.tp), p]));
    return scalaMapOrderOfPartitions([...byKey.values()].map((p) => p.tp)).map((tp) => byKey.get(tpKey(tp))!);
  }

  /** `checkOffsetsRange`: an offset past the log end becomes the end, one before the log start the start. */
  private async checkOffsetsRange(
    requested: ReadonlyArray<{ tp: TopicPartition; offset: number }>,
  ): Promise<Array<{ tp: TopicPartition; offset: number }>> {
    const tps = requested.map((r) => r.tp);
    const starts = await this.ctx.admin.listOffsets(tps, 'earliest');
    const ends = await this.ctx.admin.listOffsets(tps, 'latest');
    return requested.map(({ tp, offset }) => {
      const end = ends.get(tpKey(tp));
      if (end === undefined)
        throw new JavaException('java.lang.IllegalStateException', `Unexpected non-existing offset value for topic partition ${tpKey(tp)}`);
      if (offset > end) {
        this.ctx.warn(`New offset (${offset}) is higher than latest offset for topic partition ${tpKey(tp)}. Value will be set to ${end}`);
        return { tp, offset: end };
      }
      const start = starts.get(tpKey(tp));
      if (start !== undefined && offset < start) {
        this.ctx.warn(
          `New offset (${offset}) is lower than earliest offset for topic partition ${tpKey(tp)}. Value will be set to ${start}`,
        );
        return { tp, offset: start };
      }
      return { tp, offset };
    });
  }

  /** `parseResetPlan`: `topic,partition,offset` lines for a single `--group`, else `group,topic,partition,offset`. */
  private resetPlanFromFile(): Map<string, Map<string, { tp: TopicPartition; offset: number }>> {
    if (this.planFromFile) return this.planFromFile;
    const path = this.opts.options.valueOf('from-file')!;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      throw new JavaException('java.nio.file.NoSuchFileException', path);
    }
    // Java's String.split drops trailing empty strings.
    const lines = text.split('\n');
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    const single = this.opts.options.valuesOf('group').length === 1;
    const first = lines[0] === undefined ? [] : csvFields(lines[0]);
    const oldFormat = first.length === 3 && isInt(first[1]) && isInt(first[2]);
    const plan = new Map<string, Map<string, { tp: TopicPartition; offset: number }>>();
    for (const line of lines) {
      const f = csvFields(line);
      const [group, topic, partition, offset] = single && oldFormat ? [this.opts.options.valueOf('group')!, ...f] : f;
      if (f.length !== (single && oldFormat ? 3 : 4) || !isInt(partition) || !isInt(offset)) {
        throw new JavaException('com.fasterxml.jackson.databind.RuntimeJsonMappingException', `Cannot parse the reset plan line '${line}'`);
      }
      const tp = { topic, partition: Number(partition) };
      const forGroup = plan.get(group) ?? new Map<string, { tp: TopicPartition; offset: number }>();
      plan.set(group, forGroup);
      forGroup.set(tpKey(tp), { tp, offset: Number(offset) });
    }
    this.planFromFile = plan;
    return plan;
  }
}
