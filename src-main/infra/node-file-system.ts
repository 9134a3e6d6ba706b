import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import type { DirEntry, FileHandle, FileStat, FileSystem } from '../core/platform/file-system';
import { FileSystemError } from '../core/platform/file-system';
import { errorMessage } from '../core/common/throwable';

const IS_WINDOWS = process.platform === 'win32';

/** Turns a Node error into a `FileSystemError` that names the operation and the path. */
function fail(operation: string, path: string, e: unknown, otherPath?: string): never {
  const err = e as NodeJS.ErrnoException;
  const code = typeof err?.code === 'string' ? err.code : 'EIO';
  // Node's message is "<CODE>: <text>, <syscall> '<path>'"; keep only the text.
  const raw = errorMessage(e);
  const detail = raw.replace(/^[A-Z0-9_]+: /, '').replace(/, \w+ '.*$/, '');
  throw new FileSystemError(operation, path, code, detail, otherPath, { cause: e });
}

function writeAll(fd: number, data: Uint8Array, position: number): void {
  let done = 0;
  while (done < data.length) {
    done += writeSync(fd, data, done, data.length - done, position + done);
  }
}

class NodeFileHandle implements FileHandle {
  private fd: number | null;
  private length: number;

  constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
    try {
      this.length = fstatSync(fd).size;
    } catch (e) {
      closeSync(fd);
      fail('stat', path, e);
    }
  }

  private checkOpen(): number {
    if (this.fd === null) {
      throw new FileSystemError('use file handle of', this.path, 'EBADF', 'the file handle is closed');
    }
    return this.fd;
  }

  private get openFd(): number {
    return this.checkOpen();
  }

  size(): number {
    this.checkOpen();
    return this.length;
  }

  append(data: Uint8Array): number {
    const position = this.length;
    this.write(data, position);
    return position;
  }

  write(data: Uint8Array, position: number): void {
    try {
      writeAll(this.openFd, data, position);
    } catch (e) {
      if (e instanceof FileSystemError) throw e;
      fail('write to', this.path, e);
    }
    this.length = Math.max(this.length, position + data.length);
  }

  read(buffer: Uint8Array, position: number): number {
    const fd = this.openFd;
    let done = 0;
    try {
      while (done < buffer.length) {
        const n = readSync(fd, buffer, done, buffer.length - done, position + done);
        if (n === 0) break;
        done += n;
      }
    } catch (e) {
      fail('read from', this.path, e);
    }
    return done;
  }

  truncate(size: number): void {
    try {
      ftruncateSync(this.openFd, size);
    } catch (e) {
      if (e instanceof FileSystemError) throw e;
      fail('set the length of', this.path, e);
    }
    this.length = size;
  }

  sync(): void {
    try {
      fsyncSync(this.openFd);
    } catch (e) {
      if (e instanceof FileSystemError) throw e;
      fail('fsync', this.path, e);
    }
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } catch (e) {
      fail('close', this.path, e);
    }
  }
}

/** The real disk, through synchronous `node:fs` calls. */
export class NodeFileSystem implements FileSystem {
  mkdirs(path: string): void {
    try {
      mkdirSync(path, { recursive: true });
    } catch (e) {
      fail('create directory', path, e);
    }
  }

  exists(path: string): boolean {
    return existsSync(path);
  }

  stat(path: string): FileStat {
    try {
      const s = statSync(path);
      return { size: s.size, isDirectory: s.isDirectory(), isFile: s.isFile(), mtimeMs: s.mtimeMs };
    } catch (e) {
      fail('stat', path, e);
    }
  }

  readdir(path: string): DirEntry[] {
    try {
      return readdirSync(path, { withFileTypes: true })
        .map((d) => ({ name: d.name, isDirectory: d.isDirectory(), isFile: d.isFile() }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (e) {
      fail('list directory', path, e);
    }
  }

  readFile(path: string): Uint8Array {
    try {
      const b = readFileSync(path);
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    } catch (e) {
      fail('read file', path, e);
    }
  }

  writeFile(path: string, data: Uint8Array): void {
    try {
      writeFileSync(path, data);
    } catch (e) {
      fail('write file', path, e);
    }
  }

  writeFileAtomic(path: string, data: Uint8Array): void {
    const tmp = `${path}.tmp`;
    let fd: number;
    try {
      fd = openSync(tmp, 'w');
    } catch (e) {
      fail('create file', tmp, e);
    }
    try {
      writeAll(fd, data, 0);
      fsyncSync(fd);
    } catch (e) {
      try {
        closeSync(fd);
      } catch {
        // the write error is the one to report
      }
      fail('write file', tmp, e);
    }
    try {
      closeSync(fd);
    } catch (e) {
      fail('close', tmp, e);
    }
    // No fsync of the directory after the rename: Kafka 2.5's CheckpointFile and
    // BrokerMetadataCheckpoint do not flush the parent dir, and on a slow disk that second fsync
    // doubled the cost of every leader epoch checkpoint a leader change writes.
    this.rename(tmp, path);
  }

  createFile(path: string): boolean {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      fail('create file', path, e);
    }
    try {
      closeSync(fd);
    } catch (e) {
      fail('close', path, e);
    }
    return true;
  }

  rename(from: string, to: string): void {
    try {
      renameSync(from, to);
    } catch (e) {
      fail('rename', from, e, to);
    }
  }

  rm(path: string, options: { recursive?: boolean; force?: boolean } = {}): void {
    try {
      rmSync(path, { recursive: options.recursive ?? false, force: options.force ?? false });
    } catch (e) {
      fail(options.recursive ? 'remove directory' : 'remove', path, e);
    }
  }

  setLength(path: string, size: number): void {
    try {
      if (!existsSync(path)) closeSync(openSync(path, 'w'));
      truncateSync(path, size);
    } catch (e) {
      fail('set the length of', path, e);
    }
  }

  open(path: string, options: { create?: boolean } = {}): FileHandle {
    let fd: number;
    try {
      // 'r+' fails with ENOENT on a missing file; 'a+' would force O_APPEND and break positional writes.
      if (options.create && !existsSync(path)) closeSync(openSync(path, 'wx'));
      fd = openSync(path, 'r+');
    } catch (e) {
      fail('open', path, e);
    }
    return new NodeFileHandle(path, fd);
  }

  setLastModified(path: string, mtimeMs: number): void {
    try {
      utimesSync(path, new Date(mtimeMs), new Date(mtimeMs));
    } catch (e) {
      fail('set the last modified time of', path, e);
    }
  }

  syncDir(path: string): void {
    // Windows cannot open a directory for fsync; NTFS journals the rename itself.
    if (IS_WINDOWS) return;
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (e) {
      fail('open directory', path, e);
    }
    try {
      fsyncSync(fd);
    } catch (e) {
      fail('fsync directory', path, e);
    } finally {
      closeSync(fd);
    }
  }
}
