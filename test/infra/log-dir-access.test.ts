/**
 * Confinement of the log dir browser's file access (infra/log-dir-access.ts) on real files and
 * links: what is below the root is read, whatever spelling reaches it; nothing outside is, whether
 * by `..`, an absolute path or a symbolic link; files are opened for reading only.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfinedRoot, LogDirAccessError } from '../../src-main/infra/log-dir-access';
import { makeTempDir } from '../support/temp-dir';

describe('ConfinedRoot', () => {
  const tmp = makeTempDir('kafka-dojo-confined-');
  afterAll(() => tmp.cleanup());
  const root = join(tmp.dir, 'kafka-logs');
  mkdirSync(join(root, 'orders-0'), { recursive: true });
  writeFileSync(join(root, 'meta.properties'), 'broker.id=0\n');
  writeFileSync(join(root, 'orders-0', '00000000000000000000.log'), 'abcdefghij');
  writeFileSync(join(tmp.dir, 'secret'), 'outside');
  symlinkSync(join(tmp.dir, 'secret'), join(root, 'secret-link'));
  symlinkSync(join(root, 'orders-0'), join(root, 'orders-link'));
  symlinkSync(root, join(tmp.dir, 'logs-via-link'));

  async function refusal(p: Promise<unknown>): Promise<string> {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(LogDirAccessError);
    return (e as LogDirAccessError).code;
  }

  it('reads what is below the root, by any spelling that stays inside, through the root opened by a link too', async () => {
    const confined = await ConfinedRoot.open(join(tmp.dir, 'logs-via-link'));
    expect(await confined.resolve('orders-0/../meta.properties')).toBe(join(root, 'meta.properties'));
    expect(await confined.resolve('orders-link/00000000000000000000.log')).toBe(join(root, 'orders-0', '00000000000000000000.log'));
    const file = await confined.openFile('orders-0/00000000000000000000.log');
    expect(new TextDecoder().decode(await file.read(3, 4))).toBe('defg');
    expect(await file.read(8, 100)).toHaveLength(2);
    expect(file.bytesRead).toBe(6);
    await file.close();
    const names = (await confined.list('')).map((e) => [e.name, e.isDirectory, e.outside]);
    expect(names).toEqual([
      ['meta.properties', false, false],
      ['orders-0', true, false],
      ['orders-link', true, false],
      ['secret-link', false, true],
    ]);
  });

  it('refuses .., absolute paths and links that lead out, and names what is missing', async () => {
    const confined = await ConfinedRoot.open(root);
    expect(await refusal(confined.resolve('..'))).toBe('OUTSIDE_ROOT');
    expect(await refusal(confined.resolve('orders-0/../../secret'))).toBe('OUTSIDE_ROOT');
    expect(await refusal(confined.resolve(join(tmp.dir, 'secret')))).toBe('OUTSIDE_ROOT');
    expect(await refusal(confined.resolve('C:\\Windows'))).toBe('OUTSIDE_ROOT');
    expect(await refusal(confined.openFile('secret-link'))).toBe('OUTSIDE_ROOT');
    expect(await refusal(confined.resolve('nope'))).toBe('NOT_FOUND');
    expect(await refusal(confined.resolve('a\0b'))).toBe('INVALID_PATH');
    expect(await refusal(confined.openFile('orders-0'))).toBe('NOT_A_FILE');
    expect(await refusal(ConfinedRoot.open('kafka-logs'))).toBe('INVALID_PATH');
    expect(await refusal(ConfinedRoot.open(join(root, 'meta.properties')))).toBe('NOT_A_DIRECTORY');
    expect(readFileSync(join(tmp.dir, 'secret'), 'utf8')).toBe('outside');
  });
});
