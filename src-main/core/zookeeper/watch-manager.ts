import { parentPath, pathAndAncestors } from './path-utils';
import type { Trigger } from './data-tree';
import type { Acl, EventTypeValue } from './types';
import { EventType } from './types';

/** One notification for one session, ready to deliver. */
export interface WatchNotification {
  sessionId: bigint;
  type: EventTypeValue;
  path: string;
  /** The ACL the watcher's connection must grant READ for the event to be sent (see ZooKeeperServer). */
  acl?: readonly Acl[];
}

/** WatcherMode: STANDARD is a one-shot watch. */
type Mode = 'standard' | 'persistent' | 'recursive';

/** One of ZooKeeper's two WatchManagers: path → session → that session's one mode on the path. */
class WatchTable {
  private readonly byPath = new Map<string, Map<bigint, Mode>>();
  private readonly bySession = new Map<bigint, Set<string>>();
  recursiveCount = 0;

  /** addWatch: a later mode replaces an earlier one (WatcherModeManager.setWatcherMode). */
  set(path: string, sessionId: bigint, mode: Mode): void {
    let sessions = this.byPath.get(path);
    if (!sessions) this.byPath.set(path, (sessions = new Map()));
    const old = sessions.get(sessionId);
    if (old === 'recursive') this.recursiveCount--;
    if (mode === 'recursive') this.recursiveCount++;
    sessions.set(sessionId, mode);
    let paths = this.bySession.get(sessionId);
    if (!paths) this.bySession.set(sessionId, (paths = new Set()));
    paths.add(path);
  }

  remove(path: string, sessionId: bigint): boolean {
    const sessions = this.byPath.get(path);
    const mode = sessions?.get(sessionId);
    if (!sessions || mode === undefined) return false;
    if (mode === 'recursive') this.recursiveCount--;
    sessions.delete(sessionId);
    if (sessions.size === 0) this.byPath.delete(path);
    this.bySession.get(sessionId)?.delete(path);
    return true;
  }

  removeSession(sessionId: bigint): void {
    for (const path of this.bySession.get(sessionId) ?? []) this.remove(path, sessionId);
    this.bySession.delete(sessionId);
  }

  hasAny(path: string): boolean {
    return this.byPath.has(path);
  }

  pathsOf(sessionId: bigint, mode: Mode): string[] {
    return [...(this.bySession.get(sessionId) ?? [])].filter((p) => this.byPath.get(p)?.get(sessionId) === mode).sort();
  }

  get size(): number {
    let n = 0;
    for (const s of this.byPath.values()) n += s.size;
    return n;
  }

  /**
   * WatchManager.triggerWatch: the watchers of `path` fire (one-shot ones are removed), and the
   * recursive ones of its ancestors, except for NodeChildrenChanged; each session once, and not
   * the sessions in `suppress`. Returns the sessions told.
   */
  trigger(
    path: string,
    type: EventTypeValue,
    acl: readonly Acl[] | undefined,
    out: WatchNotification[],
    suppress?: ReadonlySet<bigint>,
  ): Set<bigint> {
    const told = new Set<bigint>();
    const ancestors = this.recursiveCount > 0 ? pathAndAncestors(path) : [path];
    for (const localPath of ancestors) {
      const sessions = this.byPath.get(localPath);
      if (!sessions) continue;
      for (const [sessionId, mode] of [...sessions]) {
        if (mode === 'recursive') {
          if (type !== EventType.NodeChildrenChanged) told.add(sessionId);
        } else if (localPath === path) {
          told.add(sessionId);
          if (mode === 'standard') this.remove(localPath, sessionId);
        }
      }
    }
    for (const sessionId of told) if (!suppress?.has(sessionId)) out.push({ sessionId, type, path, acl });
    return told;
  }
}

/**
 * Server-side watch bookkeeping as ZooKeeper 3.8 keeps it: two WatchManagers, data and child, each
 * holding one mode per session and path — a one-shot watch set after a persistent one on the same
 * path replaces it, and the other way round (WatcherModeManager.setWatcherMode).
 * - data table: getData/exists watches; child table: getChildren watches;
 * - `addWatch` PERSISTENT and PERSISTENT_RECURSIVE go in both (DataTree.addWatch), so removeWatches
 *   of one type takes a persistent watch out of that table only;
 * - a recursive watch fires for its path and descendants, never with NodeChildrenChanged;
 * - a deletion fires the data table, then the child table without the sessions already told.
 * Lookups are by exact path, plus a walk up the ancestors only while some recursive watch exists.
 */
export class WatchManager {
  private readonly data = new WatchTable();
  private readonly child = new WatchTable();

  addDataWatch(path: string, sessionId: bigint): void {
    this.data.set(path, sessionId, 'standard');
  }

  addChildWatch(path: string, sessionId: bigint): void {
    this.child.set(path, sessionId, 'standard');
  }

  addPersistentWatch(path: string, sessionId: bigint, recursive: boolean): void {
    const mode = recursive ? 'recursive' : 'persistent';
    this.data.set(path, sessionId, mode);
    this.child.set(path, sessionId, mode);
  }

  /** DataTree.removeWatch of one table: whether the session had a watch on the path there. */
  remove(path: string, sessionId: bigint, table: 'data' | 'child'): boolean {
    return (table === 'data' ? this.data : this.child).remove(path, sessionId);
  }

  /**
   * ZooKeeper 3.8's `WatchManager.containsWatcher` (what checkWatches answers): whether the table
   * holds any watch on exactly `path` — of any session, not only the asking one.
   */
  anyWatchOn(path: string, table: 'data' | 'child'): boolean {
    return (table === 'data' ? this.data : this.child).hasAny(path);
  }

  /** Drops every watch of a session (its connection closed or it expired). */
  removeSession(sessionId: bigint): void {
    this.data.removeSession(sessionId);
    this.child.removeSession(sessionId);
  }

  /** The paths a session watches, for the node editor's watch panel and the four-letter words. */
  watchesOf(sessionId: bigint): { data: string[]; child: string[]; persistent: string[]; recursive: string[] } {
    return {
      data: this.data.pathsOf(sessionId, 'standard'),
      child: this.child.pathsOf(sessionId, 'standard'),
      persistent: [...new Set([...this.data.pathsOf(sessionId, 'persistent'), ...this.child.pathsOf(sessionId, 'persistent')])].sort(),
      recursive: [...new Set([...this.data.pathsOf(sessionId, 'recursive'), ...this.child.pathsOf(sessionId, 'recursive')])].sort(),
    };
  }

  /** Watches in both tables (a persistent watch counts in each, as ZooKeeper's `wchs` counts it). */
  get watchCount(): number {
    return this.data.size + this.child.size;
  }

  /** Turns the triggers of one committed transaction into notifications, in ZooKeeper's order. */
  trigger(triggers: readonly Trigger[]): WatchNotification[] {
    const out: WatchNotification[] = [];
    for (const t of triggers) {
      if (t.kind === 'created') {
        this.data.trigger(t.path, EventType.NodeCreated, t.acl, out);
        this.child.trigger(parentPath(t.path), EventType.NodeChildrenChanged, t.parentAcl, out);
      } else if (t.kind === 'dataChanged') {
        this.data.trigger(t.path, EventType.NodeDataChanged, t.acl, out);
      } else {
        const told = this.data.trigger(t.path, EventType.NodeDeleted, t.acl, out);
        this.child.trigger(t.path, EventType.NodeDeleted, t.acl, out, told);
        this.child.trigger(parentPath(t.path), EventType.NodeChildrenChanged, t.parentAcl, out);
      }
    }
    return out;
  }
}
