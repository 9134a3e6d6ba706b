/**
 * Debian's ZooKeeper 3.8 (packages zookeeper, python3-kazoo) as a real peer: a standalone server on
 * a free loopback port in a temp dir (admin server and four-letter words off), and kazoo through
 * /usr/bin/python3 to drive it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { makeTempDir } from './temp-dir';

export const ZOOKEEPER_JAR = '/usr/share/java/zookeeper.jar';
export const JAVA = '/usr/bin/java';
export const PYTHON = '/usr/bin/python3';
export const APT_PACKAGES = 'zookeeper python3-kazoo';

/** Why the real ZooKeeper or kazoo cannot be used here, or null when both can. */
export function realZooKeeperUnavailable(probeScript: string): string | null {
  for (const file of [JAVA, ZOOKEEPER_JAR, PYTHON]) if (!existsSync(file)) return `${file} does not exist`;
  const r = spawnSync(PYTHON, [probeScript, 'probe'], { encoding: 'utf8' });
  if (r.error) return r.error.message;
  if (r.status !== 0) return `${r.stdout}${r.stderr}`.trim() || `probe exited with ${r.status}`;
  return null;
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RealZooKeeper {
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * Starts `ZooKeeperServerMain` with `systemProperties` (e.g. the super digest). The caller's client
 * waits for it to accept connections (kazoo's start timeout).
 */
export async function startRealZooKeeper(systemProperties: Record<string, string> = {}, options: { fourLetterWordWhitelist?: string } = {}): Promise<RealZooKeeper> {
  const tmp = makeTempDir('kafka-dojo-real-zk-');
  const port = await freeLoopbackPort();
  const cfg = join(tmp.dir, 'zoo.cfg');
  writeFileSync(
    cfg,
    [`tickTime=2000`, `dataDir=${join(tmp.dir, 'data')}`, `clientPort=${port}`, 'clientPortAddress=127.0.0.1', 'admin.enableServer=false', `4lw.commands.whitelist=${options.fourLetterWordWhitelist ?? ''}`, ''].join('\n'),
  );
  const props = Object.entries(systemProperties).map(([k, v]) => `-D${k}=${v}`);
  const child: ChildProcess = spawn(JAVA, ['-Xmx256m', ...props, '-cp', `/etc/zookeeper/conf:${ZOOKEEPER_JAR}`, 'org.apache.zookeeper.server.ZooKeeperServerMain', cfg], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      tmp.cleanup();
    },
  };
}

/** Runs `script run PORT` with `input` on stdin; its stdout. */
export async function runPython(script: string, args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}: ${err}`))));
    child.stdin.end(input);
  });
}
