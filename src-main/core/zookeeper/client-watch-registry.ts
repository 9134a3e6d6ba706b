import { pathAndAncestors } from './path-utils';
import type { WatchedEvent, Watcher } from './types';
import { EventType } from './types';

type Table = Map<string, Set<Watcher>>;

function add(table: Table, path: string, watcher: Watcher): void {
  let set = table.get(path);
  if (!set) table.set(path, (set = new Set()));
  set.add(watcher);
}

function take(table: Table, path: string, into: Set<Watcher>): void {
  const set = table.get(path);
  if (!set) return;
  table.delete(path);
  for (const w of set) into.add(w);
}

/**
 * The client half of watches (the Java client's `ZKWatchManager`): which callbacks to call for a
 * notification the server sends. One-shot watchers are taken out when they fire; a callback
 * registered both through getData and exists is called once.
 */
export class ClientWatchRegistry {
  readonly data: Table = new Map();
  readonly exist: Table = new Map();
  readonly child: Table = new Map();
  readonly persistent: Table = new Map();
  readonly recursive: Table = new Map();

  addData(path: string, w: Watcher): void {
    add(this.data, path, w);
  }

  addExist(path: string, w: Watcher): void {
    add(this.exist, path, w);
  }

  addChild(path: string, w: Watcher): void {
    add(this.child, path, w);
  }

  addPersistent(path: string, w: Watcher, recursive: boolean): void {
    add(recursive ? this.recursive : this.persistent, path, w);
  }

  /** Removes one watcher (or all, when `watcher` is undefined) from the given tables; returns those removed. */
  remove(path: string, tables: Table[], watcher?: Watcher): Set<Watcher> {
    const removed = new Set<Watcher>();
    for (const table of tables) {
      const set = table.get(path);
      if (!set) continue;
      if (watcher === undefined) {
        for (const w of set) removed.add(w);
        table.delete(path);
      } else if (set.delete(watcher)) {
        removed.add(watcher);
        if (set.size === 0) table.delete(path);
      }
    }
    return removed;
  }

  materialize(event: WatchedEvent): Set<Watcher> {
    const out = new Set<Watcher>();
    const path = event.path as string;
    switch (event.type) {
      case EventType.NodeCreated:
      case EventType.NodeDataChanged:
        take(this.data, path, out);
        take(this.exist, path, out);
        break;
      case EventType.NodeChildrenChanged:
        take(this.child, path, out);
        break;
      case EventType.NodeDeleted:
        take(this.data, path, out);
        take(this.exist, path, out);
        take(this.child, path, out);
        break;
    }
    for (const w of this.persistent.get(path) ?? []) out.add(w);
    if (event.type !== EventType.NodeChildrenChanged && this.recursive.size > 0) {
      for (const ancestor of pathAndAncestors(path)) for (const w of this.recursive.get(ancestor) ?? []) out.add(w);
    }
    return out;
  }

  paths(table: Table): string[] {
    return [...table.keys()];
  }
}
