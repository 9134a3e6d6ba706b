/**
 * The port the log dir browser reads folders through (a broker's log dir, or a folder opened from
 * outside the app): paths relative to one root, never leaving it, files opened only for reading
 * and read in bounded slices. `infra/log-dir-access.ts` implements it over the local disk.
 */

/** A path that is not below the root, or that cannot be read; `code` says which. */
export class LogDirAccessError extends Error {
  override readonly name = 'LogDirAccessError';

  constructor(
    readonly code: 'OUTSIDE_ROOT' | 'INVALID_PATH' | 'NOT_FOUND' | 'NOT_A_FILE' | 'NOT_A_DIRECTORY' | 'IO_ERROR',
    message: string,
  ) {
    super(message);
  }
}

export interface ConfinedEntry {
  readonly name: string;
  /** Relative to the root, '/'-separated. */
  readonly path: string;
  readonly isDirectory: boolean;
  readonly isFile: boolean;
  readonly sizeBytes: number;
  /** A symbolic link whose target is outside the root (never followed). */
  readonly outside: boolean;
}

/** The longest single read: a bigger request is split, with the event loop turning in between. */
export const MAX_READ_SLICE_BYTES = 1024 * 1024;

/** A file opened read-only; `size` is its length when it was opened (a segment may still grow). */
export interface ReadOnlyFile {
  readonly path: string;
  readonly size: number;
  /** Bytes read through it so far (the segment viewer reports what a page cost). */
  readonly bytesRead: number;
  /** `length` bytes from `position`, fewer at the end of the file; read in slices of at most 1 MiB. */
  read(position: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** One root and the files below it. */
export interface ConfinedFolder {
  /** The root as given (shown to the person). */
  readonly path: string;
  /** The root's real path (links resolved), against which everything is checked. */
  readonly realPath: string;
  list(relPath: string): Promise<ConfinedEntry[]>;
  openFile(relPath: string): Promise<ReadOnlyFile>;
  /** The file's size, or null when there is none. */
  sizeOf(relPath: string): Promise<number | null>;
}

/** Opens a root: it must be an existing directory, given by an absolute path. */
export type OpenConfinedFolder = (path: string) => Promise<ConfinedFolder>;

/** Runs `fn` on the file and closes it, whatever happens. */
export async function withFile<T>(root: ConfinedFolder, relPath: string, fn: (file: ReadOnlyFile) => Promise<T>): Promise<T> {
  const file = await root.openFile(relPath);
  try {
    return await fn(file);
  } finally {
    await file.close();
  }
}
