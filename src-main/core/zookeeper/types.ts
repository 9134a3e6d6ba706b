import type { ErrorCode } from './errors';

/**
 * A znode's `Stat`, field for field as ZooKeeper keeps it. Zxids are plain numbers: this
 * standalone emulation runs in epoch 0, so a zxid is the transaction counter (safe up to 2^53).
 * `ephemeralOwner` is a 64-bit session id and so a bigint (0n for persistent nodes).
 */
export interface Stat {
  czxid: number;
  mzxid: number;
  ctime: number;
  mtime: number;
  version: number;
  cversion: number;
  aversion: number;
  ephemeralOwner: bigint;
  dataLength: number;
  numChildren: number;
  pzxid: number;
}

/** ZooDefs.Perms bits. */
export const Perms = { READ: 1, WRITE: 2, CREATE: 4, DELETE: 8, ADMIN: 16, ALL: 31 } as const;

export interface Acl {
  perms: number;
  scheme: string;
  id: string;
}

export const OPEN_ACL_UNSAFE: readonly Acl[] = Object.freeze([{ perms: Perms.ALL, scheme: 'world', id: 'anyone' }]);
export const READ_ACL_UNSAFE: readonly Acl[] = Object.freeze([{ perms: Perms.READ, scheme: 'world', id: 'anyone' }]);
export const CREATOR_ALL_ACL: readonly Acl[] = Object.freeze([{ perms: Perms.ALL, scheme: 'auth', id: '' }]);

/** CreateMode flags as on the wire. TTL modes are not enabled (UNIMPLEMENTED, as without extendedTypesEnabled). */
export const CreateMode = {
  PERSISTENT: 0,
  EPHEMERAL: 1,
  PERSISTENT_SEQUENTIAL: 2,
  EPHEMERAL_SEQUENTIAL: 3,
  CONTAINER: 4,
  PERSISTENT_WITH_TTL: 5,
  PERSISTENT_SEQUENTIAL_WITH_TTL: 6,
} as const;
export type CreateModeFlag = (typeof CreateMode)[keyof typeof CreateMode];

/**
 * The `ephemeralOwner` a container is stored with (EphemeralType.CONTAINER_EPHEMERAL_OWNER,
 * Long.MIN_VALUE). Clients are served 0 for it (DataNode.copyStat shows only session owners).
 */
export const CONTAINER_EPHEMERAL_OWNER = -(1n << 63n);

/** EphemeralType.get, for a server without extended types: what a stored `ephemeralOwner` means. */
export function ephemeralType(ephemeralOwner: bigint): 'VOID' | 'NORMAL' | 'CONTAINER' {
  if (ephemeralOwner === CONTAINER_EPHEMERAL_OWNER) return 'CONTAINER';
  return ephemeralOwner === 0n ? 'VOID' : 'NORMAL';
}

export function isEphemeralMode(mode: number): boolean {
  return mode === CreateMode.EPHEMERAL || mode === CreateMode.EPHEMERAL_SEQUENTIAL;
}

export function isSequentialMode(mode: number): boolean {
  return (
    mode === CreateMode.PERSISTENT_SEQUENTIAL ||
    mode === CreateMode.EPHEMERAL_SEQUENTIAL ||
    mode === CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL
  );
}

/** Watcher.Event.EventType */
export const EventType = {
  None: -1,
  NodeCreated: 1,
  NodeDeleted: 2,
  NodeDataChanged: 3,
  NodeChildrenChanged: 4,
  DataWatchRemoved: 5,
  ChildWatchRemoved: 6,
  PersistentWatchRemoved: 7,
} as const;
export type EventTypeValue = (typeof EventType)[keyof typeof EventType];

/** Watcher.Event.KeeperState */
export const KeeperState = {
  Unknown: -1,
  Disconnected: 0,
  NoSyncConnected: 1,
  SyncConnected: 3,
  AuthFailed: 4,
  ConnectedReadOnly: 5,
  SaslAuthenticated: 6,
  Expired: -112,
  Closed: 7,
} as const;
export type KeeperStateValue = (typeof KeeperState)[keyof typeof KeeperState];

export interface WatchedEvent {
  type: EventTypeValue;
  state: KeeperStateValue;
  /** null for session state events (type None). */
  path: string | null;
  /** The zxid of the transaction that fired the event (-1 for session events), for ordering checks. */
  zxid: number;
}

export type Watcher = (event: WatchedEvent) => void;

/** AddWatchMode (3.6+). */
export const AddWatchMode = { PERSISTENT: 0, PERSISTENT_RECURSIVE: 1 } as const;
export type AddWatchModeValue = (typeof AddWatchMode)[keyof typeof AddWatchMode];

/** WatcherType for removeWatches/checkWatches. */
export const WatcherType = { Children: 1, Data: 2, Any: 3 } as const;
export type WatcherTypeValue = (typeof WatcherType)[keyof typeof WatcherType];

/** Znode data: `null` is ZooKeeper's null buffer, distinct from an empty one. */
export type ZnodeData = Uint8Array | null;

export type Op =
  | { type: 'create'; path: string; data: ZnodeData; acl?: readonly Acl[]; mode?: CreateModeFlag }
  | { type: 'delete'; path: string; version?: number }
  | { type: 'setData'; path: string; data: ZnodeData; version?: number }
  | { type: 'check'; path: string; version: number };

/**
 * One result of a multi, shaped as the wire gives it: on success `create` carries the created path
 * (with its sequence suffix) and its Stat (none over the wire for a plain create: `Op.create`'s
 * CreateResponse has only the path), `setData` its Stat; when the multi fails every result is
 * `error` (`OK` before the failing op, its real code at it, RUNTIMEINCONSISTENCY after).
 */
export type OpResult =
  | { type: 'create'; path: string; stat: Stat | null }
  | { type: 'delete' }
  | { type: 'setData'; stat: Stat }
  | { type: 'check' }
  | { type: 'error'; err: ErrorCode };

/** A successful create: the actual path (sequence suffix included) and the new node's Stat. */
export interface CreateResult {
  path: string;
  stat: Stat;
}

export interface DataResult {
  data: ZnodeData;
  stat: Stat;
}

export interface ChildrenResult {
  children: string[];
  stat: Stat;
}

export interface AclResult {
  acl: Acl[];
  stat: Stat;
}
