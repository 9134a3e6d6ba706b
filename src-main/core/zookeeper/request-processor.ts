import type { AuthId } from './acl';
import { aclAsSeenBy, checkAcl, fixupAcl } from './acl';
import type { DataTree, Trigger, UndoLog } from './data-tree';
import { SPECIAL_PATHS } from './data-tree';
import { Code, KeeperException } from './errors';
import { parentPath, pathValidationError, sequenceSuffix } from './path-utils';
import type { ZkRequest, ZkResultMap } from './requests';
import type { Acl, CreateResult, Op, OpResult, Stat, ZnodeData } from './types';
import {
  AddWatchMode,
  CONTAINER_EPHEMERAL_OWNER,
  CreateMode,
  EventType,
  OPEN_ACL_UNSAFE,
  Perms,
  WatcherType,
  ephemeralType,
  isEphemeralMode,
  isSequentialMode,
} from './types';
import type { WatchManager, WatchNotification } from './watch-manager';

/** Everything one request may change; merged into the group commit only if the request succeeds. */
export interface TxnContext {
  sessionId: bigint;
  /** The identities of the connection the request came on (`Request.authInfo`), for the ACL checks. */
  authInfo: readonly AuthId[];
  /** Assigned to write requests only (reads see -1). */
  zxid: number;
  timeMs: number;
  undo: UndoLog;
  triggers: Trigger[];
  dirtyPaths: Set<string>;
  /** Notifications SetWatches fires straight away for the calling session. */
  immediate: WatchNotification[];
}

/**
 * `jute.maxbuffer`'s default, 0xfffff bytes: the longest request packet a server reads (see
 * `serializedRequestLength`) and the longest response packet the Java client reads.
 */
export const JUTE_MAX_BUFFER = 0xfffff;

function fail(code: (typeof Code)[keyof typeof Code], path?: string, detail?: string): never {
  throw new KeeperException(code, path, detail);
}

function checkVersion(current: number, expected: number, path: string): void {
  if (expected !== -1 && expected !== current) fail(Code.BADVERSION, path);
}

/**
 * Applies one request to the tree, in the order of checks ZooKeeper's PrepRequestProcessor and
 * FinalRequestProcessor make (so that the same bad request gets the same error code), recording
 * undo steps, watch triggers and dirty paths in the context.
 */
export class RequestProcessor {
  constructor(
    private readonly tree: DataTree,
    private readonly watches: WatchManager,
  ) {}

  process(req: ZkRequest, ctx: TxnContext): ZkResultMap[ZkRequest['op']] {
    switch (req.op) {
      case 'create':
        return this.create(req.path, req.data, req.acl, req.mode, ctx);
      case 'delete':
        this.delete(req.path, req.version, ctx);
        return null;
      case 'setData':
        return this.setData(req.path, req.data, req.version, ctx);
      case 'check':
        return this.check(req.path, req.version, ctx);
      case 'setACL':
        return this.setAcl(req.path, req.acl, req.version, ctx);
      case 'multi':
        return this.multi(req.ops, ctx);
      case 'exists': {
        // FinalRequestProcessor validates no read path; exists alone refuses a NUL.
        if (req.path.includes('\u0000')) fail(Code.BADARGUMENTS, req.path);
        const node = this.tree.get(req.path);
        // exists registers a watch whether or not the node is there (an "exist" watch when it is not).
        if (req.watch) this.watches.addDataWatch(req.path, ctx.sessionId);
        return node ? node.stat() : null;
      }
      case 'getData': {
        const node = this.existing(req.path);
        checkAcl(node.acl, Perms.READ, ctx.authInfo, req.path);
        if (req.watch) this.watches.addDataWatch(req.path, ctx.sessionId);
        return { data: node.data === null ? null : node.data.slice(), stat: node.stat() };
      }
      case 'getChildren': {
        const node = this.existing(req.path);
        checkAcl(node.acl, Perms.READ, ctx.authInfo, req.path);
        if (req.watch) this.watches.addChildWatch(req.path, ctx.sessionId);
        return { children: [...node.children], stat: node.stat() };
      }
      case 'getACL': {
        const node = this.existing(req.path);
        return { acl: aclAsSeenBy(node.acl, ctx.authInfo, req.path), stat: node.stat() };
      }
      case 'sync':
        return req.path;
      case 'addWatch':
        if (req.mode !== AddWatchMode.PERSISTENT && req.mode !== AddWatchMode.PERSISTENT_RECURSIVE) fail(Code.BADARGUMENTS, req.path);
        this.watches.addPersistentWatch(req.path, ctx.sessionId, req.mode === AddWatchMode.PERSISTENT_RECURSIVE);
        return null;
      case 'removeWatches':
        this.removeWatches(req.path, req.type, ctx.sessionId);
        return null;
      case 'getEphemerals':
        return this.tree.ephemeralsOf(ctx.sessionId).filter((p) => p.startsWith(req.prefix));
      case 'getAllChildrenNumber':
        checkAcl(this.existing(req.path).acl, Perms.READ, ctx.authInfo, req.path);
        return this.tree.descendantCount(req.path);
      case 'setWatches':
        this.setWatches(req, ctx);
        return null;
      case 'closeSession':
        this.closeSession(ctx);
        return null;
      case 'deleteContainer':
        this.deleteContainer(req.path, ctx);
        return null;
    }
  }

