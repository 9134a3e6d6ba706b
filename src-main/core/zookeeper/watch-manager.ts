import { parentPath, pathAndAncestors } from './path-utils';
import type { Trigger } from './data-tree';
import type { EventTypeValue } from './types';
import { EventType } from './types';

/** One notification for one session, ready to deliver. */
export interface WatchNotification {
  sessionId: bigint;
  type: EventTypeValue;
  path: string;
}

type Table = Map<string, Set<bigint>>;

function addTo(table: Table, path: string, sessionId: bigint): void {
  let sessions = table.get(path);
  if (!sessions) table.set(path, (sessions = new Set()));
  sessions.add(sessionId);
}

function removeFrom(table: Table, path: string, sessionId: bigint): boolean {
  const sessions = table.get(path);
  if (!sessions || !sessions.delete(sessionId)) return false;
  if (sessions.size === 0) table.delete(path);
  return true;
}

/**
 * Server-side watch bookkeeping (ZooKeeper's two `WatchManager`s, data and child), per session.
 * Lookups are by exact path, plus a walk up the ancestors only when some session holds a
 * persistent-recursive watch — so the cost of a change does not grow with the number of nodes or
 * watches in the tree.
 *
 * Rules, as ZooKeeper 3.6+ applies them:
 * - data table (getData/exists watches, `addWatch` PERSISTENT and PERSISTENT_RECURSIVE) fires on
 *   NodeCreated, NodeDeleted, NodeDataChanged of its path; recursive ones also for descendants;
 * - child table (getChildren watches, `addWatch` PERSISTENT) fires NodeChildrenChanged of its path
 *   and NodeDeleted of its path;
 * - a session is told once per event even if it is in several tables;
 * - one-shot watches are removed when they fire, persistent ones stay.
 */
export class WatchManager {
  private readonly dataWatches: Table = new Map();
  private readonly childWatches: Table = new Map();
  private readonly persistentWatches: Table = new Map();
  private readonly recursiveWatches: Table = new Map();
  private readonly bySession = new Map<bigint, { data: Set<string>; child: Set<string>; persistent: Set<string>; recursive: Set<string> }>();

  private entry(sessionId: bigint) {
    let e = this.bySession.get(sessionId);
    if (!e) this.bySession.set(sessionId, (e = { data: new Set(), child: new Set(), persistent: new Set(), recursive: new Set() }));
    return e;
  }

  addDataWatch(path: string, sessionId: bigint): void {
    addTo(this.dataWatches, path, sessionId);
    this.entry(sessionId).data.add(path);
  }

  addChildWatch(path: string, sessionId: bigint): void {
    addTo(this.childWatches, path, sessionId);
    this.entry(sessionId).child.add(path);
  }

  addPersistentWatch(path: string, sessionId: bigint, recursive: boolean): void {
    addTo(recursive ? this.recursiveWatches : this.persistentWatches, path, sessionId);
    const e = this.entry(sessionId);
    (recursive ? e.recursive : e.persistent).add(path);
  }

  /** Removes a session's watches of one kind on a path; returns whether any was there. */
  remove(path: string, sessionId: bigint, kind: 'data' | 'child' | 'persistent' | 'recursive'): boolean {
    const table = { data: this.dataWatches, child: this.childWatches, persistent: this.persistentWatches, recursive: this.recursiveWatches }[kind];
    const removed = removeFrom(table, path, sessionId);
    this.bySession.get(sessionId)?.[kind].delete(path);
    return removed;
  }

  has(path: string, sessionId: bigint, kind: 'data' | 'child' | 'persistent' | 'recursive'): boolean {
    return this.bySession.get(sessionId)?.[kind].has(path) ?? false;
  }

