/**
 * Read-only access to the files under one root folder (a broker's log dir, or a folder opened from
 * outside the app), confined to it: a request names a path relative to the root; `..`, absolute
 * paths and symbolic links that lead out are refused, after resolving real paths (so a link inside
 * the root pointing elsewhere cannot be followed). Files are only ever opened for reading, and read
 * in bounded slices with async I/O, so the main process's event loop keeps turning.
 */
import { constants } from 'node:fs';
import { open, readdir, realpath, stat, type FileHandle } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  LogDirAccessError,
  MAX_READ_SLICE_BYTES,
  type ConfinedEntry,
  type ConfinedFolder,
  type ReadOnlyFile as ReadOnlyFilePort,
} from '../core/platform/read-only-folder';
import { errorMessage } from '../core/common/throwable';

export { LogDirAccessError, MAX_READ_SLICE_BYTES, withFile, type ConfinedEntry } from '../core/platform/read-only-folder';

function within(realRoot: string, real: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

/** '/'-separated path relative to the root ('' for the root itself). */
function relativeOf(realRoot: string, real: string): string {
  return relative(realRoot, real).split(sep).join('/');
}

/** One root and the files below it. */
export class ConfinedRoot implements ConfinedFolder {
  private constructor(
    /** The root as given (shown to the person). */
    readonly path: string,
    /** The root's real path (links resolved), against which everything is checked. */
    readonly realPath: string,
  ) {}

  /** The root must be an existing directory, given by an absolute path. */
  static async open(path: string): Promise<ConfinedRoot> {
    if (path.includes('\0')) throw new LogDirAccessError({ kind: 'nul-in-path' });
    if (!isAbsolute(path)) throw new LogDirAccessError({ kind: 'root-not-absolute', path });
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      throw new LogDirAccessError({ kind: 'no-root-directory', path });
    }
    if (!(await stat(real)).isDirectory()) throw new LogDirAccessError({ kind: 'not-a-directory', path });
    return new ConfinedRoot(resolve(path), real);
  }

  /**
   * The real path of `relPath` below the root. Refuses absolute paths and anything that leaves the
   * root, lexically (`..`) or through a link; `NOT_FOUND` when nothing is there.
   */
  async resolve(relPath: string): Promise<string> {
    if (relPath.includes('\0')) throw new LogDirAccessError({ kind: 'nul-in-path' });
    if (isAbsolute(relPath) || /^[A-Za-z]:/.test(relPath) || relPath.startsWith('\\')) {
      throw new LogDirAccessError({ kind: 'absolute-path', path: relPath, root: this.path });
    }
    const lexical = resolve(this.realPath, relPath);
    if (!within(this.realPath, lexical)) {
      throw new LogDirAccessError({ kind: 'outside-root', path: relPath, root: this.path });
    }
    let real: string;
    try {
      real = await realpath(lexical);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') throw new LogDirAccessError({ kind: 'not-found', path: relPath, root: this.path });
      throw new LogDirAccessError({ kind: 'io-error', action: 'read', path: relPath, cause: errorMessage(e) });
    }
    if (!within(this.realPath, real)) {
      throw new LogDirAccessError({ kind: 'link-outside-root', path: relPath, root: this.path });
    }
    return real;
  }

  /** A directory's entries with their sizes, sorted by name (code-point order). */
  async list(relPath: string): Promise<ConfinedEntry[]> {
    const dir = await this.resolve(relPath);
    let dirents;
    try {
      dirents = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') throw new LogDirAccessError({ kind: 'not-a-directory', path: relPath });
      throw new LogDirAccessError({ kind: 'io-error', action: 'list', path: relPath, cause: errorMessage(e) });
    }
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const base = relativeOf(this.realPath, dir);
    const out: ConfinedEntry[] = [];
    for (const d of dirents) {
      const path = base === '' ? d.name : `${base}/${d.name}`;
      let target = join(dir, d.name);
      if (d.isSymbolicLink()) {
        try {
          target = await realpath(target);
        } catch {
          out.push({ name: d.name, path, isDirectory: false, isFile: false, sizeBytes: 0, outside: true });
          continue;
        }
        if (!within(this.realPath, target)) {
          out.push({ name: d.name, path, isDirectory: false, isFile: false, sizeBytes: 0, outside: true });
          continue;
        }
      }
      try {
        const s = await stat(target);
        out.push({
          name: d.name,
          path,
          isDirectory: s.isDirectory(),
          isFile: s.isFile(),
          sizeBytes: s.isFile() ? s.size : 0,
          outside: false,
        });
      } catch {
        // Gone between readdir and stat (a segment deleted by retention): not listed.
      }
    }
    return out;
  }

  /** Opens a file below the root for reading only. */
  async openFile(relPath: string): Promise<ReadOnlyFile> {
    const real = await this.resolve(relPath);
    let handle: FileHandle;
    try {
      // The real path has no link in it now; O_NOFOLLOW refuses one swapped in since the check.
      handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    } catch (e) {
      throw new LogDirAccessError({ kind: 'io-error', action: 'open', path: relPath, cause: errorMessage(e) });
    }
    const s = await handle.stat();
    if (!s.isFile()) {
      await handle.close();
      throw new LogDirAccessError({ kind: 'not-a-file', path: relPath });
    }
    return new ReadOnlyFile(relPath, handle, s.size);
  }

  /** A file's length, or null when there is none. */
  async sizeOf(relPath: string): Promise<number | null> {
    try {
      const s = await stat(await this.resolve(relPath));
      return s.isFile() ? s.size : null;
    } catch (e) {
      if (e instanceof LogDirAccessError && e.code === 'NOT_FOUND') return null;
      throw e;
    }
  }

  /** The path relative to the root of a real path below it. */
  relativePath(real: string): string {
    return relativeOf(this.realPath, real);
  }
}

/** A file opened read-only; `size` is its length when it was opened (a segment may still grow). */
export class ReadOnlyFile implements ReadOnlyFilePort {
  bytesRead = 0;

  constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** `length` bytes from `position`, fewer at the end of the file; read in slices of at most 1 MiB. */
  async read(position: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.size, position + Math.max(0, length));
    if (position < 0 || end <= position) return new Uint8Array(0);
    const out = new Uint8Array(end - position);
    let done = 0;
    while (done < out.length) {
      const want = Math.min(MAX_READ_SLICE_BYTES, out.length - done);
      const { bytesRead } = await this.handle.read(out, done, want, position + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    this.bytesRead += done;
    return done === out.length ? out : out.subarray(0, done);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
