/**
 * `kafka-dojo zookeeper-shell` prints what Debian's zkCli.sh (ZooKeeper 3.8.0) prints: the same
 * batch of commands goes through both against the emulated ZooKeeper's client port, and their
 * stdout and stderr are compared (zxids, session ids and times aside).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runZooKeeperShell, splitCommandLine } from '../../src-main/cli/zookeeper-shell/zookeeper-shell';
import { ZooKeeperListener } from '../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../support/cluster-harness';
import { programMissing, runClient } from '../support/external-client';

const ZKCLI = '/usr/share/zookeeper/bin/zkCli.sh';
const missing = programMissing(ZKCLI, 'zookeeper');
// Outside CI without zkCli: skip, saying why. In CI (which installs it) this fails instead.
const skip = missing !== null && !process.env.CI;
if (skip) console.warn(`zookeeper-shell comparison skipped: ${missing}`);

const COMMANDS = [
  'ls /',
  'create /sh hello',
  'create -e /sh/eph',
  'create -s /sh/seq- x',
  'create /sh/eph/child',
  'create /sh again',
  'create -c -e /sh/c',
  'ls -s /sh',
  'get -s /sh',
  'set -v 0 /sh world',
  'set -v 0 /sh again',
  'set -s /sh "two words"',
  'get /sh',
  'stat /sh/eph',
  'stat /sh/none',
  'getAcl /sh',
  'setAcl /sh/seq-0000000001 world:anyone:rw',
  'getAcl -s /sh/seq-0000000001',
  'setAcl /sh/seq-0000000001 nonsense',
  'create /sh/bad-acl x nonsense',
  'create /sh/bad-scheme x kerberos:me:cdrwa',
  'set -v',
  'ls -R /sh',
  'addauth digest bob:pw',
  'whoami',
  'sync /sh',
  'config',
  'delete /sh',
  'delete -v 9 /sh/seq-0000000001',
  'get -x /sh',
  'ls',
  'get bad-path',
  'get /sh/',
  'frobnicate',
  'deleteall /sh',
  'ls /sh',
  'quit',
];

/** Values that differ from run to run (zxids, session ids, times, ports). */
function normalize(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('SLF4J:') && !/^\t\S+ .*$/.test(l) && !l.startsWith('ZooKeeper -server host:port'))
    .join('\n')
    .replace(/0x[0-9a-f]+/g, '0x…')
    .replace(/\w{3} \w{3} \d\d \d\d:\d\d:\d\d \w+ \d{4}/g, 'DATE')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');
}

describe('kafka-dojo zookeeper-shell', () => {
  it('splits a command line as zkCli does, quotes taken off', () => {
    expect(splitCommandLine('set /a "two words"  \'x y\' z')).toEqual(['set', '/a', 'two words', 'x y', 'z']);
  });

  describe.skipIf(skip)('beside zkCli.sh', () => {
    let h: ClusterHarness;
    let listener: ZooKeeperListener;
    beforeAll(async () => {
      h = await ClusterHarness.create({ brokers: 1 });
      listener = await ZooKeeperListener.bind(h.zkServer, 0);
    }, 60_000);
    afterAll(async () => {
      await listener?.close();
      await h?.close();
    });

    it('prints what zkCli prints for the same commands, on stdout and stderr', async () => {
      const real = await runClient(ZKCLI, ['-server', listener.connectString], { input: `${COMMANDS.join('\n')}\n`, timeoutMs: 90_000 });
      let stdout = '';
      let stderr = '';
      async function* lines() {
        yield* COMMANDS;
      }
      const code = await runZooKeeperShell([listener.connectString], {
        stdout: (t) => (stdout += t),
        stderr: (t) => (stderr += t),
        stdin: lines(),
      });
      expect(normalize(stdout)).toBe(normalize(real.stdout));
      expect(normalize(stderr)).toBe(normalize(real.stderr));
      expect(code).toBe(real.code);
    }, 120_000);

    it('runs one command given on the command line, as zookeeper-shell.sh host:port ls /brokers/ids', async () => {
      let stdout = '';
      const code = await runZooKeeperShell([listener.connectString, 'ls', '/brokers/ids'], {
        stdout: (t) => (stdout += t),
        stderr: () => undefined,
      });
      expect(code).toBe(0);
      expect(stdout).toBe(
        `Connecting to ${listener.connectString}\n\nWATCHER::\n\nWatchedEvent state:SyncConnected type:None path:null\n[0]\n`,
      );
    });
  });
});
