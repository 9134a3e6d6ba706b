/**
 * The folder of workspaces behind the clusters page:
 *
 *   <dataDir>/workspaces/<id>/workspace.json   { id, name, createdMs }
 *   <dataDir>/workspaces/<id>/metadata.db …    the workspace itself (see core/cluster/workspace.ts)
 *   <dataDir>/snapshots/<id>/snapshot.json     { id, workspaceId, name, createdMs }
 *   <dataDir>/snapshots/<id>/workspace/        a copy of the workspace folder
 *
 * Ids are short random hex strings; names are free text. A snapshot is taken of a closed
 * workspace (its files are then consistent), so callers stop the cluster around `snapshot`.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ApiError } from '../api/backend';
import type { SnapshotEntry, WorkspaceEntry, WorkspaceStore } from '../api/workspaces/workspace-store';

const ID_PATTERN = /^[0-9a-f]{12}$/;

function newId(): string {
  return randomBytes(6).toString('hex');
}

function folderSize(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const p = join(path, entry.name);
    total += entry.isDirectory() ? folderSize(p) : statSync(p).size;
  }
  return total;
}

export class WorkspaceRegistry implements WorkspaceStore {
  constructor(private readonly dataDir: string) {
    mkdirSync(this.workspacesDir, { recursive: true });
    mkdirSync(this.snapshotsDir, { recursive: true });
  }

  private get workspacesDir(): string {
    return join(this.dataDir, 'workspaces');
  }

  private get snapshotsDir(): string {
    return join(this.dataDir, 'snapshots');
  }

  dirOf(id: string): string {
    if (!ID_PATTERN.test(id))
      throw new ApiError('INVALID_INPUT', {
        en: `No workspace with id ${JSON.stringify(id)}.`,
        'zh-CN': `没有 id 为 ${JSON.stringify(id)} 的工作区。`,
      });
    return join(this.workspacesDir, id);
  }

  list(): WorkspaceEntry[] {
    return readdirSync(this.workspacesDir)
      .filter((id) => ID_PATTERN.test(id) && existsSync(join(this.workspacesDir, id, 'workspace.json')))
      .map((id) => this.get(id))
      .sort((a, b) => a.createdMs - b.createdMs || a.id.localeCompare(b.id));
  }

  get(id: string): WorkspaceEntry {
    const file = join(this.dirOf(id), 'workspace.json');
    if (!existsSync(file))
      throw new ApiError('INVALID_INPUT', { en: `No workspace with id ${id}.`, 'zh-CN': `没有 id 为 ${id} 的工作区。` });
    return JSON.parse(readFileSync(file, 'utf8')) as WorkspaceEntry;
  }

  create(name: string, nowMs: number, brokers: number): WorkspaceEntry {
    const entry = { id: newId(), name: checkName(name), createdMs: nowMs, brokers };
    mkdirSync(this.dirOf(entry.id), { recursive: true });
    this.write(entry);
    return entry;
  }

  rename(id: string, name: string): WorkspaceEntry {
    return this.update(id, { name: checkName(name) });
  }

  update(id: string, change: Partial<Pick<WorkspaceEntry, 'name' | 'brokers'>>): WorkspaceEntry {
    const entry = { ...this.get(id), ...change };
    this.write(entry);
    return entry;
  }

  remove(id: string): void {
    this.get(id);
    rmSync(this.dirOf(id), { recursive: true, force: true });
    for (const s of this.snapshots(id)) rmSync(join(this.snapshotsDir, s.id), { recursive: true, force: true });
  }

  private write(entry: WorkspaceEntry): void {
    const file = join(this.dirOf(entry.id), 'workspace.json');
    writeFileSync(`${file}.tmp`, `${JSON.stringify(entry, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  }

  // --- snapshots ---------------------------------------------------------------------------------

  snapshots(workspaceId?: string): SnapshotEntry[] {
    return readdirSync(this.snapshotsDir)
      .filter((id) => ID_PATTERN.test(id) && existsSync(join(this.snapshotsDir, id, 'snapshot.json')))
      .map((id) => JSON.parse(readFileSync(join(this.snapshotsDir, id, 'snapshot.json'), 'utf8')) as SnapshotEntry)
      .filter((s) => workspaceId === undefined || s.workspaceId === workspaceId)
      .sort((a, b) => a.createdMs - b.createdMs || a.id.localeCompare(b.id));
  }

  snapshotSize(id: string): number {
    return folderSize(join(this.snapshotsDir, id, 'workspace'));
  }

  /** Copies the (closed) workspace folder into a new snapshot. */
  snapshot(workspaceId: string, name: string, nowMs: number): SnapshotEntry {
    this.get(workspaceId);
    const entry: SnapshotEntry = { id: newId(), workspaceId, name: checkName(name), createdMs: nowMs };
    const dir = join(this.snapshotsDir, entry.id);
    cpSync(this.dirOf(workspaceId), join(dir, 'workspace'), { recursive: true });
    writeFileSync(join(dir, 'snapshot.json'), `${JSON.stringify(entry, null, 2)}\n`);
    return entry;
  }

  findSnapshot(id: string): SnapshotEntry {
    const found = ID_PATTERN.test(id) ? this.snapshots().find((s) => s.id === id) : undefined;
    if (!found)
      throw new ApiError('INVALID_INPUT', {
        en: `No snapshot with id ${JSON.stringify(id)}.`,
        'zh-CN': `没有 id 为 ${JSON.stringify(id)} 的快照。`,
      });
    return found;
  }

  /** Replaces the (closed) workspace's folder with the snapshot's copy; the name stays. */
  restore(snapshotId: string): WorkspaceEntry {
    const snapshot = this.findSnapshot(snapshotId);
    const entry = this.get(snapshot.workspaceId);
    const dir = this.dirOf(entry.id);
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(this.snapshotsDir, snapshot.id, 'workspace'), dir, { recursive: true });
    this.write(entry);
    return entry;
  }

  removeSnapshot(id: string): void {
    this.findSnapshot(id);
    rmSync(join(this.snapshotsDir, id), { recursive: true, force: true });
  }
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new ApiError('INVALID_INPUT', { en: 'A name is required.', 'zh-CN': '必须填写名称。' }, 'name');
  if (trimmed.length > 100)
    throw new ApiError('INVALID_INPUT', { en: 'A name has at most 100 characters.', 'zh-CN': '名称最多 100 个字符。' }, 'name');
  return trimmed;
}
