/**
 * The port the log dir browser reads folders through (a broker's log dir, or a folder opened from
 * outside the app): paths relative to one root, never leaving it, files opened only for reading
 * and read in bounded slices. `infra/log-dir-access.ts` implements it over the local disk.
 */

/** Why a path was refused or could not be read (`root` and `path` as the person gave them). */
export type LogDirAccessProblem =
  | { readonly kind: 'nul-in-path' }
  | { readonly kind: 'root-not-absolute'; readonly path: string }
  | { readonly kind: 'no-root-directory'; readonly path: string }
  | { readonly kind: 'not-a-directory'; readonly path: string }
  | { readonly kind: 'absolute-path'; readonly path: string; readonly root: string }
  | { readonly kind: 'outside-root'; readonly path: string; readonly root: string }
  | { readonly kind: 'link-outside-root'; readonly path: string; readonly root: string }
  | { readonly kind: 'not-found'; readonly path: string; readonly root: string }
  | { readonly kind: 'not-a-file'; readonly path: string }
  | { readonly kind: 'io-error'; readonly action: 'read' | 'list' | 'open'; readonly path: string; readonly cause: string };

export type LogDirAccessCode = 'OUTSIDE_ROOT' | 'INVALID_PATH' | 'NOT_FOUND' | 'NOT_A_FILE' | 'NOT_A_DIRECTORY' | 'IO_ERROR';

const OUTSIDE = 'the log dir browser reads nothing outside the folders it was given.';

function codeOf(problem: LogDirAccessProblem): LogDirAccessCode {
  switch (problem.kind) {
    case 'nul-in-path':
    case 'root-not-absolute':
      return 'INVALID_PATH';
    case 'no-root-directory':
    case 'not-found':
      return 'NOT_FOUND';
    case 'not-a-directory':
      return 'NOT_A_DIRECTORY';
    case 'absolute-path':
    case 'outside-root':
    case 'link-outside-root':
      return 'OUTSIDE_ROOT';
    case 'not-a-file':
      return 'NOT_A_FILE';
    case 'io-error':
      return 'IO_ERROR';
  }
}

function messageOf(problem: LogDirAccessProblem): string {
  switch (problem.kind) {
    case 'nul-in-path':
      return 'The path contains a NUL character.';
    case 'root-not-absolute':
      return `${problem.path} is not an absolute path.`;
    case 'no-root-directory':
      return `There is no directory ${problem.path}.`;
    case 'not-a-directory':
      return `${problem.path} is not a directory.`;
    case 'absolute-path':
      return `${problem.path} is an absolute path: give a path relative to ${problem.root}.`;
    case 'outside-root':
      return `${problem.path} is outside ${problem.root}: ${OUTSIDE}`;
    case 'link-outside-root':
      return `${problem.path} leads outside ${problem.root} through a symbolic link: ${OUTSIDE}`;
    case 'not-found':
      return `There is no ${problem.path === '' ? problem.root : problem.path} in ${problem.root}.`;
    case 'not-a-file':
      return `${problem.path} is not a file.`;
    case 'io-error':
      return `Cannot ${problem.action} ${problem.path}: ${problem.cause}`;
  }
}

/** A path that is not below the root, or that cannot be read; `code` says which, `problem` what exactly. */
export class LogDirAccessError extends Error {
  override readonly name = 'LogDirAccessError';
  readonly code: LogDirAccessCode;

  constructor(readonly problem: LogDirAccessProblem) {
    super(messageOf(problem));
    this.code = codeOf(problem);
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
