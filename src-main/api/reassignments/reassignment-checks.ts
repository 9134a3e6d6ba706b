/**
 * What `--execute` refuses in a plan (`parseExecuteAssignmentArgs`, `verifyBrokerIds`, the
 * partitions described), in the tool's words, and the rack-awareness a hand-edited plan may break.
 */
import { duplicates } from '../../core/admin/reassignment-plan';
import { errorForCode } from '../../core/common/kafka-errors';
import type { PartitionSnapshot } from '../../core/cluster/cluster-facade';
import { tpKey } from '../../core/common/topic-partition';
import type { ReassignmentPlanDto } from './reassignment-contract';

const name = (p: { topic: string; partition: number }) => `${p.topic}-${p.partition}`;

export function planErrors(
  plan: ReassignmentPlanDto,
  partitions: ReadonlyMap<string, PartitionSnapshot>,
  brokerIds: ReadonlySet<number>,
): string[] {
  const parts = plan.partitions;
  if (parts.length === 0) return ['Partition reassignment list cannot be empty'];
  if (parts.some((p) => p.replicas.length === 0)) return ['Partition replica list cannot be empty'];
  const dupParts = duplicates(parts, tpKey);
  if (dupParts.length > 0) return [`Partition reassignment contains duplicate topic partitions: ${dupParts.map(name).join(',')}`];
  const dupReplicas = parts
    .map((p) => [p, duplicates([...p.replicas])] as const)
    .filter(([, d]) => d.length > 0)
    .map(([p, d]) => `${name(p)} contains multiple entries for ${d.join(',')}`);
  if (dupReplicas.length > 0) return [`Partition replica lists may not contain duplicate entries: ${dupReplicas.join('. ')}`];
  const errors: string[] = [];
  const unknownBroker = parts.flatMap((p) => p.replicas).find((b) => !brokerIds.has(b));
  if (unknownBroker !== undefined) errors.push(`Unknown broker id ${unknownBroker}`);
  const missing = parts.filter((p) => !partitions.has(tpKey(p)));
  // The admin client's DescribeTopics answer for a partition that does not exist.
  if (missing.length > 0) errors.push(`${missing.map(name).join(',')}: ${errorForCode(3).message}`);
  return errors;
}

/**
 * Rack-aware assignment puts a partition's replicas on distinct racks while there are racks
 * enough: a plan that stacks them on fewer racks than it could loses that, and one naming brokers
 * with and without a rack is what `--generate` refuses outright ("Not all brokers have rack information").
 */
export function rackWarnings(plan: ReassignmentPlanDto, racks: ReadonlyMap<number, string | null>): string[] {
  const allRacks = new Set([...racks.values()].filter((r): r is string => r !== null));
  if (allRacks.size === 0) return [];
  const warnings: string[] = [];
  for (const p of plan.partitions) {
    const own = p.replicas.map((b) => racks.get(b) ?? null);
    const withoutRack = p.replicas.filter((_, i) => own[i] === null);
    if (withoutRack.length > 0) {
      warnings.push(`${name(p)}: broker${withoutRack.length === 1 ? '' : 's'} ${withoutRack.join(',')} have no rack while others do.`);
      continue;
    }
    const distinct = new Set(own).size;
    const possible = Math.min(p.replicas.length, allRacks.size);
    if (distinct < possible)
      warnings.push(
        `${name(p)}: replicas ${p.replicas.join(',')} span ${distinct} rack${distinct === 1 ? '' : 's'} (${[...new Set(own)].join(',')}) where ${possible} are possible.`,
      );
  }
  return warnings;
}
