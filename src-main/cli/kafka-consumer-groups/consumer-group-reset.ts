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
import {
  convertTimestamp,
  inactiveGroupRequired,
  parseDurationMs,
  parseResetPlan,
  partitionsToReset,
  prepareOffsetsToReset,
  ResetPlanException,
  resetPlanTable,
  ResetPlanUsageError,
  type PlannedOffset,
  type ResetPlanSource,
  type ResetScope,
  type ResetSpec,
} from '../../core/admin/consumer-group-reset-plan';
import type { TopicPartition } from '../../core/common/topic-partition';
import type { ConsumerGroupAdmin } from '../../protocol/kafka/client/consumer-group-admin';
import { printUsageAndDie } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { JavaException } from '../kafka-topics/command-failure';
import { CONSUMER_GROUP_COMMAND_SPECS, RESET_SCENARIOS, type ConsumerGroupCommandOptions } from './consumer-group-command-options';

export { convertTimestamp, parseDurationMs };

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

/** Jackson's CSV quoting of one value. */
function csvValue(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
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
  const lines = resetPlanTable(plan);
  if (lines.length > 0) println(`\n${lines.slice(1).join('\n')}`);
}

export class ConsumerGroupReset {
  private planFromFile: Map<string, Map<string, PlannedOffset>> | null = null;

  constructor(private readonly ctx: ResetContext) {}

  private get opts(): ConsumerGroupCommandOptions {
    return this.ctx.opts;
  }

  private die(message: string): never {
    return printUsageAndDie(this.ctx.io, CONSUMER_GROUP_COMMAND_SPECS, message);
  }

  private source(): ResetPlanSource {
    return {
      committed: (groupId) => this.ctx.admin.listConsumerGroupOffsets(groupId),
      listOffsets: (tps, spec) => this.ctx.admin.listOffsets(tps, spec),
      partitionsOf: this.ctx.partitionsOf,
      nowMs: this.ctx.now,
      warn: this.ctx.warn,
    };
  }

  /** The options as the planner's specification: the scenarios are exclusive (checkArgs). */
  private spec(): ResetSpec {
    const o = this.opts;
    if (o.has('to-offset')) return { kind: 'to-offset', offset: o.longValueOf('to-offset')! };
    if (o.has('to-earliest')) return { kind: 'to-earliest' };
    if (o.has('to-latest')) return { kind: 'to-latest' };
    if (o.has('shift-by')) return { kind: 'shift-by', shift: o.longValueOf('shift-by')! };
    if (o.has('to-datetime')) return { kind: 'to-datetime', datetime: o.options.valueOf('to-datetime')! };
    if (o.has('by-duration')) return { kind: 'by-duration', duration: o.options.valueOf('by-duration')! };
    if (o.has('from-file')) return { kind: 'from-file', csv: '' };
    if (o.has('to-current')) return { kind: 'to-current' };
    return this.die(
      `Option '[reset-offsets]' requires one of the following scenarios: Set(${RESET_SCENARIOS.map((s) => `[${s}]`).join(', ')})`,
    );
  }

  private scope(): ResetScope {
    if (this.opts.has('all-topics')) return { kind: 'all-topics' };
    if (this.opts.has('topic')) return { kind: 'topics', topics: this.opts.options.valuesOf('topic') };
    if (this.opts.has('from-file')) return null;
    return this.die('One of the reset scopes should be defined: --all-topics, --topic.');
  }

  async resetOffsets(): Promise<ResetPlan> {
    try {
      return await this.plan();
    } catch (e) {
      if (e instanceof ResetPlanUsageError) this.die(e.message);
      if (e instanceof ResetPlanException) throw new JavaException(e.exceptionClass, e.message);
      throw e;
    }
  }

  private async plan(): Promise<ResetPlan> {
    const groupIds = this.opts.has('all-groups') ? await this.ctx.listGroups() : this.opts.options.valuesOf('group');
    const plan: ResetPlan = new Map();
    const source = this.source();
    for (const groupId of new Set(groupIds)) {
      const refused = inactiveGroupRequired(groupId, (await this.ctx.admin.describeConsumerGroup(groupId)).state);
      if (refused) {
        this.ctx.printError(refused);
        plan.set(groupId, []);
        continue;
      }
      const scope = this.scope();
      const partitions = await partitionsToReset(source, groupId, scope);
      const spec = this.spec();
      const prepared = await prepareOffsetsToReset(
        source,
        groupId,
        partitions,
        spec,
        spec.kind === 'from-file' ? this.resetPlanFromFile() : null,
      );
      if (prepared === null) {
        this.ctx.printError(`No reset plan for group ${groupId} found`);
        plan.set(groupId, []);
        continue;
      }
      // Dry run unless --execute.
      if (this.opts.has('execute') && !this.opts.has('dry-run')) await this.ctx.admin.alterConsumerGroupOffsets(groupId, prepared);
      plan.set(groupId, prepared);
    }
    return plan;
  }

  /** `parseResetPlan` of the --from-file file, read once. */
  private resetPlanFromFile(): Map<string, Map<string, PlannedOffset>> {
    if (this.planFromFile) return this.planFromFile;
    const path = this.opts.options.valueOf('from-file')!;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      throw new JavaException('java.nio.file.NoSuchFileException', path);
    }
    this.planFromFile = parseResetPlan(text, this.opts.options.valuesOf('group'));
    return this.planFromFile;
  }
}
