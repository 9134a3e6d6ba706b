import type { ErrorCode } from './errors';
import type {
  Acl,
  AclResult,
  AddWatchModeValue,
  ChildrenResult,
  CreateModeFlag,
  CreateResult,
  DataResult,
  Op,
  OpResult,
  Stat,
  WatcherTypeValue,
  ZnodeData,
} from './types';

/**
 * The requests a session sends to the emulated server, one per ZooDefs.OpCode it supports.
 * `watch` asks the server to register a one-shot watch for the calling session.
 */
export type ZkRequest =
  | { op: 'create'; path: string; data: ZnodeData; acl: readonly Acl[]; mode: CreateModeFlag }
  | { op: 'delete'; path: string; version: number }
  | { op: 'setData'; path: string; data: ZnodeData; version: number }
  | { op: 'check'; path: string; version: number }
  | { op: 'setACL'; path: string; acl: readonly Acl[]; version: number }
  | { op: 'multi'; ops: readonly Op[] }
  | { op: 'exists'; path: string; watch: boolean }
  | { op: 'getData'; path: string; watch: boolean }
  | { op: 'getChildren'; path: string; watch: boolean }
  | { op: 'getACL'; path: string }
  | { op: 'sync'; path: string }
  | { op: 'addWatch'; path: string; mode: AddWatchModeValue }
  | { op: 'removeWatches'; path: string; type: WatcherTypeValue }
  | { op: 'getEphemerals'; prefix: string }
  | { op: 'getAllChildrenNumber'; path: string }
  | {
      op: 'setWatches';
      relativeZxid: number;
      dataWatches: readonly string[];
      existWatches: readonly string[];
      childWatches: readonly string[];
      persistentWatches: readonly string[];
      persistentRecursiveWatches: readonly string[];
    }
  | { op: 'closeSession' }
  /** The container manager's: removes an empty container (sessionless, answered to nobody). */
  | { op: 'deleteContainer'; path: string };

/** What each request answers with when it succeeds. */
export interface ZkResultMap {
  create: CreateResult;
  delete: null;
  setData: Stat;
  check: Stat;
  setACL: Stat;
  multi: OpResult[];
  /** exists answers null for a missing node (the wire's NONODE, with the exist watch still set). */
  exists: Stat | null;
  getData: DataResult;
  getChildren: ChildrenResult;
  getACL: AclResult;
  sync: string;
  addWatch: null;
  removeWatches: null;
  getEphemerals: string[];
  getAllChildrenNumber: number;
  setWatches: null;
  closeSession: null;
  deleteContainer: null;
}

export type ZkOp = ZkRequest['op'];
export type ZkRequestOf<O extends ZkOp> = Extract<ZkRequest, { op: O }>;

/** The ReplyHeader and body: `zxid` is the server's last processed zxid when it answered. */
export type ZkReply<T> =
  { err: 0; zxid: number; value: T } | { err: Exclude<ErrorCode, 0>; zxid: number; path?: string; detail?: string; results?: OpResult[] };

/** Requests that go through ZooKeeper's write pipeline: each consumes a zxid, even when it fails. */
export const WRITE_OPS: ReadonlySet<ZkOp> = new Set<ZkOp>([
  'create',
  'delete',
  'setData',
  'check',
  'setACL',
  'multi',
  'closeSession',
  'deleteContainer',
]);
