/**
 * The node editor's tree of the znode space, loaded lazily: a node's children are read a page at a
 * time when it is expanded (a "more" row loads the next page), and the `znodes` pushes refresh the
 * loaded parents whose children came or went and the selected node.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { useApi } from '../api';
import { toApiCallError } from '../api/api-error';
import type { ApiErrorDto, PushDto, ZnodeChildDto, ZnodeDetailDto } from '../api/types';
import { useWorkspacesStore } from './workspaces';

/** Children read per page. */
export const CHILDREN_PAGE = 200;

export interface TreeRow {
  /** The path for a znode; the parent's path plus a suffix for the loading and "more" rows. */
  readonly id: string;
  readonly label: string;
  readonly path: string;
  readonly type: 'znode' | 'loading' | 'more';
  numChildren: number;
  ephemeral: boolean;
  /** A "more" row: children shown, of how many. */
  shown?: number;
  total?: number;
  children?: TreeRow[];
}

interface Loaded {
  total: number;
  rows: TreeRow[];
}

const LOADING = '\u0000loading';
const MORE = '\u0000more';

export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

function placeholder(path: string): TreeRow {
  return { id: path + LOADING, label: '…', path, type: 'loading', numChildren: 0, ephemeral: false };
}

export const useZooKeeperStore = defineStore('zookeeper', () => {
  const api = useApi();
  const root: TreeRow = { id: '/', label: '/', path: '/', type: 'znode', numChildren: 1, ephemeral: false, children: [placeholder('/')] };
  const rowsByPath = new Map<string, TreeRow>([['/', root]]);
  const loaded = new Map<string, Loaded>();
  const generations = new Map<string, number>();
  /** The latest pushed zxid that changed each node's children: a page read before it is stale. */
  const changedAt = new Map<string, number>();
  /** A new array each time the tree changes: el-tree-v2 rebuilds on a new `data`. */
  const treeData = shallowRef<TreeRow[]>([root]);
  const expanded = ref<string[]>([]);
  const error = shallowRef<ApiErrorDto | null>(null);
  const selected = ref<string | null>(null);
  const detail = shallowRef<ZnodeDetailDto | null>(null);
  /** The selected node was deleted (by the cluster or by someone else). */
  const selectedGone = ref(false);
  /** Grows with every push, for panels that refresh themselves. */
  const revision = ref(0);
  /** The view is shown: pushes refresh the tree at once; otherwise it is refreshed when shown again. */
  let active = false;
  let stale = false;

  function publish(): void {
    treeData.value = [root];
  }

  /** Makes reads of `path` still in flight count for nothing: what they saw is older than what is known. */
  function invalidate(path: string): void {
    generations.set(path, (generations.get(path) ?? 0) + 1);
  }

  /** The row of a child as its parent's page shows it; loaded children whose count moved are re-read. */
  function rowFor(child: ZnodeChildDto, previous: TreeRow | undefined, recount: string[]): TreeRow {
    const row: TreeRow = previous ?? {
      id: child.path,
      label: child.name,
      path: child.path,
      type: 'znode',
      numChildren: 0,
      ephemeral: false,
    };
    const moved = row.numChildren !== child.numChildren;
    row.numChildren = child.numChildren;
    row.ephemeral = child.ephemeral;
    if (child.numChildren === 0) {
      row.children = undefined;
      loaded.delete(child.path);
      invalidate(child.path);
    } else if (!loaded.has(child.path)) {
      row.children = [placeholder(child.path)];
    } else if (moved) {
      recount.push(child.path);
    }
    rowsByPath.set(child.path, row);
    return row;
  }

  function setChildren(path: string, rows: TreeRow[], total: number): void {
    const parent = rowsByPath.get(path);
    if (!parent) return;
    const previous = loaded.get(path);
    const kept = new Set(rows.map((r) => r.path));
    for (const old of previous?.rows ?? []) if (!kept.has(old.path)) forget(old.path);
    loaded.set(path, { total, rows });
    parent.numChildren = total;
    const more: TreeRow[] =
      rows.length < total
        ? [{ id: path + MORE, label: '', path, type: 'more', numChildren: 0, ephemeral: false, shown: rows.length, total }]
        : [];
    parent.children = total === 0 ? undefined : [...rows, ...more];
  }

  function forget(path: string): void {
    for (const key of [...rowsByPath.keys()]) {
      if (key === path || key.startsWith(`${path}/`)) {
        rowsByPath.delete(key);
        loaded.delete(key);
        invalidate(key);
      }
    }
    expanded.value = expanded.value.filter((k) => k !== path && !k.startsWith(`${path}/`));
  }

  /** Reads the first `count` children of `path` (at least a page) and shows them. */
  async function loadChildren(path: string, count = CHILDREN_PAGE, attempt = 0): Promise<void> {
    // A newer read of the same node supersedes this one (pushes come faster than answers at times).
    const generation = (generations.get(path) ?? 0) + 1;
    generations.set(path, generation);
    const recount: string[] = [];
    try {
      const rows: TreeRow[] = [];
      let total = 0;
      for (let offset = 0; offset < Math.max(count, 1); offset += 1000) {
        const page = await api.zookeeper.children(path, offset, Math.min(1000, count - offset));
        if (generations.get(path) !== generation) return;
        if (page.exists && page.pzxid < (changedAt.get(path) ?? -1) && attempt < 3) {
          // Read before a change already pushed (an answer overtaken by the push): read again.
          return loadChildren(path, count, attempt + 1);
        }
        if (!page.exists) {
          if (path !== '/') forget(path);
          publish();
          return;
        }
        total = page.total;
        rows.push(...page.children.map((c) => rowFor(c, rowsByPath.get(c.path), recount)));
        if (page.children.length === 0 || offset + 1000 >= total) break;
      }
      setChildren(path, rows, total);
      error.value = null;
      for (const p of recount) void loadChildren(p, Math.max(CHILDREN_PAGE, loaded.get(p)?.rows.length ?? 0));
    } catch (e) {
      error.value = toApiCallError(e).dto;
    }
    publish();
  }

  async function loadMore(path: string): Promise<void> {
    const current = loaded.get(path);
    if (!current) return loadChildren(path);
    try {
      const page = await api.zookeeper.children(path, current.rows.length, CHILDREN_PAGE);
      const rows = [...current.rows, ...page.children.map((c) => rowFor(c, rowsByPath.get(c.path), []))];
      setChildren(path, rows, page.total);
    } catch (e) {
      error.value = toApiCallError(e).dto;
    }
    publish();
  }

  async function expand(path: string): Promise<void> {
    if (!expanded.value.includes(path)) expanded.value = [...expanded.value, path];
    if (!loaded.has(path)) await loadChildren(path);
  }

  function collapse(path: string): void {
    expanded.value = expanded.value.filter((k) => k !== path);
  }

  async function init(): Promise<void> {
    active = true;
    if (stale) {
      stale = false;
      await refreshParents([...loaded.keys()]);
      await loadDetail();
    }
    await expand('/');
  }

  function leave(): void {
    active = false;
  }

  /** Another workspace was opened: its znode space starts from its root again. */
  async function reset(): Promise<void> {
    for (const path of [...rowsByPath.keys(), ...loaded.keys()]) invalidate(path);
    rowsByPath.clear();
    rowsByPath.set('/', root);
    loaded.clear();
    changedAt.clear();
    root.children = [placeholder('/')];
    expanded.value = [];
    selected.value = null;
    detail.value = null;
    selectedGone.value = false;
    stale = false;
    publish();
    if (active) await expand('/');
  }

  async function select(path: string): Promise<void> {
    selected.value = path;
    await loadDetail();
  }

  async function loadDetail(): Promise<void> {
    const path = selected.value;
    if (path === null) return;
    try {
      const read = await api.zookeeper.get(path);
      if (selected.value !== path) return;
      if (read === null) {
        // What was shown belongs to another node (the one selected before): never show it as this one.
        if (detail.value?.path !== path) detail.value = null;
        selectedGone.value = true;
      } else {
        detail.value = read;
        selectedGone.value = false;
      }
    } catch (e) {
      if (selected.value === path) error.value = toApiCallError(e).dto;
    }
  }

  /**
   * Shows a node just written (the save's own answer), then reveals it in the tree: when the cluster
   * deletes it at once (the controller consumes `/admin/delete_topics/<t>`), the view still shows
   * what was written, marked as gone.
   */
  async function showSaved(saved: ZnodeDetailDto): Promise<void> {
    selected.value = saved.path;
    detail.value = saved;
    selectedGone.value = false;
    await reveal(saved.path);
  }

  /** Reveals a path: expands its ancestors, loading enough children of each to show the next one. */
  async function reveal(path: string): Promise<void> {
    const parts = path.split('/').filter(Boolean);
    let current = '/';
    for (const part of parts) {
      await expand(current);
      const next = current === '/' ? `/${part}` : `${current}/${part}`;
      if (!rowsByPath.has(next)) await loadChildren(current, Math.min(1000, loaded.get(current)?.total ?? CHILDREN_PAGE));
      current = next;
    }
    await select(path);
  }

  async function refreshParents(paths: Iterable<string>): Promise<void> {
    const todo = new Set<string>();
    for (const p of paths) {
      if (loaded.has(p)) todo.add(p);
      else if (rowsByPath.has(p) && loaded.has(parentOf(p))) todo.add(parentOf(p));
    }
    for (const p of todo) await loadChildren(p, Math.max(CHILDREN_PAGE, loaded.get(p)?.rows.length ?? 0));
  }

  let pushes: Promise<void> = Promise.resolve();
  /** Pushes are applied one after the other, in the order they came. */
  function handlePush(push: PushDto): Promise<void> {
    pushes = pushes.then(() => applyPush(push)).catch(() => undefined);
    return pushes;
  }

  async function applyPush(push: PushDto): Promise<void> {
    if (push.type !== 'znodes') return;
    revision.value++;
    if (!active) {
      stale = true;
      return;
    }
    const parents = new Set<string>();
    const last = new Map<string, string>();
    for (const change of push.changes) {
      if (change.type !== 'changed') {
        const parent = parentOf(change.path);
        parents.add(parent);
        changedAt.set(parent, Math.max(changedAt.get(parent) ?? -1, change.zxid));
      }
      last.set(change.path, change.type);
    }
    const deleted = [...last].filter(([, type]) => type === 'deleted').map(([path]) => path);
    for (const path of deleted) forget(path);
    const within = (path: string): boolean => deleted.some((d) => path === d || path.startsWith(`${d}/`));
    await refreshParents(push.overflow ? [...loaded.keys()] : [...parents].filter((p) => !within(p)));
    const mine = selected.value;
    if (mine !== null && within(mine)) selectedGone.value = true;
    else if (push.overflow || (mine !== null && last.has(mine))) await loadDetail();
  }

  const workspaces = useWorkspacesStore();
  watch(
    () => workspaces.current?.id,
    (id, previous) => {
      if (previous !== undefined && id !== previous) void reset();
    },
  );

  return {
    treeData,
    expanded,
    error,
    selected,
    detail,
    selectedGone,
    revision,
    init,
    leave,
    reset,
    expand,
    collapse,
    loadChildren,
    loadMore,
    select,
    loadDetail,
    reveal,
    showSaved,
    handlePush,
  };
});
