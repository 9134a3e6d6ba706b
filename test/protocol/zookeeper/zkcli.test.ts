/**
 * Debian's zkCli.sh (ZooKeeper 3.8.0's Java client) against the emulated ZooKeeper's client port:
 * the commands people type, with the outputs zkCli prints for a real server, and `get -w` firing.
 * zkCli starts a JVM (seconds), so each test sends a batch of commands on stdin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZooKeeperListener } from '../../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../../support/cluster-harness';
import { programMissing, runClient } from '../../support/external-client';

const ZKCLI = '/usr/share/zookeeper/bin/zkCli.sh';
const missing = programMissing(ZKCLI, 'zookeeper');
// Outside CI without zkCli: skip, saying why. In CI (which installs it) this fails instead.
const skip = missing !== null && !process.env.CI;
if (skip) console.warn(`zkCli tests skipped: ${missing}`);

describe.skipIf(skip)('zkCli.sh against the emulated ZooKeeper', () => {
  let h: ClusterHarness;
  let listener: ZooKeeperListener;

  const zkCli = async (commands: string[]) => {
    const run = await runClient(ZKCLI, ['-server', listener.connectString], { input: `${commands.join('\n')}\nquit\n`, timeoutMs: 90_000 });
    return { out: run.stdout, err: run.stderr };
  };

  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 1 });
    listener = await ZooKeeperListener.bind(h.zkServer, 0);
  }, 60_000);
  afterAll(async () => {
    await listener?.close();
    await h?.close();
  });

  it('lists, reads, creates, sets and deletes znodes as on a real server', async () => {
    const { out, err } = await zkCli([
      'ls /',
      'ls /brokers/ids',
      'create /dojo hello',
      'create -e /dojo/eph',
      'create -s /dojo/seq- x',
      'get /dojo',
      'set /dojo world',
      'get -s /dojo',
      'stat /dojo/eph',
      'getAcl /dojo',
      'ls -R /dojo',
      'delete /dojo',
      'delete /dojo/seq-0000000001',
      'get /dojo/nope',
      'whoami',
    ]);
    expect(out).toContain('WatchedEvent state:SyncConnected type:None path:null\n');
    expect(out).toContain(
      '[admin, brokers, cluster, config, consumers, controller, controller_epoch, isr_change_notification, latest_producer_id_block, log_dir_event_notification, zookeeper]\n',
    );
    expect(out).toContain('\n[0]\n');
    expect(out).toContain('\nhello\n');
    expect(out).toMatch(
      /\nworld\ncZxid = 0x[0-9a-f]+\nctime = \w{3} \w{3} \d\d \d\d:\d\d:\d\d \w+ \d{4}\nmZxid = 0x[0-9a-f]+\nmtime = .*\npZxid = 0x[0-9a-f]+\ncversion = 2\ndataVersion = 1\naclVersion = 0\nephemeralOwner = 0x0\ndataLength = 5\nnumChildren = 2\n/,
    );
    expect(out).toMatch(/\nephemeralOwner = 0x[1-9a-f][0-9a-f]*\ndataLength = 0\nnumChildren = 0\n/);
    expect(out).toContain("\n'world,'anyone\n: cdrwa\n");
    expect(out).toContain('\n/dojo\n/dojo/eph\n/dojo/seq-0000000001\n');
    expect(out).toContain('Auth scheme: User\nip: 127.0.0.1\n');
    expect(err).toContain('Created /dojo\n');
    expect(err).toContain('Created /dojo/seq-0000000001\n');
    expect(err).toContain('Node not empty: /dojo\n');
    expect(err).toContain('Node does not exist: /dojo/nope\n');
  }, 120_000);

  it('fires a get -w watch when the node changes', async () => {
    const { out } = await zkCli(['create /watched v1', 'get -w /watched', 'set /watched v2', 'get /watched', 'delete /watched']);
    const fired = out.indexOf('WatchedEvent state:SyncConnected type:NodeDataChanged path:/watched\n');
    expect(fired).toBeGreaterThan(out.indexOf('\nv1\n'));
    expect(fired).toBeLessThan(out.indexOf('\nv2\n'));
  }, 120_000);
});
