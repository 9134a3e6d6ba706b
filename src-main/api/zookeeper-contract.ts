/** The API of the ZooKeeper node editor (types only, part of contract.ts's DojoApi as `zookeeper`). */

export interface ZooKeeperService {
  /** Placeholder until the service is built. */
  ping(): Promise<string>;
}

/** What the node editor is pushed when znodes change (none yet). */
export type ZooKeeperPushDto = never;
