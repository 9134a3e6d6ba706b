import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseServeArgs, ServeArgsError } from '../../src-main/server/args';
import { generateToken, tokensEqual } from '../../src-main/server/auth';

const context = { cwd: '/work/here', defaultRendererDir: '/repo/out/renderer' };

describe('npm run serve arguments', () => {
  it('defaults: 127.0.0.1, any free port, a generated token, ~/.kafka-dojo/workspaces', () => {
    expect(parseServeArgs([], context)).toEqual({
      dataDir: join(homedir(), '.kafka-dojo', 'workspaces'),
      port: 0,
      token: null,
      host: '127.0.0.1',
      rendererDir: '/repo/out/renderer',
      help: false,
    });
  });

  it('reads --data-dir, --port, --token and --host, as two words or with =', () => {
    expect(parseServeArgs(['--data-dir', 'ws', '--port', '8080', '--token', 'T0k', '--host=0.0.0.0'], context)).toMatchObject({
      dataDir: '/work/here/ws',
      port: 8080,
      token: 'T0k',
      host: '0.0.0.0',
    });
  });

  it('takes the token from KAFKA_DOJO_TOKEN when not given, the option winning', () => {
    expect(parseServeArgs([], { ...context, env: { KAFKA_DOJO_TOKEN: 'from-env' } }).token).toBe('from-env');
    expect(parseServeArgs(['--token', 'opt'], { ...context, env: { KAFKA_DOJO_TOKEN: 'from-env' } }).token).toBe('opt');
  });

  it('refuses unknown options, missing values, bad ports and tokens with spaces', () => {
    for (const argv of [['--nope'], ['--port'], ['--port', 'http'], ['--port', '70000'], ['--token', 'a b'], ['--data-dir=']]) {
      expect(() => parseServeArgs(argv, context), argv.join(' ')).toThrow(ServeArgsError);
    }
  });
});

describe('the token', () => {
  it('is random, URL-safe and long', () => {
    const a = generateToken();
    const b = generateToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('compares equal only when identical (any length)', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abd')).toBe(false);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
    expect(tokensEqual('', 'abc')).toBe(false);
  });
});