  /**
   * ZooKeeper 3.8's `WatchManager.containsWatcher` (what checkWatches answers): whether the data or
   * child table holds any watch on exactly `path` — of any session, not only the asking one.
   */
  anyWatchOn(path: string, table: 'data' | 'child'): boolean {
    // DataTree.addWatch puts persistent and recursive watches in both tables.
    const persistent = this.persistentWatches.has(path) || this.recursiveWatches.has(path);
    return persistent || (table === 'child' ? this.childWatches : this.dataWatches).has(path);
  }

  /** Drops every watch of a session (its connection closed or it expired). */
  removeSession(sessionId: bigint): void {
    const e = this.bySession.get(sessionId);
    if (!e) return;
    for (const p of e.data) removeFrom(this.dataWatches, p, sessionId);
    for (const p of e.child) removeFrom(this.childWatches, p, sessionId);
    for (const p of e.persistent) removeFrom(this.persistentWatches, p, sessionId);
    for (const p of e.recursive) removeFrom(this.recursiveWatches, p, sessionId);
    this.bySession.delete(sessionId);
  }

  /** The paths a session watches, for the node editor's watch panel. */
  watchesOf(sessionId: bigint): { data: string[]; child: string[]; persistent: string[]; recursive: string[] } {
    const e = this.bySession.get(sessionId);
    const sorted = (s: Set<string> | undefined) => (s ? [...s].sort() : []);
    return { data: sorted(e?.data), child: sorted(e?.child), persistent: sorted(e?.persistent), recursive: sorted(e?.recursive) };
  }

  get watchCount(): number {
    let n = 0;
    for (const t of [this.dataWatches, this.childWatches, this.persistentWatches, this.recursiveWatches]) {
      for (const s of t.values()) n += s.size;
    }
    return n;
  }

  /** Turns the triggers of one committed transaction into notifications, in ZooKeeper's order. */
  trigger(triggers: readonly Trigger[]): WatchNotification[] {
    const out: WatchNotification[] = [];
    for (const t of triggers) {
      if (t.kind === 'created') {
        this.fireData(t.path, EventType.NodeCreated, out, new Set());
        this.fireChild(parentPath(t.path), EventType.NodeChildrenChanged, out, new Set());
      } else if (t.kind === 'dataChanged') {
        this.fireData(t.path, EventType.NodeDataChanged, out, new Set());
      } else {
        const told = new Set<bigint>();
        this.fireData(t.path, EventType.NodeDeleted, out, told);
        this.fireChild(t.path, EventType.NodeDeleted, out, told);
        this.fireChild(parentPath(t.path), EventType.NodeChildrenChanged, out, new Set());
      }
    }
    return out;
  }

  private fireData(path: string, type: EventTypeValue, out: WatchNotification[], told: Set<bigint>): void {
    const oneShot = this.dataWatches.get(path);
    if (oneShot) {
      this.dataWatches.delete(path);
      for (const sessionId of oneShot) {
        this.bySession.get(sessionId)?.data.delete(path);
        tell(sessionId, type, path, out, told);
      }
    }
    for (const sessionId of this.persistentWatches.get(path) ?? []) tell(sessionId, type, path, out, told);
    if (this.recursiveWatches.size > 0) {
      for (const ancestor of pathAndAncestors(path)) {
        for (const sessionId of this.recursiveWatches.get(ancestor) ?? []) tell(sessionId, type, path, out, told);
      }
    }
  }

  private fireChild(path: string, type: EventTypeValue, out: WatchNotification[], told: Set<bigint>): void {
    const oneShot = this.childWatches.get(path);
    if (oneShot) {
      this.childWatches.delete(path);
      for (const sessionId of oneShot) {
        this.bySession.get(sessionId)?.child.delete(path);
        tell(sessionId, type, path, out, told);
      }
    }
    for (const sessionId of this.persistentWatches.get(path) ?? []) tell(sessionId, type, path, out, told);
  }
}

function tell(sessionId: bigint, type: EventTypeValue, path: string, out: WatchNotification[], told: Set<bigint>): void {
  if (told.has(sessionId)) return;
  told.add(sessionId);
  out.push({ sessionId, type, path });
}
