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
  /** The emulated ZooKeeper's client port and `zoo.cfg` settings (absent: ZooKeeper's defaults). */
  zookeeper?: ZooKeeperSpec;
}

/** What the workspace keeps of its ZooKeeper's `zoo.cfg`. */
export interface ZooKeeperSpec {
  /** The port last bound on 127.0.0.1 (2181 when free), so clients find it there after a restart. */
  clientPort?: number;
  /** `4lw.commands.whitelist` (ZooKeeper 3.5+'s default: `srvr`; `*` for every word). */
  fourLetterWordWhitelist?: string;
}

/** Kafka's defaults, with three brokers 0, 1, 2 — the cluster a new workspace starts with. */
export function defaultClusterDefinition(name = 'dojo', brokerCount = 3): ClusterDefinition {
  return {
    name,
    brokers: Array.from({ length: brokerCount }, (_, id) => ({ id, rack: null, logDirs: ['kafka-logs'], config: {} })),
    brokerDefaults: {},
  };
}

/** One thing wrong with a definition; the API says it in both languages, the core in English. */
export type DefinitionProblem =
  | { readonly kind: 'broker-id-not-non-negative'; readonly brokerId: number }
  | { readonly kind: 'broker-id-twice'; readonly brokerId: number }
  | { readonly kind: 'no-log-dir'; readonly brokerId: number }
  | { readonly kind: 'log-dir-name'; readonly brokerId: number; readonly logDir: string }
  | { readonly kind: 'client-port'; readonly port: number };

/** The problems with a definition (empty when it is valid). */
export function definitionProblemList(def: ClusterDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const ids = new Set<number>();
  for (const b of def.brokers) {
    if (!Number.isInteger(b.id) || b.id < 0) problems.push({ kind: 'broker-id-not-non-negative', brokerId: b.id });
    if (ids.has(b.id)) problems.push({ kind: 'broker-id-twice', brokerId: b.id });
    ids.add(b.id);
    if (b.logDirs.length === 0) problems.push({ kind: 'no-log-dir', brokerId: b.id });
    for (const d of b.logDirs) if (!/^[A-Za-z0-9._-]+$/.test(d)) problems.push({ kind: 'log-dir-name', brokerId: b.id, logDir: d });
  }
  const port = def.zookeeper?.clientPort;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) problems.push({ kind: 'client-port', port });
  return problems;
}

/** A problem in plain English words (no final period). */
export function definitionProblemMessage(problem: DefinitionProblem): string {
  switch (problem.kind) {
    case 'broker-id-not-non-negative':
      return `Broker id ${problem.brokerId} must be a non-negative integer`;
    case 'broker-id-twice':
      return `Broker id ${problem.brokerId} is defined twice`;
    case 'no-log-dir':
      return `Broker ${problem.brokerId} needs at least one log dir`;
    case 'log-dir-name':
      return `Log dir name "${problem.logDir}" of broker ${problem.brokerId} may only use letters, digits, '.', '_' and '-'`;
    case 'client-port':
      return `ZooKeeper clientPort ${problem.port} must be a port number (0 to 65535)`;
  }
}

/** Problems with a definition, in plain words (empty when it is valid). */
export function definitionProblems(def: ClusterDefinition): string[] {
  return definitionProblemList(def).map(definitionProblemMessage);
}