  /** PrepRequestProcessor.validatePath, which only the writes go through. */
  private validatePath(path: string): void {
    const reason = pathValidationError(path);
    if (reason !== null) fail(Code.BADARGUMENTS, path, reason);
  }

  /** Reads look the path up as it is (no validation: a malformed path is just a missing node). */
  private existing(path: string) {
    return this.tree.get(path) ?? fail(Code.NONODE, path);
  }

  private create(path: string, data: ZnodeData, acl: readonly Acl[], mode: number, ctx: TxnContext): CreateResult {
    if (mode === CreateMode.PERSISTENT_WITH_TTL || mode === CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL) {
      // extendedTypesEnabled is off on a default server, and Kafka never uses these modes.
      fail(Code.UNIMPLEMENTED, path, 'TTL nodes are not enabled on this server');
    }
    if (mode < 0 || mode > 6 || !Number.isInteger(mode)) fail(Code.BADARGUMENTS, path, `unknown create mode ${mode}`);
    const lastSlash = path.lastIndexOf('/');
    if (lastSlash === -1 || path.includes('\u0000')) fail(Code.BADARGUMENTS, path, pathValidationError(path) ?? undefined);
    const fixedAcl = fixupAcl(path, ctx.authInfo, acl);
    const parentName = lastSlash === 0 ? '/' : path.slice(0, lastSlash);
    const parent = this.tree.get(parentName) ?? fail(Code.NONODE, path);
    checkAcl(parent.acl, Perms.CREATE, ctx.authInfo, path);
    const actualPath = isSequentialMode(mode) ? path + sequenceSuffix(parent.cversion) : path;
    const reason = pathValidationError(actualPath);
    if (reason !== null) fail(Code.BADARGUMENTS, actualPath, reason);
    if (this.tree.get(actualPath)) fail(Code.NODEEXISTS, actualPath);
    // A container parent is no ephemeral (EphemeralType.get(owner) == NORMAL only for sessions).
    if (ephemeralType(parent.ephemeralOwner) === 'NORMAL') fail(Code.NOCHILDRENFOREPHEMERALS, actualPath);
    const owner = mode === CreateMode.CONTAINER ? CONTAINER_EPHEMERAL_OWNER : isEphemeralMode(mode) ? ctx.sessionId : 0n;
    const stored = data === null ? null : data.slice();
    const node = this.tree.create(actualPath, stored, fixedAcl, owner, ctx.zxid, ctx.timeMs, ctx.undo, ctx.triggers);
    ctx.dirtyPaths.add(actualPath).add(parentName);
    return { path: actualPath, stat: node.stat() };
  }

