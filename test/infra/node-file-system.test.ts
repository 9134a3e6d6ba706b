import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FileSystemError,
  baseName,
  isAbsolutePath,
  joinPath,
  parentPath,
  trimTrailingSeparators,
} from '../../src-main/core/platform/file-system';
import { NodeFileSystem } from '../../src-main/infra/node-file-system';
import { makeTempDir } from '../support/temp-dir';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

describe('NodeFileSystem', () => {
  let root: string;
  let cleanup: () => void;
  const fs = new NodeFileSystem();

  beforeEach(() => {
    ({ dir: root, cleanup } = makeTempDir('kafka-dojo-fs-'));
  });
  afterEach(() => cleanup());

  it('mkdirs creates missing parents and accepts an existing directory', () => {
    const deep = join(root, 'a', 'b', 'c');
    fs.mkdirs(deep);
    fs.mkdirs(deep);
    expect(fs.stat(deep).isDirectory).toBe(true);
    expect(fs.exists(join(root, 'a', 'b'))).toBe(true);
  });

  it('writes, reads and stats files; readdir lists entries sorted with their types', () => {
    fs.mkdirs(join(root, 'sub'));
    fs.writeFile(join(root, 'b.txt'), bytes('hello'));
    fs.writeFile(join(root, 'a.txt'), bytes(''));
    expect(text(fs.readFile(join(root, 'b.txt')))).toBe('hello');
    const st = fs.stat(join(root, 'b.txt'));
    expect(st).toMatchObject({ size: 5, isFile: true, isDirectory: false });
    expect(st.mtimeMs).toBeGreaterThan(0);
    expect(fs.readdir(root)).toEqual([
      { name: 'a.txt', isDirectory: false, isFile: true },
      { name: 'b.txt', isDirectory: false, isFile: true },
      { name: 'sub', isDirectory: true, isFile: false },
    ]);
  });

  it('writeFileAtomic replaces the file and leaves no .tmp behind', () => {
    const path = join(root, 'recovery-point-offset-checkpoint');
    fs.writeFileAtomic(path, bytes('0\n0\n'));
    fs.writeFileAtomic(path, bytes('0\n1\nfoo 0 42\n'));
    expect(readFileSync(path, 'utf8')).toBe('0\n1\nfoo 0 42\n');
    expect(fs.exists(`${path}.tmp`)).toBe(false);
  });

  it('createFile creates an empty file once and reports an existing one', () => {
    const path = join(root, '.lock');
    expect(fs.createFile(path)).toBe(true);
    expect(fs.createFile(path)).toBe(false);
    expect(fs.stat(path).size).toBe(0);
  });

  it('setLength pre-allocates sparsely and truncates', () => {
    const path = join(root, '00000000000000000000.index');
    fs.setLength(path, 10485760);
    expect(fs.stat(path).size).toBe(10485760);
    if (process.platform !== 'win32') {
      // Sparse: the 10 MiB are not allocated on disk.
      expect(statSync(path).blocks * 512).toBeLessThan(10485760);
    }
    fs.setLength(path, 16);
    expect(fs.stat(path).size).toBe(16);
    expect([...fs.readFile(path)]).toEqual(new Array(16).fill(0));
  });

  it('renames directories and removes them recursively', () => {
    const from = join(root, 'orders-0');
    fs.mkdirs(from);
    fs.writeFile(join(from, '00000000000000000000.log'), bytes('x'));
    const to = join(root, 'orders-0.0123456789abcdef0123456789abcdef-delete');
    fs.rename(from, to);
    expect(fs.exists(from)).toBe(false);
    expect(fs.readdir(to).map((e) => e.name)).toEqual(['00000000000000000000.log']);
    fs.rm(to, { recursive: true });
    expect(fs.exists(to)).toBe(false);
    fs.rm(to, { recursive: true, force: true });
  });

  it('file handles append, read at a position, write at a position, truncate, sync and close', () => {
    const path = join(root, 'seg.log');
    const h = fs.open(path, { create: true });
    expect(h.size()).toBe(0);
    expect(h.append(bytes('abc'))).toBe(0);
    expect(h.append(bytes('defg'))).toBe(3);
    expect(h.size()).toBe(7);
    h.write(bytes('XY'), 1);
    const buf = new Uint8Array(4);
    expect(h.read(buf, 2)).toBe(4);
    expect(text(buf)).toBe('Ydef');
    expect(h.read(new Uint8Array(10), 5)).toBe(2);
    h.truncate(4);
    h.sync();
    expect(h.size()).toBe(4);
    h.close();
    h.close();
    expect(readFileSync(path, 'utf8')).toBe('aXYd');
    expect(() => h.append(bytes('z'))).toThrow(FileSystemError);
  });

  it('open without create fails on a missing file; an existing one opens at its size', () => {
    expect(() => fs.open(join(root, 'missing'))).toThrow(/Cannot open .*missing: .*\(ENOENT\)/);
    writeFileSync(join(root, 'x'), 'hello');
    const h = fs.open(join(root, 'x'));
    expect(h.size()).toBe(5);
    expect(h.append(bytes('!'))).toBe(5);
    h.close();
    expect(readFileSync(join(root, 'x'), 'utf8')).toBe('hello!');
  });

  it('errors name the operation, the path and the OS code', () => {
    const missing = join(root, 'nope', 'file');
    let err: unknown;
    try {
      fs.readFile(missing);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FileSystemError);
    expect((err as FileSystemError).code).toBe('ENOENT');
    expect((err as FileSystemError).path).toBe(missing);
    expect((err as FileSystemError).message).toBe(`Cannot read file ${missing}: no such file or directory (ENOENT)`);
    expect(() => fs.rename(missing, join(root, 'other'))).toThrow(`to ${join(root, 'other')}`);
    expect(() => fs.rm(missing)).toThrow(FileSystemError);
    expect(() => fs.stat(missing)).toThrow(/ENOENT/);
    writeFileSync(join(root, 'plain-file'), 'x');
    expect(() => fs.mkdirs(join(root, 'plain-file', 'x'))).toThrow(
      new RegExp(`^Cannot create directory ${join(root, 'plain-file', 'x')}: .*\\((ENOTDIR|EEXIST)\\)$`),
    );
  });

  it('syncDir accepts a directory', () => {
    expect(() => fs.syncDir(root)).not.toThrow();
  });
});

describe('path helpers', () => {
  it('join, baseName and parentPath work on POSIX and Windows paths', () => {
    expect(joinPath('/data/kafka-logs/', 'orders-0', '00000000000000000000.log')).toBe(
      '/data/kafka-logs/orders-0/00000000000000000000.log',
    );
    expect(joinPath('C:\\kafka\\logs', 'orders-0')).toBe('C:\\kafka\\logs\\orders-0');
    expect(joinPath('/', 'x')).toBe('/x');
    expect(baseName('/data/kafka-logs/orders-0/')).toBe('orders-0');
    expect(baseName('C:\\kafka\\logs\\orders-0')).toBe('orders-0');
    expect(parentPath('/data/kafka-logs/orders-0')).toBe('/data/kafka-logs');
    expect(parentPath('/orders-0')).toBe('/');
    expect(parentPath('C:\\logs')).toBe('C:\\');
    expect(trimTrailingSeparators('/a/b//')).toBe('/a/b');
    expect(trimTrailingSeparators('/')).toBe('/');
    expect(isAbsolutePath('/a')).toBe(true);
    expect(isAbsolutePath('D:/a')).toBe(true);
    expect(isAbsolutePath('a/b')).toBe(false);
  });
});
