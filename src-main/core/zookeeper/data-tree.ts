import { JavaHashSet } from '../common/java-hash-set';
import { joinPath, nodeName, parentPath } from './path-utils';
import type { StoredZnode } from './persistence';
import type { Acl, Stat, ZnodeData } from './types';
import { OPEN_ACL_UNSAFE, READ_ACL_UNSAFE, ephemeralType } from './types';

/** One znode in memory: ZooKeeper's `DataNode` with its `StatPersisted` fields inline. */
export class DataNode {
  /** DataNode.children: a `HashSet<String>(8)`, whose order getChildren answers with. */
  readonly children = new JavaHashSet(8);

  constructor(
    public data: ZnodeData,
    public acl: Acl[],
    public czxid: number,
    public mzxid: number,
    public pzxid: number,
    public ctime: number,
    public mtime: number,
    public version: number,
    public cversion: number,
    public aversion: number,
    public ephemeralOwner: bigint,
  ) {}

  stat(): Stat {
    return {
      czxid: this.czxid,
      mzxid: this.mzxid,
      ctime: this.ctime,
      mtime: this.mtime,
      version: this.version,
      // `cversion` is kept as ZooKeeper stores it, the number of child creates (the sequence
      // counter); clients are served DataNode.copyStat's "2 x creates - children", which counts
      // deletes too (and is -1 for a fresh `/`, -2 for `/zookeeper`).
      cversion: this.cversion * 2 - this.children.size,
      aversion: this.aversion,
      // DataNode.getClientEphemeralOwner: a container's marker is not a session, so 0.
      ephemeralOwner: ephemeralType(this.ephemeralOwner) === 'NORMAL' ? this.ephemeralOwner : 0n,
      dataLength: this.data === null ? 0 : this.data.length,
      numChildren: this.children.size,
      pzxid: this.pzxid,
    };
  }

  toStored(path: string): StoredZnode {
    return {
      path,
      data: this.data,
      acl: this.acl,
      czxid: this.czxid,
      mzxid: this.mzxid,
      pzxid: this.pzxid,
      ctime: this.ctime,
      mtime: this.mtime,
      version: this.version,
      cversion: this.cversion,
      aversion: this.aversion,
      ephemeralOwner: this.ephemeralOwner,
    };
  }
}

/** Paths ZooKeeper refuses to delete (`ZKDatabase.isSpecialPath`). */
export const SPECIAL_PATHS: ReadonlySet<string> = new Set(['/', '/zookeeper', '/zookeeper/quota', '/zookeeper/config']);

/** Records how to take back each change of a multi that fails half way. */
export type UndoLog = Array<() => void>;

const NOTHING = (): void => undefined;

function runBackwards(undo: UndoLog): void {
  for (let i = undo.length - 1; i >= 0; i--) undo[i]();
}

/** A watch trigger produced by a change: ZooKeeper's `triggerWatch(path, type)` calls, in order. */
export interface Trigger {
  kind: 'created' | 'deleted' | 'dataChanged';
  path: string;
  /** The node's ACL, and its parent's: a watcher is told only if it may READ the node an event names. */
  acl: readonly Acl[];
  parentAcl?: readonly Acl[];
}

/**
 * The znode tree (ZooKeeper's `DataTree`): nodes by path, children by name, ephemerals by owner,
 * and the set of containers.
 * It applies changes and records undo steps and the watch triggers they cause; it checks nothing —
 * the request processor validates before it calls in.
 */
/** A session's ephemeral paths, as `dump` and `mntr` read them. */
export type EphemeralPaths = Iterable<string> & { readonly size: number };

export class DataTree {
  private readonly nodes = new Map<string, DataNode>();
  private readonly ephemeralsBySession = new Map<bigint, JavaHashSet>();
  private readonly containers = new Set<string>();

