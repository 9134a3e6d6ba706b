/**
 * Debian's ZooKeeper 3.8 (packages zookeeper, python3-kazoo) as a real peer: a standalone server on
 * a free loopback port in a temp dir (admin server and four-letter words off), and kazoo through
 * /usr/bin/python3 to drive it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
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

/** The server's `srvr` answer (always enabled, zkServer.sh needs it), or null if nothing answers yet. */
function srvr(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.end('srvr'));
    let out = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (d: Buffer) => (out += d.toString()));
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(out === '' ? null : out));
  });
}

const START_ATTEMPTS = 3;
const START_TIMEOUT_MS = 60_000;

/**
 * Starts `ZooKeeperServerMain` with `systemProperties` (e.g. the super digest) and returns once it
 * serves requests (`srvr` answers with its version). The port is found free and then handed to the
 * JVM, so another process can take it in between (tests bind port 0 all the time): if the JVM exits
 * before it serves, it is started again on another port.
 */
export async function startRealZooKeeper(
  systemProperties: Record<string, string> = {},
  options: { fourLetterWordWhitelist?: string } = {},
): Promise<RealZooKeeper> {
  for (let attempt = 1; ; attempt++) {
    const tmp = makeTempDir('kafka-dojo-real-zk-');
    const port = await freeLoopbackPort();
    const cfg = join(tmp.dir, 'zoo.cfg');
    writeFileSync(
      cfg,
      [
        `tickTime=2000`,
        `dataDir=${join(tmp.dir, 'data')}`,
        `clientPort=${port}`,
        'clientPortAddress=127.0.0.1',
        'admin.enableServer=false',
        `4lw.commands.whitelist=${options.fourLetterWordWhitelist ?? ''}`,
        '',
      ].join('\n'),
    );
    const props = Object.entries(systemProperties).map(([k, v]) => `-D${k}=${v}`);
    const child: ChildProcess = spawn(
      JAVA,
      ['-Xmx256m', ...props, '-cp', `/etc/zookeeper/conf:${ZOOKEEPER_JAR}`, 'org.apache.zookeeper.server.ZooKeeperServerMain', cfg],
      {
        stdio: 'ignore',
      },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      tmp.cleanup();
    };
    const deadline = Date.now() + START_TIMEOUT_MS;
    let serving = false;
    while (!serving && child.exitCode === null && Date.now() < deadline) {
      const answer = await srvr(port);
      serving = answer !== null && answer.startsWith('Zookeeper version:');
      if (!serving) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (serving) return { port, stop };
    await stop();
    if (attempt === START_ATTEMPTS)
      throw new Error(`Debian's ZooKeeper did not start serving in ${START_ATTEMPTS} attempts of ${START_TIMEOUT_MS / 1000} s`);
  }
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
