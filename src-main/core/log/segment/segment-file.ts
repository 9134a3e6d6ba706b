/**
 * One file of a segment (`.log`, `.index`, `.timeindex`) reached through the broker's
 * `FileHandleCache`: its current path (segments are renamed to `.deleted`, their directory to
 * `-delete`), and what every such file does with its handle.
 */
import type { FileHandleCache } from './file-handle-cache';

export abstract class SegmentFile {
  private filePath: string;

  protected constructor(
    protected readonly handles: FileHandleCache,
    path: string,
  ) {
    this.filePath = path;
  }

  get path(): string {
    return this.filePath;
  }

  /** Points at the file after a rename (of the file or of its directory). */
  updatePath(path: string): void {
    this.handles.release(this.filePath);
    this.filePath = path;
  }

  /** Closes the handle (it is reopened on the next use). */
  closeHandler(): void {
    this.handles.release(this.filePath);
  }

  /** Removes the file if it is there; true if it was. */
  deleteIfExists(): boolean {
    this.handles.release(this.filePath);
    const fs = this.handles.fs;
    const existed = fs.exists(this.filePath);
    if (existed) fs.rm(this.filePath, { force: true });
    return existed;
  }
}