  /** A fresh tree as a new standalone server has it: `/`, `/zookeeper`, its quota and config nodes. */
  static initial(): DataTree {
    const tree = new DataTree();
    const empty = (): Uint8Array => new Uint8Array(0);
    tree.insert('/', new DataNode(empty(), [...OPEN_ACL_UNSAFE], 0, 0, 0, 0, 0, 0, 0, 0, 0n));
    for (const path of ['/zookeeper', '/zookeeper/quota']) {
      tree.insert(path, new DataNode(empty(), [...OPEN_ACL_UNSAFE], 0, 0, 0, 0, 0, 0, 0, 0, 0n));
    }
    // DataTree.addConfigNode sets the config ACL with setACL(path, READ_ACL_UNSAFE, -1), which
    // stores the -1 as the node's aversion.
    tree.insert('/zookeeper/config', new DataNode(empty(), [...READ_ACL_UNSAFE], 0, 0, 0, 0, 0, 0, 0, -1, 0n));
    return tree;
  }

  /** Adds stored nodes to a tree being rebuilt (parents before children, across pages too). */
  insertStored(nodes: Iterable<StoredZnode>): void {
    for (const n of nodes) {
      this.insert(
        n.path,
        new DataNode(n.data, n.acl, n.czxid, n.mzxid, n.pzxid, n.ctime, n.mtime, n.version, n.cversion, n.aversion, n.ephemeralOwner),
      );
    }
  }

  get size(): number {
    return this.nodes.size;
  }

  /** ZooKeeper's DataTree keeps the root under "" as well as "/", so a read of "" finds it. */
  get(path: string): DataNode | undefined {
    return this.nodes.get(path === '' ? '/' : path);
  }

  paths(): IterableIterator<string> {
    return this.nodes.keys();
  }

  /** Paths of the container nodes (DataTree.getContainers), for the container manager. */
  containerPaths(): ReadonlySet<string> {
    return this.containers;
  }

  /** Every session that owns ephemerals, with its paths (DataTree.getEphemerals; a HashSet each, iterated in Java's order). */
  ephemerals(): ReadonlyMap<bigint, EphemeralPaths> {
    return this.ephemeralsBySession;
  }

  /** Path lengths plus data lengths over all nodes (DataTree.approximateDataSize). */
  approximateDataSize(): number {
    let total = 0;
    for (const [path, node] of this.nodes) total += path.length + (node.data?.length ?? 0);
    return total;
  }

  /**
   * DataTree.getEphemerals: a clone of the session's `HashSet` (re-hashed into a table sized for
   * it), so in the order getEphemerals and closeSession see them.
   */
  ephemeralsOf(sessionId: bigint): string[] {
    const owned = this.ephemeralsBySession.get(sessionId);
    return owned ? [...JavaHashSet.copyOf(owned, owned.size)] : [];
  }

  /** killSession's `ephemerals.remove(session)`: the session's (emptied) set goes. */
  forgetSession(sessionId: bigint): void {
    this.ephemeralsBySession.delete(sessionId);
  }

  /** Number of all descendants of `path` (ZooKeeper's getAllChildrenNumber). */
  descendantCount(path: string): number {
    // DataTree.getAllChildrenNumber counts the keys starting with path + "/": for "" that is every
    // node but the "" key, the root's "/" key included.
    if (path === '') return this.descendantCount('/') + 1;
    if (!this.nodes.get(path)) return 0;
    let count = 0;
    const stack = [path];
    while (stack.length > 0) {
      const current = stack.pop() as string;
      for (const child of (this.nodes.get(current) as DataNode).children) {
        count++;
        stack.push(joinPath(current, child));
      }
    }
    return count;
  }

  create(
    path: string,
    data: ZnodeData,
    acl: Acl[],
    ephemeralOwner: bigint,
    zxid: number,
    timeMs: number,
    undo: UndoLog,
    triggers: Trigger[],
  ): DataNode {
    const parent = this.nodes.get(parentPath(path)) as DataNode;
    const before = { cversion: parent.cversion, pzxid: parent.pzxid };
    const node = new DataNode(data, acl, zxid, zxid, zxid, timeMs, timeMs, 0, 0, 0, ephemeralOwner);
    const takeBack = this.insert(path, node, true);
    parent.cversion++;
    parent.pzxid = zxid;
    undo.push(() => {
      takeBack();
      parent.cversion = before.cversion;
      parent.pzxid = before.pzxid;
    });
    triggers.push({ kind: 'created', path, acl, parentAcl: parent.acl });
    return node;
  }