  private delete(path: string, version: number, ctx: TxnContext): void {
    const lastSlash = path.lastIndexOf('/');
    if (lastSlash === -1 || path.includes('\u0000') || SPECIAL_PATHS.has(path)) {
      fail(Code.BADARGUMENTS, path, SPECIAL_PATHS.has(path) ? `${path} is a system node and cannot be deleted` : undefined);
    }
    // getParentPathAndValidate is all the path checking a delete gets (no validatePath): a
    // malformed path is looked up as it is. The parent's DELETE permission is checked before the
    // node is looked up (NOAUTH before NONODE).
    const parent = this.tree.get(path.slice(0, lastSlash)) ?? fail(Code.NONODE, path);
    checkAcl(parent.acl, Perms.DELETE, ctx.authInfo, path);
    const node = this.tree.get(path) ?? fail(Code.NONODE, path);
    checkVersion(node.version, version, path);
    if (node.children.size > 0) fail(Code.NOTEMPTY, path);
    this.tree.delete(path, ctx.zxid, ctx.undo, ctx.triggers);
    ctx.dirtyPaths.add(path).add(parentPath(path));
  }

  /** PrepRequestProcessor's deleteContainer: only an empty node, and never a session's ephemeral. */
  private deleteContainer(path: string, ctx: TxnContext): void {
    const reason = pathValidationError(path);
    if (reason !== null || path === '/') fail(Code.BADARGUMENTS, path, reason ?? undefined);
    const node = this.tree.get(path) ?? fail(Code.NONODE, path);
    if (node.children.size > 0) fail(Code.NOTEMPTY, path);
    if (ephemeralType(node.ephemeralOwner) === 'NORMAL') fail(Code.BADVERSION, path);
    this.tree.delete(path, ctx.zxid, ctx.undo, ctx.triggers);
    ctx.dirtyPaths.add(path).add(parentPath(path));
  }

  private setData(path: string, data: ZnodeData, version: number, ctx: TxnContext): Stat {
    this.validatePath(path);
    const node = this.existing(path);
    checkAcl(node.acl, Perms.WRITE, ctx.authInfo, path);
    checkVersion(node.version, version, path);
    this.tree.setData(path, data === null ? null : data.slice(), ctx.zxid, ctx.timeMs, ctx.undo, ctx.triggers);
    ctx.dirtyPaths.add(path);
    return node.stat();
  }

  private check(path: string, version: number, ctx: TxnContext): Stat {
    this.validatePath(path);
    const node = this.existing(path);
    checkAcl(node.acl, Perms.READ, ctx.authInfo, path);
    checkVersion(node.version, version, path);
    return node.stat();
  }

  private setAcl(path: string, acl: readonly Acl[], version: number, ctx: TxnContext): Stat {
    // fixupACL comes before the node is looked up: a malformed ACL is INVALIDACL even on a missing node.
    this.validatePath(path);
    const fixedAcl = fixupAcl(path, ctx.authInfo, acl);
    const node = this.existing(path);
    checkAcl(node.acl, Perms.ADMIN, ctx.authInfo, path);
    checkVersion(node.aversion, version, path);
    this.tree.setAcl(path, fixedAcl, ctx.undo);
    ctx.dirtyPaths.add(path);
    return node.stat();
  }

