/** A broker in the workspace's cluster definition (log dirs relative to the workspace). */
export interface BrokerSpec {
  id: number;
  rack: string | null;
  /** Names of the broker's log dirs, under `brokers/broker-<id>/`. */
  logDirs: string[];
  /** `server.properties` overrides for this broker. */
  config: Record<string, string>;
}

/** What a workspace holds besides ZooKeeper: the brokers and their shared configs. */
export interface ClusterDefinition {
  name: string;
  brokers: BrokerSpec[];
  /** `server.properties` entries every broker gets (Kafka's names, string values). */
  brokerDefaults: Record<string, string>;
}

/** Kafka's defaults, with three brokers 0, 1, 2 — the cluster a new workspace starts with. */
export function defaultClusterDefinition(name = 'dojo', brokerCount = 3): ClusterDefinition {
  return {
    name,
    brokers: Array.from({ length: brokerCount }, (_, id) => ({ id, rack: null, logDirs: ['kafka-logs'], config: {} })),
    brokerDefaults: {},
  };
}

/** Problems with a definition, in plain words (empty when it is valid). */
export function definitionProblems(def: ClusterDefinition): string[] {
  const problems: string[] = [];
  const ids = new Set<number>();
  for (const b of def.brokers) {
    if (!Number.isInteger(b.id) || b.id < 0) problems.push(`Broker id ${b.id} must be a non-negative integer`);
    if (ids.has(b.id)) problems.push(`Broker id ${b.id} is defined twice`);
    ids.add(b.id);
    if (b.logDirs.length === 0) problems.push(`Broker ${b.id} needs at least one log dir`);
    for (const d of b.logDirs) if (!/^[A-Za-z0-9._-]+$/.test(d)) problems.push(`Log dir name "${d}" of broker ${b.id} may only use letters, digits, '.', '_' and '-'`);
  }
  return problems;
}
