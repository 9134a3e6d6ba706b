import { resolve } from 'node:path';
import { definitionProblems, type BrokerSpec, type ClusterDefinition } from '../core/cluster/cluster-definition';
import type { FileSystem } from '../core/platform/file-system';
import { NodeFileSystem } from './node-file-system';

/**
 * The cluster the first run creates, kept as a readable file: `resources/default-cluster.json`.
 * This module (src-main/infra/) and the bundle it is built into (out/main/index.js) both sit two
 * folders below the app's root, and electron-builder packs resources/ beside out/.
 */
export const DEFAULT_CLUSTER_FILE = resolve(import.meta.dirname, '../../resources/default-cluster.json');

const isStringMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string');

function brokerShapeProblem(b: unknown, i: number): string | null {
  const spec = b as Partial<BrokerSpec> | null;
  if (typeof spec !== 'object' || spec === null) return `brokers[${i}] must be an object`;
  if (typeof spec.id !== 'number') return `brokers[${i}].id must be a number`;
  if (spec.rack !== null && typeof spec.rack !== 'string') return `brokers[${i}].rack must be a string or null`;
  if (!Array.isArray(spec.logDirs) || !spec.logDirs.every((d) => typeof d === 'string'))
    return `brokers[${i}].logDirs must be an array of strings`;
  if (!isStringMap(spec.config)) return `brokers[${i}].config must map config names to strings`;
  return null;
}

/** Reads and checks the definition; a damaged file is refused with what is wrong and where. */
export function readDefaultClusterDefinition(fs: FileSystem = new NodeFileSystem(), file = DEFAULT_CLUSTER_FILE): ClusterDefinition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(fs.readFile(file)));
  } catch (e) {
    if (e instanceof SyntaxError) throw new Error(`${file} is not valid JSON: ${e.message}`, { cause: e });
    throw e;
  }
  const def = parsed as Partial<ClusterDefinition> | null;
  const problems: string[] = [];
  if (typeof def !== 'object' || def === null || Array.isArray(def)) problems.push('it must hold one JSON object');
  else {
    if (typeof def.name !== 'string' || def.name.trim() === '') problems.push('name must be a non-empty string');
    if (!Array.isArray(def.brokers) || def.brokers.length === 0) problems.push('brokers must list at least one broker');
    else problems.push(...def.brokers.map(brokerShapeProblem).filter((p): p is string => p !== null));
    if (!isStringMap(def.brokerDefaults)) problems.push('brokerDefaults must map config names to strings');
    if (problems.length === 0) problems.push(...definitionProblems(def as ClusterDefinition));
  }
  if (problems.length > 0) throw new Error(`${file} is not a cluster definition: ${problems.join('; ')}`);
  return def as ClusterDefinition;
}