  /** All or nothing: on the first failure every applied op is taken back (see `multiFailure`). */
  private multi(ops: readonly Op[], ctx: TxnContext): OpResult[] {
    const results: OpResult[] = [];
    const undoMark = ctx.undo.length;
    const triggerMark = ctx.triggers.length;
    const dirtyBefore = new Set(ctx.dirtyPaths);
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i];
      try {
        results.push(this.multiOp(op, ctx));
      } catch (e) {
        if (!(e instanceof KeeperException)) throw e;
        for (let u = ctx.undo.length - 1; u >= undoMark; u--) ctx.undo[u]();
        ctx.undo.length = undoMark;
        ctx.triggers.length = triggerMark;
        ctx.dirtyPaths.clear();
        for (const p of dirtyBefore) ctx.dirtyPaths.add(p);
        throw new MultiFailure(e, multiFailureResults(ops.length, i, e.code));
      }
    }
    return results;
  }

  private multiOp(op: Op, ctx: TxnContext): OpResult {
    switch (op.type) {
      case 'create': {
        const created = this.create(op.path, op.data, op.acl ?? OPEN_ACL_UNSAFE, op.mode ?? CreateMode.PERSISTENT, ctx);
        return { type: 'create', path: created.path, stat: created.stat };
      }
      case 'delete':
        this.delete(op.path, op.version ?? -1, ctx);
        return { type: 'delete' };
      case 'setData':
        return { type: 'setData', stat: this.setData(op.path, op.data, op.version ?? -1, ctx) };
      case 'check':
        this.check(op.path, op.version, ctx);
        return { type: 'check' };
      default:
        fail(Code.UNIMPLEMENTED, undefined, `operation ${(op as { type: string }).type} is not allowed in a multi`);
    }
  }

  /** DataTree.removeWatch: Children and Data take the session's watch out of one table, Any out of both. */
  private removeWatches(path: string, type: number, sessionId: bigint): void {
    const tables: Array<'data' | 'child'> =
      type === WatcherType.Children ? ['child'] : type === WatcherType.Data ? ['data'] : ['child', 'data'];
    let removed = false;
    for (const table of tables) removed = this.watches.remove(path, sessionId, table) || removed;
    if (!removed) fail(Code.NOWATCHER, path);
  }

  /** SetWatches after a reconnect: fire what changed since `relativeZxid`, re-arm the rest. */
  private setWatches(req: Extract<ZkRequest, { op: 'setWatches' }>, ctx: TxnContext): void {
    const sid = ctx.sessionId;
    const fire = (type: WatchNotification['type'], path: string) => ctx.immediate.push({ sessionId: sid, type, path });
    for (const path of req.dataWatches) {
      const node = this.tree.get(path);
      if (!node) fire(EventType.NodeDeleted, path);
      else if (node.mzxid > req.relativeZxid) fire(EventType.NodeDataChanged, path);
      else this.watches.addDataWatch(path, sid);
    }
    for (const path of req.existWatches) {
      if (this.tree.get(path)) fire(EventType.NodeCreated, path);
      else this.watches.addDataWatch(path, sid);
    }
    for (const path of req.childWatches) {
      const node = this.tree.get(path);
      if (!node) fire(EventType.NodeDeleted, path);
      else if (node.pzxid > req.relativeZxid) fire(EventType.NodeChildrenChanged, path);
      else this.watches.addChildWatch(path, sid);
    }
    for (const path of req.persistentWatches) this.watches.addPersistentWatch(path, sid, false);
    for (const path of req.persistentRecursiveWatches) this.watches.addPersistentWatch(path, sid, true);
  }

  /** Deletes the session's ephemerals, all under the closeSession's one zxid (the server then drops its watches). */
  private closeSession(ctx: TxnContext): void {
    for (const path of this.tree.ephemeralsOf(ctx.sessionId)) {
      this.tree.delete(path, ctx.zxid, ctx.undo, ctx.triggers);
      ctx.dirtyPaths.add(path).add(parentPath(path));
    }
    this.tree.forgetSession(ctx.sessionId);
  }
}

/** A failed multi: the per-op results a 3.8 server answers with, and the first real error. */
export class MultiFailure extends Error {
  constructor(
    override readonly cause: KeeperException,
    readonly results: OpResult[],
  ) {
    super(cause.message);
  }
}

function multiFailureResults(count: number, failedIndex: number, code: KeeperException['code']): OpResult[] {
  const results: OpResult[] = [];
  for (let i = 0; i < count; i++) {
    results.push({ type: 'error', err: i < failedIndex ? Code.OK : i === failedIndex ? code : Code.RUNTIMEINCONSISTENCY });
  }
  return results;
}
