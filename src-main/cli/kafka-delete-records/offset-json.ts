/**
 * `DeleteRecordsCommand.parseOffsetJsonStringWithoutDedup`: `{"partitions":[{"topic","partition","offset"}],"version":1}`
 * (version 1 when absent), with Kafka's `JsonValue` failures (Jackson's JsonMappingException) and
 * its AdminOperationExceptions.
 */
import { AdminJavaException } from '../../core/admin/admin-exceptions';

export interface PartitionOffset {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
}

const EARLIEST_VERSION = 1;

function mappingError(message: string): AdminJavaException {
  return new AdminJavaException('com.fasterxml.jackson.databind.JsonMappingException', message);
}

function field(obj: Record<string, unknown>, name: string): unknown {
  if (!(name in obj)) throw mappingError(`No such field exists: \`${name}\``);
  return obj[name];
}

function asObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw mappingError(`Expected JSON object, received ${JSON.stringify(value)}`);
  return value as Record<string, unknown>;
}

function toInt(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -2147483648 || value > 2147483647)
    throw mappingError(`Expected \`Int\` value, received ${JSON.stringify(value)}`);
  return value;
}

function toLong(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw mappingError(`Expected \`Long\` value, received ${JSON.stringify(value)}`);
  return Math.trunc(value);
}

function toStr(value: unknown): string {
  if (typeof value !== 'string') throw mappingError(`Expected \`String\` value, received ${JSON.stringify(value)}`);
  return value;
}

export function parseOffsetJson(json: string): PartitionOffset[] {
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch {
    throw AdminJavaException.adminOperation('The input string is not a valid JSON');
  }
  const obj = asObject(root);
  const version = 'version' in obj ? toInt(obj.version) : EARLIEST_VERSION;
  if (version !== 1) throw AdminJavaException.adminOperation(`Not supported version field value ${version}`);
  if (!('partitions' in obj)) throw AdminJavaException.adminOperation('Missing partitions field');
  const partitions = obj.partitions;
  if (!Array.isArray(partitions)) throw mappingError(`Expected JSON array, received ${JSON.stringify(partitions)}`);
  return partitions.map((entry) => {
    const p = asObject(entry);
    return { topic: toStr(field(p, 'topic')), partition: toInt(field(p, 'partition')), offset: toLong(field(p, 'offset')) };
  });
}
