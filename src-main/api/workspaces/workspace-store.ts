/**
 * Where the workspaces behind the clusters page are kept, as the services see it: entries,
 * snapshots and each workspace's folder. `app/workspace-registry.ts` keeps them as folders under
 * the data dir. Refusals are `ApiError`s (INVALID_INPUT) naming what is unknown or wrong.
 */

export interface WorkspaceEntry {
  readonly id: string;
  readonly name: string;
  readonly createdMs: number;
  /** Brokers in its cluster definition (kept here so a closed workspace can be listed without opening it). */
  readonly brokers: number;
}

export interface SnapshotEntry {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly createdMs: number;
}

export interface WorkspaceStore {
  /** The folder of a workspace (what the host opens). */
  dirOf(id: string): string;
  /** Every workspace, oldest first. */
  list(): WorkspaceEntry[];
  get(id: string): WorkspaceEntry;
  create(name: string, nowMs: number, brokers: number): WorkspaceEntry;
  rename(id: string, name: string): WorkspaceEntry;
  update(id: string, change: Partial<Pick<WorkspaceEntry, 'name' | 'brokers'>>): WorkspaceEntry;
  remove(id: string): void;
  /** Every snapshot (of one workspace when given). */
  snapshots(workspaceId?: string): SnapshotEntry[];
  snapshotSize(id: string): number;
  /** Copies a closed workspace's folder (the caller stops its cluster around it). */
  snapshot(workspaceId: string, name: string, nowMs: number): SnapshotEntry;
  findSnapshot(id: string): SnapshotEntry;
  /** Puts the snapshot's copy back in place of its workspace. */
  restore(snapshotId: string): WorkspaceEntry;
  removeSnapshot(id: string): void;
}