  delete(path: string, zxid: number, undo: UndoLog, triggers: Trigger[]): void {
    const node = this.nodes.get(path) as DataNode;
    const parent = this.nodes.get(parentPath(path)) as DataNode;
    const beforePzxid = parent.pzxid;
    const takeBack = this.remove(path, true);
    // A delete moves the parent's pzxid but not its stored cversion (the create count), so sequence
    // numbers are never reused; the cversion clients are served still goes up (see DataNode.stat).
    parent.pzxid = zxid;
    undo.push(() => {
      takeBack();
      parent.pzxid = beforePzxid;
    });
    triggers.push({ kind: 'deleted', path, acl: node.acl, parentAcl: parent.acl });
  }

  setData(path: string, data: ZnodeData, zxid: number, timeMs: number, undo: UndoLog, triggers: Trigger[]): DataNode {
    const node = this.nodes.get(path) as DataNode;
    const before = { data: node.data, version: node.version, mzxid: node.mzxid, mtime: node.mtime };
    node.data = data;
    node.version++;
    node.mzxid = zxid;
    node.mtime = timeMs;
    undo.push(() => Object.assign(node, before));
    triggers.push({ kind: 'dataChanged', path, acl: node.acl });
    return node;
  }

  setAcl(path: string, acl: Acl[], undo: UndoLog): DataNode {
    const node = this.nodes.get(path) as DataNode;
    const before = { acl: node.acl, aversion: node.aversion };
    node.acl = acl;
    node.aversion++;
    undo.push(() => Object.assign(node, before));
    return node;
  }

  /**
   * Adds a node to the maps. `reversibly`: answers how to take it back leaving no trace in the
   * Java collections (a failed multi never reached ZooKeeper's DataTree), else a no-op.
   */
  private insert(path: string, node: DataNode, reversibly = false): () => void {
    const undo: Array<() => void> = [];
    this.nodes.set(path, node);
    if (reversibly) undo.push(() => this.nodes.delete(path));
    if (path !== '/') {
      const parent = this.nodes.get(parentPath(path));
      if (!parent) throw new Error(`stored ZooKeeper tree has ${path} without its parent`);
      if (reversibly) undo.push(parent.children.addReversibly(nodeName(path)));
      else parent.children.add(nodeName(path));
    }
    const type = ephemeralType(node.ephemeralOwner);
    if (type === 'CONTAINER') {
      this.containers.add(path);
      if (reversibly) undo.push(() => this.containers.delete(path));
    } else if (type === 'NORMAL') {
      const owner = node.ephemeralOwner;
      let owned = this.ephemeralsBySession.get(owner);
      if (!owned) {
        this.ephemeralsBySession.set(owner, (owned = new JavaHashSet()));
        if (reversibly) undo.push(() => this.ephemeralsBySession.delete(owner));
      }
      if (reversibly) undo.push(owned.addReversibly(path));
      else owned.add(path);
    }
    return reversibly ? () => runBackwards(undo) : NOTHING;
  }

  /** Takes a node out of the maps; `reversibly` as in `insert`. */
  private remove(path: string, reversibly = false): () => void {
    const undo: Array<() => void> = [];
    const node = this.nodes.get(path) as DataNode;
    this.nodes.delete(path);
    // The node map's iteration order is never served, so putting the node back at its end is exact enough.
    if (reversibly) undo.push(() => this.nodes.set(path, node));
    const parent = this.nodes.get(parentPath(path));
    if (parent && reversibly) undo.push(parent.children.deleteReversibly(nodeName(path)));
    else parent?.children.delete(nodeName(path));
    const type = ephemeralType(node.ephemeralOwner);
    if (type === 'CONTAINER') {
      // Not Java's order anyway (a ConcurrentHashMap key set): the reaper's posting order only.
      if (this.containers.delete(path) && reversibly) undo.push(() => this.containers.add(path));
    } else if (type === 'NORMAL') {
      const owned = this.ephemeralsBySession.get(node.ephemeralOwner);
      // DataTree.deleteNode leaves the emptied set in place (only killSession removes it).
      if (owned && reversibly) undo.push(owned.deleteReversibly(path));
      else owned?.delete(path);
    }
    return reversibly ? () => runBackwards(undo) : NOTHING;
  }
}
