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

/** Problems with a definition, in plain words (empty when it is valid). */
export function definitionProblems(def: ClusterDefinition): string[] {
  const problems: string[] = [];
  const ids = new Set<number>();
  for (const b of def.brokers) {
    if (!Number.isInteger(b.id) || b.id < 0) problems.push(`Broker id ${b.id} must be a non-negative integer`);
    if (ids.has(b.id)) problems.push(`Broker id ${b.id} is defined twice`);
    ids.add(b.id);
    if (b.logDirs.length === 0) problems.push(`Broker ${b.id} needs at least one log dir`);
    for (const d of b.logDirs)
      if (!/^[A-Za-z0-9._-]+$/.test(d))
        problems.push(`Log dir name "${d}" of broker ${b.id} may only use letters, digits, '.', '_' and '-'`);
  }
  const port = def.zookeeper?.clientPort;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    problems.push(`ZooKeeper clientPort ${port} must be a port number (0 to 65535)`);
  return problems;
}
