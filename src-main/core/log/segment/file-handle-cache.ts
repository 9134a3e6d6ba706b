/**
 * Open file handles of a broker's segments, at most `maxOpen` at once (least recently used closed
 * first). Kafka keeps a channel per `.log` and a mapping per index; a broker here may host tens of
 * thousands of segments, more than a process may keep open, so handles are reopened on demand.
 * Whoever renames, truncates through the file system or deletes a file first `release`s it.
 */
import type { FileHandle, FileSystem } from '../../platform/file-system';

export class FileHandleCache {
  /** Insertion order = recency: the first entry is the least recently used. */
  private readonly open = new Map<string, FileHandle>();

  constructor(
    readonly fs: FileSystem,
    private readonly maxOpen = 512,
  ) {}

  /** The open handle of `path`, opened (and with `create`, created) if needed. */
  get(path: string, create = false): FileHandle {
    const handle = this.open.get(path);
    if (handle) {
      this.open.delete(path);
      this.open.set(path, handle);
      return handle;
    }
    const opened = this.fs.open(path, { create });
    this.open.set(path, opened);
    while (this.open.size > this.maxOpen) {
      const [oldestPath, oldest] = this.open.entries().next().value as [string, FileHandle];
      this.open.delete(oldestPath);
      oldest.close();
    }
    return opened;
  }

  /** Closes `path`'s handle if it is open (before a rename, a delete or a length change by path). */
  release(path: string): void {
    const handle = this.open.get(path);
    if (!handle) return;
    this.open.delete(path);
    handle.close();
  }

  /** Drops every handle without closing errors escaping (a failed log dir, a killed broker). */
  releaseAll(): void {
    for (const handle of this.open.values()) {
      try {
        handle.close();
      } catch {
        // The file is on a failed disk or already gone: nothing more to release.
      }
    }
    this.open.clear();
  }

  get openCount(): number {
    return this.open.size;
  }
}
