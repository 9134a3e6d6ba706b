/**
 * The disk as the emulated brokers see it: a small, synchronous file-system port. Core code (log
 * dirs, segments, checkpoints) never imports `fs`; it receives a `FileSystem` through its
 * constructor. `infra/node-file-system.ts` implements it on `node:fs`; a test or a fault-injection
 * wrapper can implement it too (e.g. to make one log dir fail with EIO).
 *
 * Synchronous on purpose: Kafka's storage layer is synchronous (one write, then the next), a
 * checkpoint or segment operation must not interleave with other cluster work, and long work is
 * sliced by the caller through the `Executor` rather than by awaiting each syscall.
 *
 * Paths are absolute strings. Use `joinPath` / `parentPath` / `baseName` below (pure string work,
 * separator taken from the path itself) so that core never needs `node:path`.
 */

/** What failed and where. `code` is the OS error code (`ENOENT`, `EEXIST`, `EIO`, `ENOSPC` …). */
export class FileSystemError extends Error {
  override readonly name = 'FileSystemError';

  constructor(
    /** The operation, as a verb phrase: "create directory", "read file", "rename" … */
    readonly operation: string,
    readonly path: string,
    readonly code: string,
    detail: string,
    /** Second path of a two-path operation (rename target). */
    readonly otherPath?: string,
    options?: { cause?: unknown },
  ) {
    super(`Cannot ${operation} ${path}${otherPath === undefined ? '' : ` to ${otherPath}`}: ${detail} (${code})`, options);
  }
}

export function isFileSystemError(e: unknown, code?: string): e is FileSystemError {
  return e instanceof FileSystemError && (code === undefined || e.code === code);
}

export interface FileStat {
  /** Length in bytes (the logical size: a sparse pre-allocated index reports its full length). */
  readonly size: number;
  readonly isDirectory: boolean;
  readonly isFile: boolean;
  /** Last modification time, milliseconds since the epoch (wall clock of the host file system). */
  readonly mtimeMs: number;
}

export interface DirEntry {
  readonly name: string;
  readonly isDirectory: boolean;
  readonly isFile: boolean;
}

/**
 * An open file, read-write. `append` writes at the end as this handle knows it (not O_APPEND, so
 * positional `write` keeps working on the same handle). A segment keeps one open while it is active.
 */
export interface FileHandle {
  readonly path: string;
  /** Current length in bytes. */
  size(): number;
  /** Writes all of `data` at the end; returns the position it was written at. */
  append(data: Uint8Array): number;
  /** Writes all of `data` at `position` (extending the file if needed). */
  write(data: Uint8Array, position: number): void;
  /** Reads up to `buffer.length` bytes from `position` into `buffer`; returns how many were read (0 at EOF). */
  read(buffer: Uint8Array, position: number): number;
  /** Sets the length: shorter cuts, longer extends with zeros (sparse where the file system allows). */
  truncate(size: number): void;
  /** fsync: data and metadata of this file are on stable storage when it returns. */
  sync(): void;
  close(): void;
}

export interface FileSystem {
  /** `mkdir -p`: creates the directory and any missing parents; an existing directory is fine. */
  mkdirs(path: string): void;
  exists(path: string): boolean;
  /** Throws `FileSystemError` with code `ENOENT` if there is nothing at `path`. */
  stat(path: string): FileStat;
  /** Entries of a directory (not `.`/`..`), sorted by name (code-point order) for determinism. */
  readdir(path: string): DirEntry[];
  readFile(path: string): Uint8Array;
  /** Creates or replaces the file with `data`. Not durable: use `writeFileAtomic` for state that must survive a crash. */
  writeFile(path: string, data: Uint8Array): void;
  /**
   * Replace, Kafka 2.5's checkpoint way: write `<path>.tmp`, fsync it, rename it over `path` (the
   * parent directory is not fsynced, as Kafka's `atomicMoveWithFallback` does not). After a crash
   * `path` holds either the old or the new content.
   */
  writeFileAtomic(path: string, data: Uint8Array): void;
  /** Creates an empty file if nothing is at `path` (`Files.createFile`); returns false if it already existed. */
  createFile(path: string): boolean;
  /** Atomic rename (file or directory); the target must not be a non-empty directory. */
  rename(from: string, to: string): void;
  /** Removes a file, or a directory with `recursive`. Missing `path` is an error unless `force`. */
  rm(path: string, options?: { recursive?: boolean; force?: boolean }): void;
  /** Sets a file's length (creating it if missing): cuts, or extends sparsely with zeros. */
  setLength(path: string, size: number): void;
  /** Opens a file read-write; `create` makes it if missing (else ENOENT). */
  open(path: string, options?: { create?: boolean }): FileHandle;
  /** fsyncs a directory, so that entries created, renamed or removed in it are durable. */
  syncDir(path: string): void;
  /** Sets a file's last modification time (`File.setLastModified`), where the file system can. */
  setLastModified?(path: string, mtimeMs: number): void;
}

// ---------------------------------------------------------------------------------------------
// Path helpers (pure). A path uses `\` as separator only when it is a Windows path (drive letter or
// UNC prefix); everything else is POSIX.

function separatorOf(path: string): '/' | '\\' {
  return /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\') ? '\\' : '/';
}

/** True for `/x`, `C:\x`, `C:/x` and `\\server\share`. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** Removes trailing separators (but keeps a root such as `/` or `C:\`). */
export function trimTrailingSeparators(path: string): string {
  let end = path.length;
  while (end > 1 && (path[end - 1] === '/' || path[end - 1] === '\\')) end--;
  const trimmed = path.slice(0, end);
  return /^[A-Za-z]:$/.test(trimmed) ? `${trimmed}${separatorOf(path)}` : trimmed;
}

/** `joinPath('/a/b', 'c')` → `/a/b/c`; the separator follows `dir`. */
export function joinPath(dir: string, ...names: string[]): string {
  const sep = separatorOf(dir);
  let out = trimTrailingSeparators(dir);
  for (const name of names) {
    out = out.endsWith('/') || out.endsWith('\\') ? `${out}${name}` : `${out}${sep}${name}`;
  }
  return out;
}

/** The last path element: `baseName('/a/b/c')` → `c`. */
export function baseName(path: string): string {
  const p = trimTrailingSeparators(path);
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return i < 0 ? p : p.slice(i + 1);
}

/** The containing directory: `parentPath('/a/b/c')` → `/a/b`, `parentPath('/a')` → `/`. */
export function parentPath(path: string): string {
  const p = trimTrailingSeparators(path);
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  if (i < 0) return p;
  const parent = p.slice(0, i);
  if (parent === '') return p[0];
  return /^[A-Za-z]:$/.test(parent) ? `${parent}${p[i]}` : parent;
}
